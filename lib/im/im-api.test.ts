// Private messages, groups and the message centre through the API against a real gateway: a message is
// stored and reaches every socket of the recipient (and the sender's other tabs); pages of 15; unread
// counts and read state; blocks; images only from the sender's own uploads; group membership; notices
// written by follows, comments and report results. Every refusal stores nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, count, eq, inArray, sql } from 'drizzle-orm';
import sharp from 'sharp';
import type { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { findSessionUser } from '@/lib/accounts/session';
import { seedReportReasons } from '@/lib/moderation/report-reasons';
import type { ImMessage, ServerMessage } from '@/lib/realtime/events';
import { installGateway } from '@/lib/realtime/gateway';
import { createGateway } from '@/lib/realtime/socket-server';
import { addWords } from '@/lib/sensitive/words';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON, shifted } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue } from '@/lib/testing/review';
import { withTemporaryStorage } from '@/lib/testing/storage';
import { imMembers, imMessages, notices } from './schema';
import { IM_RATE, openConversation } from './service';

let testDb: TestDb;
let app: ApiApp;
let server: http.Server;
let gateway: Server;
let url: string;
const clients: Socket[] = [];
const call = apiCaller(() => app);
withTemporaryStorage();

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  server = http.createServer();
  gateway = createGateway(server, { resolveUser: (token) => findSessionUser(testDb.db, token, NOON) });
  installGateway(gateway);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  await addWords(testDb.db, ['赌博'], operator.user.id, NOON);
}, 60_000);

afterAll(async () => {
  for (const client of clients) client.close();
  gateway.close();
  installGateway(undefined as unknown as Server);
  await testDb.close();
});

const headers = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });
const post = <T = unknown>(path: string, token: string | undefined, json: object) =>
  call<T>(path, { headers: headers(token), json });
const get = <T = unknown>(
  path: string,
  token: string | undefined,
  query: Record<string, string | number> = {},
) =>
  call<T>(`${path}?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`, {
    headers: headers(token),
  });

async function tab(token: string) {
  const socket = connect(url, { transports: ['websocket'], forceNew: true });
  clients.push(socket);
  const registered = next(socket, 'registered');
  socket.emit('register', { token, type: 1 });
  await registered;
  return socket;
}

