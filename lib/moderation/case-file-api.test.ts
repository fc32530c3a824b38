// A user's case file through the API (issue #41 item 4): two accounts signing in from one browser are
// listed as sharing a device (and the address); reports about the user and their content; staff notes,
// removing a date range of content and resetting an avatar or a nickname, each audited and told to the
// user; every bad input answered with a translated error that changes nothing. And a mute closes private
// messages: a muted user's first message to someone leaves no conversation behind.
import { and, eq } from 'drizzle-orm';
import { KNOWN_DEVICE_COOKIE } from '@/lib/accounts/login-throttle';
import { hashPassword } from '@/lib/accounts/password';
import { userStaffNotes, users } from '@/lib/accounts/schema';
import { auditLog } from '@/lib/audit/schema';
import { chatMessages } from '@/lib/chat/schema';
import { PEER_HEADER } from '@/lib/http/client-address';
import { imConversations, imMessages, notices } from '@/lib/im/schema';
import { postComments, posts } from '@/lib/posts/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { solvedChallenge } from '@/lib/testing/captcha';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser, makeUser } from '@/lib/testing/factories';
import { reportReasons, reports } from './schema';

process.env.CAPTCHA_COST = '100';

const now = new Date('2026-06-01T04:00:00Z');
const hoursAgo = (n: number) => new Date(now.getTime() - n * 3_600_000);
let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
});
afterAll(() => testDb.close());

const en = (token: string) => ({ lang: 'en', token });
const zh = (token: string) => ({ lang: 'zh-CN', token });
const post = <T = unknown>(path: string, token: string, json: object, headers = en) =>
  call<T>(path, { headers: headers(token), json });

type CaseFile = {
  sign_ins: { address: string; device_id: string; user_agent: string }[];
  shared: { id: number; via: 'device' | 'address' }[];
  reports_received: { target_type: string; reporter_id: number }[];
  reports_made: { target_type: string }[];
  content: { kind: string; id: number; state: string }[];
  notes: { body: string; author: string }[];
};
const caseFileOf = async (token: string, id: number) =>
  (await call<CaseFile>(`/api/admin/users/caseFile?id=${id}`, { headers: en(token) })).body.data;

const auditOf = (action: string, targetId: number) =>
  testDb.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))));

async function signIn(mobile: string, headers: Record<string, string>) {
  const challenge = await call(`/api/captcha/challenge?mobile=86-${mobile}&for=login`, { headers });
  return call<{ id: number }>('/api/user/login', {
    headers,
    json: {
      mobile: `86-${mobile}`,
      password: 'secret123',
      device_type: 'pc',
      captcha: await solvedChallenge(challenge.body.data),
    },
  });
}

it('lists two accounts signing in from one browser as sharing a device and an address', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const passwordHash = await hashPassword('secret123');
  const first = await makeUser(testDb.db, { passwordHash });
  const second = await makeUser(testDb.db, { passwordHash });
  const stranger = await makeUser(testDb.db, { passwordHash });
  const browser = {
    lang: 'en',
    [PEER_HEADER]: '10.9.8.7',
    'user-agent': 'Mozilla/5.0 (X11; Linux) Chrome/140.0',
  };
  const one = await signIn(first.mobile, browser);
  expect(one.body.code).toBe(0);
  const cookie = /known_device=([^;]+)/.exec(one.headers.get('set-cookie') ?? '')?.[1];
  expect(cookie).toBeTruthy();
  // The same browser (its device cookie), then another browser elsewhere.
  const two = await signIn(second.mobile, { ...browser, cookie: `${KNOWN_DEVICE_COOKIE}=${cookie}` });
  expect(two.body.code).toBe(0);
  await signIn(stranger.mobile, { lang: 'en', [PEER_HEADER]: '10.1.1.1', 'user-agent': 'Firefox/140.0' });

  const file = await caseFileOf(moderator.token, first.id);
  expect(file.sign_ins[0]).toMatchObject({ address: '10.9.8.7', user_agent: browser['user-agent'] });
  expect(file.sign_ins[0]!.device_id).not.toBe('');
  expect(
    file.shared
      .filter((row) => row.id === second.id)
      .map((row) => row.via)
      .sort(),
  ).toEqual(['address', 'device']);
  expect(file.shared.some((row) => row.id === stranger.id)).toBe(false);
  // Finance reads profiles, not sign-ins and addresses.
  const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
  expect(
    (await call(`/api/admin/users/caseFile?id=${first.id}`, { headers: en(finance.token) })).status,
  ).toBe(403);
});

