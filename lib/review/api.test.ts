// The review queue through the API: the summary per role, decisions with a reason code that reach the
// person's message centre, a rejected withdrawal refunded in the decision's transaction, bulk decisions
// that go on past an item already decided, the audit's before and after, and refusals that change nothing.
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { users } from '@/lib/accounts/schema';
import { auditLog } from '@/lib/audit/schema';
import { submitExpertApplication } from '@/lib/experts/applications';
import { experts } from '@/lib/experts/schema';
import { translator } from '@/lib/i18n/translate';
import { notices } from '@/lib/im/schema';
import { anchorApplications } from '@/lib/live/schema';
import { posts } from '@/lib/posts/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser, makeUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf } from '@/lib/wallet/ledger';
import { readReason } from './reason-text';

const NOW = new Date('2026-06-01T04:00:00Z');
let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOW });
});
afterAll(() => testDb.close());

const en = (token: string) => ({ lang: 'en', token });
type Outcome = { id: number; ok: boolean; code?: string; msg?: string; before?: unknown; after?: unknown };
const decide = (token: string, source: string, body: object) =>
  call<{ results: Outcome[] }>(`/api/admin/review/${source}/decide`, { headers: en(token), json: body });
const list = (token: string, source: string, query = '') =>
  call<{ total: number; list: { id: number; user_id: number; summary: string; context: unknown }[] }>(
    `/api/admin/review/${source}/list?${query}`,
    { headers: en(token) },
  );
const noticesOf = (userId: number) => testDb.db.select().from(notices).where(eq(notices.userId, userId));

async function pendingPost(channel: 'circle' | 'video', body: string) {
  const author = await makeUser(testDb.db);
  const [row] = await testDb.db
    .insert(posts)
    .values({ authorId: author.id, channel, body, reviewStatus: 'pending', createdAt: NOW })
    .returning();
  return { author, post: row! };
}

it('answers each role the sources it may review, with counts and reasons', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  await pendingPost('circle', 'waiting in the queue');
  type Summary = {
    sources: { key: string; count: number; reasons: { approve: string[]; reject: string[] } }[];
  };
  const keys = async (token: string) =>
    (await call<Summary>('/api/admin/review/summary', { headers: en(token) })).body.data.sources;
  expect((await keys(moderator.token)).map((source) => source.key)).toEqual([
    'guessDispute',
    'expertApplication',
    'expertPlan',
    'anchorApplication',
    'horn',
    'circlePost',
    'video',
    'comment',
    'chatMessage',
    'report',
  ]);
  expect((await keys(finance.token)).map((source) => source.key)).toEqual(['withdrawal', 'invitation']);
  const all = await keys(operator.token);
  expect(all).toHaveLength(12);
  expect(all.find((source) => source.key === 'circlePost')!.count).toBeGreaterThanOrEqual(1);
  expect(all.find((source) => source.key === 'withdrawal')!.reasons.reject).toContain('account_mismatch');
  // Money is approved for money's reasons, never "meets the community rules" (issue #41).
  expect(all.find((source) => source.key === 'withdrawal')!.reasons.approve).toContain('payout_verified');
  // A finance user is refused the moderators' queues, a moderator the money ones, a user all of them.
  expect((await list(finance.token, 'circlePost')).status).toBe(403);
  expect((await list(moderator.token, 'withdrawal')).status).toBe(403);
  const user = await makeSignedInUser(testDb.db);
  expect((await call('/api/admin/review/summary', { headers: en(user.token) })).status).toBe(403);
});

