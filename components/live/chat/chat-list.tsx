// The room chat's message list: virtualised (about 30 rows in the DOM at 50 lines a second), following the
// newest line while the reader is at the bottom, keeping their place when older lines come in above, and
// loading the page before when scrolled to the top. A reader who scrolled up sees a "new messages" marker.
import { useVirtualizer } from '@tanstack/react-virtual';
import { ArrowDown } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useLayoutEffect, useRef } from 'react';
import type { ChatChannel } from './channel-socket';
import { MessageRow, NoticeRow } from './chat-rows';
import type { ChatFeed } from './use-chat-feed';
import type { ChatViewer } from './user-card';

const BOTTOM_SLACK_PX = 24;

export function ChatList({
  feed,
  channel,
  viewer,
  viewerId,
}: {
  feed: ChatFeed;
  channel: ChatChannel;
  viewer: ChatViewer;
  viewerId: number | null;
}) {
  const t = useTranslations('chat');
  const { lines, loaded, loadingOlder, unread, atBottom, prepended } = feed;
  const scrollRef = useRef<HTMLDivElement>(null);

  const virtualizer = useVirtualizer({
    count: lines.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => 28,
    overscan: 8,
    getItemKey: (index) => lines[index]!.key,
  });

  // Follow the newest line while at the bottom; keep the reader's place after older lines came in.
  useLayoutEffect(() => {
    if (prepended.current > 0) {
      virtualizer.scrollToIndex(prepended.current, { align: 'start' });
      prepended.current = 0;
    } else if (atBottom.current && lines.length > 0) {
      virtualizer.scrollToIndex(lines.length - 1, { align: 'end' });
    }
  }, [lines, virtualizer, atBottom, prepended]);

  const onScroll = () => {
    const element = scrollRef.current!;
    atBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < BOTTOM_SLACK_PX;
    if (atBottom.current) feed.setUnread(0);
    if (element.scrollTop < 40) void feed.loadOlder();
  };

  const toBottom = () => {
    feed.readToBottom();
    virtualizer.scrollToIndex(lines.length - 1, { align: 'end' });
  };

  const remove = async (id: number) => {
    const { api } = await import('@/lib/http/client');
    await api.post('api/chat/deleteMessage', { id }).catch(() => {});
  };

  return (
    <div className="relative min-h-0 flex-1">
      <div
        ref={scrollRef}
        onScroll={onScroll}
        className="absolute inset-0 overflow-y-auto overscroll-contain px-3 py-2"
        data-testid="chat-list"
        role="log"
        aria-live="off"
      >
        {!loaded ? (
          <ul className="space-y-2 pt-1" aria-hidden>
            {[70, 55, 85, 40, 65].map((width) => (
              <li
                key={width}
                className="h-4 animate-pulse rounded bg-canvas"
                style={{ width: `${width}%` }}
              />
            ))}
          </ul>
        ) : lines.length === 0 ? (
          <div className="flex h-full flex-col items-center justify-center px-6 text-center">
            <p className="text-sm font-medium text-ink-700">{t('emptyTitle')}</p>
            <p className="mt-1 text-xs text-ink-500">{viewerId ? t('emptyHint') : t('emptyGuestHint')}</p>
          </div>
        ) : (
          <>
            {loadingOlder ? (
              <p className="py-1 text-center text-xs text-ink-500">{t('loadingOlder')}</p>
            ) : null}
            <div className="relative w-full" style={{ height: virtualizer.getTotalSize() }}>
              {virtualizer.getVirtualItems().map((item) => {
                const line = lines[item.index]!;
                return (
                  <div
                    key={item.key}
                    data-index={item.index}
                    ref={virtualizer.measureElement}
                    className="absolute top-0 left-0 w-full"
                    style={{ transform: `translateY(${item.start}px)` }}
                  >
                    {'message' in line ? (
                      <MessageRow
                        message={line.message}
                        channel={channel}
                        viewer={viewer}
                        onDelete={viewer.role ? () => remove(line.message.id) : undefined}
                      />
                    ) : (
                      <NoticeRow notice={line.notice} />
                    )}
                  </div>
                );
              })}
            </div>
          </>
        )}
      </div>
      {unread > 0 ? (
        <button
          type="button"
          onClick={toBottom}
          data-testid="new-messages"
          className="absolute bottom-2 left-1/2 inline-flex h-7 -translate-x-1/2 items-center gap-1 rounded-full bg-brand-500 px-3 text-xs font-medium text-white shadow-md"
        >
          <ArrowDown aria-hidden className="size-3.5" />
          {t('newMessages', { count: unread })}
        </button>
      ) : null}
    </div>
  );
}
