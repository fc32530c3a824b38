// Nobility paid in star diamonds (issue #31): a viewer, who earns no yellow diamonds, pays the
// yellow-diamond price at the operator's NOBILITY_STAR_RATE in one ledger operation; a shortfall
// or bad input moves nothing; a replay of the key returns the first result; the ledger stays clean.
import { and, eq, sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { users } from '@/lib/accounts/schema';
import { getConfig } from '@/lib/config';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf, mintLeg, runOperation } from '@/lib/wallet/ledger';
import { walletOperations } from '@/lib/wallet/schema';
import { nobilityPurchases } from './schema';
import { activeNobility } from './service';

// The operator's rate: two star diamonds per yellow diamond (read once, on the first getConfig).
process.env.NOBILITY_STAR_RATE = '2';

let testDb: TestDb;
let app: ApiApp;
const NOW = new Date('2026-11-24T12:00:00Z');
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOW });
});
afterAll(() => testDb.close());

let counter = 0;
const key = () => `star${++counter}`.padEnd(12, '0');
const en = (token: string) => ({ lang: 'en', token });

async function viewer(star: number) {
  const made = await makeSignedInUser(testDb.db);
  await testDb.db
    .update(users)
    .set({ paymentPasswordHash: await hashPassword('246810') })
    .where(eq(users.id, made.user.id));
  if (star)
    await runOperation(testDb.db, {
      key: `fund:${made.user.id}:${++counter}`,
      kind: 'test_fund',
      userId: made.user.id,
      payload: {},
      now: NOW,
      prepare: async () => ({ legs: [mintLeg(made.user.id, 'star', star)], result: {} }),
    });
  return made;
}

type Bought = {
  tier: number;
  price: number;
  currency: string;
  paid: number;
  balance: number;
  replayed: boolean;
};
const buy = (token: string, query: Record<string, string | number>) =>
  call<Bought>(
    `/api/guard_user/buy?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    { headers: en(token) },
  );

async function revenueStar() {
  const { rows } = await testDb.db.execute<{ total: string }>(sql`
    select coalesce(sum(balance), 0) as total from wallet_accounts
    where kind = 'revenue' and currency = 'star'`);
  return Number(rows[0]!.total);
}

const purchasesOf = (userId: number) =>
  testDb.db.select().from(nobilityPurchases).where(eq(nobilityPurchases.userId, userId));

it('lists the star-diamond rate and whether the caller can pay', async () => {
  expect(getConfig().NOBILITY_STAR_RATE).toBe(2);
  const { token } = await viewer(0);
  const list = await call<{ star_rate: number; mine: { has_payment_password: boolean } }>(
    '/api/Guard/getList',
    { headers: en(token) },
  );
  expect(list.body.data).toMatchObject({ star_rate: 2, mine: { has_payment_password: true } });
  const fresh = await makeSignedInUser(testDb.db);
  const unset = await call<{ mine: { has_payment_password: boolean } }>('/api/Guard/getList', {
    headers: en(fresh.token),
  });
  expect(unset.body.data.mine.has_payment_password).toBe(false);
});

it('a viewer with 1,185 star diamonds opens a knight in star diamonds: one transfer to revenue', async () => {
  const { user, token } = await viewer(1_185);
  const revenueBefore = await revenueStar();
  const bought = await buy(token, {
    tier: 1,
    months: 1,
    pay_password: '246810',
    pay_with: 'star',
    key: key(),
  });
  expect(bought.body).toMatchObject({
    code: 0,
    data: { tier: 1, price: 300, currency: 'star', paid: 600, balance: 585, replayed: false },
  });
  expect(await balancesOf(testDb.db, user.id)).toMatchObject({ star: 585, yellow: 0 });
  expect(await revenueStar()).toBe(revenueBefore + 600);
  expect((await activeNobility(testDb.db, user.id, NOW))?.tier).toBe(1);
  expect(await purchasesOf(user.id)).toMatchObject([{ price: 300, currency: 'star', paid: 600 }]);

  // One operation with one star transfer; the details show it as an expense in star diamonds.
  const { rows } = await testDb.db.execute<{ transfers: string; currency: string }>(sql`
    select count(*) as transfers, min(t.currency::text) as currency from wallet_transfers t
    join wallet_operations o on o.id = t.operation_id
    where o.user_id = ${user.id} and o.kind = 'nobility'`);
  expect(rows[0]).toMatchObject({ transfers: '1', currency: 'star' });
  const details = await call<{ list: { kind: string; currency: string; amount: number }[] }>(
    '/api/Order/getList?type=expense',
    { headers: en(token) },
  );
  expect(details.body.data.list[0]).toMatchObject({ kind: 'nobility', currency: 'star', amount: -600 });
  const mine = await call<{ mine: { purchases: { currency: string; paid: number }[] } }>(
    '/api/Guard/getList',
    { headers: en(token) },
  );
  expect(mine.body.data.mine.purchases[0]).toMatchObject({ currency: 'star', paid: 600 });
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('too few star diamonds: the translated refusal, and nothing moves', async () => {
  const { user, token } = await viewer(500);
  const revenueBefore = await revenueStar();
  const attempt = key();
  const refused = await buy(token, {
    tier: 1,
    months: 1,
    pay_password: '246810',
    pay_with: 'star',
    key: attempt,
  });
  expect(refused.body).toMatchObject({ code: 1, msg: 'Not enough balance. Please top up first' });
  const zh = await call(
    `/api/guard_user/buy?tier=1&months=1&pay_password=246810&pay_with=star&key=${key()}`,
    { headers: { token } },
  );
  expect(zh.body).toMatchObject({ code: 1, msg: '余额不足，请先充值' });
  expect(await balancesOf(testDb.db, user.id)).toMatchObject({ star: 500, yellow: 0 });
  expect(await revenueStar()).toBe(revenueBefore);
  expect(await activeNobility(testDb.db, user.id, NOW)).toBeNull();
  expect(await purchasesOf(user.id)).toEqual([]);
  const claimed = await testDb.db
    .select()
    .from(walletOperations)
    .where(and(eq(walletOperations.userId, user.id), eq(walletOperations.kind, 'nobility')));
  expect(claimed).toEqual([]);

  // Bad input is refused before anything is read.
  for (const query of [
    { tier: 1, months: 1, pay_password: '246810', pay_with: 'coin' },
    { tier: 1, months: 1, pay_password: '246810', pay_with: '' },
  ]) {
    const bad = await buy(token, { ...query, key: key() });
    expect(bad.body.code).toBe(1);
    expect(bad.body.msg).toMatch(/pay_with|payment|pay/i);
  }
  expect((await balancesOf(testDb.db, user.id)).star).toBe(500);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('a replay of the key returns the first purchase; the same key paying in yellow is refused', async () => {
  const { user, token } = await viewer(2_000);
  const same = key();
  const query = { tier: 1, months: 1, pay_password: '246810', pay_with: 'star', key: same };
  const first = await buy(token, query);
  expect(first.body.data).toMatchObject({ paid: 600, balance: 1_400, replayed: false });
  const replay = await buy(token, query);
  expect(replay.body).toMatchObject({
    code: 0,
    data: { paid: 600, balance: 1_400, currency: 'star', replayed: true },
  });
  const conflict = await buy(token, { ...query, pay_with: 'yellow' });
  expect(conflict.body).toMatchObject({
    code: 1,
    msg: 'This request key was already used for a different operation; nothing was changed',
  });
  expect((await balancesOf(testDb.db, user.id)).star).toBe(1_400);
  expect(await purchasesOf(user.id)).toHaveLength(1);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});
