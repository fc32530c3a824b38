'use client';
// 欢迎 … 进入直播间: the `enterRoom` push shown over the bottom of the stage for a few seconds, the
// way Douyu and Huya greet a signed-in viewer. Only the latest entrant shows; screen readers hear it.
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { levelIconUrl } from '@/lib/accounts/level';
import { appStore, realtimeMessagesAtom } from '@/lib/store/atoms';

const SHOWN_MS = 4000;

type Entrant = { key: number; nickname: string; level: number };

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
      const { nickname, level } = (message.data ?? {}) as { nickname?: unknown; level?: unknown };
      if (message.room_id !== roomId || typeof nickname !== 'string') return;
      setEntrant({ key: Date.now(), nickname, level: typeof level === 'number' ? level : 1 });
      clearTimeout(hide);
      hide = setTimeout(() => setEntrant(null), SHOWN_MS);
    });
    return () => {
      stop();
      clearTimeout(hide);
    };
  }, [roomId]);

  return (
    <div aria-live="polite" className="pointer-events-none absolute bottom-14 left-3 z-10">
      {entrant ? (
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