function next(socket: Socket, type: ServerMessage['type']) {
  return new Promise<ServerMessage>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${type} push`)), 10_000);
    const listener = (message: ServerMessage) => {
      if (message.type !== type) return;
      clearTimeout(timer);
      socket.off('message', listener);
      resolve(message);
    };
    socket.on('message', listener);
  });
}

const storedMessages = async () => (await testDb.db.select({ n: count() }).from(imMessages))[0]!.n;

async function pair() {
  return [await makeSignedInUser(testDb.db), await makeSignedInUser(testDb.db)] as const;
}

describe('private messages', () => {
  it('delivers to every tab of the recipient and the sender’s other tab; counts unread; marks read', async () => {
    const [alice, bob] = await pair();
    const [bobTab1, bobTab2, aliceTab2] = await Promise.all([
      tab(bob.token),
      tab(bob.token),
      tab(alice.token),
    ]);
    const pushes = [next(bobTab1, 'im'), next(bobTab2, 'im'), next(aliceTab2, 'im')];
    const sent = await post<ImMessage>('/api/im/send', alice.token, {
      user_id: bob.user.id,
      text: 'hello <b>bob</b>',
    });
    expect(sent.body).toMatchObject({
      code: 0,
      data: { type: 'text', text: 'hello <b>bob</b>', is_read: false },
    });
    for (const push of await Promise.all(pushes)) {
      expect(push).toMatchObject({ type: 'im', data: { id: sent.body.data.id, text: 'hello <b>bob</b>' } });
    }

    const list = await get<{
      list: { conversationID: number; unread: number; userProfile: { userID: number } }[];
      unread: number;
    }>('/api/im/conversations', bob.token);
    expect(list.body.data.unread).toBe(1);
    expect(list.body.data.list[0]).toMatchObject({
      conversationID: sent.body.data.conversation_id,
      type: 'C2C',
      unread: 1,
      userProfile: { userID: alice.user.id },
      lastMessage: { text: 'hello <b>bob</b>' },
    });
    expect((await get('/api/im/unread', bob.token)).body.data).toEqual({ messages: 1, notices: 0 });

    const readPush = next(aliceTab2, 'imRead');
    const read = await post('/api/im/markRead', bob.token, {
      conversation_id: sent.body.data.conversation_id,
    });
    expect(read.body.data).toMatchObject({ user_id: bob.user.id, last_read_id: sent.body.data.id });
    expect(await readPush).toMatchObject({ data: { conversation_id: sent.body.data.conversation_id } });
    expect((await get<{ messages: number }>('/api/im/unread', bob.token)).body.data.messages).toBe(0);
    const page = await get<{ list: ImMessage[] }>('/api/im/messages', alice.token, {
      conversation_id: sent.body.data.conversation_id,
    });
    expect(page.body.data.list[0]!.is_read).toBe(true);
  });

  it('pages 15 messages at a time, oldest first, older pages by `before`', async () => {
    const [alice, bob] = await pair();
    const { body } = await post<{ conversation_id: number }>('/api/im/open', alice.token, {
      user_id: bob.user.id,
    });
    const conversationId = body.data.conversation_id;
    const again = await post<{ conversation_id: number }>('/api/im/open', bob.token, {
      user_id: alice.user.id,
    });
    expect(again.body.data.conversation_id).toBe(conversationId);
    await testDb.db.insert(imMessages).values(
      Array.from({ length: 40 }, (_, index) => ({
        conversationId,
        senderId: index % 2 ? bob.user.id : alice.user.id,
        kind: 'text' as const,
        text: `message ${index + 1}`,
        createdAt: shifted(NOON, index * 1000),
      })),
    );
    const first = await get<{ list: ImMessage[]; has_more: boolean }>('/api/im/messages', alice.token, {
      conversation_id: conversationId,
    });
    expect(first.body.data.list.map((m) => m.text)).toEqual(
      Array.from({ length: 15 }, (_, i) => `message ${26 + i}`),
    );
    expect(first.body.data.has_more).toBe(true);
    const older = await get<{ list: ImMessage[]; has_more: boolean }>('/api/im/messages', alice.token, {
      conversation_id: conversationId,
      before: first.body.data.list[0]!.id,
    });
    expect(older.body.data.list[0]!.text).toBe('message 11');
    const oldest = await get<{ list: ImMessage[]; has_more: boolean }>('/api/im/messages', alice.token, {
      conversation_id: conversationId,
      before: older.body.data.list[0]!.id,
    });
    expect(oldest.body.data).toMatchObject({ has_more: false });
    expect(oldest.body.data.list).toHaveLength(10);
  });

  it('lists conversations 20 at a time by the newest message; the next page by `cursor` or `page`', async () => {
    const fan = await makeSignedInUser(testDb.db);
    const peers = await Promise.all(Array.from({ length: 23 }, () => makeSignedInUser(testDb.db)));
    // Opened an hour before noon, a second apart: listed by the opening until written in, newest first.
    const ids: number[] = [];
    for (const [index, peer] of peers.entries()) {
      const at = shifted(NOON, -3600_000 + index * 1000);
      ids.push((await openConversation(testDb.db, fan.user.id, peer.user.id, at)).conversation_id);
    }
    // The 20th and 21st share one instant to the microsecond: the conversation's id orders them, and the
    // cursor keeps the microseconds (a millisecond cursor would skip the 21st).
    await testDb.db
      .update(imMembers)
      .set({ lastMessageAt: sql`timestamptz '2026-06-15 11:00:02.500001+00'` })
      .where(and(eq(imMembers.userId, fan.user.id), inArray(imMembers.conversationId, [ids[2]!, ids[3]!])));
    type Page = {
      list: { conversationID: number; unread: number }[];
      unread: number;
      total: number;
      cursor: string | null;
    };
    const list = (query: Record<string, string | number> = {}, lang = 'en') =>
      call<Page>(
        `/api/im/conversations?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
        {
          headers: { lang, token: fan.token },
        },
      );
    const newestFirst = [...ids].reverse();
    const first = (await list()).body.data;
    expect(first.list.map((item) => item.conversationID)).toEqual(newestFirst.slice(0, 20));
    expect(first).toMatchObject({ total: 23, unread: 0, page: 1, size: 20 });
    expect(first.cursor).toEqual(expect.any(String));
    const next = (await list({ cursor: first.cursor! })).body.data;
    expect(next.list.map((item) => item.conversationID)).toEqual(newestFirst.slice(20));
    expect(next.cursor).toBeNull();
    expect((await list({ page: 2 })).body.data.list.map((item) => item.conversationID)).toEqual(
      newestFirst.slice(20),
    );
    expect((await list({ size: 5 })).body.data.list).toHaveLength(5);
    // One conversation by id (the screen opening one past its loaded pages); none of someone else's.
    expect(
      (await list({ conversation_id: ids[0]! })).body.data.list.map((item) => item.conversationID),
    ).toEqual([ids[0]]);
    const [stranger, other] = await pair();
    const theirs = await post<{ conversation_id: number }>('/api/im/open', stranger.token, {
      user_id: other.user.id,
    });
    expect((await list({ conversation_id: theirs.body.data.conversation_id })).body.data.list).toEqual([]);

    // The oldest is written in: it leads page 1 with its unread count, and the cursor answered before still
    // starts after the row it named (the moved conversation is not listed twice).
    const sent = await post('/api/im/send', peers[0]!.token, { user_id: fan.user.id, text: 'still there?' });
    expect(sent.body.code).toBe(0);
    const fresh = (await list()).body.data;
    expect(fresh.list[0]).toMatchObject({ conversationID: ids[0], unread: 1 });
    expect(fresh.unread).toBe(1);
    expect((await list({ cursor: first.cursor! })).body.data.list.map((item) => item.conversationID)).toEqual(
      newestFirst.slice(20, 22),
    );

    // A cursor the list did not write is refused in the reader's language, and nothing changes.
    const refusals = {
      en: "That place in your conversation list isn't valid; refresh and try again",
      'zh-CN': '会话列表的翻页位置无效，请刷新后重试',
      'zh-TW': '會話列表的翻頁位置無效，請重新整理後再試',
      vi: 'Vị trí trang trong danh sách trò chuyện không hợp lệ, hãy tải lại rồi thử lại',
    };
    const bad = [
      'x',
      'not a cursor',
      Buffer.from('nope').toString('base64url'),
      Buffer.from('1.0').toString('base64url'),
      Buffer.from('99999999999999999.1').toString('base64url'),
      Buffer.from(`1.${2 ** 31}`).toString('base64url'),
      'a'.repeat(150),
    ];
    for (const cursor of bad) {
      for (const [lang, msg] of Object.entries(refusals)) {
        expect({ cursor, lang, body: (await list({ cursor }, lang)).body }).toMatchObject({
          cursor,
          lang,
          body: { code: 1, msg },
        });
      }
    }
    expect((await list()).body.data).toEqual(fresh);
  });

  it('refuses guests, empty and 501-character messages, strangers and bad ids; stores nothing', async () => {
    const [alice, bob] = await pair();
    const stranger = await makeSignedInUser(testDb.db);
    const { body } = await post<{ conversation_id: number }>('/api/im/open', alice.token, {
      user_id: bob.user.id,
    });
    const before = await storedMessages();
    expect((await post('/api/im/send', undefined, { user_id: bob.user.id, text: 'hi' })).body.code).toBe(700);
    expect((await get('/api/im/conversations', undefined)).body.code).toBe(700);
    const empty = await post('/api/im/send', alice.token, { user_id: bob.user.id, text: '   ' });
    expect(empty.body).toMatchObject({ code: 1, msg: 'Message must be at least 1 characters' });
    const long = await post('/api/im/send', alice.token, { user_id: bob.user.id, text: 'a'.repeat(501) });
    expect(long.body).toMatchObject({ code: 1, msg: 'Message can be at most 500 characters' });
    const both = await post('/api/im/send', alice.token, { text: 'hi' });
    expect(both.body.code).toBe(1);
    const self = await post('/api/im/send', alice.token, { user_id: alice.user.id, text: 'hi' });
    expect(self.body.msg).toBe("You can't message yourself");
    const nobody = await post('/api/im/open', alice.token, { user_id: 99_999_999 });
    expect(nobody.body.code).toBe(1);
    const intruder = await post('/api/im/send', stranger.token, {
      conversation_id: body.data.conversation_id,
      text: 'hi',
    });
    expect(intruder.body.msg).toBe("You're not a member of this conversation");
    const peek = await get('/api/im/messages', stranger.token, {
      conversation_id: body.data.conversation_id,
    });
    expect(peek.body.msg).toBe("You're not a member of this conversation");
    const readOther = await post('/api/im/markRead', stranger.token, {
      conversation_id: body.data.conversation_id,
    });
    expect(readOther.body.code).toBe(1);
    const missing = await get('/api/im/messages', alice.token, { conversation_id: 99_999_999 });
    expect(missing.body.msg).toBe("That conversation doesn't exist");
    expect(await storedMessages()).toBe(before);
  });

  it('keeps HTML as text and masks sensitive words', async () => {
    const [alice, bob] = await pair();
    const payload = '<img src=x onerror=alert(1)><script>alert("x")</script> 赌 博';
    const sent = await post<ImMessage>('/api/im/send', alice.token, { user_id: bob.user.id, text: payload });
    expect(sent.body.data.text).toBe('<img src=x onerror=alert(1)><script>alert("x")</script> ***');
  });

  it('refuses messages to someone who blocked you, and from someone you blocked, until unblocked', async () => {
    const [alice, bob] = await pair();
    await post('/api/im/send', alice.token, { user_id: bob.user.id, text: 'first' });
    const blocked = await post('/api/im/block', bob.token, { user_id: alice.user.id });
    expect(blocked.body.data).toEqual({ user_id: alice.user.id, blocked: true });
    expect((await post('/api/im/block', bob.token, { user_id: bob.user.id })).body.code).toBe(1);
    expect((await get<unknown[]>('/api/im/blockList', bob.token)).body.data).toEqual([
      expect.objectContaining({ user_id: alice.user.id }),
    ]);
    const before = await storedMessages();
    const refused = await post('/api/im/send', alice.token, { user_id: bob.user.id, text: 'are you there?' });
    expect(refused.body).toMatchObject({
      code: 1,
      msg: "This user has blocked you; your message can't be delivered",
    });
    const stranger = await makeSignedInUser(testDb.db);
    await post('/api/im/block', bob.token, { user_id: stranger.user.id });
    await post('/api/im/send', stranger.token, { user_id: bob.user.id, text: 'hello?' });
    const strangerChats = await get<{ list: unknown[] }>('/api/im/conversations', stranger.token);
    expect(strangerChats.body.data.list).toEqual([]);
    const own = await post('/api/im/send', bob.token, { user_id: alice.user.id, text: 'hey' });
    expect(own.body.msg).toBe('You blocked this user. Unblock them to send messages');
    expect(await storedMessages()).toBe(before);
    await post('/api/im/unblock', bob.token, { user_id: alice.user.id });
    expect((await post('/api/im/send', alice.token, { user_id: bob.user.id, text: 'again' })).body.code).toBe(
      0,
    );
    expect((await post('/api/im/unblock', bob.token, { user_id: 0 })).body.code).toBe(1);
  });

  it('sends only the sender’s own image uploads; a non-image file is refused at upload', async () => {
    const [alice, bob] = await pair();
    const grant = async () =>
      (await post<{ token: string }>('/api/Member/getQiniuToken', alice.token, { purpose: 'image' })).body
        .data.token;
    const upload = async (bytes: Buffer, name: string, type: string) => {
      const form = new FormData();
      form.set('token', await grant());
      form.set('file', new File([new Uint8Array(bytes)], name, { type }));
      return call<{ url: string }>('/api/upload', {
        method: 'POST',
        headers: headers(alice.token),
        body: form,
      });
    };
    const picture = await sharp({ create: { width: 64, height: 48, channels: 3, background: '#1f6af5' } })
      .png()
      .toBuffer();
    const good = await upload(picture, 'p.png', 'image/png');
    expect(good.body.code).toBe(0);
    const sent = await post<ImMessage>('/api/im/send', alice.token, {
      user_id: bob.user.id,
      type: 'image',
      url: good.body.data.url,
    });
    expect(sent.body.data).toMatchObject({ type: 'image', url: good.body.data.url, text: null });

    const before = await storedMessages();
    const fake = await upload(Buffer.from('#!/bin/sh\necho not an image\n'), 'x.png', 'image/png');
    expect(fake.body.code).toBe(1);
    const foreign = await post('/api/im/send', bob.token, {
      user_id: alice.user.id,
      type: 'image',
      url: good.body.data.url,
    });
    expect(foreign.body.msg).toBe('Only pictures you uploaded yourself can be sent');
    const script = await post('/api/im/send', alice.token, {
      user_id: bob.user.id,
      type: 'image',
      url: 'javascript:alert(1)',
    });
    expect(script.body.msg).toBe('Picture must be an http(s) address or a path of this site');
    const missing = await post('/api/im/send', alice.token, { user_id: bob.user.id, type: 'image' });
    expect(missing.body.code).toBe(1);
    expect(await storedMessages()).toBe(before);
  });

  it('sends custom cards (title, imageUrl, id, type, price) and refuses bad ones', async () => {
    const [alice, bob] = await pair();
    const custom = {
      title: 'Plan: Arsenal v Chelsea',
      imageUrl: '/uploads/image/x.webp',
      id: 7,
      type: 'plan',
      price: 88,
    };
    const sent = await post<ImMessage>('/api/im/send', alice.token, {
      user_id: bob.user.id,
      type: 'custom',
      custom,
    });
    expect(sent.body.data).toMatchObject({ type: 'custom', custom });
    const bad = await post('/api/im/send', alice.token, {
      user_id: bob.user.id,
      type: 'custom',
      custom: { ...custom, price: -1 },
    });
    expect(bad.body.code).toBe(1);
  });

  it('limits how fast one user sends', async () => {
    const [alice, bob] = await pair();
    const results = [];
    for (let i = 0; i <= IM_RATE.points; i += 1) {
      results.push((await post('/api/im/send', alice.token, { user_id: bob.user.id, text: `n${i}` })).body);
    }
    expect(results.slice(0, IM_RATE.points).every((r) => r.code === 0)).toBe(true);
    expect(results.at(-1)!.msg).toMatch(/^You're sending messages too fast\. Try again in \d+ s$/);
  });
});

