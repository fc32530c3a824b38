// Room chat through the API against a real gateway: a message is stored, then pushed to the room's
// viewers; history pages; bad input, guests, kicked viewers, sensitive words (both scripts, inserted
// symbols, mask or refuse), XSS payloads kept as text, rate limit, duplicates and slow mode.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { findSessionUser } from '@/lib/accounts/session';
import { ensureRoom } from '@/lib/live/service';
import { kickOut, liftKickout } from '@/lib/moderation/kickouts';
import type { ChatMessage, ServerMessage } from '@/lib/realtime/events';
import { installGateway } from '@/lib/realtime/gateway';
import { createGateway } from '@/lib/realtime/socket-server';
import { addWords, screenText } from '@/lib/sensitive/words';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { limiterTime, NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { CHAT_RATE } from './limits';
import { chatMessages } from './schema';

let testDb: TestDb;
let app: ApiApp;
let server: http.Server;
let gateway: Server;
let url: string;
const clients: Socket[] = [];
const call = apiCaller(() => app);
const NOW = new Date('2026-06-01T12:00:00Z');

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  server = http.createServer();
  gateway = createGateway(server, { resolveUser: (token) => findSessionUser(testDb.db, token, NOON) });
  installGateway(gateway);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  await addWords(testDb.db, ['赌博', '發財群', 'badword'], operator.user.id, NOW);
});

afterAll(async () => {
  for (const client of clients) client.close();
  gateway.close();
  installGateway(undefined as unknown as Server);
  await testDb.close();
});

const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });

async function anchorRoom() {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const room = await ensureRoom(testDb.db, anchor.user.id);
  return { ...anchor, room };
}

