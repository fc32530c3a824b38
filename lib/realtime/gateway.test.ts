import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { claimQrListener, confirmQrLogin, createQrLogin, scanQrLogin } from '@/lib/accounts/qr-login';
import { findSessionUser } from '@/lib/accounts/session';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { rooms, type ServerMessage } from './events';
import { installGateway, publish } from './gateway';
import { createGateway } from './socket-server';

let testDb: TestDb;
let server: http.Server;
let gateway: Server;
let url: string;
const clients: Socket[] = [];

beforeAll(async () => {
  testDb = await createTestDb();
  server = http.createServer();
  gateway = createGateway(server, {
    resolveUser: (token) => findSessionUser(testDb.db, token, NOON),
    claimQrLogin: (code, socketId) => claimQrListener(testDb.db, code, socketId, NOON),
  });
  installGateway(gateway);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  for (const client of clients) client.close();
  gateway.close();
  await testDb.close();
});

function client(extraHeaders?: Record<string, string>) {
  const socket = connect(url, { transports: ['websocket'], extraHeaders, forceNew: true });
  clients.push(socket);
  return socket;
}

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

async function register(socket: Socket, payload: { token?: string }) {
  const registered = nextMessage(socket, 'registered');
  socket.emit('register', { ...payload, type: 1 });
  return registered;
}

it('registers a signed-in viewer by token, and a guest as nobody', async () => {
  const { user, token } = await makeSignedInUser(testDb.db);
  expect(await register(client(), { token })).toEqual({ type: 'registered', user_id: user.id });
  expect(await register(client(), {})).toEqual({ type: 'registered', user_id: null });
});

it('takes the session from the handshake cookie when no token is sent', async () => {
  const { user, token } = await makeSignedInUser(testDb.db);
  expect(await register(client({ cookie: `token=${token}` }), {})).toEqual({
    type: 'registered',
    user_id: user.id,
  });
});

it('answers the heartbeat', async () => {
  const socket = client();
  const reply = await socket.timeout(5000).emitWithAck('heartbeat', { time: 1 });
  expect(reply).toEqual({ type: 'heartbeat', time: expect.any(Number) });
});

it('delivers a server push to its user only', async () => {
  const alice = await makeSignedInUser(testDb.db);
  const bob = await makeSignedInUser(testDb.db);
  const aliceSocket = client();
  const bobSocket = client();
  await register(aliceSocket, { token: alice.token });
  await register(bobSocket, { token: bob.token });

  const bobGot: ServerMessage[] = [];
  bobSocket.on('message', (message: ServerMessage) => bobGot.push(message));
  const arrived = nextMessage(aliceSocket, 'liveKickout');
  expect(publish({ room: rooms.user(alice.user.id) }, { type: 'liveKickout', room_id: 42 })).toBe(true);
  expect(await arrived).toEqual({ type: 'liveKickout', room_id: 42 });
  await new Promise((resolve) => setTimeout(resolve, 100));
  expect(bobGot.filter((message) => message.type === 'liveKickout')).toEqual([]);
});

it('sends sports data (code 100) to sports-mode subscribers', async () => {
  const socket = client();
  await register(socket, {});
  socket.emit('toggle', { company_id: 1 });
  await socket.timeout(5000).emitWithAck('heartbeat', {});
  socket.emit('classify', { classify_type: 0 });
  await socket.timeout(5000).emitWithAck('heartbeat', {});
  const arrived = nextMessage(socket, 'football');
  publish({ room: rooms.classify(0) }, { code: 100, type: 'football', data: { match_id: 7, home_score: 1 } });
  expect(await arrived).toEqual({ code: 100, type: 'football', data: { match_id: 7, home_score: 1 } });
});

it('ignores a malformed client event and stays connected', async () => {
  const socket = client();
  const reply = await socket.timeout(5000).emitWithAck('toggle', { company_id: 'x' });
  expect(reply).toEqual({ ok: false });
  expect((await register(socket, {})).type).toBe('registered');
});

it('tells only the desktop that first asked about a QR code when it is scanned and confirmed', async () => {
  const { code } = await createQrLogin(testDb.db, 'desktop-browser-key-0123456789', NOON);
  const desktop = client();
  const intruder = client();
  const claim = (socket: Socket) =>
    new Promise<{ ok: boolean }>((resolve) => socket.emit('login', { code }, resolve));
  expect(await claim(desktop)).toEqual({ ok: true });
  expect(await claim(intruder)).toEqual({ ok: false });

  const phone = await makeSignedInUser(testDb.db);
  const heard: ServerMessage[] = [];
  intruder.on('message', (message: ServerMessage) => heard.push(message));
  const scanned = nextMessage(desktop, 'scanCode_Login');
  const { id } = await scanQrLogin(testDb.db, code, phone.user.id, NOON);
  publish({ room: rooms.qrLogin(id) }, { code: 200, type: 'scanCode_Login' });
  expect(await scanned).toEqual({ code: 200, type: 'scanCode_Login' });

  const success = nextMessage(desktop, 'webLoginSuccess');
  const { token } = await confirmQrLogin(testDb.db, code, phone.user.id, NOON);
  publish({ room: rooms.qrLogin(id) }, { code: 200, type: 'webLoginSuccess', token });
  expect(await success).toEqual({ code: 200, type: 'webLoginSuccess', token });
  expect(heard).toEqual([]);
});

it('announces a signed-in viewer entering a live room to the room, once a minute', async () => {
  const watcher = client();
  await register(watcher, {});
  await new Promise((resolve) => watcher.emit('joinRoom', { room_id: 77 }, resolve));
  const { user, token } = await makeSignedInUser(testDb.db, { nickname: '新来的球迷' });
  const entrant = client();
  await register(entrant, { token });

  const announced = nextMessage(watcher, 'enterRoom');
  await new Promise((resolve) => entrant.emit('joinRoom', { room_id: 77 }, resolve));
  expect(await announced).toEqual({
    type: 'enterRoom',
    room_id: 77,
    data: { user_id: user.id, nickname: '新来的球迷', level: 1, noble: 0 },
  });

  // A second join within the minute (a reload) is not announced again; guests never are.
  const seen: ServerMessage[] = [];
  watcher.on('message', (message: ServerMessage) => seen.push(message));
  await new Promise((resolve) => entrant.emit('joinRoom', { room_id: 77 }, resolve));
  const guest = client();
  await register(guest, {});
  await new Promise((resolve) => guest.emit('joinRoom', { room_id: 77 }, resolve));
  await new Promise((resolve) => setTimeout(resolve, 200));
  expect(seen.filter((message) => message.type === 'enterRoom')).toEqual([]);
});

it('knows who joins a room even when the join arrives before the registration', async () => {
  const watcher = client();
  await register(watcher, {});
  await new Promise((resolve) => watcher.emit('joinRoom', { room_id: 78 }, resolve));
  const { token } = await makeSignedInUser(testDb.db, { nickname: '抢先进场' });
  const early = client();
  const announced = nextMessage(watcher, 'enterRoom');
  early.emit('joinRoom', { room_id: 78 });
  early.emit('register', { token, type: 1 });
  expect(await announced).toMatchObject({ room_id: 78, data: { nickname: '抢先进场' } });
});
