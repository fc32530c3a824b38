// 欢迎 … 进入直播间: the `enterRoom` push shown over the bottom of the stage for a few seconds, the
// way Douyu and Huya greet a signed-in viewer. Only the latest entrant shows; screen readers hear it.
// A noble enters with an effect: a gold banner with their tier's badge, shown longer.
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { NobleBadge } from '@/components/live/chat/noble-badge';
import { levelIconUrl } from '@/lib/accounts/level';
import { appStore, realtimeMessagesAtom } from '@/lib/store/atoms';

const SHOWN_MS = 4000;
const NOBLE_SHOWN_MS = 7000;

type Entrant = { key: number; nickname: string; level: number; noble: number };

export function EntryBanner({ roomId }: { roomId: number }) {
  const t = useTranslations('live');
  const [entrant, setEntrant] = useState<Entrant | null>(null);

  useEffect(() => {
    let last = appStore.get(realtimeMessagesAtom).enterRoom;
    let hide: ReturnType<typeof setTimeout> | undefined;
    const stop = appStore.sub(realtimeMessagesAtom, () => {
      const message = appStore.get(realtimeMessagesAtom).enterRoom;
      if (!message || message === last || !('data' in message) || !('room_id' in message)) return;
      last = message;
      const { nickname, level, noble } = (message.data ?? {}) as {
        nickname?: unknown;
        level?: unknown;
        noble?: unknown;
      };
      if (message.room_id !== roomId || typeof nickname !== 'string') return;
      const tier = typeof noble === 'number' ? noble : 0;
      setEntrant({ key: Date.now(), nickname, level: typeof level === 'number' ? level : 1, noble: tier });
      clearTimeout(hide);
      hide = setTimeout(() => setEntrant(null), tier ? NOBLE_SHOWN_MS : SHOWN_MS);
    });
    return () => {
      stop();
      clearTimeout(hide);
    };
  }, [roomId]);

  return (
    <div aria-live="polite" className="pointer-events-none absolute bottom-14 left-3 z-10">
      {entrant?.noble ? (
        <p
          key={entrant.key}
          data-testid="entry-banner-noble"
          className="flex items-center gap-2 rounded-full bg-gradient-to-r from-amber-500 via-yellow-400 to-amber-600 py-1.5 pr-4 pl-2 text-sm font-medium text-amber-950 shadow-lg ring-2 ring-amber-200 animate-slide-in"
        >
          <NobleBadge tier={entrant.noble} />
          {t.rich('entered', {
            name: entrant.nickname,
            strong: (chunks) => <span className="font-bold">{chunks}</span>,
          })}
        </p>
      ) : entrant ? (
        <p
          key={entrant.key}
          data-testid="entry-banner"
          className="flex items-center gap-1.5 rounded-full bg-black/55 py-1 pr-3 pl-1.5 text-xs text-white shadow-sm animate-slide-in"
        >
          <img src={levelIconUrl(entrant.level)} alt="" width={33} height={14} className="h-3.5 w-[33px]" />
          {t.rich('entered', {
            name: entrant.nickname,
            strong: (chunks) => <span className="font-medium text-brand-200">{chunks}</span>,
          })}
        </p>
      ) : null}
    </div>
  );
}