async function watch(roomId: number) {
  const socket = connect(url, { transports: ['websocket'], forceNew: true });
  clients.push(socket);
  socket.emit('register', { type: 1 });
  await socket.timeout(5000).emitWithAck('joinRoom', { room_id: roomId });
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

const send = (token: string | undefined, json: object) =>
  call<ChatMessage>('/api/live/sendChatSensitive', { headers: en(token), json });

async function storedCount(roomId: number) {
  return (await testDb.db.select().from(chatMessages).where(eq(chatMessages.channelId, roomId))).length;
}

describe('room chat', () => {
  it('stores a message, pushes it to the room, and pages the history (last 50, then older)', async () => {
    const { room, token: anchorToken } = await anchorRoom();
    const viewer = await makeSignedInUser(testDb.db, { nickname: '球迷甲', experience: 2000 });
    const socket = await watch(room.id);
    const pushed = nextMessage(socket, 'chat');
    const sent = await send(viewer.token, { room_id: room.id, content: '  好球！  ' });
    expect(sent.body.code).toBe(0);
    expect(sent.body.data).toMatchObject({
      room_id: room.id,
      nickname: '球迷甲',
      content: '好球！',
      role: null,
    });
    expect(sent.body.data.level).toBeGreaterThan(1);
    expect(await pushed).toEqual({ type: 'chat', room_id: room.id, data: sent.body.data });

    const fromAnchor = await send(anchorToken, { room_id: room.id, content: '欢迎大家' });
    expect(fromAnchor.body.data.role).toBe('anchor');

    const rows = Array.from({ length: 60 }, (_, index) => ({
      channelKind: 'live' as const,
      channelId: room.id,
      userId: viewer.user.id,
      content: `第${index}条`,
      createdAt: NOW,
    }));
    await testDb.db.insert(chatMessages).values(rows);
    const first = await call<{ list: ChatMessage[]; has_more: boolean }>(
      `/api/Barrage/getList?room_id=${room.id}`,
    );
    expect(first.body.data.list).toHaveLength(50);
    expect(first.body.data.list.at(-1)!.content).toBe('第59条');
    expect(first.body.data.has_more).toBe(true);
    const older = await call<{ list: ChatMessage[]; has_more: boolean }>(
      `/api/Barrage/getList?room_id=${room.id}&before=${first.body.data.list[0]!.id}`,
    );
    expect(older.body.data.list.map((m) => m.content)).toEqual([
      '好球！',
      '欢迎大家',
      ...Array.from({ length: 10 }, (_, i) => `第${i}条`),
    ]);
    expect(older.body.data.list[1]!.role).toBe('anchor');
    expect(older.body.data.has_more).toBe(false);
  });

  it('refuses guests, empty and 501-character messages, unknown rooms and kicked viewers; stores nothing', async () => {
    const { room, user: anchor } = await anchorRoom();
    const viewer = await makeSignedInUser(testDb.db);
    const guest = await send(undefined, { room_id: room.id, content: 'hi' });
    expect(guest.body.code).toBe(700);
    const empty = await send(viewer.token, { room_id: room.id, content: '   ' });
    expect(empty.body).toMatchObject({ code: 1, msg: 'Content must be at least 1 characters' });
    const long = await send(viewer.token, { room_id: room.id, content: 'a'.repeat(501) });
    expect(long.body.code).toBe(1);
    expect(long.body.msg).toContain('500');
    const neither = await send(viewer.token, { content: 'hi' });
    expect(neither.body.code).toBe(1);
    const unknown = await send(viewer.token, { room_id: 99_999_999, content: 'hi' });
    expect(unknown.body.code).toBe(1);
    await kickOut(
      testDb.db,
      { roomId: room.id, byUserId: anchor.id, userId: viewer.user.id, minutes: 10 },
      NOON,
    );
    const kicked = await send(viewer.token, { room_id: room.id, content: 'let me back' });
    expect(kicked.body).toMatchObject({
      code: 1,
      msg: "You were removed from this room and can't chat here for now",
    });
    expect(await storedCount(room.id)).toBe(0);
  });

  it('answers a send retried with its key with the line already stored; refuses a bad or reused key', async () => {
    const { room } = await anchorRoom();
    const elsewhere = await anchorRoom();
    const viewer = await makeSignedInUser(testDb.db);
    const key = 'line-0123456789abcdef';
    const first = await send(viewer.token, { room_id: room.id, content: '进球了', key });
    expect(first.body.code).toBe(0);
    // The answer was lost and the composer sends again: the same line, not a refused duplicate or a second.
    const retry = await send(viewer.token, { room_id: room.id, content: '进球了', key });
    expect(retry.body).toMatchObject({ code: 0, data: { id: first.body.data.id, content: '进球了' } });
    expect(await storedCount(room.id)).toBe(1);
    // Copies racing each other store one line; any that succeeds answers it.
    const raced = await Promise.all(
      [1, 2, 3].map(() => send(viewer.token, { room_id: room.id, content: '好球', key: 'race-0123456789' })),
    );
    expect(await storedCount(room.id)).toBe(2);
    const ids = new Set(raced.filter((reply) => reply.body.code === 0).map((reply) => reply.body.data.id));
    expect(ids.size).toBe(1);
    // Keys are the sender's own: another viewer's line with the same key is theirs.
    const other = await makeSignedInUser(testDb.db);
    const theirs = await send(other.token, { room_id: room.id, content: '进球了', key });
    expect(theirs.body.code).toBe(0);
    expect(theirs.body.data.id).not.toBe(first.body.data.id);
    // The key of a line in one room sends nothing in another.
    const reused = await send(viewer.token, { room_id: elsewhere.room.id, content: '别处', key });
    expect(reused.body).toMatchObject({
      code: 1,
      msg: 'This request key was already used for a different operation; nothing was changed',
    });
    const bad = await send(viewer.token, { room_id: room.id, content: '坏', key: 'no spaces!' });
    expect(bad.body.code).toBe(1);
    expect(await storedCount(elsewhere.room.id)).toBe(0);
    expect(await storedCount(room.id)).toBe(3);
  });

  it('keeps HTML and script payloads as plain text', async () => {
    const { room } = await anchorRoom();
    const viewer = await makeSignedInUser(testDb.db);
    const payload = '<img src=x onerror=alert(1)><script>alert("x")</script>';
    const sent = await send(viewer.token, { room_id: room.id, content: payload });
    expect(sent.body.data.content).toBe(payload);
    const listed = await call<{ list: ChatMessage[] }>(`/api/Barrage/getList?room_id=${room.id}`);
    expect(listed.body.data.list[0]!.content).toBe(payload);
    expect(listed.headers.get('content-type')).toContain('application/json');
  });

  it('masks sensitive words in both scripts and across inserted symbols, or refuses per room', async () => {
    const { room, token: anchorToken } = await anchorRoom();
    const viewer = await makeSignedInUser(testDb.db);
    const masked = await send(viewer.token, {
      room_id: room.id,
      content: '来 賭.博 吗，加发 财-群，BAD word!',
    });
    expect(masked.body.data.content).toBe('来 *** 吗，加***，***!');
    expect(await screenText(testDb.db, '干净的话', 'mask', NOW)).toBe('干净的话');

    const settings = await call('/api/chat/setRoomSettings', {
      headers: en(anchorToken),
      json: { sensitive_mode: 'refuse' },
    });
    expect(settings.body).toMatchObject({
      code: 0,
      data: { sensitive_mode: 'refuse', slow_mode_seconds: 0 },
    });
    const refused = await send(viewer.token, { room_id: room.id, content: '赌 博' });
    expect(refused.body).toMatchObject({
      code: 1,
      msg: 'That contains a blocked word. Please change it and try again',
    });
    expect(await storedCount(room.id)).toBe(1);
  });

  it('refuses sensitive nicknames and room titles', async () => {
    const { token } = await anchorRoom();
    const title = await call('/api/live/setTitle', { headers: en(token), json: { title: '今晚一起賭 博' } });
    expect(title.body.code).toBe(1);
    expect(title.body.msg).toContain('blocked word');
    const clean = await call('/api/live/setTitle', { headers: en(token), json: { title: '今晚英超' } });
    expect(clean.body.code).toBe(0);
    const nick = await call('/api/member/updateInfo', {
      headers: en(token),
      json: { user_nickname: '發財群主' },
    });
    expect(nick.body.code).toBe(1);
    expect(nick.body.msg).toContain('blocked word');
  });

  it('refuses a duplicate within 30 s, more than 20 messages in 30 s, and honours slow mode', async () => {
    // The limits' windows run on the test's time, however long the sends take on a busy machine.
    const time = limiterTime(NOON);
    try {
      await chatLimits(time);
    } finally {
      time.restore();
    }
  });

  async function chatLimits(time: ReturnType<typeof limiterTime>) {
    const { room, token: anchorToken } = await anchorRoom();
    const viewer = await makeSignedInUser(testDb.db);
    expect((await send(viewer.token, { room_id: room.id, content: '加油' })).body.code).toBe(0);
    const again = await send(viewer.token, { room_id: room.id, content: '加 油！' });
    expect(again.body.msg).toBe("You just sent that. Please don't repeat a message within 30 s");

    const results = [];
    for (let i = 0; i < 25; i += 1)
      results.push((await send(viewer.token, { room_id: room.id, content: `刷屏 ${i}` })).body);
    expect(results.filter((body) => body.code === 0)).toHaveLength(CHAT_RATE.points - 1);
    expect(results.at(-1)!.msg).toMatch(/^You're sending too fast\. Try again in \d+ s$/);
    expect(await storedCount(room.id)).toBe(CHAT_RATE.points);

    await call('/api/chat/setRoomSettings', { headers: en(anchorToken), json: { slow_mode_seconds: 30 } });
    const slowViewer = await makeSignedInUser(testDb.db);
    expect((await send(slowViewer.token, { room_id: room.id, content: '第一句' })).body.code).toBe(0);
    const slow = await send(slowViewer.token, { room_id: room.id, content: '第二句' });
    expect(slow.body.msg).toMatch(/^Slow mode is on\. You can send again in \d+ s$/);
    // The anchor is not held by slow mode.
    expect((await send(anchorToken, { room_id: room.id, content: '一' })).body.code).toBe(0);
    expect((await send(anchorToken, { room_id: room.id, content: '二' })).body.code).toBe(0);
    const bad = await call('/api/chat/setRoomSettings', {
      headers: en(anchorToken),
      json: { slow_mode_seconds: 7 },
    });
    expect(bad.body.code).toBe(1);

    // 29.9 s later every window still holds; at 30 s they have all ended.
    time.advance(29_900);
    expect((await send(slowViewer.token, { room_id: room.id, content: '第三句' })).body.msg).toMatch(
      /^Slow mode/,
    );
    time.advance(100);
    expect((await send(slowViewer.token, { room_id: room.id, content: '第四句' })).body.code).toBe(0);
    expect((await send(viewer.token, { room_id: room.id, content: '加油' })).body.code).toBe(0);
  }

  it('applies kick-outs, mutes and settings at once although the room state is cached', async () => {
    const { room, user: anchor, token: anchorToken } = await anchorRoom();
    const viewer = await makeSignedInUser(testDb.db);
    // The first send loads the room's state; later checks come from the cache.
    expect((await send(viewer.token, { room_id: room.id, content: '热身' })).body.code).toBe(0);
    await kickOut(
      testDb.db,
      { roomId: room.id, byUserId: anchor.id, userId: viewer.user.id, minutes: 10 },
      NOON,
    );
    expect((await send(viewer.token, { room_id: room.id, content: '踢了吗' })).body.msg).toBe(
      "You were removed from this room and can't chat here for now",
    );
    await liftKickout(testDb.db, room.id, viewer.user.id, NOON);
    expect((await send(viewer.token, { room_id: room.id, content: '回来了' })).body.code).toBe(0);

    const muted = await call('/api/Live/setTaboo', {
      headers: en(anchorToken),
      json: { room_id: room.id, user_id: viewer.user.id, minutes: 10 },
    });
    expect(muted.body.code).toBe(0);
    expect((await send(viewer.token, { room_id: room.id, content: '禁言了吗' })).body.code).toBe(1);
    await call('/api/RoomManage/relieveTaboo', {
      headers: en(anchorToken),
      json: { room_id: room.id, user_id: viewer.user.id },
    });
    expect((await send(viewer.token, { room_id: room.id, content: '解禁了' })).body.code).toBe(0);

    await call('/api/chat/setRoomSettings', { headers: en(anchorToken), json: { sensitive_mode: 'refuse' } });
    expect((await send(viewer.token, { room_id: room.id, content: '来赌博' })).body.code).toBe(1);
  });

  it("keeps the anchor's feed delay between 0 and 120 s, with a translated refusal", async () => {
    const { room, token } = await anchorRoom();
    const saved = await call<{ feed_delay_seconds: number }>('/api/chat/setRoomSettings', {
      headers: en(token),
      json: { feed_delay_seconds: 45 },
    });
    expect(saved.body).toMatchObject({ code: 0, data: { feed_delay_seconds: 45 } });
    const state = await call<{ feed_delay_seconds: number }>(`/api/chat/viewerState?room_id=${room.id}`, {
      method: 'GET',
      headers: en(token),
    });
    expect(state.body.data.feed_delay_seconds).toBe(45);
    const tooLong = await call('/api/chat/setRoomSettings', {
      headers: en(token),
      json: { feed_delay_seconds: 121 },
    });
    expect(tooLong.body).toMatchObject({ code: 1, msg: 'Video delay can be at most 120' });
    const negative = await call('/api/chat/setRoomSettings', {
      headers: { lang: 'zh-CN', token },
      json: { feed_delay_seconds: -1 },
    });
    expect(negative.body.code).toBe(1);
    expect(negative.body.msg).toContain('画面延迟');
  });

  it('serves a match chat on /score-live through the match channel', async () => {
    const viewer = await makeSignedInUser(testDb.db);
    const unknown = await send(viewer.token, { match_id: 123_456_789, content: 'hi' });
    expect(unknown.body.code).toBe(1);
  });
});
