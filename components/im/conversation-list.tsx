// The conversation list: C2C and group chats, latest first, each with its last message, chat time and
// unread count (spec §3 conversation), 20 at a time ("更多会话" loads the next page by the answer's cursor).
// A conversation asked for by id that is not on the loaded pages is looked up on its own.
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { MessageCircle, Users } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { useTimeFormat } from '@/components/ui/time-view';
import { cn } from '@/lib/cn';
import { api } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { chatTime } from '@/lib/im/chat-time';
import type { ImMessage } from '@/lib/realtime/events';

export type Conversation = {
  conversationID: number;
  type: 'C2C' | 'GROUP';
  userProfile: { userID: number; nick: string; avatar: string } | null;
  group: { name: string; room_id: number | null; owner_id: number | null; dissolved: boolean } | null;
  lastMessage: ImMessage | null;
  unread: number;
};

type ConversationPage = { list: Conversation[]; unread: number; total: number; cursor: string | null };

export const conversationName = (conversation: Conversation) =>
  conversation.userProfile?.nick ?? conversation.group?.name ?? '';

export function useChatTime() {
  const t = useTranslations('im.time');
  const { locale, timeZone } = useTimeFormat().times;
  const words = { justNow: t('justNow'), yesterday: t('yesterday'), dayBefore: t('dayBefore') };
  return (iso: string) => chatTime(new Date(iso), new Date(), { locale, timeZone, words });
}

export function ConversationList({
  meId,
  selectedId,
  wantedId,
  onSelect,
  onResolve,
}: {
  meId: number;
  selectedId: number | null;
  /** A conversation asked for by id (opened from a card or a contact): selected once it is listed. */
  wantedId: number | null;
  onSelect: (conversation: Conversation) => void;
  onResolve: (conversation: Conversation) => void;
}) {
  const t = useTranslations('im');
  const time = useChatTime();
  const zone = useTimeFormat();
  const pages = useInfiniteQuery({
    queryKey: queryKeys.im.conversations,
    queryFn: ({ pageParam }) =>
      api.get<ConversationPage>('api/im/conversations', pageParam ? { cursor: pageParam } : {}),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.cursor ?? undefined,
  });
  const { data, isPending } = pages;
  // A conversation moved up while the next page loaded is listed once: where the newer page has it.
  const seen = new Set<number>();
  const list = (data?.pages ?? [])
    .flatMap((page) => page.list)
    .filter((item) => !seen.has(item.conversationID) && Boolean(seen.add(item.conversationID)));
  const listed = list.find((item) => item.conversationID === wantedId);
  const lookup = useQuery({
    queryKey: queryKeys.im.conversation(wantedId ?? 0),
    queryFn: () => api.get<ConversationPage>('api/im/conversations', { conversation_id: wantedId ?? 0 }),
    enabled: wantedId !== null && data !== undefined && !listed,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the list's fresh data only
  useEffect(() => {
    const wanted = listed ?? lookup.data?.list.find((item) => item.conversationID === wantedId);
    if (wanted) onResolve(wanted);
  }, [data, lookup.data, wantedId]);

  const preview = (message: ImMessage | null) => {
    if (!message) return t('conversations.noMessages');
    const body = message.removed
      ? t('preview.removed')
      : message.type === 'image'
        ? t('preview.image')
        : message.type === 'custom'
          ? t('preview.custom', { title: message.custom?.title ?? '' })
          : (message.text ?? '');
    return message.sender_id === meId || !message.name ? body : `${message.name}: ${body}`;
  };

  return (
    <div className="flex w-[260px] shrink-0 flex-col border-r border-line" data-testid="conversation-list">
      {isPending ? (
        <ul className="space-y-1 p-2">
          {[0, 1, 2, 3, 4].map((key) => (
            <li key={key} className="flex h-14 items-center gap-2 px-2">
              <Skeleton className="size-10 rounded-full" />
              <div className="flex-1 space-y-1.5">
                <Skeleton className="h-3.5 w-24" />
                <Skeleton className="h-3 w-36" />
              </div>
            </li>
          ))}
        </ul>
      ) : list.length ? (
        <ul className="min-h-0 flex-1 overflow-y-auto p-1.5">
          {list.map((conversation) => (
            <li key={conversation.conversationID}>
              <button
                type="button"
                data-testid="conversation"
                data-unread={conversation.unread}
                aria-current={selectedId === conversation.conversationID ? 'true' : undefined}
                onClick={() => onSelect(conversation)}
                className={cn(
                  'flex h-14 w-full items-center gap-2.5 rounded-lg px-2 text-left',
                  selectedId === conversation.conversationID ? 'bg-brand-50' : 'hover:bg-canvas',
                )}
              >
                {conversation.userProfile ? (
                  <img
                    src={conversation.userProfile.avatar}
                    alt=""
                    width={40}
                    height={40}
                    className="size-10 shrink-0 rounded-full bg-canvas"
                  />
                ) : (
                  <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-100 text-brand-600">
                    <Users aria-hidden className="size-5" />
                  </span>
                )}
                <span className="min-w-0 flex-1">
                  <span className="flex items-center gap-1.5">
                    <span
                      className="truncate text-sm font-medium text-ink-900"
                      title={conversationName(conversation)}
                    >
                      {conversationName(conversation)}
                    </span>
                    {conversation.group ? (
                      <span className="shrink-0 rounded bg-canvas px-1 text-[10px] text-ink-500">
                        {conversation.group.dissolved
                          ? t('conversations.dissolved')
                          : t('conversations.group')}
                      </span>
                    ) : null}
                    {conversation.lastMessage ? (
                      <span
                        className="ml-auto shrink-0 text-[11px] text-ink-500"
                        title={zone.title(conversation.lastMessage.time) || undefined}
                      >
                        {time(conversation.lastMessage.time)}
                      </span>
                    ) : null}
                  </span>
                  <span className="mt-0.5 flex items-center gap-1.5">
                    <span className="truncate text-xs text-ink-500" title={preview(conversation.lastMessage)}>
                      {preview(conversation.lastMessage)}
                    </span>
                    {conversation.unread > 0 ? (
                      <span
                        data-testid="unread-count"
                        className="ml-auto flex h-4 min-w-4 shrink-0 items-center justify-center rounded-full bg-live px-1 text-[10px] font-semibold text-white tabular-nums"
                      >
                        {conversation.unread > 99 ? '99+' : conversation.unread}
                      </span>
                    ) : null}
                  </span>
                </span>
              </button>
            </li>
          ))}
          {pages.hasNextPage ? (
            <li className="py-2 text-center">
              <Button
                size="sm"
                variant="secondary"
                data-testid="conversations-more"
                onClick={() => void pages.fetchNextPage()}
                disabled={pages.isFetchingNextPage}
              >
                {t('conversations.more')}
              </Button>
            </li>
          ) : null}
        </ul>
      ) : (
        <div className="flex flex-1 flex-col items-center justify-center gap-2 px-5 text-center">
          <MessageCircle aria-hidden className="size-9 text-ink-300" strokeWidth={1.5} />
          <p className="text-sm font-medium text-ink-900">{t('conversations.empty')}</p>
          <p className="text-xs text-ink-500">{t('conversations.emptyHint')}</p>
        </div>
      )}
    </div>
  );
}
