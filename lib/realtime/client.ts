// The browser side of the realtime protocol: register, sports-mode subscriptions, a 30 s heartbeat,
// automatic reconnect, and every incoming message stored by type (spec §7).
import { io, type Socket } from 'socket.io-client';
import {
  appStore,
  loginStatusAtom,
  realtimeConnectedAtom,
  realtimeMessagesAtom,
  sportsPushAtom,
} from '@/lib/store/atoms';
import {
  type ClientEvent,
  type ClientPayload,
  HEARTBEAT_SECONDS,
  type ServerMessage,
  SPORTS_MODE,
  unpackMessages,
} from './events';

export type RealtimeOptions = {
  url: string;
  companyId: number;
  mode?: number;
  touristId?: string;
  /** Called after a reconnect: realtime is lossy, so state is fetched again. */
  onReconnect?: () => void;
  onKickout?: (roomId: number) => void;
};

export type RealtimeConnection = {
  socket: Socket;
  send: <E extends ClientEvent>(event: E, payload: ClientPayload<E>) => void;
  close: () => void;
};

let current: RealtimeConnection | undefined;
const waiting = new Set<(connection: RealtimeConnection) => void>();

/** Runs `use` with the page's connection once it exists (the QR login dialog needs it). */
export function withRealtime(use: (connection: RealtimeConnection) => void) {
  if (current) use(current);
  else waiting.add(use);
  return () => waiting.delete(use);
}

export function connectRealtime(options: RealtimeOptions): RealtimeConnection {
  const mode = options.mode ?? SPORTS_MODE;
  const socket = io(options.url, {
    transports: ['websocket'],
    reconnection: true,
    reconnectionDelayMax: 10_000,
  });
  const send = <E extends ClientEvent>(event: E, payload: ClientPayload<E>) => socket.emit(event, payload);
  let connectedBefore = false;

  socket.on('connect', () => {
    appStore.set(realtimeConnectedAtom, true);
    send('register', { type: mode, tourist_id: options.touristId });
    if (mode === SPORTS_MODE) {
      send('toggle', { company_id: options.companyId });
      send('classify', { classify_type: 0 });
    } else {
      send('classify', { classify_type: 1 });
    }
    if (connectedBefore) options.onReconnect?.();
    connectedBefore = true;
  });
  socket.on('disconnect', () => appStore.set(realtimeConnectedAtom, false));

  // A room's frame arrives as one `batch`: each of its messages is handled as if it came alone.
  socket.on('message', (raw: unknown) => {
    for (const message of unpackMessages(raw)) handle(message);
  });
  const handle = (message: ServerMessage) => {
    appStore.set(realtimeMessagesAtom, (previous) => ({ ...previous, [message.type]: message }));
    if ('code' in message && message.code === 100) {
      appStore.set(sportsPushAtom, (previous) => ({ ...previous, [message.type]: message.data }));
    } else if ('code' in message && message.code === 200) {
      appStore.set(loginStatusAtom, message.type === 'scanCode_Login' ? 'scanned' : 'success');
    } else if (message.type === 'liveKickout') {
      options.onKickout?.(message.room_id);
    }
  };

  const heartbeat = setInterval(() => {
    if (socket.connected) send('heartbeat', { time: Date.now() });
  }, HEARTBEAT_SECONDS * 1000);

  const connection: RealtimeConnection = {
    socket,
    send,
    close: () => {
      clearInterval(heartbeat);
      socket.close();
      if (current === connection) current = undefined;
    },
  };
  current = connection;
  for (const use of waiting) use(connection);
  waiting.clear();
  return connection;
}