type Group = { group_id: number; name: string; members: number; joined: boolean };

describe('groups', () => {
  it('creates a group, invites, sends like C2C, refuses non-members, dissolves', async () => {
    const [owner, friend] = await pair();
    const outsider = await makeSignedInUser(testDb.db);
    const late = await makeSignedInUser(testDb.db);
    const made = await post<Group>('/api/group/addgroup', owner.token, {
      name: '周末看球群',
      user_ids: [friend.user.id],
    });
    expect(made.body.data).toMatchObject({ name: '周末看球群', members: 2, joined: true });
    const groupId = made.body.data.group_id;
    expect((await post('/api/group/addgroup', owner.token, { name: '' })).body.code).toBe(1);
    expect((await post('/api/group/addgroup', owner.token, { name: '赌博群' })).body.code).toBe(1);

    const friendTab = await tab(friend.token);
    const push = next(friendTab, 'im');
    const sent = await post<ImMessage>('/api/im/send', owner.token, {
      conversation_id: groupId,
      text: '今晚 8 点',
    });
    expect(sent.body.code).toBe(0);
    expect(await push).toMatchObject({ data: { conversation_id: groupId, text: '今晚 8 点' } });
    const conversations = await get<{
      list: { type: string; group: { name: string } | null; unread: number }[];
    }>('/api/im/conversations', friend.token);
    expect(conversations.body.data.list[0]).toMatchObject({
      type: 'GROUP',
      group: { name: '周末看球群' },
      unread: 1,
    });

    const before = await storedMessages();
    const refused = await post('/api/im/send', outsider.token, {
      conversation_id: groupId,
      text: 'let me in',
    });
    expect(refused.body.msg).toBe("You're not a member of this conversation");
    const badInvite = await post('/api/group/addGroupUser', outsider.token, {
      group_id: groupId,
      user_ids: [late.user.id],
    });
    expect(badInvite.body.code).toBe(1);
    expect(
      (await post('/api/group/addGroupUser', friend.token, { group_id: groupId, user_ids: [] })).body.code,
    ).toBe(1);
    const invited = await post('/api/group/addGroupUser', friend.token, {
      group_id: groupId,
      user_ids: [late.user.id],
    });
    expect(invited.body.data).toEqual({ group_id: groupId, added: 1 });

    const common = await post<{ common_groups: Group[] }>('/api/group/crossCorrelation', owner.token, {
      user_id: late.user.id,
    });
    expect(common.body.data.common_groups.map((g) => g.group_id)).toEqual([groupId]);
    expect((await post('/api/group/crossCorrelation', owner.token, {})).body.code).toBe(1);

    const notOwner = await post('/api/group/destroyGroupNew', friend.token, { group_id: groupId });
    expect(notOwner.body.msg).toBe('Only the group owner can dissolve it');
    expect((await post('/api/group/destroyGroupNew', owner.token, { group_id: groupId })).body.code).toBe(0);
    const afterwards = await post('/api/im/send', friend.token, { conversation_id: groupId, text: 'bye' });
    expect(afterwards.body.msg).toBe('This group was dissolved and takes no new messages');
    expect(await storedMessages()).toBe(before);
  });

  it('invites more members into an existing group and lists them', async () => {
    const [owner, friend] = await pair();
    const [newcomer, second] = await pair();
    const outsider = await makeSignedInUser(testDb.db);
    const made = await post<Group>('/api/group/addgroup', owner.token, {
      name: '德比观赛群',
      user_ids: [friend.user.id],
    });
    const groupId = made.body.data.group_id;
    const members = () =>
      post<{ user_id: number; is_owner: boolean }[]>('/api/im/groupMembers', owner.token, {
        group_id: groupId,
      });

    // A member who is not the owner invites two more; they can read and post straight away.
    const invited = await post('/api/group/addGroupUser', friend.token, {
      group_id: groupId,
      user_ids: [newcomer.user.id, second.user.id],
    });
    expect(invited.body).toMatchObject({ code: 0, data: { group_id: groupId, added: 2 } });
    expect((await members()).body.data).toEqual([
      expect.objectContaining({ user_id: owner.user.id, is_owner: true }),
      expect.objectContaining({ user_id: friend.user.id, is_owner: false }),
      expect.objectContaining({ user_id: newcomer.user.id, is_owner: false }),
      expect.objectContaining({ user_id: second.user.id, is_owner: false }),
    ]);
    expect(
      (await post('/api/im/send', newcomer.token, { conversation_id: groupId, text: '来了' })).body.code,
    ).toBe(0);

    // Someone outside the group can neither invite nor see who is in it.
    const notMember = await post('/api/group/addGroupUser', outsider.token, {
      group_id: groupId,
      user_ids: [outsider.user.id],
    });
    expect(notMember.body.msg).toBe("You're not a member of this conversation");
    const peek = await post('/api/im/groupMembers', outsider.token, { group_id: groupId });
    expect(peek.body.msg).toBe("You're not a member of this conversation");

    // Inviting people who are in already is refused with a clear message; a mix adds only the new one.
    const already = await post('/api/group/addGroupUser', owner.token, {
      group_id: groupId,
      user_ids: [friend.user.id, owner.user.id],
    });
    expect(already.body.msg).toBe('Everyone you invited is already in the group');
    const mixed = await post('/api/group/addGroupUser', owner.token, {
      group_id: groupId,
      user_ids: [friend.user.id, outsider.user.id],
    });
    expect(mixed.body.data).toEqual({ group_id: groupId, added: 1 });
    expect((await members()).body.data).toHaveLength(5);

    // Bad ids: an unknown user, an unknown group, malformed ids; nothing is added.
    const unknownUser = await post('/api/group/addGroupUser', owner.token, {
      group_id: groupId,
      user_ids: [2_000_000_000],
    });
    expect(unknownUser.body.msg).toBe("That user doesn't exist");
    const unknownGroup = await post('/api/group/addGroupUser', owner.token, {
      group_id: 2_000_000_000,
      user_ids: [outsider.user.id],
    });
    expect(unknownGroup.body.msg).toBe("That group doesn't exist or was dissolved");
    for (const body of [
      { group_id: 'abc', user_ids: [outsider.user.id] },
      { group_id: groupId, user_ids: ['x'] },
      { group_id: groupId, user_ids: [-1] },
      { group_id: groupId },
    ]) {
      expect((await post('/api/group/addGroupUser', owner.token, body)).body.code).toBe(1);
    }
    expect((await post('/api/im/groupMembers', owner.token, { group_id: 0 })).body.code).toBe(1);
    expect(
      (await post('/api/group/addGroupUser', undefined, { group_id: groupId, user_ids: [1] })).body.code,
    ).toBe(700);
    expect((await members()).body.data).toHaveLength(5);

    // A dissolved group takes nobody new.
    await post('/api/group/destroyGroupNew', owner.token, { group_id: groupId });
    const late = await makeSignedInUser(testDb.db);
    const afterDissolve = await post('/api/group/addGroupUser', owner.token, {
      group_id: groupId,
      user_ids: [late.user.id],
    });
    expect(afterDissolve.body.msg).toBe("That group doesn't exist or was dissolved");
  });

  it('lists the address book and recommendations', async () => {
    const [alice, bob] = await pair();
    const anchor = await makeSignedInUser(testDb.db, { isAnchor: true, nickname: 'star-anchor' });
    await post('/api/im/send', alice.token, { user_id: bob.user.id, text: 'hi' });
    const recommended = await post<{ user_id: number }[]>('/api/group/getRecommendUserList', alice.token, {});
    expect(recommended.body.data.map((u) => u.user_id)).toContain(anchor.user.id);
    expect(
      (await post('/api/Member/attention', alice.token, { anchor_id: anchor.user.id, type: 1 })).body.code,
    ).toBe(0);
    const book = await post<{ user_id: number }[]>('/api/group/addressBook', alice.token, {});
    expect(book.body.data.map((u) => u.user_id)).toEqual([bob.user.id, anchor.user.id]);
    expect((await post('/api/group/addressBook', undefined, {})).body.code).toBe(700);
    expect((await post('/api/group/getRecommendGroupList', undefined, {})).body.code).toBe(700);
  });

  it('runs live-room fan groups: anchors open them, viewers join and find them', async () => {
    const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
    const viewer = await makeSignedInUser(testDb.db);
    const made = await post<Group & { room_id: number }>('/api/live/addshowGroup', anchor.token, {
      name: '铁粉群',
    });
    expect(made.body.code).toBe(0);
    expect((await post('/api/live/addshowGroup', viewer.token, { name: 'mine' })).body.code).toBe(1);
    const roomId = made.body.data.room_id;
    const listed = await post<Group[]>('/api/live/groupList', viewer.token, { room_id: roomId });
    expect(listed.body.data).toEqual([
      expect.objectContaining({ name: '铁粉群', joined: false, members: 1 }),
    ]);
    expect((await post('/api/live/groupList', viewer.token, { room_id: 99_999_999 })).body.code).toBe(1);
    const suggested = await post<Group[]>('/api/group/getRecommendGroupList', viewer.token, {});
    expect(suggested.body.data.map((g) => g.group_id)).toContain(made.body.data.group_id);
    expect(
      (await post('/api/im/joinGroup', viewer.token, { group_id: made.body.data.group_id })).body.code,
    ).toBe(0);
    const mine = await post<Group[]>('/api/live/getLiveGroupList', viewer.token, {});
    expect(mine.body.data.map((g) => g.group_id)).toEqual([made.body.data.group_id]);
    const sent = await post('/api/im/send', viewer.token, {
      conversation_id: made.body.data.group_id,
      text: '来了',
    });
    expect(sent.body.code).toBe(0);
    const privateGroup = await post<Group>('/api/group/addgroup', anchor.token, { name: 'private' });
    const join = await post('/api/im/joinGroup', viewer.token, { group_id: privateGroup.body.data.group_id });
    expect(join.body.msg).toBe('This is a private group; a member has to invite you');
  });
});

