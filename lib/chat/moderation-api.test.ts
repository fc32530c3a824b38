// Room moderation through the API: who may appoint, mute and delete; the 201st administrator; mutes
// pushed to the room, enforced on send and lifted; "this broadcast" mutes; a message deleted for everyone.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { users } from '@/lib/accounts/schema';
import { findSessionUser } from '@/lib/accounts/session';
import { broadcasts } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import type { ChatMessage, ServerMessage } from '@/lib/realtime/events';
import { installGateway } from '@/lib/realtime/gateway';
import { createGateway } from '@/lib/realtime/socket-server';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { ADMIN_LIMIT, activeMute, muteUser } from './moderation';
import { roomAdmins } from './schema';

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
});

afterAll(async () => {
  for (const client of clients) client.close();
  gateway.close();
  installGateway(undefined as unknown as Server);
  await testDb.close();
});

const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });

async function anchorRoom() {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true, nickname: '主播' });
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

const post = <T = unknown>(path: string, token: string | undefined, json: object) =>
  call<T>(path, { headers: en(token), json });

describe('room moderation', () => {
  it('lets only the anchor appoint; lists, pushes and revokes; refuses the 201st administrator', async () => {
    const { room, token, user: anchor } = await anchorRoom();
    const helper = await makeSignedInUser(testDb.db, { nickname: '房管小王' });
    const plain = await makeSignedInUser(testDb.db);
    const socket = await watch(room.id);

    const refused = await post('/api/RoomManage/setAdministrations', plain.token, {
      user_id: helper.user.id,
    });
    expect(refused.body).toMatchObject({ code: 1, msg: 'Only streamers can use this' });
    const pushed = nextMessage(socket, 'setAdministrations');
    const appointed = await post('/api/RoomManage/setAdministrations', token, { user_id: helper.user.id });
    expect(appointed.body).toEqual({ code: 0, msg: '', data: { room_id: room.id, user_id: helper.user.id } });
    expect(await pushed).toEqual({
      type: 'setAdministrations',
      room_id: room.id,
      data: { user_id: helper.user.id, nickname: '房管小王', admin: true },
    });
    expect(
      (await post('/api/RoomManage/setAdministrations', token, { user_id: helper.user.id })).body.code,
    ).toBe(1);
    expect((await post('/api/RoomManage/setAdministrations', token, { user_id: anchor.id })).body.code).toBe(
      1,
    );
    expect((await post('/api/RoomManage/setAdministrations', token, { user_id: 'abc' })).body.code).toBe(1);

    const list = await post<{ list: { user_id: number }[] }>(
      '/api/RoomManage/getLiveRoomManageList',
      token,
      {},
    );
    expect(list.body.data.list.map((row) => row.user_id)).toEqual([helper.user.id]);
    const assisted = await post<{ list: { room_id: number }[] }>('/api/live/assistantList', helper.token, {});
    expect(assisted.body.data.list).toEqual([
      expect.objectContaining({ room_id: room.id, nickname: '主播' }),
    ]);

    // Fill the room to 200 administrators, then the 201st is refused.
    const extra = await testDb.db
      .insert(users)
      .values(
        Array.from({ length: ADMIN_LIMIT }, (_, index) => ({
          mobile: `177${String(index).padStart(8, '0')}`,
          nickname: `admin${index}`,
        })),
      )
      .returning({ id: users.id });
    await testDb.db
      .insert(roomAdmins)
      .values(
        extra.slice(0, ADMIN_LIMIT - 1).map((row) => ({ roomId: room.id, userId: row.id, appointedAt: NOW })),
      );
    const full = await post('/api/RoomManage/setAdministrations', token, { user_id: extra.at(-1)!.id });
    expect(full.body).toMatchObject({
      code: 1,
      msg: 'A room can have at most 200 moderators. Revoke one first',
    });

    const revoked = await post('/api/RoomManage/delLiveRoomManage', token, { user_id: helper.user.id });
    expect(revoked.body.code).toBe(0);
    expect(
      (await post('/api/RoomManage/delLiveRoomManage', token, { user_id: helper.user.id })).body.code,
    ).toBe(1);
    expect(
      (await post('/api/RoomManage/setAdministrations', token, { user_id: extra.at(-1)!.id })).body.code,
    ).toBe(0);
  });

  it('lets the anchor and administrators mute, not plain users; a muted user cannot send until relieved', async () => {
    const { room, token } = await anchorRoom();
    const admin = await makeSignedInUser(testDb.db);
    const viewer = await makeSignedInUser(testDb.db, { nickname: '喷子' });
    const plain = await makeSignedInUser(testDb.db);
    await post('/api/RoomManage/setAdministrations', token, { user_id: admin.user.id });
    const socket = await watch(room.id);

    const denied = await post('/api/Live/setTaboo', plain.token, {
      room_id: room.id,
      user_id: viewer.user.id,
      minutes: 10,
    });
    expect(denied.body).toMatchObject({
      code: 1,
      msg: 'Only the streamer, room moderators or operators can do that',
    });
    const guest = await post('/api/Live/setTaboo', undefined, {
      room_id: room.id,
      user_id: viewer.user.id,
      minutes: 10,
    });
    expect(guest.body.code).toBe(700);
    const badLength = await post('/api/Live/setTaboo', admin.token, {
      room_id: room.id,
      user_id: viewer.user.id,
      minutes: 5,
    });
    expect(badLength.body.code).toBe(1);
    const notLive = await post('/api/Live/setTaboo', admin.token, {
      room_id: room.id,
      user_id: viewer.user.id,
      minutes: 0,
    });
    expect(notLive.body.msg).toContain("isn't live");
    const adminOnAnchor = await post('/api/Live/setTaboo', admin.token, {
      room_id: room.id,
      user_id: room.anchorId,
      minutes: 10,
    });
    expect(adminOnAnchor.body.code).toBe(1);

    const pushed = nextMessage(socket, 'setTaboo');
    const muted = await post('/api/Live/setTaboo', admin.token, {
      room_id: room.id,
      user_id: viewer.user.id,
      minutes: 60,
    });
    expect(muted.body).toMatchObject({
      code: 0,
      data: { user_id: viewer.user.id, nickname: '喷子', minutes: 60 },
    });
    expect(await pushed).toMatchObject({
      type: 'setTaboo',
      room_id: room.id,
      data: { user_id: viewer.user.id },
    });

    const blocked = await post('/api/live/sendChatSensitive', viewer.token, {
      room_id: room.id,
      content: '我还能说话吗',
    });
    expect(blocked.body).toMatchObject({ code: 1, msg: "You're muted in this chat for another 60 min" });
    const state = await call<{ muted: boolean }>(`/api/chat/viewerState?room_id=${room.id}`, {
      headers: en(viewer.token),
    });
    expect(state.body.data.muted).toBe(true);
    const mutes = await post<{ list: { user_id: number }[] }>('/api/RoomManage/tabooList', token, {
      room_id: room.id,
    });
    expect(mutes.body.data.list.map((row) => row.user_id)).toEqual([viewer.user.id]);

    expect(
      (await post('/api/RoomManage/relieveTaboo', plain.token, { room_id: room.id, user_id: viewer.user.id }))
        .body.code,
    ).toBe(1);
    const lifted = nextMessage(socket, 'relieveTaboo');
    expect(
      (await post('/api/RoomManage/relieveTaboo', token, { room_id: room.id, user_id: viewer.user.id })).body
        .code,
    ).toBe(0);
    expect(await lifted).toMatchObject({ type: 'relieveTaboo', data: { user_id: viewer.user.id } });
    const again = await post('/api/live/sendChatSensitive', viewer.token, {
      room_id: room.id,
      content: '谢谢房管',
    });
    expect(again.body.code).toBe(0);

    // Administrators kick out too (the existing kick-out), never the anchor.
    const kicked = await post('/api/live/liveKickout', admin.token, {
      room_id: room.id,
      user_id: viewer.user.id,
      minutes: 10,
    });
    expect(kicked.body.code).toBe(0);
    const onAnchor = await post('/api/live/liveKickout', admin.token, {
      room_id: room.id,
      user_id: room.anchorId,
      minutes: 10,
    });
    expect(onAnchor.body.msg).toBe("You can't kick out the streamer or another moderator");
    const byPlain = await post('/api/live/liveKickout', plain.token, {
      room_id: room.id,
      user_id: viewer.user.id,
      minutes: 10,
    });
    expect(byPlain.body.code).toBe(1);
  });

  it('ends a timed mute at its end and a broadcast mute with the broadcast', async () => {
    const { room, user: anchor } = await anchorRoom();
    const viewer = await makeSignedInUser(testDb.db);
    const channel = { kind: 'live' as const, id: room.id, anchorId: anchor.id };
    await muteUser(
      testDb.db,
      { channel, byUserId: anchor.id, byRole: 'anchor', userId: viewer.user.id, minutes: 10 },
      NOW,
    );
    expect(
      await activeMute(testDb.db, channel, viewer.user.id, new Date(NOW.getTime() + 9 * 60_000)),
    ).not.toBeNull();
    expect(
      await activeMute(testDb.db, channel, viewer.user.id, new Date(NOW.getTime() + 11 * 60_000)),
    ).toBeNull();

    const [broadcast] = await testDb.db
      .insert(broadcasts)
      .values({ roomId: room.id, title: 'live', category: 'football', startedAt: NOW })
      .returning();
    await muteUser(
      testDb.db,
      { channel, byUserId: anchor.id, byRole: 'anchor', userId: viewer.user.id, minutes: 0 },
      NOW,
    );
    const later = new Date(NOW.getTime() + 3 * 86_400_000);
    expect(await activeMute(testDb.db, channel, viewer.user.id, later)).toEqual({
      id: expect.any(Number),
      until: null,
    });
    const { eq } = await import('drizzle-orm');
    await testDb.db.update(broadcasts).set({ endedAt: later }).where(eq(broadcasts.id, broadcast!.id));
    expect(await activeMute(testDb.db, channel, viewer.user.id, later)).toBeNull();
  });

  it('lets a moderator delete a message for everyone; a plain user cannot', async () => {
    const { room, token } = await anchorRoom();
    const viewer = await makeSignedInUser(testDb.db);
    const other = await makeSignedInUser(testDb.db);
    const socket = await watch(room.id);
    const sent = await post<ChatMessage>('/api/live/sendChatSensitive', viewer.token, {
      room_id: room.id,
      content: '广告内容',
    });
    const denied = await post('/api/chat/deleteMessage', other.token, { id: sent.body.data.id });
    expect(denied.body.code).toBe(1);
    const gone = nextMessage(socket, 'chatDelete');
    expect((await post('/api/chat/deleteMessage', token, { id: sent.body.data.id })).body.code).toBe(0);
    expect(await gone).toEqual({ type: 'chatDelete', room_id: room.id, data: { id: sent.body.data.id } });
    const listed = await call<{ list: ChatMessage[] }>(`/api/Barrage/getList?room_id=${room.id}`);
    expect(listed.body.data.list).toEqual([]);
    expect((await post('/api/chat/deleteMessage', token, { id: sent.body.data.id })).body.code).toBe(1);
  });

  it('pushes a line staff took down out of the room and, restored by an operator, back in its place', async () => {
    const { room } = await anchorRoom();
    const viewer = await makeSignedInUser(testDb.db, { nickname: '球迷甲' });
    const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    const socket = await watch(room.id);
    const sent = await post<ChatMessage>('/api/live/sendChatSensitive', viewer.token, {
      room_id: room.id,
      content: '加群领彩金',
    });
    const id = sent.body.data.id;
    const gone = nextMessage(socket, 'chatDelete');
    const removed = await post('/api/admin/content/remove', moderator.token, {
      kind: 'chat',
      ids: [id],
      reason_code: 'ads',
    });
    expect(removed.body.code).toBe(0);
    expect(await gone).toEqual({ type: 'chatDelete', room_id: room.id, data: { id } });

    // Bad input: a moderator may not restore, and an unknown line refuses the call; nothing comes back.
    expect(
      (
        await post('/api/admin/content/restore', moderator.token, {
          kind: 'chat',
          ids: [id],
          reason_code: 'mistake',
        })
      ).body.code,
    ).not.toBe(0);
    const unknown = await post('/api/admin/content/restore', operator.token, {
      kind: 'chat',
      ids: [id, 2_000_000_000],
      reason_code: 'mistake',
    });
    expect(unknown.body.code).not.toBe(0);
    const hidden = await call<{ list: ChatMessage[] }>(`/api/Barrage/getList?room_id=${room.id}`);
    expect(hidden.body.data.list).toEqual([]);

    const back = nextMessage(socket, 'chatRestore');
    const restored = await post('/api/admin/content/restore', operator.token, {
      kind: 'chat',
      ids: [id],
      reason_code: 'mistake',
    });
    expect(restored.body).toMatchObject({ code: 0, data: { done: [id] } });
    const pushed = await back;
    const listed = await call<{ list: ChatMessage[] }>(`/api/Barrage/getList?room_id=${room.id}`);
    // The push is the line as the history shows it.
    expect(pushed).toEqual({ type: 'chatRestore', room_id: room.id, data: listed.body.data.list[0] });
    expect(listed.body.data.list).toEqual([
      expect.objectContaining({ id, content: '加群领彩金', nickname: '球迷甲' }),
    ]);
    // Restoring it again changes nothing.
    const again = await post('/api/admin/content/restore', operator.token, {
      kind: 'chat',
      ids: [id],
      reason_code: 'mistake',
    });
    expect(again.body).toMatchObject({ code: 0, data: { done: [], unchanged: [id] } });
  });

  it('lets operators manage the sensitive-word list; others cannot', async () => {
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    const plain = await makeSignedInUser(testDb.db);
    expect((await post('/api/admin/sensitiveWords/add', plain.token, { words: ['x'] })).body.code).toBe(1);
    expect((await post('/api/admin/sensitiveWords/add', operator.token, { words: ['...'] })).body.code).toBe(
      1,
    );
    expect((await post('/api/admin/sensitiveWords/add', operator.token, { words: [] })).body.code).toBe(1);
    const added = await post('/api/admin/sensitiveWords/add', operator.token, { words: ['代 練', '代练'] });
    expect(added.body.data).toEqual({ added: 1 });
    const list = await call<{ list: { id: number; normalized: string }[] }>(
      '/api/admin/sensitiveWords/list',
      {
        headers: en(operator.token),
      },
    );
    expect(list.body.data.list).toEqual([expect.objectContaining({ normalized: '代练' })]);
    const removed = await post('/api/admin/sensitiveWords/delete', operator.token, {
      id: list.body.data.list[0]!.id,
    });
    expect(removed.body.code).toBe(0);
  });
});
