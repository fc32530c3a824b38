// A room chat line holding a `review` sensitive word waits for a moderator (issue 41 item 3), as Douyu and
// Huya do: its sender gets it back marked held and finds it in their history; the room gets no push and no
// history line until the queue's `chatMessage` source approves it (said in the room then: pushed, and in
// everyone's history after the lines sent while it waited) or
// refuses it (dropped: a `chatDelete` takes it off the sender's page; the sender is told why). A room set to
// refuse listed words refuses it outright; bad decisions change nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import type { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { findSessionUser } from '@/lib/accounts/session';
import { notices } from '@/lib/im/schema';
import { ensureRoom } from '@/lib/live/service';
import type { ChatMessage, ServerMessage } from '@/lib/realtime/events';
import { installGateway } from '@/lib/realtime/gateway';
import { createGateway } from '@/lib/realtime/socket-server';
import { addWords } from '@/lib/sensitive/words';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue, queueList } from '@/lib/testing/review';
import { chatMessages } from './schema';

let testDb: TestDb;
let app: ApiApp;
let server: http.Server;
let gateway: Server;
let url: string;
const clients: Socket[] = [];
const call = apiCaller(() => app);
let moderator: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  server = http.createServer();
  gateway = createGateway(server, { resolveUser: (token) => findSessionUser(testDb.db, token, NOON) });
  installGateway(gateway);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  await addWords(testDb.db, ['加微信'], moderator.user.id, NOON, 'review');
});

afterAll(async () => {
  for (const client of clients) client.close();
  gateway.close();
  installGateway(undefined as unknown as Server);
  await testDb.close();
});

const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });

async function room() {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  return { anchor, room: await ensureRoom(testDb.db, anchor.user.id) };
}

async function watch(roomId: number) {
  const socket = connect(url, { transports: ['websocket'], forceNew: true });
  clients.push(socket);
  socket.emit('register', { type: 1 });
  await socket.timeout(5000).emitWithAck('joinRoom', { room_id: roomId });
  return socket;
}

/** Every push of `type` the socket receives, in order. */
function pushes(socket: Socket, type: ServerMessage['type']) {
  const seen: ServerMessage[] = [];
  const waiters: (() => void)[] = [];
  socket.on('message', (message: ServerMessage) => {
    if (message.type !== type) return;
    seen.push(message);
    for (const wake of waiters.splice(0)) wake();
  });
  return {
    seen,
    /** Resolves once `count` pushes arrived. */
    async until(count: number) {
      while (seen.length < count) await new Promise<void>((resolve) => waiters.push(resolve));
      return seen;
    },
  };
}

const send = (token: string, json: object) =>
  call<ChatMessage>('/api/live/sendChatSensitive', { headers: en(token), json });
const history = async (roomId: number, token?: string) =>
  (await call<{ list: ChatMessage[] }>(`/api/Barrage/getList?room_id=${roomId}`, { headers: en(token) })).body
    .data.list;

