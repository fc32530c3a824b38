// Keeps the message caches true to pushes: a new message (`im`) is added to its open thread and
// refreshes the conversation list and badges; `imUpdate` (staff took one down, or restored it) replaces it
// in place and refreshes the list's preview; `imRead` refreshes read marks and counts; `notice` sets
// the message centre's badge. After a reconnect everything of `im` is fetched again (pushes are lossy).
import { type InfiniteData, type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '@/lib/http/query-keys';
import type { ImMessage } from '@/lib/realtime/events';

export type MessagePage = { list: ImMessage[]; has_more: boolean };
export type Unread = { messages: number; notices: number };

/** Puts a changed message (taken down or restored) in its place in whichever page of its thread holds it. */
export function replaceInThread(queryClient: QueryClient, message: ImMessage) {
  queryClient.setQueryData<InfiniteData<MessagePage, number | undefined>>(
    queryKeys.im.messages(message.conversation_id),
    (data) =>
      data && {
        ...data,
        pages: data.pages.map((page) => ({
          ...page,
          list: page.list.map((item) => (item.id === message.id ? message : item)),
        })),
      },
  );
}

/** Adds a message to the newest page of its thread (once, whether it came by push or reply). */
export function addToThread(queryClient: QueryClient, message: ImMessage) {
  queryClient.setQueryData<InfiniteData<MessagePage, number | undefined>>(
    queryKeys.im.messages(message.conversation_id),
    (data) => {
      if (!data?.pages.length) return data;
      const [newest, ...older] = data.pages;
      if (newest!.list.some((item) => item.id === message.id)) return data;
      return { ...data, pages: [{ ...newest!, list: [...newest!.list, message] }, ...older] };
    },
  );
}

export function useImPushes() {
  const queryClient = useQueryClient();
  useEffect(() => {
    let stop = () => {};
    let cancelled = false;
    Promise.all([import('@/lib/realtime/client'), import('@/lib/realtime/events')]).then(
      ([{ withRealtime }, { serverMessageSchema }]) => {
        if (cancelled) return;
        let detach = () => {};
        const unwait = withRealtime(({ socket }) => {
          const onMessage = (raw: unknown) => {
            const parsed = serverMessageSchema.safeParse(raw);
            if (!parsed.success) return;
            const message = parsed.data;
            if (message.type === 'im') {
              addToThread(queryClient, message.data);
              void queryClient.invalidateQueries({ queryKey: queryKeys.im.conversations });
              void queryClient.invalidateQueries({ queryKey: queryKeys.im.unread });
            } else if (message.type === 'imUpdate') {
              replaceInThread(queryClient, message.data);
              void queryClient.invalidateQueries({ queryKey: queryKeys.im.conversations });
            } else if (message.type === 'imRead') {
              void queryClient.invalidateQueries({ queryKey: queryKeys.im.conversations });
              void queryClient.invalidateQueries({ queryKey: queryKeys.im.unread });
              void queryClient.invalidateQueries({
                queryKey: queryKeys.im.messages(message.data.conversation_id),
              });
            } else if (message.type === 'notice') {
              queryClient.setQueryData<Unread>(queryKeys.im.unread, (unread) =>
                unread ? { ...unread, notices: message.data.unread } : unread,
              );
              void queryClient.invalidateQueries({ queryKey: ['im', 'notices'] });
            }
          };
          let connectedBefore = socket.connected;
          const onConnect = () => {
            if (connectedBefore) void queryClient.invalidateQueries({ queryKey: queryKeys.im.all });
            connectedBefore = true;
          };
          socket.on('message', onMessage);
          socket.on('connect', onConnect);
          detach = () => {
            socket.off('message', onMessage);
            socket.off('connect', onConnect);
          };
        });
        stop = () => {
          unwait();
          detach();
        };
      },
    );
    return () => {
      cancelled = true;
      stop();
    };
  }, [queryClient]);
}
