// A reported private message taken down by staff (issue #41 item 2), against a real gateway: the recipient
// reports it, a moderator upholds the case in the review queue, and both parties meet a tombstone — in the
// history, the conversation list's preview and a live push to each one's sockets (the reason to the sender
// only); a walk of every signed-in read route either party can call finds the text nowhere. An operator
// restores it from the console's list of reported messages. Bad input is refused in words and changes nothing.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';
import { findSessionUser } from '@/lib/accounts/session';
import { routeTable } from '@/lib/api/route';
import { seedReportReasons } from '@/lib/moderation/report-reasons';
import { reportReasons, reports } from '@/lib/moderation/schema';
import type { ImMessage, ServerMessage } from '@/lib/realtime/events';
import { installGateway } from '@/lib/realtime/gateway';
import { createGateway } from '@/lib/realtime/socket-server';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue } from '@/lib/testing/review';
import { imMessages, notices } from './schema';

let testDb: TestDb;
let app: ApiApp;
let server: http.Server;
let gateway: Server;
let url: string;
let reasonId: number;
const clients: Socket[] = [];
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  server = http.createServer();
  gateway = createGateway(server, { resolveUser: (token) => findSessionUser(testDb.db, token, NOON) });
  installGateway(gateway);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await seedReportReasons(testDb.db);
  reasonId = (await testDb.db.select().from(reportReasons)).find((row) => row.code !== 'other')!.id;
}, 60_000);

afterAll(async () => {
  for (const client of clients) client.close();
  gateway.close();
  installGateway(undefined as unknown as Server);
  await testDb.close();
});

const as = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });
const post = <T = unknown>(path: string, token: string, json: object) =>
  call<T>(path, { headers: as(token), json });

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

/** Alice writes Bob `text`; answers both, the message and the conversation. */
async function conversation(text: string) {
  const alice = await makeSignedInUser(testDb.db);
  const bob = await makeSignedInUser(testDb.db);
  const sent = await post<ImMessage>('/api/im/send', alice.token, { user_id: bob.user.id, text });
  expect(sent.body.code).toBe(0);
  return { alice, bob, message: sent.body.data };
}

async function report(token: string, targetId: number) {
  return post<{ id: number }>('/api/Reportuser/insert', token, {
    target_type: 'pm',
    target_id: targetId,
    classify_id: reasonId,
  });
}

/** Every signed-in read route (no staff's) as `token`, with the conversation and the peer filled in. */
async function routesShowing(marker: string, token: string, conversationId: number, peerId: number) {
  const routes = routeTable(app).filter(
    (route) => !route.staff && route.effect === 'read' && route.methods.includes('get'),
  );
  const showing = new Set<string>();
  let answered = 0;
  for (const route of routes) {
    const query = new URLSearchParams();
    for (const key of Object.keys((route.input as { shape?: Record<string, unknown> }).shape ?? {})) {
      if (['conversation_id', 'group_id'].includes(key)) query.set(key, String(conversationId));
      else if (['id', 'uid', 'user_id', 'touid'].includes(key)) query.set(key, String(peerId));
      else if (['name', 'keyword', 'search', 'q', 'word'].includes(key)) query.set(key, marker);
    }
    const text = await (await app.request(`${route.path}?${query}`, { headers: as(token) })).text();
    if (text.startsWith('{"code":0')) answered++;
    if (text.includes(marker)) showing.add(route.path);
  }
  return { showing: [...showing].sort(), answered };
}

type Listed = { list: { id: number; text: string; state: string; reason: string | null }[] };
const reportedList = (token: string, query: string) =>
  call<Listed>(`/api/admin/content/list?kind=pm&${query}`, { headers: as(token) });