type NoticeList = {
  list: { id: number; subject: string; is_read: boolean; actor: { id: number } | null }[];
  unread: number;
};

describe('message centre', () => {
  it('notices a new follower, pushes the unread count, marks one and all read', async () => {
    const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
    const fan = await makeSignedInUser(testDb.db);
    const other = await makeSignedInUser(testDb.db);
    const anchorTab = await tab(anchor.token);
    const pushed = next(anchorTab, 'notice');
    await post('/api/Member/attention', fan.token, { anchor_id: anchor.user.id, type: 1 });
    expect(await pushed).toMatchObject({ data: { unread: 1 } });
    await post('/api/Member/attention', other.token, { anchor_id: anchor.user.id, type: 1 });
    const list = await get<NoticeList>('/api/Push/getList', anchor.token);
    expect(list.body.data.unread).toBe(2);
    expect(list.body.data.list.map((n) => [n.subject, n.actor?.id])).toEqual([
      ['follow', other.user.id],
      ['follow', fan.user.id],
    ]);
    const one = await post<{ unread: number }>('/api/Push/markRead', anchor.token, {
      ids: [list.body.data.list[0]!.id],
    });
    expect(one.body.data.unread).toBe(1);
    // Someone else's notice is not theirs to mark.
    expect((await post<{ unread: number }>('/api/Push/markRead', fan.token, {})).body.data.unread).toBe(0);
    expect((await get<NoticeList>('/api/Push/getList', anchor.token)).body.data.unread).toBe(1);
    expect((await post<{ unread: number }>('/api/Push/markRead', anchor.token, {})).body.data.unread).toBe(0);
    expect((await post('/api/Push/markRead', anchor.token, { ids: ['x'] })).body.code).toBe(1);
    expect((await get('/api/Push/getList', anchor.token, { kind: 'nope' })).body.code).toBe(1);
    expect((await get('/api/Push/getList', undefined)).body.code).toBe(700);
  });

  it('notices replies to posts and comments, and report results', async () => {
    const author = await makeSignedInUser(testDb.db, { isAnchor: true });
    const reader = await makeSignedInUser(testDb.db);
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    const madePost = await post<{ id: number }>('/api/anchor_dynamics_user/insert', author.token, {
      content: 'Match day!',
    });
    expect(madePost.body.code).toBe(0);
    const comment = await post<{ id: number }>('/api/anchor_dynamics_user/comment', reader.token, {
      id: madePost.body.data.id,
      content: 'Come on!',
    });
    expect(comment.body.code).toBe(0);
    await post('/api/anchor_dynamics_user/comment', author.token, {
      id: madePost.body.data.id,
      parent_id: comment.body.data.id,
      content: 'Thanks',
    });
    const authorNotices = await get<NoticeList>('/api/Push/getList', author.token, { kind: 'reply' });
    expect(authorNotices.body.data.list.map((n) => n.subject)).toEqual(['post_comment']);
    const readerNotices = await get<NoticeList>('/api/Push/getList', reader.token);
    expect(readerNotices.body.data.list.map((n) => n.subject)).toEqual(['comment_reply']);

    await seedReportReasons(testDb.db);
    const reasons = await post<{ list: { id: number }[] }>('/api/Reportuser/classifyList', reader.token, {});
    const report = await post<{ id: number }>('/api/Reportuser/insert', reader.token, {
      target_type: 'user',
      target_id: author.user.id,
      classify_id: reasons.body.data.list[0]!.id,
      content: 'spam',
    });
    expect(report.body.code).toBe(0);
    await decideInQueue(call, operator.token, 'report', report.body.data.id, false, {
      reasonCode: 'no_violation',
    });
    const after = await get<NoticeList>('/api/Push/getList', reader.token, { kind: 'review' });
    expect(after.body.data.list.map((n) => n.subject)).toEqual(['review_rejected']);
    const rows = await testDb.db.select().from(notices).where(eq(notices.userId, reader.user.id));
    expect(rows).toHaveLength(2);
  });
});