async function contentOf(authorId: number) {
  const [shown] = await testDb.db
    .insert(posts)
    .values({ authorId, channel: 'circle', body: 'buy cheap tickets', createdAt: hoursAgo(2) })
    .returning();
  const [old] = await testDb.db
    .insert(posts)
    .values({ authorId, channel: 'circle', body: 'last week', createdAt: hoursAgo(24 * 7) })
    .returning();
  const [comment] = await testDb.db
    .insert(postComments)
    .values({ postId: old!.id, authorId, body: 'spam comment', createdAt: hoursAgo(1) })
    .returning();
  const [line] = await testDb.db
    .insert(chatMessages)
    .values({
      channelKind: 'live',
      channelId: 1,
      userId: authorId,
      content: 'spam line',
      createdAt: hoursAgo(3),
    })
    .returning();
  return { shown: shown!, old: old!, comment: comment!, line: line! };
}

it('removes a date range of content: taken down, the author told, audited; bad input changes nothing', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const author = await makeSignedInUser(testDb.db);
  const reporter = await makeSignedInUser(testDb.db);
  const made = await contentOf(author.user.id);
  const [reason] = await testDb.db
    .insert(reportReasons)
    .values({ code: `ads-${author.user.id}`, names: { en: 'Ads', 'zh-CN': '广告' } })
    .returning();
  await testDb.db.insert(reports).values({
    reporterId: reporter.user.id,
    targetType: 'post',
    targetId: made.shown.id,
    reasonId: reason!.id,
  });

  const before = await caseFileOf(moderator.token, author.user.id);
  expect(before.reports_received).toMatchObject([{ target_type: 'post', reporter_id: reporter.user.id }]);
  expect((await caseFileOf(moderator.token, reporter.user.id)).reports_made).toMatchObject([
    { target_type: 'post' },
  ]);
  expect(before.content.map((row) => row.state)).toEqual(['shown', 'shown', 'shown', 'shown']);

  const range = { user_id: author.user.id, from: hoursAgo(6).toISOString(), to: now.toISOString() };
  const states = async () =>
    (await caseFileOf(moderator.token, author.user.id)).content.map((row) => `${row.kind}:${row.state}`);
  const unchanged = await states();
  const refusals = [
    [{ ...range, from: range.to, to: range.from, reason_code: 'ads' }, 'The start must be before the end'],
    [{ ...range, reason_code: 'other' }, 'Write the reason in your own words when you choose “Other”'],
    [
      { ...range, from: hoursAgo(100).toISOString(), to: hoursAgo(90).toISOString(), reason_code: 'ads' },
      'Nothing of theirs is shown from that range',
    ],
  ] as const;
  for (const [body, msg] of refusals) {
    const refused = await post('/api/admin/users/removeContent', moderator.token, body);
    expect(refused.body).toMatchObject({ code: 1, msg });
  }
  const badCode = await post('/api/admin/users/removeContent', moderator.token, {
    ...range,
    reason_code: 'nope',
  });
  expect(badCode.body.code).not.toBe(0);
  const wrongRole = await post('/api/admin/users/removeContent', author.token, {
    ...range,
    reason_code: 'ads',
  });
  expect(wrongRole.status).toBe(403);
  expect(await states()).toEqual(unchanged);
  expect(await auditOf('/api/admin/users/removeContent', author.user.id)).toEqual([]);

  const done = await post<{ removed: number }>('/api/admin/users/removeContent', moderator.token, {
    ...range,
    reason_code: 'ads',
    reason: 'Ticket touting',
  });
  expect(done.body).toMatchObject({ code: 0, data: { removed: 3 } });
  expect(await states()).toEqual(['comment:removed', 'post:removed', 'chat:removed', 'post:shown']);
  const [line] = await testDb.db.select().from(chatMessages).where(eq(chatMessages.id, made.line.id));
  expect(line!.deletedAt).toEqual(now);
  const [notice] = await testDb.db.select().from(notices).where(eq(notices.userId, author.user.id));
  expect(notice).toMatchObject({
    subject: 'content_removed_bulk',
    params: { count: 3, reason: 'ads', note: 'Ticket touting' },
  });
  const [entry] = await auditOf('/api/admin/users/removeContent', author.user.id);
  expect(entry).toMatchObject({
    reason: 'ads · Ticket touting',
    after: { removed: { posts: 1, comments: 1, chat: 1 } },
  });
  // The same range again: nothing left to remove.
  const again = await post(
    '/api/admin/users/removeContent',
    moderator.token,
    { ...range, reason_code: 'ads' },
    zh,
  );
  expect(again.body).toMatchObject({ code: 1, msg: '该时间段内没有可删除的内容' });
});