it('approves an anchor application: the applicant becomes an anchor, is told why, and the audit keeps before and after', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const applicant = await makeUser(testDb.db);
  const [application] = await testDb.db
    .insert(anchorApplications)
    .values({
      userId: applicant.id,
      realName: 'Li Lei',
      contact: '13800000009',
      idNumber: '110101199001011234',
      idPhotoKey: 'applications/x.jpg',
      experience: 'Commentated five seasons of amateur football',
    })
    .returning();
  const queued = await list(moderator.token, 'anchorApplication');
  expect(queued.body.data.list.map((item) => item.id)).toContain(application!.id);

  const decided = await decide(moderator.token, 'anchorApplication', {
    ids: [application!.id],
    approve: true,
    reason_code: 'verified',
  });
  expect(decided.body.code).toBe(0);
  expect(decided.body.data.results[0]).toMatchObject({
    ok: true,
    after: { status: 'succeeded', is_anchor: true },
  });
  const [after] = await testDb.db.select().from(users).where(eq(users.id, applicant.id));
  expect(after!.isAnchor).toBe(true);
  const [notice] = await noticesOf(applicant.id);
  expect(notice).toMatchObject({
    subject: 'review_approved',
    kind: 'review',
    params: { item: 'anchorApplication', reason: 'verified', note: '' },
  });
  const [entry] = await testDb.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, '/api/admin/review/anchorApplication/decide'));
  expect(entry).toMatchObject({
    actorId: moderator.user.id,
    actorRole: 'moderator',
    targetType: 'anchorApplication',
    targetId: String(application!.id),
    reason: 'verified',
    before: [{ id: application!.id, status: 'pending', is_anchor: false }],
    after: [{ id: application!.id, status: 'succeeded', is_anchor: true }],
  });
});

it('rejects a community post with a reason the author sees, in bulk past an item already decided', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const first = await pendingPost('circle', 'Buy cheap tickets at my shop');
  const second = await pendingPost('circle', 'Second advert');
  await decide(moderator.token, 'circlePost', {
    ids: [second.post.id],
    approve: true,
    reason_code: 'meets_rules',
  });

  const bulk = await decide(moderator.token, 'circlePost', {
    ids: [first.post.id, second.post.id],
    approve: false,
    reason_code: 'ads',
    reason: 'No shop links, please',
  });
  expect(bulk.body.data.results).toEqual([
    expect.objectContaining({ id: first.post.id, ok: true }),
    expect.objectContaining({ id: second.post.id, ok: false, code: 'REVIEW_NOT_PENDING' }),
  ]);
  const [rejected] = await testDb.db.select().from(posts).where(eq(posts.id, first.post.id));
  expect(rejected).toMatchObject({
    reviewStatus: 'rejected',
    reviewReason: '[ads] No shop links, please',
  });
  // Kept as the code and the words as typed: each reader sees the code in their own language.
  const zh = translator('zh-CN') as unknown as (key: string) => string;
  expect(readReason((code) => zh(`im.notices.reasons.${code}`), rejected!.reviewReason)).toBe(
    `${zh('im.notices.reasons.ads')} · No shop links, please`,
  );
  expect((await noticesOf(first.author.id))[0]).toMatchObject({
    subject: 'review_rejected',
    params: { item: 'circlePost', reason: 'ads', note: 'No shop links, please' },
  });
  // The other post stays approved; its author heard only the approval.
  expect((await noticesOf(second.author.id)).map((row) => row.subject)).toEqual(['review_approved']);
});

it('refuses a reason the decision does not offer, "other" without words, and no ids, changing nothing', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const { post } = await pendingPost('video', 'A clip');
  const refusals = [
    { ids: [post.id], approve: false, reason_code: 'account_mismatch' },
    { ids: [post.id], approve: false, reason_code: 'other', reason: '  ' },
    { ids: [], approve: false, reason_code: 'spam' },
    { ids: [post.id], approve: false, reason_code: 'not-a-code' },
  ];
  const messages = [];
  for (const body of refusals) {
    const refused = await decide(moderator.token, 'video', body);
    expect(refused.body.code).toBe(1);
    messages.push(refused.body.msg);
  }
  expect(messages[0]).toMatch(/reason from the list/);
  expect(messages[1]).toMatch(/Other/);
  const [unchanged] = await testDb.db.select().from(posts).where(eq(posts.id, post.id));
  expect(unchanged!.reviewStatus).toBe('pending');
  // One item alone that is no longer pending: the call itself is refused.
  await decide(moderator.token, 'video', { ids: [post.id], approve: true, reason_code: 'meets_rules' });
  const again = await decide(moderator.token, 'video', {
    ids: [post.id],
    approve: true,
    reason_code: 'meets_rules',
  });
  expect(again.body.code).toBe(1);
});

