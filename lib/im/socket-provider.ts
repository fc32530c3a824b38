// The built-in IM provider: the page's socket.io connection (lib/realtime/client), which registers with
// the session or with the accounts' chat signature. A live room's channel is joined by the stage; a
// match chat joins its `match:<id>` channel here, again after every reconnect.
import type { ServerMessage } from '@/lib/realtime/events';
import type { ImChannel, ImProvider } from './provider';

const inChannel = (channel: ImChannel, message: ServerMessage) => {
  const target = message as { room_id?: number; match_id?: number };
  return channel.kind === 'live' ? target.room_id === channel.id : target.match_id === channel.id;
};

export function listenOnSocket(channel: ImChannel, listener: (message: ServerMessage) => void) {
  let stop = () => {};
  let cancelled = false;
  Promise.all([import('@/lib/realtime/client'), import('@/lib/realtime/events')]).then(
    ([{ withRealtime }, { unpackMessages }]) => {
      if (cancelled) return;
      let detach = () => {};
      const unwait = withRealtime(({ socket }) => {
        // A room's frame (`batch`) is handed on message by message, in order.
        const onMessage = (raw: unknown) => {
          for (const message of unpackMessages(raw)) if (inChannel(channel, message)) listener(message);
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

export const socketProvider: ImProvider = {
  name: 'socket',
  listen: listenOnSocket,
  // The gateway pushed the line when the portal stored it.
  relay: async () => {},
  close: async () => {},
};
