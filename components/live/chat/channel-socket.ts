'use client';
// Listens to one chat's pushes on the page's socket (chat lines, deletions, mutes, administrators,
// entries). A match chat joins its `match:<id>` channel here, again after every reconnect; a live
// room's channel is joined by the stage.
import type { ServerMessage } from '@/lib/realtime/events';

export type ChatChannel = { kind: 'live' | 'match'; id: number };

export const channelParams = (channel: ChatChannel) =>
  channel.kind === 'live' ? { room_id: channel.id } : { match_id: channel.id };

const inChannel = (channel: ChatChannel, message: ServerMessage) => {
  const target = message as { room_id?: number; match_id?: number };
  return channel.kind === 'live' ? target.room_id === channel.id : target.match_id === channel.id;
};

export function listenToChannel(channel: ChatChannel, listener: (message: ServerMessage) => void) {
  let stop = () => {};
  let cancelled = false;
  Promise.all([import('@/lib/realtime/client'), import('@/lib/realtime/events')]).then(
    ([{ withRealtime }, { serverMessageSchema }]) => {
      if (cancelled) return;
      let detach = () => {};
      const unwait = withRealtime(({ socket }) => {
        const onMessage = (raw: unknown) => {
          const parsed = serverMessageSchema.safeParse(raw);
          if (parsed.success && inChannel(channel, parsed.data)) listener(parsed.data);
        };
        const join = () => {
          if (channel.kind === 'match') socket.emit('joinMatch', { match_id: channel.id });
        };
        socket.on('message', onMessage);
        socket.on('connect', join);
        if (socket.connected) join();
        detach = () => {
          socket.off('message', onMessage);
          socket.off('connect', join);
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
}
