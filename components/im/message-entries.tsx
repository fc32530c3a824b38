// The top bar's two message entries for a signed-in user: 私信 (opens the private-chat overlay) and
// 消息中心 (the notices on /chat-chat), each with its unread badge kept current by pushes. Loaded through
// ./top-bar-entries.tsx, so a guest's page carries none of it.
import { useQuery } from '@tanstack/react-query';
import { useAtom } from 'jotai';
import { Bell, MessageCircle } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { queryKeys } from '@/lib/http/query-keys';
import { Link } from '@/lib/i18n/navigation';
import { useRealtime } from '@/lib/realtime/use-realtime';
import { appStore } from '@/lib/store/atoms';
import { imOverlayAtom } from './overlay-state';
import { type Unread, useImPushes } from './use-im-pushes';

const ImOverlay = dynamic(() => import('./im-overlay'), { ssr: false });

const ENTRY =
  'relative flex h-9 items-center gap-1.5 rounded-md px-2.5 text-sm text-white/80 hover:bg-white/10 hover:text-white';

export function Badge({ count, label }: { count: number; label: string }) {
  if (count <= 0) return null;
  return (
    <>
      <span className="sr-only">{label}</span>
      <span
        aria-hidden
        data-testid="badge"
        className="absolute -top-0.5 right-0.5 flex h-4 min-w-4 items-center justify-center rounded-full bg-live px-1 text-[10px] leading-none font-semibold text-white tabular-nums"
      >
        {count > 99 ? '99+' : count}
      </span>
    </>
  );
}

export function TopBarMessageEntries({ meId }: { meId: number }) {
  const t = useTranslations('im');
  const [overlay, setOverlay] = useAtom(imOverlayAtom, { store: appStore });
  useImPushes();
  // Pushes reach this page once its socket is registered as the user (tests wait for it).
  const registered = useRealtime('registered');
  const { data } = useQuery({
    queryKey: queryKeys.im.unread,
    // The HTTP client loads on first use, keeping it out of every page's first-load JS (the top bar's).
    queryFn: () =>
      import('@/lib/http/client').then(({ api }) =>
        api.get<Unread>('api/im/unread', undefined, { silent: true }),
      ),
  });
  return (
    <>
      <button
        type="button"
        className={ENTRY}
        data-testid="im-entry"
        data-listening={Boolean(registered?.user_id)}
        title={t('entry')}
        onClick={() => setOverlay({ open: true })}
      >
        <MessageCircle aria-hidden className="size-4" />
        <span className="sr-only 2xl:not-sr-only">{t('entry')}</span>
        <Badge count={data?.messages ?? 0} label={t('unreadCount', { count: data?.messages ?? 0 })} />
      </button>
      <Link
        href="/chat-chat?tab=notices"
        className={ENTRY}
        data-testid="notices-entry"
        title={t('noticesEntry')}
      >
        <Bell aria-hidden className="size-4" />
        <span className="sr-only 2xl:not-sr-only">{t('noticesEntry')}</span>
        <Badge count={data?.notices ?? 0} label={t('unreadCount', { count: data?.notices ?? 0 })} />
      </Link>
      {overlay.open ? (
        <ImOverlay meId={meId} peerId={overlay.peerId} onClose={() => setOverlay({ open: false })} />
      ) : null}
    </>
  );
}
