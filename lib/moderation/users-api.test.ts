// The console's users through the API: search by id, mobile or nickname; a profile with wallet and history;
// a mute that stops writing and a ban that ends sessions and refuses sign-in until their end, each with a
// reason the user is told; lifting them early; and refusals (past end, staff, roles) that change nothing.
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { createSession } from '@/lib/accounts/session';
import { auditLog } from '@/lib/audit/schema';
import { applyForWithdrawal, bindBankCard, decideWithdrawal } from '@/lib/earnings/service';
import { notices } from '@/lib/im/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser } from '@/lib/testing/factories';

const now = new Date('2026-06-01T04:00:00Z');
let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
});
afterAll(() => testDb.close());

const en = (token: string) => ({ lang: 'en', token });
const hours = (n: number) => new Date(now.getTime() + n * 3_600_000).toISOString();
const sanction = (token: string, body: object) =>
  call<{ until: string }>('/api/admin/users/sanction', { headers: en(token), json: body });

it('finds users by id, mobile start or nickname and shows a profile with wallet and history', async () => {
  const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
  const target = await makeSignedInUser(testDb.db, { nickname: '蓝色海鸥' });
  await fundUser(testDb.db, target.user.id, 'star', 120, now);
  type Found = { list: { id: number; nickname: string }[] };
  const search = async (q: string) =>
    (await call<Found>(`/api/admin/users/search?q=${encodeURIComponent(q)}`, { headers: en(finance.token) }))
      .body.data.list;
  expect((await search(String(target.user.id))).map((row) => row.id)).toContain(target.user.id);
  expect((await search(target.user.mobile.slice(0, 7))).map((row) => row.id)).toContain(target.user.id);
  expect((await search('海鸥')).map((row) => row.id)).toEqual([target.user.id]);
  expect((await search('%')).map((row) => row.id)).not.toContain(target.user.id);

  const profile = await call<{ balances: { star: number }; records: { kind: string; amount: number }[] }>(
    `/api/admin/users/profile?id=${target.user.id}`,
    { headers: en(finance.token) },
  );
  expect(profile.body.data.balances.star).toBe(120);
  expect(profile.body.data.records[0]).toMatchObject({ kind: 'test_fund', amount: 120 });
  // Finance reads; only moderators (and operators) sanction.
  const refused = await sanction(finance.token, {
    user_id: target.user.id,
    kind: 'mute',
    until: hours(1),
    reason_code: 'spam',
  });
  expect(refused.status).toBe(403);
});

it('a mute stops writing until its end; lifting it early lets the user write again', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const muted = await makeSignedInUser(testDb.db);
  const peer = await makeSignedInUser(testDb.db);
  const send = (text: string) =>
    call('/api/im/send', { headers: en(muted.token), json: { user_id: peer.user.id, text } });
  expect((await send('hello')).body.code).toBe(0);

  const given = await sanction(moderator.token, {
    user_id: muted.user.id,
    kind: 'mute',
    until: hours(2),
    reason_code: 'abuse',
    reason: 'Insults in the chat',
  });
  expect(given.body.code).toBe(0);
  const refused = await send('still here?');
  expect(refused.body).toMatchObject({
    code: 1,
    msg: 'You are muted until Jun 1, 2026, 2:00 PM (Shanghai, UTC+8)',
  });
  const [notice] = await testDb.db.select().from(notices).where(eq(notices.userId, muted.user.id));
  expect(notice).toMatchObject({ subject: 'sanctioned', params: { kind: 'mute', reason: 'abuse' } });
  const [entry] = await testDb.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, '/api/admin/users/sanction'));
  expect(entry).toMatchObject({
    targetId: String(muted.user.id),
    reason: 'abuse · Insults in the chat',
    before: { muted_until: null },
    after: { muted_until: '2026-06-01T06:00:00.000Z' },
  });

  const lifted = await call('/api/admin/users/lift', {
    headers: en(moderator.token),
    json: { user_id: muted.user.id, kind: 'mute', reason_code: 'appeal_accepted' },
  });
  expect(lifted.body.code).toBe(0);
  expect((await send('thanks')).body.code).toBe(0);
  // Nothing left to lift.
  const twice = await call('/api/admin/users/lift', {
    headers: en(moderator.token),
    json: { user_id: muted.user.id, kind: 'mute', reason_code: 'appeal_accepted' },
  });
  expect(twice.body.msg).toBe('This user has no such mute or ban in force');
});

