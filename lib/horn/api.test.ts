// The global horn through the API: paid sends broadcast at once, nobles' 30 free a month, the
// sensitive-word refusal, review (pending → approved, or rejected and refunded through the ledger),
// the operators' switch, and refusals that move nothing.
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { users } from '@/lib/accounts/schema';
import { getConfig } from '@/lib/config';
import { addWords } from '@/lib/sensitive/words';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue, queueList } from '@/lib/testing/review';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf, mintLeg, runOperation } from '@/lib/wallet/ledger';

let testDb: TestDb;
let app: ApiApp;
const START = new Date('2026-11-24T12:00:00Z');
let now = START;
const call = apiCaller(() => app);
const PRICE = getConfig().HORN_PRICE;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
});
afterAll(() => testDb.close());
beforeEach(() => {
  now = START;
});

let counter = 0;
const key = () => `horn${++counter}`.padEnd(12, '0');
const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });

async function fund(userId: number, currency: 'star' | 'yellow', amount: number) {
  await runOperation(testDb.db, {
    key: `fund:${userId}:${++counter}`,
    kind: 'test_fund',
    userId,
    payload: {},
    now: START,
    prepare: async () => ({ legs: [mintLeg(userId, currency, amount)], result: {} }),
  });
}

type Sent = { id: number; status: string; free: boolean; price: number; balance: number; replayed: boolean };
const horn = (token: string, content: string, k = key(), payPassword?: string) =>
  call<Sent>('/api/Member/sneHorn', {
    json: { content, key: k, ...(payPassword ? { pay_password: payPassword } : {}) },
    headers: en(token),
  });
const setReview = async (operatorToken: string, review: boolean) =>
  call('/api/admin/horn/settings', { json: { review }, headers: en(operatorToken) });

it('a paid horn goes out at once and shows in the list', async () => {
  const sender = await makeSignedInUser(testDb.db, { nickname: '喇叭手' });
  await fund(sender.user.id, 'star', PRICE * 2);
  const sent = await horn(sender.token, '今晚决赛一起看！');
  expect(sent.body).toMatchObject({
    code: 0,
    data: { status: 'succeeded', free: false, price: PRICE, balance: PRICE },
  });
  const list = await call<{ list: { content: string; nickname: string }[] }>('/api/Member/hornList');
  expect(list.body.data.list[0]).toMatchObject({ content: '今晚决赛一起看！', nickname: '喇叭手' });
  const replay = await horn(sender.token, '今晚决赛一起看！', 'samekey0001');
  const again = await horn(sender.token, '今晚决赛一起看！', 'samekey0001');
  expect(again.body.data).toMatchObject({ id: replay.body.data.id, replayed: true });
  expect((await balancesOf(testDb.db, sender.user.id)).star).toBe(0);
});

it('refuses bad input and moves nothing', async () => {
  const sender = await makeSignedInUser(testDb.db);
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  await addWords(testDb.db, ['违禁词'], operator.user.id, START);
  expect((await horn(sender.token, 'hello')).body.msg).toBe('Not enough balance. Please top up first');
  await fund(sender.user.id, 'star', PRICE);
  expect((await horn(sender.token, '   ')).body.msg).toBe('A horn message must be 1–60 characters');
  expect((await horn(sender.token, 'x'.repeat(61))).body.msg).toBe('A horn message must be 1–60 characters');
  const sensitive = await horn(sender.token, '这里有违禁词');
  expect(sensitive.body.code).toBe(1);
  expect((await balancesOf(testDb.db, sender.user.id)).star).toBe(PRICE);
  const same = key();
  await horn(sender.token, 'one', same);
  const conflict = await horn(sender.token, 'two', same);
  expect(conflict.body.msg).toBe(
    'This request key was already used for a different operation; nothing was changed',
  );
  expect((await call('/api/Member/sneHorn?content=hi')).body.code).toBe(700);
});