it('resets an avatar and a nickname with a reason; a second reset or a bad field changes nothing', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const target = await makeSignedInUser(testDb.db, { nickname: 'Bad Name', avatar: '/uploads/bad.png' });
  const reset = (body: object, headers = en) =>
    post('/api/admin/users/resetProfile', moderator.token, { user_id: target.user.id, ...body }, headers);
  const row = async () => (await testDb.db.select().from(users).where(eq(users.id, target.user.id)))[0]!;

  expect((await reset({ field: 'email', reason_code: 'vulgar' })).body.code).not.toBe(0);
  expect((await reset({ field: 'avatar', reason_code: 'spam' })).body.code).not.toBe(0);
  expect((await reset({ field: 'avatar', reason_code: 'other' })).body).toMatchObject({
    code: 1,
    msg: 'Write the reason in your own words when you choose “Other”',
  });
  expect(await row()).toMatchObject({ nickname: 'Bad Name', avatar: '/uploads/bad.png' });

  expect((await reset({ field: 'avatar', reason_code: 'vulgar' })).body.code).toBe(0);
  expect(
    (await reset({ field: 'nickname', reason_code: 'impersonation', reason: 'Posing as staff' })).body.code,
  ).toBe(0);
  expect(await row()).toMatchObject({ avatar: '', nickname: `球迷${target.user.mobile.slice(-4)}` });
  expect((await reset({ field: 'nickname', reason_code: 'vulgar' }, zh)).body).toMatchObject({
    code: 1,
    msg: '已经是默认值，无需重置',
  });
  const told = await testDb.db.select().from(notices).where(eq(notices.userId, target.user.id));
  expect(told.map((notice) => [notice.subject, notice.params])).toEqual([
    ['profile_reset', { item: 'avatar', reason: 'vulgar', note: '' }],
    ['profile_reset', { item: 'nickname', reason: 'impersonation', note: 'Posing as staff' }],
  ]);
  const entries = await auditOf('/api/admin/users/resetProfile', target.user.id);
  expect(entries.map((entry) => entry.before)).toEqual([
    { avatar: '/uploads/bad.png' },
    { nickname: 'Bad Name' },
  ]);
});

it('keeps staff notes, audited; an empty or too long note is refused and nothing is kept', async () => {
  const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator', nickname: '审核 小周' });
  const target = await makeSignedInUser(testDb.db);
  const note = (token: string, body: unknown, headers = en) =>
    post('/api/admin/users/note', token, { user_id: target.user.id, body }, headers);
  expect((await note(moderator.token, '   ')).body.code).toBe(1);
  expect((await note(moderator.token, 'x'.repeat(501))).body.code).toBe(1);
  expect((await note(moderator.token, '', zh)).body).toMatchObject({
    code: 1,
    msg: expect.stringMatching(/[\u4e00-\u9fff]/),
  });
  expect((await note(target.token, 'I am fine')).status).toBe(403);
  const missing = await post('/api/admin/users/note', moderator.token, {
    user_id: 2_000_000_000,
    body: 'who?',
  });
  expect(missing.body.code).toBe(1);
  expect(
    await testDb.db.select().from(userStaffNotes).where(eq(userStaffNotes.userId, target.user.id)),
  ).toEqual([]);

  expect((await note(moderator.token, 'Appealed by phone; warned once')).body.code).toBe(0);
  expect((await note(finance.token, 'Asked for a refund twice')).body.code).toBe(0);
  const file = await caseFileOf(moderator.token, target.user.id);
  expect(file.notes.map((row) => row.body)).toEqual([
    'Asked for a refund twice',
    'Appealed by phone; warned once',
  ]);
  expect(file.notes[1]!.author).toBe('审核 小周');
  const [entry] = await auditOf('/api/admin/users/note', target.user.id);
  expect(entry).toMatchObject({ reason: 'Appealed by phone; warned once', actorId: moderator.user.id });
});

it('a muted user cannot send a private message, and a refused first message opens no conversation', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const muted = await makeSignedInUser(testDb.db);
  const friend = await makeSignedInUser(testDb.db);
  const stranger = await makeSignedInUser(testDb.db);
  const send = (json: object, headers = en) => call('/api/im/send', { headers: headers(muted.token), json });
  const first = await send({ user_id: friend.user.id, text: 'hello' });
  expect(first.body.code).toBe(0);
  const conversationId = (first.body.data as { conversation_id: number }).conversation_id;

  const given = await post('/api/admin/users/sanction', moderator.token, {
    user_id: muted.user.id,
    kind: 'mute',
    until: '2026-06-03T10:30:00.000Z',
    reason_code: 'abuse',
  });
  expect(given.body.code).toBe(0);
  expect((await send({ conversation_id: conversationId, text: 'still here' })).body).toMatchObject({
    code: 1,
    msg: 'You are muted until Jun 3, 2026, 6:30 PM (Shanghai, UTC+8)',
  });
  expect((await send({ user_id: stranger.user.id, text: 'hi' }, zh)).body).toMatchObject({
    code: 1,
    msg: '你已被禁言，解除时间：2026年6月3日 18:30（北京时间 UTC+8）',
  });
  const sent = await testDb.db.select().from(imMessages).where(eq(imMessages.senderId, muted.user.id));
  expect(sent).toHaveLength(1);
  const conversations = await testDb.db.select({ id: imConversations.id }).from(imConversations);
  expect(conversations.map((row) => row.id)).toEqual([conversationId]);
  // The friend may still write to them.
  expect(
    (
      await call('/api/im/send', {
        headers: en(friend.token),
        json: { conversation_id: conversationId, text: 'ok' },
      })
    ).body.code,
  ).toBe(0);
});
