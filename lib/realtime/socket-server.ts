// The socket.io server: who is connected and in which rooms, and what each client event does. It signs
// sockets in through lib/accounts; pushing goes through lib/realtime/gateway.ts, which needs no accounts.
// A Redis (or other) socket.io adapter can be passed in to fan out across several nodes.
import type { Server as HttpServer } from 'node:http';
import { Server, type ServerOptions } from 'socket.io';
import { levelOf } from '@/lib/accounts/level';
import type { SessionUser } from '@/lib/accounts/session';
import { tokenOfRequest } from '@/lib/accounts/session';
import { resolveClientAddress, trustedProxies } from '@/lib/http/client-address';
import { log } from '@/lib/log';
import { CLIENT_EVENTS, rooms, type ServerMessage, serverMessageSchema } from './events';

export type GatewayOptions = {
  resolveUser: (token: string) => Promise<SessionUser | null>;
  /**
   * The built-in IM provider's login (lib/im): a chat id — a user's id or a tourist id — with its chat
   * signature (`userSig` / tourist `sig`); the user when it is a valid user's, null otherwise.
   */
  resolveChatSignature?: (
    chatId: string,
    sig: string,
  ) => Promise<{ user: SessionUser | null; valid: boolean }>;
  /** QR login: makes this socket the one listener of a code; the login's id, or null when refused. */
  claimQrLogin?: (code: string, socketId: string) => Promise<number | null>;
  /** Whether a signed-in viewer may enter a live room (a kicked-out viewer may not). */
  mayJoinRoom?: (roomId: number, userId: number) => Promise<boolean>;
  /** A viewer's nobility tier now (0 for none): nobles enter a room with an effect. */
  nobleTierOf?: (userId: number) => Promise<number>;
  /** A signed-in viewer's heartbeat while in a live room: the watch time the tasks count (lib/tasks). */
  watchBeat?: (roomId: number, userId: number) => Promise<void>;
  adapter?: ServerOptions['adapter'];
};

const ENTRY_QUIET_MS = 60_000;
const REGISTER_WAIT_MS = 5_000;

/** True (and remembered) when this viewer has not been announced entering this room lately. */
function entryTracker() {
  const announced = new Map<string, number>();
  return (roomId: number, userId: number, now = Date.now()) => {
    const key = `${roomId}:${userId}`;
    if (now - (announced.get(key) ?? 0) < ENTRY_QUIET_MS) return false;
    announced.set(key, now);
    // Old entries only matter for a minute: keep the map from growing with every visitor.
    if (announced.size > 10_000) {
      for (const [seen, at] of announced) if (now - at >= ENTRY_QUIET_MS) announced.delete(seen);
    }
    return true;
  };
}

export function createGateway(httpServer: HttpServer, options: GatewayOptions) {
  const enteredLately = entryTracker();
  const io = new Server(httpServer, {
    transports: ['websocket'],
    serveClient: false,
    ...(options.adapter ? { adapter: options.adapter } : {}),
  });

  io.on('connection', (socket) => {
    socket.data.address = resolveClientAddress(
      socket.handshake.address,
      socket.handshake.headers['x-forwarded-for'] as string | undefined,
      trustedProxies(),
    );
    const send = (message: ServerMessage) => socket.emit('message', message);
    const on = <E extends keyof typeof CLIENT_EVENTS>(
      event: E,
      handle: (
        payload: ReturnType<(typeof CLIENT_EVENTS)[E]['parse']>,
        ack?: (reply: unknown) => void,
      ) => unknown,
    ) =>
      socket.on(event as string, async (raw: unknown, ack?: (reply: unknown) => void) => {
        const parsed = CLIENT_EVENTS[event].safeParse(raw ?? {});
        if (!parsed.success) return ack?.({ ok: false });
        try {
          await handle(parsed.data as never, ack);
        } catch (error) {
          log.warn({ err: error, event, address: socket.data.address }, 'realtime handler failed');
        }
      });

    // A `joinRoom` may arrive before `register` (socket.io flushes buffered events before the client's
    // connect handler registers): joins wait for the first registration, or a few seconds, to know
    // who is asking.
    let firstRegistration = () => {};
    socket.data.registered = new Promise<void>((resolve) => {
      firstRegistration = resolve;
      setTimeout(resolve, REGISTER_WAIT_MS).unref?.();
    });

    on('register', ({ token, type, user_id, tourist_id, sig }) => {
      const done = (async () => {
        const sessionToken =
          token || tokenOfRequest(new Headers(socket.handshake.headers as Record<string, string>));
        let user = sessionToken ? await options.resolveUser(sessionToken) : null;
        const chatId = user_id ? String(user_id) : tourist_id;
        if (!user && chatId && sig && options.resolveChatSignature) {
          const signed = await options.resolveChatSignature(chatId, sig);
          user = signed.user;
          socket.data.touristId = signed.valid && !signed.user ? chatId : null;
        }
        if (user) await socket.join(rooms.user(user.id));
        socket.data.userId = user?.id ?? null;
        socket.data.nickname = user?.nickname ?? null;
        socket.data.level = user ? levelOf(user.experience) : null;
        socket.data.mode = type;
        send({ type: 'registered', user_id: user?.id ?? null });
      })();
      socket.data.registered = done;
      done.then(firstRegistration, firstRegistration);
      return done;
    });
    on('toggle', ({ company_id }) => socket.join(rooms.company(company_id)));
    on('classify', async ({ classify_type }) => {
      await socket.leave(rooms.classify(classify_type === 0 ? 1 : 0));
      await socket.join(rooms.classify(classify_type));
    });
    on('login', async ({ code }, ack) => {
      const id = (await options.claimQrLogin?.(code, socket.id)) ?? null;
      if (id !== null) await socket.join(rooms.qrLogin(id));
      ack?.({ ok: id !== null });
    });
    on('joinRoom', async ({ room_id }, ack) => {
      for (const joined of socket.rooms) if (joined.startsWith('live:')) await socket.leave(joined);
      await socket.data.registered;
      const userId = socket.data.userId as number | null | undefined;
      if (userId && options.mayJoinRoom && !(await options.mayJoinRoom(room_id, userId))) {
        return ack?.({ ok: false });
      }
      await socket.join(rooms.liveRoom(room_id));
      ack?.({ ok: true });
      if (userId && enteredLately(room_id, userId)) {
        // 欢迎 … 进入直播间: once a minute per viewer, so reconnects and reloads don't repeat it.
        io.to(rooms.liveRoom(room_id)).emit(
          'message',
          serverMessageSchema.parse({
            type: 'enterRoom',
            room_id,
            data: {
              user_id: userId,
              nickname: socket.data.nickname,
              level: socket.data.level,
              noble: (await options.nobleTierOf?.(userId)) ?? 0,
            },
          }),
        );
      }
    });
    on('joinMatch', async ({ match_id }, ack) => {
      for (const joined of socket.rooms) if (joined.startsWith('match:')) await socket.leave(joined);
      await socket.join(rooms.match(match_id));
      ack?.({ ok: true });
    });
    on('heartbeat', (_payload, ack) => {
      const reply = { type: 'heartbeat' as const, time: Date.now() };
      const viewer = socket.data.userId as number | null | undefined;
      const room = [...socket.rooms].find((joined) => joined.startsWith('live:'));
      if (viewer && room && options.watchBeat) {
        options
          .watchBeat(Number(room.slice(5)), viewer)
          .catch((error) => log.warn({ err: error }, 'watch beat failed'));
      }
      if (ack) ack(reply);
      else send(reply);
    });
  });

  return io;
}
