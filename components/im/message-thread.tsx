// One open conversation: 15 messages a page, older pages when scrolled to the top (the reader keeps
// their place), time labels for the first message and after gaps over 120 s, read marks, a composer
// where Enter sends (Shift+Enter: new line), pictures from the reader's own uploads, and blocking.
// A refused send (too fast, muted, a sensitive word…) says why under the box and keeps the text.
import { useInfiniteQuery, useQuery, useQueryClient } from '@tanstack/react-query';
import { ImagePlus, SendHorizontal, Users } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { EmojiPicker, insertAtCaret } from '@/components/live/chat/emoji-picker';
import { Button } from '@/components/ui/button';
import { ApiError, api } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { useFormPost } from '@/lib/http/use-form-post';
import { showsTimeLabel } from '@/lib/im/chat-time';
import type { ImMessage } from '@/lib/realtime/events';
import { type Conversation, conversationName, useChatTime } from './conversation-list';
import { GroupInfo } from './group-info';
import { MessageItem } from './message-item';
import { ThreadActions } from './thread-actions';
import { addToThread, type MessagePage } from './use-im-pushes';

const TEXT_MAX = 500;
const NEAR_TOP_PX = 48;
const NEAR_BOTTOM_PX = 120;

export function MessageThread({ meId, conversation }: { meId: number; conversation: Conversation }) {
  const t = useTranslations('im');
  const time = useChatTime();
  const queryClient = useQueryClient();
  const conversationId = conversation.conversationID;
  const peerId = conversation.userProfile?.userID ?? null;
  const scroller = useRef<HTMLDivElement>(null);
  const keepFromBottom = useRef<number | null>(null);
  const [text, setText] = useState('');
  const textField = useRef<HTMLTextAreaElement>(null);

  const thread = useInfiniteQuery({
    queryKey: queryKeys.im.messages(conversationId),
    queryFn: ({ pageParam }) =>
      api.get<MessagePage>('api/im/messages', {
        conversation_id: conversationId,
        ...(pageParam ? { before: pageParam } : {}),
      }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.has_more ? last.list[0]?.id : undefined),
  });
  const blocks = useQuery({
    queryKey: queryKeys.im.blocks,
    queryFn: () => api.get<{ user_id: number }[]>('api/im/blockList'),
  });
  const blocked = peerId !== null && Boolean(blocks.data?.some((row) => row.user_id === peerId));
  const dissolved = Boolean(conversation.group?.dissolved);
  const [showInfo, setShowInfo] = useState(false);

  const messages: ImMessage[] = thread.data
    ? [...thread.data.pages].reverse().flatMap((page) => page.list)
    : [];
  const newest = messages.at(-1);

  // Opening the thread, and every message arriving while it is open, reads it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs per newest message, not per refetch
  useEffect(() => {
    if (!newest) return;
    if (newest.sender_id !== meId || conversation.unread > 0) {
      void api.post('api/im/markRead', { conversation_id: conversationId }, { silent: true }).then(() => {
        void queryClient.invalidateQueries({ queryKey: queryKeys.im.conversations });
        void queryClient.invalidateQueries({ queryKey: queryKeys.im.unread });
      });
    }
  }, [newest?.id, conversationId, meId, queryClient]);

  // Older pages keep the reader's place; a new message at the end follows when the reader is at the end.
  const pageCount = thread.data?.pages.length ?? 0;
  const lastId = newest?.id;
  const stuckToBottom = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-runs when pages or the newest message change
  useLayoutEffect(() => {
    const element = scroller.current;
    if (!element) return;
    if (keepFromBottom.current !== null) {
      element.scrollTop = element.scrollHeight - keepFromBottom.current;
      keepFromBottom.current = null;
    } else if (stuckToBottom.current || newest?.sender_id === meId) {
      element.scrollTop = element.scrollHeight;
    }
  }, [pageCount, lastId]);

  const onScroll = () => {
    const element = scroller.current;
    if (!element) return;
    stuckToBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < NEAR_BOTTOM_PX;
    if (element.scrollTop < NEAR_TOP_PX && thread.hasNextPage && !thread.isFetchingNextPage) {
      keepFromBottom.current = element.scrollHeight - element.scrollTop;
      void thread.fetchNextPage();
    }
  };

  const send = useFormPost<object, ImMessage>(
    // Silent: the refusal is shown where the reader typed, not as a toast.
    (body) =>
      api.post<ImMessage>('api/im/send', { conversation_id: conversationId, ...body }, { silent: true }),
    {
      failed: t('composer.failed'),
      onSuccess: (message) => {
        addToThread(queryClient, message);
        void queryClient.invalidateQueries({ queryKey: queryKeys.im.conversations });
      },
    },
  );
  // 700 opens the login dialog instead; anything else is the envelope's translated message.
  const refusal = send.cause instanceof ApiError && send.cause.code === 700 ? null : send.error;

  const sendText = () => {
    const value = text.trim();
    if (!value || send.isPending) return;
    send.mutate({ type: 'text', text: value }, { onSuccess: () => setText('') });
  };

  // A refused upload: the shared client showed the server's message (not an image, too large…).
  const picture = useFormPost<File, { url: string }>(
    (file) => import('@/lib/storage/upload-file').then(({ uploadFile }) => uploadFile('image', file)),
    { onSuccess: (stored) => send.mutate({ type: 'image', url: stored.url }) },
  );
  const uploading = picture.isPending;
  const sendPicture = (file: File) => picture.mutate(file);

  const disabled = blocked || dissolved;
  return (
    <>
      <section className="flex min-w-0 flex-1 flex-col" data-testid="message-thread">
        <header className="flex h-12 shrink-0 items-center gap-2 border-b border-line px-4">
          <h2 className="truncate font-medium text-ink-900" title={conversationName(conversation)}>
            {conversationName(conversation)}
          </h2>
          <ThreadActions meId={meId} conversation={conversation} blocked={blocked} />
          {conversation.group && !dissolved ? (
            <Button
              size="sm"
              variant={showInfo ? 'secondary' : 'ghost'}
              aria-pressed={showInfo}
              onClick={() => setShowInfo((open) => !open)}
              className={conversation.group.owner_id === meId ? undefined : 'ml-auto'}
            >
              <Users aria-hidden className="size-4" />
              {t('group.info')}
            </Button>
          ) : null}
        </header>
        <div
          ref={scroller}
          onScroll={onScroll}
          data-testid="message-list"
          className="min-h-0 flex-1 space-y-3 overflow-y-auto bg-canvas/60 px-4 py-3"
        >
          {thread.isPending ? (
            <div className="space-y-3">
              {[0, 1, 2].map((key) => (
                <div key={key} className="h-10 w-48 animate-pulse rounded-lg bg-line" />
              ))}
            </div>
          ) : (
            <>
              <p className="text-center text-xs text-ink-500" aria-live="polite">
                {thread.isFetchingNextPage
                  ? t('messages.loadingOlder')
                  : thread.hasNextPage
                    ? ''
                    : messages.length
                      ? t('messages.noMore')
                      : t('messages.empty')}
              </p>
              {messages.map((message, index) => (
                <MessageItem
                  key={message.id}
                  message={message}
                  mine={message.sender_id === meId}
                  showRead={conversation.type === 'C2C'}
                  timeLabel={
                    showsTimeLabel(messages[index - 1]?.time, message.time) ? time(message.time) : null
                  }
                />
              ))}
            </>
          )}
        </div>
        <div className="shrink-0 border-t border-line bg-surface p-3">
          {disabled ? (
            <p className="py-4 text-center text-sm text-ink-500">
              {dissolved ? t('composer.dissolved') : t('composer.blocked')}
            </p>
          ) : (
            <>
              <textarea
                ref={textField}
                value={text}
                maxLength={TEXT_MAX}
                rows={3}
                aria-label={t('composer.prompt')}
                placeholder={t('composer.prompt')}
                aria-invalid={refusal ? true : undefined}
                aria-describedby={refusal ? 'im-send-refusal' : undefined}
                onChange={(event) => {
                  setText(event.target.value);
                  send.reset();
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                    event.preventDefault();
                    sendText();
                  }
                }}
                className="block w-full resize-none rounded-md border border-line bg-surface px-3 py-2 text-sm outline-none focus:border-brand-400"
              />
              {refusal ? (
                <p
                  id="im-send-refusal"
                  role="alert"
                  data-testid="im-send-error"
                  className="mt-1.5 text-xs text-live"
                >
                  {refusal}
                </p>
              ) : null}
              <div className="mt-2 flex items-center gap-2">
                <EmojiPicker
                  label={t('composer.emoji')}
                  disabled={send.isPending}
                  onPick={(char) => insertAtCaret(textField.current, text, char, TEXT_MAX, setText)}
                />
                <label className="inline-flex h-8 cursor-pointer items-center gap-1 rounded-md px-2 text-sm text-ink-500 hover:bg-canvas hover:text-brand-600">
                  <ImagePlus aria-hidden className="size-4" />
                  {uploading ? t('composer.uploading') : t('composer.image')}
                  <input
                    type="file"
                    accept="image/png,image/jpeg,image/webp,image/gif"
                    className="sr-only"
                    data-testid="image-input"
                    disabled={uploading}
                    onChange={(event) => {
                      const file = event.target.files?.[0];
                      event.target.value = '';
                      if (file) sendPicture(file);
                    }}
                  />
                </label>
                <span className="ml-auto text-xs text-ink-500 tabular-nums">
                  {text.length}/{TEXT_MAX}
                </span>
                <Button size="sm" onClick={sendText} disabled={!text.trim() || send.isPending}>
                  <SendHorizontal aria-hidden className="size-4" />
                  {t('composer.send')}
                </Button>
              </div>
            </>
          )}
        </div>
      </section>
      {showInfo && conversation.group && !dissolved ? (
        <GroupInfo
          groupId={conversationId}
          name={conversation.group.name}
          onClose={() => setShowInfo(false)}
        />
      ) : null}
    </>
  );
}