it('a ban ends the sessions and refuses sign-in until its end, then lets the user in again', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const banned = await makeSignedInUser(testDb.db);
  const me = () => call('/api/Member/info', { headers: en(banned.token) });
  expect((await me()).body.code).toBe(0);
  expect(
    (
      await sanction(moderator.token, {
        user_id: banned.user.id,
        kind: 'ban',
        until: hours(24),
        reason_code: 'fraud',
      })
    ).body.code,
  ).toBe(0);
  expect((await me()).body.code).toBe(700);
  await expect(createSession(testDb.db, banned.user.id, now)).rejects.toMatchObject({
    code: 'ACCOUNT_BANNED',
  });
  const later = new Date(now.getTime() + 25 * 3_600_000);
  await expect(createSession(testDb.db, banned.user.id, later)).resolves.toHaveProperty('token');
});

it('refuses an end in the past, a staff account, "other" without words, and changes nothing', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const target = await makeSignedInUser(testDb.db);
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const cases: [object, string][] = [
    [
      { user_id: target.user.id, kind: 'ban', until: hours(-1), reason_code: 'spam' },
      'The end time must be in the future and within ten years',
    ],
    [
      { user_id: operator.user.id, kind: 'ban', until: hours(1), reason_code: 'spam' },
      'Staff accounts cannot be muted or banned',
    ],
    [
      { user_id: target.user.id, kind: 'mute', until: hours(1), reason_code: 'other' },
      'Write the reason in your own words when you choose “Other”',
    ],
  ];
  for (const [body, msg] of cases) expect((await sanction(moderator.token, body)).body.msg).toBe(msg);
  expect(
    (await sanction(moderator.token, { user_id: target.user.id, kind: 'gag', until: hours(1) })).body.code,
  ).toBe(1);
  expect((await call('/api/Member/info', { headers: en(target.token) })).body.code).toBe(0);
});

it('names wallet records in the reader’s words, as the person’s own records do; never a raw code', async () => {
  const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
  const anchor = await makeSignedInUser(testDb.db, {
    isAnchor: true,
    paymentPasswordHash: await hashPassword('246810'),
  });
  await fundUser(testDb.db, anchor.user.id, 'yellow', 1000, now);
  await bindBankCard(
    testDb.db,
    anchor.user.id,
    { bankName: 'ICBC', cardNumber: '6222020200112233446', realName: 'Li Lei' },
    now,
  );
  const applied = await applyForWithdrawal(
    testDb.db,
    anchor.user.id,
    { amount: 300, method: 'bank', paymentPassword: '246810', key: 'case-file-labels' },
    { min: 100, feePercent: 0 },
    now,
  );
  await decideWithdrawal(testDb.db, finance.user.id, applied.result.id, 'reject', now);
  type Profile = { records: { kind: string; label: string; amount: number }[] };
  const profile = (lang: string) =>
    call<Profile>(`/api/admin/users/profile?id=${anchor.user.id}`, {
      headers: { lang, token: finance.token },
    });

  const zh = (await profile('zh-CN')).body.data.records;
  expect(zh.map((record) => [record.kind, record.label])).toEqual(
    expect.arrayContaining([
      ['withdraw_rejected', '提现驳回退回'],
      ['withdraw', '提现（审核中冻结）'],
      ['test_fund', '其他'],
    ]),
  );
  const vi = (await profile('vi')).body.data.records;
  expect(vi.find((record) => record.kind === 'withdraw_rejected')?.label).not.toMatch(/withdraw_/);
  for (const record of [...zh, ...vi]) expect(record.label).not.toMatch(/^[a-z_]+$/);
  // An id that is no one's, or not a number, is refused.
  const missing = await call(`/api/admin/users/profile?id=99999999`, { headers: en(finance.token) });
  expect(missing.body.code).not.toBe(0);
  expect((await call('/api/admin/users/profile?id=abc', { headers: en(finance.token) })).status).toBe(400);
});
