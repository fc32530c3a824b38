'use client';
// Room chat (spec §2): the live room's right-hand column and /score-live's chat. The last 50 lines load
// on entry and older pages when scrolled to the top; pushes arrive on the page's socket and are
// applied once per animation frame (./use-chat-feed.ts); the list is virtualised (./chat-list.tsx) and
// keeps the newest 300 while the reader is at the bottom. A reader who scrolled up keeps their place and
// sees a "new messages" marker instead. Guests read; signed-in viewers write (./chat-composer.tsx).
import { MessagesSquare } from 'lucide-react';
import { useTranslations } from 'next-intl';
import type { ChatChannel } from './channel-socket';
import { ChatComposer } from './chat-composer';
import { ChatList } from './chat-list';
import { useChatViewerState } from './chat-viewer-state';
import { useChatFeed } from './use-chat-feed';
import type { ChatViewer } from './user-card';

export function RoomChat({
  channel,
  viewerId,
  className = 'h-[520px]',
}: {
  channel: ChatChannel;
  viewerId: number | null;
  className?: string;
}) {
  const t = useTranslations('chat');
  const { data: state } = useChatViewerState(channel, viewerId);
  const viewer: ChatViewer = { id: viewerId, role: state?.role ?? null };
  const feed = useChatFeed(channel, viewerId);

  return (
    <section
      aria-labelledby={`chat-title-${channel.kind}-${channel.id}`}
      data-testid="room-chat"
      className={`flex flex-col overflow-hidden rounded-xl border border-line bg-surface ${className}`}
    >
      <header className="flex h-11 shrink-0 items-center gap-2 border-b border-line pr-2 pl-4">
        <MessagesSquare aria-hidden className="size-4 text-brand-500" />
        <h2 id={`chat-title-${channel.kind}-${channel.id}`} className="text-sm font-semibold">
          {t('title')}
        </h2>
        {state && state.slow_mode_seconds > 0 ? (
          <span className="rounded bg-canvas px-1.5 py-0.5 text-[11px] text-ink-500">
            {t('slowMode', { seconds: state.slow_mode_seconds })}
          </span>
        ) : null}
      </header>
      <ChatList feed={feed} channel={channel} viewer={viewer} viewerId={viewerId} />
      <ChatComposer channel={channel} viewerId={viewerId} state={state} onSent={feed.sent} />
    </section>
  );
}
