// The ledger on a real database: moves, refusals that move nothing, idempotent replays, the check.
import { sql } from 'drizzle-orm';
import { HOLDINGS } from '@/lib/server/holdings';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';
import { checkLedger } from './check';
import { balancesOf, mintLeg, runOperation } from './ledger';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

const now = new Date('2026-05-01T10:00:00Z');

const mint = (user: number, amount: number, key: string) =>
  runOperation(testDb.db, {
    key,
    kind: 'test_mint',
    userId: user,
    payload: { user, amount },
    now,
    prepare: async () => ({ legs: [mintLeg(user, 'star', amount)], result: { amount } }),
  });

const pay = (from: number, to: number, amount: number, key: string) =>
  runOperation(testDb.db, {
    key,
    kind: 'test_pay',
    userId: from,
    payload: { from, to, amount },
    now,
    prepare: async () => ({
      legs: [
        { from: { user: from }, to: { user: to }, currency: 'star', amount },
        { from: { system: 'mint' }, to: { user: from }, currency: 'exp', amount: amount * 10 },
      ],
      result: { amount },
    }),
  });

it('moves money, records experience with it, and the check balances', async () => {
  const a = await makeUser(testDb.db);
  const b = await makeUser(testDb.db);
  await mint(a.id, 100, `m-${a.id}`);
  await pay(a.id, b.id, 30, `p-${a.id}`);
  expect(await balancesOf(testDb.db, a.id)).toEqual({ star: 70, yellow: 0, coin: 0, exp: 300 });
  expect((await balancesOf(testDb.db, b.id)).star).toBe(30);
  const { rows } = await testDb.db.execute<{ experience: number }>(
    sql`select experience from users where id = ${a.id}`,
  );
  expect(rows[0]!.experience).toBe(300);
  const report = await checkLedger(testDb.db, HOLDINGS);
  expect(report.problems).toEqual([]);
  expect(report.currencies.find((c) => c.currency === 'star')).toMatchObject({ minted: 100, burnt: 0 });
  // Without holdings the check still runs: nothing here moved escrow money, so nothing is unclaimed.
  expect(await checkLedger(testDb.db, [])).toMatchObject({ ok: true, holdings: [], problems: [] });
});

it('refuses an overdraft and moves nothing, not even the idempotency key', async () => {
  const a = await makeUser(testDb.db);
  const b = await makeUser(testDb.db);
  await mint(a.id, 10, `m2-${a.id}`);
  await expect(pay(a.id, b.id, 11, `p2-${a.id}`)).rejects.toMatchObject({ code: 'INSUFFICIENT_BALANCE' });
  expect(await balancesOf(testDb.db, a.id)).toMatchObject({ star: 10, exp: 0 });
  // The key was not spent: the same key with a payable amount works.
  await expect(pay(a.id, b.id, 10, `p2-${a.id}`)).resolves.toMatchObject({ replayed: false });
  expect((await balancesOf(testDb.db, a.id)).star).toBe(0);
});

it('refuses zero, negative and fractional amounts', async () => {
  const a = await makeUser(testDb.db);
  for (const amount of [0, -5, 1.5])
    await expect(mint(a.id, amount, `bad-${a.id}-${amount}`)).rejects.toMatchObject({
      code: 'INVALID_AMOUNT',
    });
  expect((await balancesOf(testDb.db, a.id)).star).toBe(0);
});

it('returns the first result on a replay and refuses the key with another payload', async () => {
  const a = await makeUser(testDb.db);
  const first = await mint(a.id, 50, `replay-${a.id}`);
  const again = await mint(a.id, 50, `replay-${a.id}`);
  expect(again).toMatchObject({ replayed: true, result: first.result, operationId: first.operationId });
  await expect(mint(a.id, 51, `replay-${a.id}`)).rejects.toMatchObject({ code: 'IDEMPOTENCY_CONFLICT' });
  expect((await balancesOf(testDb.db, a.id)).star).toBe(50);
});

it('concurrent replays of one key move the money once', async () => {
  const a = await makeUser(testDb.db);
  const results = await Promise.all(Array.from({ length: 8 }, () => mint(a.id, 7, `race-${a.id}`)));
  expect(results.filter((r) => !r.replayed)).toHaveLength(1);
  expect((await balancesOf(testDb.db, a.id)).star).toBe(7);
});

it('the CHECK constraint stops a negative user balance even without the conditional update', async () => {
  const a = await makeUser(testDb.db);
  await mint(a.id, 5, `chk-${a.id}`);
  await expect(
    testDb.db.execute(sql`update wallet_accounts set balance = -1 where kind = 'user' and user_id = ${a.id}`),
  ).rejects.toMatchObject({ cause: { constraint: 'wallet_accounts_balance_nonnegative' } });
});

it('the check finds a balance that does not match its transfers', async () => {
  const a = await makeUser(testDb.db);
  await mint(a.id, 5, `tamper-${a.id}`);
  await testDb.db.execute(
    sql`update wallet_accounts set balance = balance + 1 where kind = 'user' and user_id = ${a.id} and currency = 'star'`,
  );
  const report = await checkLedger(testDb.db, HOLDINGS);
  expect(report.ok).toBe(false);
  expect(report.problems.join('\n')).toMatch(/balance 6 but transfers sum to 5/);
  await testDb.db.execute(
    sql`update wallet_accounts set balance = balance - 1 where kind = 'user' and user_id = ${a.id} and currency = 'star'`,
  );
});

it('an account created by a refused operation is not remembered: the next operation creates it again', async () => {
  const poor = await makeUser(testDb.db);
  const fresh = await makeUser(testDb.db);
  // The refused payment created `fresh`'s star account inside its transaction, then rolled back.
  await expect(pay(poor.id, fresh.id, 5, `p-${poor.id}-${fresh.id}`)).rejects.toMatchObject({
    code: 'INSUFFICIENT_BALANCE',
  });
  await mint(fresh.id, 40, `m-${fresh.id}`);
  expect((await balancesOf(testDb.db, fresh.id)).star).toBe(40);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('fills balance fields of the result from the statement that moves the money, moved or not', async () => {
  const a = await makeUser(testDb.db);
  const b = await makeUser(testDb.db);
  await mint(a.id, 100, `m-bf-${a.id}`);
  await mint(b.id, 7, `m-bf-${b.id}`);
  const outcome = await runOperation(testDb.db, {
    key: `bf-${a.id}`,
    kind: 'test_fields',
    userId: a.id,
    payload: {},
    now,
    prepare: async () => ({
      legs: [{ from: { user: a.id }, to: { system: 'revenue' }, currency: 'star', amount: 30 }],
      result: { mine: 0, theirs: 0, note: 'kept' },
      balanceFields: {
        mine: { user: a.id, currency: 'star' },
        theirs: { user: b.id, currency: 'star' },
      },
    }),
  });
  expect(outcome.result).toEqual({ mine: 70, theirs: 7, note: 'kept' });
  const { rows } = await testDb.db.execute<{ result: unknown }>(
    sql`select result from wallet_operations where id = ${outcome.operationId}`,
  );
  expect(rows[0]!.result).toEqual({ mine: 70, theirs: 7, note: 'kept' });
});