// Three walks of the route table (~6 s alone on the loaded 2-core machine).
it('an upheld report removes a private message: a tombstone to both, live and in every read; an operator restores it', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const marker = 'Pmqzvx';
  const { alice, bob, message } = await conversation(`Bet at ${marker}-casino.example tonight`);
  const conversationId = message.conversation_id;

  const before = await routesShowing(marker, bob.token, conversationId, alice.user.id);
  expect(before.showing).toEqual(['/api/im/conversations', '/api/im/messages']);

  const filed = await report(bob.token, message.id);
  expect(filed.body.code).toBe(0);
  // The case shows staff what was reported, and the console lists the reported message.
  const queue = await call<{ list: { id: number; context: { type: string; body: string } }[] }>(
    '/api/admin/review/report/list?size=50',
    { headers: as(moderator.token) },
  );
  expect(queue.body.data.list.find((item) => item.id === filed.body.data.id)?.context).toMatchObject({
    type: 'pm',
    body: expect.stringContaining(marker),
  });
  expect((await reportedList(moderator.token, 'state=shown')).body.data.list.map((row) => row.id)).toContain(
    message.id,
  );

  const [aliceTab, bobTab] = await Promise.all([tab(alice.token), tab(bob.token)]);
  const pushes = [next(aliceTab, 'imUpdate'), next(bobTab, 'imUpdate')];
  const decided = await decideInQueue(call, moderator.token, 'report', filed.body.data.id, true, {
    reasonCode: 'ads',
    note: 'gambling advert',
  });
  expect(decided.body.data.results[0]).toMatchObject({ ok: true });

  // Pushed to both: a tombstone, the reason to the sender alone.
  const [toAlice, toBob] = (await Promise.all(pushes)) as Extract<ServerMessage, { type: 'imUpdate' }>[];
  expect(toAlice!.data).toMatchObject({ id: message.id, removed: true, text: null });
  expect(toAlice!.data.removal_reason).toContain('gambling advert');
  expect(toBob!.data).toMatchObject({ id: message.id, removed: true, text: null, removal_reason: null });

  // The history and the list's preview hold the tombstone; no read route either party calls shows the text.
  const bobHistory = await call<{ list: ImMessage[] }>(`/api/im/messages?conversation_id=${conversationId}`, {
    headers: as(bob.token),
  });
  expect(bobHistory.body.data.list).toEqual([
    expect.objectContaining({ id: message.id, removed: true, text: null, removal_reason: null }),
  ]);
  const aliceList = await call<{ list: { lastMessage: ImMessage }[] }>('/api/im/conversations', {
    headers: as(alice.token),
  });
  expect(aliceList.body.data.list[0]!.lastMessage).toMatchObject({ removed: true, text: null });
  expect(aliceList.body.data.list[0]!.lastMessage.removal_reason).toContain('gambling advert');
  for (const [who, peer] of [
    [alice, bob],
    [bob, alice],
  ] as const) {
    const after = await routesShowing(marker, who.token, conversationId, peer.user.id);
    expect(after.showing).toEqual([]);
    expect(after.answered).toBeGreaterThan(20);
  }
  // The sender is told in the message centre; the row stays, marked.
  const told = await testDb.db.select().from(notices).where(eq(notices.userId, alice.user.id));
  expect(told.map((row) => [row.subject, row.params])).toEqual([
    ['content_removed', { item: 'privateMessage', reason: 'ads', note: 'gambling advert' }],
  ]);
  const [row] = await testDb.db.select().from(imMessages).where(eq(imMessages.id, message.id));
  expect(row).toMatchObject({
    removedBy: moderator.user.id,
    text: `Bet at ${marker}-casino.example tonight`,
  });

  // A moderator may not restore; an operator does, from the console's list, and both get it back live.
  const listed = await reportedList(operator.token, 'state=removed');
  expect(listed.body.data.list.find((item) => item.id === message.id)).toMatchObject({ state: 'removed' });
  const restore = (token: string) =>
    post<{ done: number[] }>('/api/admin/content/restore', token, {
      kind: 'pm',
      ids: [message.id],
      reason_code: 'mistake',
    });
  expect((await restore(moderator.token)).body.code).not.toBe(0);
  const back = next(bobTab, 'imUpdate');
  expect((await restore(operator.token)).body).toMatchObject({ code: 0, data: { done: [message.id] } });
  expect(await back).toMatchObject({
    data: { id: message.id, removed: false, text: `Bet at ${marker}-casino.example tonight` },
  });
  const restored = await call<{ list: ImMessage[] }>(`/api/im/messages?conversation_id=${conversationId}`, {
    headers: as(bob.token),
  });
  expect(restored.body.data.list[0]).toMatchObject({ removed: false, text: expect.stringContaining(marker) });
}, 120_000);

it('refuses bad input in words and changes nothing: an unknown or removed message, a non-member of staff', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const { alice, bob, message } = await conversation('Buy followers at spam.example');

  // Reporting a message that does not exist, or one of a conversation the reporter is not in.
  const unknown = await report(bob.token, 2_000_000_000);
  expect(unknown.body.code).not.toBe(0);
  expect(unknown.body.msg).toEqual(expect.any(String));
  const outsider = await makeSignedInUser(testDb.db);
  const notMember = await report(outsider.token, message.id);
  expect(notMember.body).toMatchObject({ msg: unknown.body.msg });

  // Not staff: the recipient cannot decide the case, nor take the message down from the console.
  const filed = await report(bob.token, message.id);
  expect(filed.body.code).toBe(0);
  const notStaff = await decideInQueue(call, bob.token, 'report', filed.body.data.id, true, {
    reasonCode: 'ads',
  });
  expect(notStaff.status).toBe(403);
  const bulkByUser = await post('/api/admin/content/remove', alice.token, {
    kind: 'pm',
    ids: [message.id],
    reason_code: 'ads',
  });
  expect(bulkByUser.status).toBe(403);
  const [untouched] = await testDb.db.select().from(imMessages).where(eq(imMessages.id, message.id));
  expect(untouched!.removedAt).toBeNull();

  // A message nobody reported is out of staff's reach: refused by id, nothing moves.
  const other = await conversation('just a private hello');
  const unreported = await post<unknown>('/api/admin/content/remove', moderator.token, {
    kind: 'pm',
    ids: [other.message.id],
    reason_code: 'ads',
  });
  expect(unreported.body).toMatchObject({
    msg: `Couldn't find #${other.message.id} (missing, of another kind or deleted by the author): nothing was changed`,
  });

  // Taken down once; taking it down again changes nothing, and reporting it again is refused.
  await decideInQueue(call, moderator.token, 'report', filed.body.data.id, true, { reasonCode: 'ads' });
  const again = await post<{ done: number[]; unchanged: number[] }>(
    '/api/admin/content/remove',
    moderator.token,
    { kind: 'pm', ids: [message.id], reason_code: 'ads' },
  );
  expect(again.body).toMatchObject({ code: 0, data: { done: [], unchanged: [message.id] } });
  const onRemoved = await report(bob.token, message.id);
  expect(onRemoved.body.code).not.toBe(0);
  const open = await testDb.db.select().from(reports).where(eq(reports.targetId, message.id));
  expect(open.filter((row) => row.targetType === 'pm').map((row) => row.status)).toEqual(['upheld']);
});
