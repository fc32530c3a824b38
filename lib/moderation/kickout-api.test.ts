// Kick-outs through the API against a real gateway: the viewer hears `liveKickout`, leaves the room's
// channel at once and cannot join again until lifted; the anchor's viewer and kicked lists.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { findSessionUser } from '@/lib/accounts/session';
import { ensureRoom } from '@/lib/live/service';
import { rooms, type ServerMessage } from '@/lib/realtime/events';
import { installGateway, onlineIn } from '@/lib/realtime/gateway';
import { createGateway } from '@/lib/realtime/socket-server';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { isKickedOut } from './kickouts';

let testDb: TestDb;
let app: ApiApp;
let server: http.Server;
let gateway: Server;
let url: string;
const clients: Socket[] = [];
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  server = http.createServer();
  gateway = createGateway(server, {
    resolveUser: (token) => findSessionUser(testDb.db, token, NOON),
    mayJoinRoom: async (roomId, userId) => !(await isKickedOut(testDb.db, roomId, userId, NOON)),
  });
  installGateway(gateway);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const client of clients) client.close();
  gateway.close();
  installGateway(undefined as unknown as Server);
  await testDb.close();
});

const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });

function nextMessage(socket: Socket, type: ServerMessage['type']) {
  return new Promise<ServerMessage>((resolve) => {
    const listener = (message: ServerMessage) => {
      if (message.type !== type) return;
      socket.off('message', listener);
      resolve(message);
    };
    socket.on('message', listener);
  });
}

/** A viewer's socket, registered (token or guest) and asking to join the room; the join's ack. */
async function watch(roomId: number, token?: string) {
  const socket = connect(url, { transports: ['websocket'], forceNew: true });
  clients.push(socket);
  // Sent back to back, as the browser does: the join must wait for the registration.
  socket.emit('register', { ...(token ? { token } : {}), type: 1 });
  const joined = (await socket.timeout(5000).emitWithAck('joinRoom', { room_id: roomId })) as { ok: boolean };
  return { socket, joined: joined.ok };
}

async function anchorRoom() {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true, nickname: '主播踢人' });
  const room = await ensureRoom(testDb.db, anchor.user.id);
  return { ...anchor, room };
}

type Viewers = { room_id: number; guests: number; list: { user_id: number; nickname: string }[] };
type Kicked = { room_id: number; list: { user_id: number; nickname: string; until: string }[] };

describe('kick-out', () => {
  it('lists viewers, kicks one out of the channel at once, refuses their join until lifted', async () => {
    const { token, room } = await anchorRoom();
    const viewer = await makeSignedInUser(testDb.db, { nickname: '捣乱观众' });
    const first = await watch(room.id, viewer.token);
    const second = await watch(room.id, viewer.token);
    const guest = await watch(room.id);
    expect([first.joined, second.joined, guest.joined]).toEqual([true, true, true]);

    const viewers = await call<Viewers>('/api/live/liveViewerList', { headers: { token } });
    expect(viewers.body.data).toEqual({
      room_id: room.id,
      guests: 1,
      list: [{ user_id: viewer.user.id, nickname: '捣乱观众', avatar: expect.any(String) }],
    });

    const told = nextMessage(first.socket, 'liveKickout');
    const kicked = await call<{ until: string }>('/api/live/liveKickout', {
      headers: { token },
      json: { user_id: viewer.user.id, minutes: 60 },
    });
    expect(kicked.body.code).toBe(0);
    expect(new Date(kicked.body.data.until).getTime() - NOON.getTime()).toBe(60 * 60_000);
    expect(await told).toEqual({ type: 'liveKickout', room_id: room.id });
    expect(onlineIn(rooms.liveRoom(room.id))).toBe(1);
    expect((await watch(room.id, viewer.token)).joined).toBe(false);
    expect(onlineIn(rooms.liveRoom(room.id))).toBe(1);

    // Kicking again moves the end instead of adding a second row.
    await call('/api/live/liveKickout', {
      headers: { token },
      json: { user_id: viewer.user.id, minutes: 10 },
    });
    const list = await call<Kicked>('/api/live/liveKickoutList', { headers: { token } });
    expect(list.body.data.list).toEqual([
      {
        user_id: viewer.user.id,
        nickname: '捣乱观众',
        avatar: expect.any(String),
        until: expect.any(String),
      },
    ]);
    expect(new Date(list.body.data.list[0]!.until).getTime() - NOON.getTime()).toBe(10 * 60_000);
    const kickedRooms = await call<{ list: number[] }>('/api/universal/kickedRooms', {
      headers: { token: viewer.token },
    });
    expect(kickedRooms.body.data.list).toEqual([room.id]);

    const lifted = await call('/api/live/liveKickoutLift', {
      headers: { token },
      json: { user_id: viewer.user.id },
    });
    expect(lifted.body.data).toEqual({ room_id: room.id, user_id: viewer.user.id });
    expect((await call<Kicked>('/api/live/liveKickoutList', { headers: { token } })).body.data.list).toEqual(
      [],
    );
    expect((await watch(room.id, viewer.token)).joined).toBe(true);
    const again = await call('/api/live/liveKickoutLift', {
      headers: en(token),
      json: { user_id: viewer.user.id },
    });
    expect(again.body.msg).toBe('This viewer is not kicked out');
  });

  it('lets an operator act on any room and refuses everyone else', async () => {
    const { room, user: anchorUser, token: anchorToken } = await anchorRoom();
    const other = await anchorRoom();
    const viewer = await makeSignedInUser(testDb.db);
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    const byOperator = await call('/api/live/liveKickout', {
      headers: { token: operator.token },
      json: { user_id: viewer.user.id, minutes: 1440, room_id: room.id },
    });
    expect(byOperator.body.data).toMatchObject({ room_id: room.id, user_id: viewer.user.id });

    const guest = await call('/api/live/liveKickout', {
      headers: en(),
      json: { user_id: viewer.user.id, minutes: 10 },
    });
    expect(guest.body.code).toBe(700);
    for (const path of ['/api/live/liveKickoutList', '/api/live/liveViewerList']) {
      expect((await call(path, { headers: en() })).body.code).toBe(700);
      expect((await call(path, { headers: en(viewer.token) })).status).toBe(403);
    }
    const nonAnchor = await call('/api/live/liveKickout', {
      headers: en(viewer.token),
      json: { user_id: anchorUser.id, minutes: 10 },
    });
    expect(nonAnchor.status).toBe(403);
    expect(nonAnchor.body.msg).toBe('Only streamers can use this');
    const notMine = await call('/api/live/liveKickout', {
      headers: en(other.token),
      json: { user_id: viewer.user.id, minutes: 10, room_id: room.id },
    });
    expect(notMine.status).toBe(403);
    expect(notMine.body.msg).toBe('You can only manage your own room');

    const cases: [object, string][] = [
      [{ user_id: anchorUser.id, minutes: 10 }, 'You cannot kick yourself out'],
      [{ user_id: 999_999, minutes: 10 }, ''],
      [{ user_id: viewer.user.id, minutes: 30 }, 'Kick-out duration'],
      [{ minutes: 10 }, 'User'],
    ];
    for (const [json, message] of cases) {
      const reply = await call('/api/live/liveKickout', { headers: en(anchorToken), json });
      expect(reply.body.code).toBe(1);
      expect(reply.body.msg).toContain(message);
    }
  });
});