it('nobles send 30 free a month, then pay', async () => {
  const noble = await makeSignedInUser(testDb.db);
  await testDb.db
    .update(users)
    .set({ paymentPasswordHash: await hashPassword('135790') })
    .where(eq(users.id, noble.user.id));
  await fund(noble.user.id, 'yellow', 300);
  await fund(noble.user.id, 'star', PRICE);
  const bought = await call(`/api/guard_user/buy?tier=1&months=1&pay_password=135790&key=${key()}`, {
    headers: en(noble.token),
  });
  expect(bought.body.code).toBe(0);
  const quota = await call<{ noble: number; free_left: number }>('/api/Member/hornQuota', {
    headers: en(noble.token),
  });
  expect(quota.body.data).toMatchObject({ noble: 1, free_left: 30 });
  // The noble set a payment PIN: the paid 31st needs it (free ones never ask).
  const sends = await Promise.all(
    Array.from({ length: 31 }, (_, i) => horn(noble.token, `free ${i}`, key(), '135790')),
  );
  expect(sends.filter((s) => s.body.data.free).length).toBe(30);
  expect(sends.filter((s) => s.body.code === 0 && !s.body.data.free).length).toBe(1);
  expect((await balancesOf(testDb.db, noble.user.id)).star).toBe(0);
  // A new month gives 30 again.
  now = new Date('2026-12-01T00:00:00Z');
  const left = await call<{ free_left: number }>('/api/Member/hornQuota', { headers: en(noble.token) });
  expect(left.body.data.free_left).toBe(30);
});

it('with review on: pending until approved; a rejection refunds through the ledger', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const viewer = await makeSignedInUser(testDb.db);
  expect((await setReview(viewer.token, true)).status).toBe(403);
  expect((await setReview(operator.token, true)).body).toMatchObject({ code: 0, data: { review: true } });
  const sender = await makeSignedInUser(testDb.db);
  await fund(sender.user.id, 'star', PRICE * 2);
  const first = await horn(sender.token, 'approve me');
  const second = await horn(sender.token, 'reject me');
  expect(first.body.data).toMatchObject({ status: 'pending', balance: PRICE });
  expect(second.body.data.balance).toBe(0);

  // Decided in the review queue (lib/review), oldest first.
  const pending = await queueList(call, operator.token, 'horn');
  expect(pending.body.data.list.map((h) => h.id)).toEqual([first.body.data.id, second.body.data.id]);
  const review = (id: number, approve: boolean) => decideInQueue(call, operator.token, 'horn', id, approve);
  expect((await review(first.body.data.id, true)).body.data.results[0]).toMatchObject({ ok: true });
  expect((await review(second.body.data.id, false)).body.data.results[0]).toMatchObject({ ok: true });
  expect((await balancesOf(testDb.db, sender.user.id)).star).toBe(PRICE);
  // One item alone: its refusal is the call's (lib/review/service.ts).
  const again = await review(second.body.data.id, true);
  expect(again.body).toMatchObject({ code: 1, msg: 'This horn message was already reviewed' });
  expect((await review(second.body.data.id, false)).body.msg).toBe('This horn message was already reviewed');
  expect((await balancesOf(testDb.db, sender.user.id)).star).toBe(PRICE);
  expect((await review(99_999_999, true)).body.msg).toBe('Horn message not found');

  const mine = await call<{ list: { content: string; status: string }[] }>('/api/Member/hornList?type=mine', {
    headers: en(sender.token),
  });
  expect(mine.body.data.list.map((h) => [h.content, h.status])).toEqual([
    ['reject me', 'failed'],
    ['approve me', 'succeeded'],
  ]);
  const all = await call<{ list: { content: string }[] }>('/api/Member/hornList');
  expect(all.body.data.list.map((h) => h.content)).toContain('approve me');
  expect(all.body.data.list.map((h) => h.content)).not.toContain('reject me');
  await setReview(operator.token, false);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});