it('holds a line with a review word for its sender alone until a moderator approves it', async () => {
  const { room: live } = await room();
  const sender = await makeSignedInUser(testDb.db, { nickname: '弹幕甲' });
  const other = await makeSignedInUser(testDb.db);
  const socket = await watch(live.id);
  const chat = pushes(socket, 'chat');
  const deleted = pushes(socket, 'chatDelete');

  const held = await send(sender.token, { room_id: live.id, content: '看高清加微信' });
  expect(held.body).toMatchObject({ code: 0, data: { held: true, content: '看高清***' } });
  const id = held.body.data.id;
  // The room hears the next ordinary line first: the held one was never pushed.
  const plain = await send(other.token, { room_id: live.id, content: '好球' });
  expect((await chat.until(1))[0]).toMatchObject({ data: { id: plain.body.data.id } });

  expect((await history(live.id, sender.token)).map((line) => [line.id, line.held ?? false])).toEqual([
    [id, true],
    [plain.body.data.id, false],
  ]);
  expect((await history(live.id, other.token)).map((line) => line.id)).toEqual([plain.body.data.id]);
  expect((await history(live.id)).map((line) => line.id)).toEqual([plain.body.data.id]);

  const listed = await queueList<{ id: number; summary: string; fields: Record<string, string> }>(
    call,
    moderator.token,
    'chatMessage',
  );
  expect(listed.body.data.list).toEqual([
    expect.objectContaining({
      id,
      summary: '看高清***',
      fields: { room: expect.stringContaining(`#${live.id}`) },
    }),
  ]);

  const approved = await decideInQueue(call, moderator.token, 'chatMessage', id, true, {
    reasonCode: 'meets_rules',
  });
  expect(approved.body.data.results).toEqual([expect.objectContaining({ id, ok: true })]);
  // Said in the room now: after the lines sent while it waited, live and after a reload alike, under a new id;
  // its sender's held copy leaves their page.
  const [, shown] = await chat.until(2);
  expect(shown).toMatchObject({
    data: { content: '看高清***', nickname: '弹幕甲', created_at: NOON.toISOString() },
  });
  expect(shown).not.toHaveProperty('data.held');
  const shownId = (shown as { data: ChatMessage }).data.id;
  expect(shownId).toBeGreaterThan(plain.body.data.id);
  expect((await deleted.until(1))[0]).toMatchObject({ data: { id } });
  for (const reader of [other.token, sender.token, undefined])
    expect((await history(live.id, reader)).map((line) => [line.id, line.held ?? false])).toEqual([
      [plain.body.data.id, false],
      [shownId, false],
    ]);
});

it('a refused line is dropped from its sender’s page, and they are told why', async () => {
  const { room: live } = await room();
  const sender = await makeSignedInUser(testDb.db);
  const socket = await watch(live.id);
  const deleted = pushes(socket, 'chatDelete');
  const id = (await send(sender.token, { room_id: live.id, content: '加微信送会员' })).body.data.id;

  const refused = await decideInQueue(call, moderator.token, 'chatMessage', id, false, {
    reasonCode: 'ads',
    note: '引流',
  });
  expect(refused.body.data.results).toEqual([expect.objectContaining({ ok: true })]);
  expect((await deleted.until(1))[0]).toMatchObject({ data: { id } });
  expect(await history(live.id, sender.token)).toEqual([]);
  const [notice] = await testDb.db
    .select()
    .from(notices)
    .where(and(eq(notices.userId, sender.user.id), eq(notices.subject, 'review_rejected')));
  expect(notice!.params).toMatchObject({ item: 'chatMessage', reason: 'ads', note: '引流' });
});

it('a room that refuses listed words refuses a review word outright', async () => {
  const { anchor, room: live } = await room();
  const sender = await makeSignedInUser(testDb.db);
  await call('/api/chat/setRoomSettings', { headers: en(anchor.token), json: { sensitive_mode: 'refuse' } });
  const refused = await send(sender.token, { room_id: live.id, content: '私聊加微信' });
  expect(refused.body.code).toBe(1);
  expect(await testDb.db.select().from(chatMessages).where(eq(chatMessages.channelId, live.id))).toEqual([]);
});

it('refuses a decision on a line not held, an unknown one, or by a viewer, and changes nothing', async () => {
  const { room: live } = await room();
  const sender = await makeSignedInUser(testDb.db);
  const plain = (await send(sender.token, { room_id: live.id, content: '精彩' })).body.data.id;
  const held = (await send(sender.token, { room_id: live.id, content: '有事加微信' })).body.data.id;

  expect((await decideInQueue(call, moderator.token, 'chatMessage', plain, false)).body.code).toBe(1);
  expect((await decideInQueue(call, moderator.token, 'chatMessage', 2_000_000_000, true)).body.code).toBe(1);
  expect((await decideInQueue(call, sender.token, 'chatMessage', held, true)).status).toBe(403);

  const rows = await testDb.db.select().from(chatMessages).where(eq(chatMessages.channelId, live.id));
  expect(Object.fromEntries(rows.map((row) => [row.id, row.reviewStatus]))).toEqual({
    [plain]: 'approved',
    [held]: 'pending',
  });
});