it('a finance user approves one withdrawal and rejects another: the refund and the notice commit together', async () => {
  const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
  const anchor = await makeSignedInUser(testDb.db, {
    isAnchor: true,
    paymentPasswordHash: await hashPassword('246810'),
  });
  await fundUser(testDb.db, anchor.user.id, 'yellow', 1000);
  await call(`/api/Bank_card/bindAliPay?account=lilei%40example.com&real_name=Li%20Lei`, {
    headers: en(anchor.token),
  });
  const apply = async (amount: number, key: string) =>
    (
      await call<{ id: number }>(
        `/api/Balance/applyForWithdrawal?amount=${amount}&type=alipay&pay_password=246810&key=${key}`,
        { headers: en(anchor.token) },
      )
    ).body.data.id;
  const paid = await apply(300, 'review-pay-1');
  const rejected = await apply(500, 'review-reject-1');
  expect((await balancesOf(testDb.db, anchor.user.id)).yellow).toBe(200);
  const queued = await list(finance.token, 'withdrawal', 'dir=desc');
  expect(queued.body.data.list.slice(0, 2).map((item) => item.id)).toEqual([rejected, paid]);

  expect(
    (
      await decide(finance.token, 'withdrawal', {
        ids: [paid],
        approve: true,
        reason_code: 'payout_verified',
      })
    ).body.code,
  ).toBe(0);
  const refused = await decide(finance.token, 'withdrawal', {
    ids: [rejected],
    approve: false,
    reason_code: 'account_mismatch',
    reason: 'The Alipay name differs',
  });
  expect(refused.body.data.results[0]).toMatchObject({
    ok: true,
    after: { status: 'rejected', refunded: 500 },
  });
  expect((await balancesOf(testDb.db, anchor.user.id)).yellow).toBe(700);
  // Deciding either again, either way, is refused as decided and tells nobody twice.
  for (const [id, approve] of [
    [paid, true],
    [rejected, true],
  ] as const) {
    const again = await decide(finance.token, 'withdrawal', {
      ids: [id],
      approve,
      reason_code: 'payout_verified',
    });
    expect(again.body).toMatchObject({ code: 1, msg: expect.stringMatching(/already/) });
  }
  expect((await noticesOf(anchor.user.id)).map((row) => row.subject).sort()).toEqual([
    'review_approved',
    'review_rejected',
  ]);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('decides expert applications in the same queue: refused with a reason the applicant reads, approved into an expert', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const refused = await makeUser(testDb.db);
  const approved = await makeUser(testDb.db);
  const apply = (userId: number) =>
    submitExpertApplication(
      testDb.db,
      userId,
      { sports: ['football'], experience: 'Ten seasons of Premier League analysis', contact: 'wx: pundit' },
      NOW,
    );
  const first = await apply(refused.id);
  const second = await apply(approved.id);
  const waiting = await list(moderator.token, 'expertApplication');
  expect(waiting.body.data.list.map((item) => item.id)).toEqual(
    expect.arrayContaining([first.id, second.id]),
  );

  const no = await decide(moderator.token, 'expertApplication', {
    ids: [first.id],
    approve: false,
    reason_code: 'incomplete',
    reason: 'No record attached',
  });
  expect(no.body.data.results).toEqual([expect.objectContaining({ id: first.id, ok: true })]);
  const [notice] = await noticesOf(refused.id);
  expect(notice).toMatchObject({ subject: 'review_rejected' });
  expect(notice!.params).toMatchObject({
    item: 'expertApplication',
    reason: 'incomplete',
    note: 'No record attached',
  });

  const yes = await decide(moderator.token, 'expertApplication', {
    ids: [second.id],
    approve: true,
    reason_code: 'meets_rules',
  });
  expect(yes.body.data.results[0]).toMatchObject({ ok: true });
  expect(await testDb.db.select().from(experts).where(eq(experts.userId, approved.id))).toHaveLength(1);
  // Decided once: a second decision is refused and changes nothing.
  const again = await decide(moderator.token, 'expertApplication', {
    ids: [first.id],
    approve: true,
    reason_code: 'meets_rules',
  });
  expect(again.body).toMatchObject({ code: 1, msg: 'This application was already reviewed' });
  expect(await testDb.db.select().from(experts).where(eq(experts.userId, refused.id))).toHaveLength(0);
});
