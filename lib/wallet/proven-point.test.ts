// The ledger check from its last proven point (issue #45 item 4): a full check records the point; the
// next one proves only what moved after it (a red envelope's claim from escrow, a transfer that was in
// flight when the point was taken) and passes; a balance changed after the point without a transfer and
// an escrow move no holding claims are caught by it, and it records nothing then; a transfer rewritten
// below the point passes the incremental check and is caught by the full one; unknown options refused.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { ensureRoom } from '@/lib/live/service';
import { claimEnvelope, createEnvelope } from '@/lib/red-envelopes/service';
import { HOLDINGS } from '@/lib/server/holdings';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeUser } from '@/lib/testing/factories';
import { runOperation } from './ledger';
import { latestProvenPoint, parseLedgerCheckArgs, provenCheck } from './proven-point';

jest.setTimeout(60_000);

const NOW = new Date('2026-03-01T12:00:00.000Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);
let testDb: TestDb;
let anchor: number;
let viewer: number;

beforeAll(async () => {
  testDb = await createTestDb();
  anchor = (await makeUser(testDb.db)).id;
  viewer = (await makeUser(testDb.db)).id;
  await fundUser(testDb.db, viewer, 'coin', 500);
  await fundUser(testDb.db, viewer, 'star', 1000);
});
afterAll(() => testDb.close());

const check = (full: boolean, minutes: number) =>
  provenCheck(testDb.db, HOLDINGS, { full, now: at(minutes) });
const pay = (key: string, amount: number, db: DbOrTx = testDb.db, from = viewer, to = anchor) =>
  runOperation(db, {
    key,
    kind: 'test_pay',
    userId: from,
    payload: { amount },
    now: NOW,
    prepare: async () => ({
      legs: [{ from: { user: from }, to: { user: to }, currency: 'coin', amount }],
      result: {},
    }),
  });
const balanceOf = async (user: number) =>
  (
    await testDb.db.execute<{ id: number }>(
      sql`select id from wallet_accounts where kind = 'user' and user_id = ${user} and currency = 'coin'`,
    )
  ).rows[0]!.id;

it('refuses an option it does not know, and takes --full', () => {
  expect(parseLedgerCheckArgs([])).toEqual({ full: false });
  expect(parseLedgerCheckArgs(['--full'])).toEqual({ full: true });
  expect(parseLedgerCheckArgs(['--fast'])).toEqual({
    error: 'unknown option --fast\nusage: npm run ledger:check [-- --full]',
  });
  expect(parseLedgerCheckArgs(['--full', 'now'])).toHaveProperty('error');
});

it('proves from the point: escrow held across it, a transfer in flight at it; counts match a full check', async () => {
  // Without a point the check reads everything and records one.
  const first = await check(false, 0);
  expect(first).toMatchObject({ full: true, recorded: true, fullAt: at(0) });
  expect(first.report.ok).toBe(true);

  // A red envelope opened before the next point, claimed after it: escrow per item crosses the point.
  const room = await ensureRoom(testDb.db, anchor);
  const envelope = await createEnvelope(testDb.db, {
    senderId: viewer,
    roomId: room.id,
    amount: 300,
    shares: 3,
    key: 'proven-red',
    now: at(1),
  });
  const second = await check(false, 2);
  expect(second).toMatchObject({ full: false, recorded: true, fullAt: at(0) });
  expect(second.report.ok).toBe(true);
  expect(second.report.holdings.find((h) => h.kind === 'red envelope')?.items).toBe(1);
  await claimEnvelope(testDb.db, {
    userId: anchor,
    envelopeId: envelope.result.id,
    key: 'proven-claim',
    now: at(3),
  });

  // A transfer whose transaction is still open when the point is taken, under a later committed one
  // (between other accounts: the open one holds its accounts' locks).
  const other = (await makeUser(testDb.db)).id;
  const third = (await makeUser(testDb.db)).id;
  await fundUser(testDb.db, other, 'coin', 50);
  await testDb.db.transaction(async (tx) => {
    await pay('proven-in-flight', 7, tx);
    await pay('proven-after', 5, testDb.db, other, third);
    const during = await check(false, 4);
    expect(during.report.ok).toBe(true);
    const point = await testDb.db.execute<{ holes: { transfers: [number, string][] } }>(
      sql`select holes from ledger_proven_points`,
    );
    expect(point.rows[0]!.holes.transfers.length).toBeGreaterThan(0);
  });
  const fourth = await check(false, 5);
  expect(fourth.report.problems).toEqual([]);
  expect(fourth.report.since).toBeDefined();
  const full = await check(true, 6);
  expect(full.report.ok).toBe(true);
  expect(full.report.since).toBeUndefined();
  expect([fourth.report.transfers, fourth.report.operations]).toEqual([
    full.report.transfers,
    full.report.operations,
  ]);
  expect(fourth.report.currencies).toEqual(full.report.currencies);
  expect(await latestProvenPoint(testDb.db)).toMatchObject({ fullAt: at(6), provenAt: at(6) });
});

it('catches a balance drift after the point and an unclaimed escrow move, and records nothing then', async () => {
  await check(true, 10);
  const account = await balanceOf(anchor);
  await testDb.db.execute(sql`update wallet_accounts set balance = balance + 40 where id = ${account}`);
  const drifted = await check(false, 11);
  expect(drifted.recorded).toBe(false);
  expect(drifted.report.problems[0]).toMatch(
    new RegExp(
      `^account ${account} \\(user ${anchor} coin\\): balance \\d+ but \\d+ proven at transfer \\d+`,
    ),
  );
  expect(drifted.report.problems).toContainEqual(expect.stringMatching(/^coin: accounts hold/));
  expect((await latestProvenPoint(testDb.db))?.provenAt).toEqual(at(10));
  await testDb.db.execute(sql`update wallet_accounts set balance = balance - 40 where id = ${account}`);

  const stray = await runOperation(testDb.db, {
    key: 'proven-stray-escrow',
    kind: 'test_stray',
    userId: viewer,
    payload: {},
    now: NOW,
    shard: 4,
    prepare: async () => ({
      legs: [{ from: { user: viewer }, to: { system: 'escrow' }, currency: 'coin', amount: 9 }],
      result: {},
    }),
  });
  const unclaimed = await check(false, 12);
  expect(unclaimed.report.problems).toEqual([
    `operation ${stray.operationId} (proven-stray-escrow, test_stray) moved 9 coin into escrow shard 4, and no holding claims it`,
    'escrow shard 4 (coin) holds 9, its open items explain 0',
  ]);
  expect(unclaimed.recorded).toBe(false);
  // Put back through the ledger, so the later checks add up again.
  await runOperation(testDb.db, {
    key: 'proven-stray-back',
    kind: 'test_stray',
    userId: viewer,
    payload: {},
    now: NOW,
    shard: 4,
    prepare: async () => ({
      legs: [{ from: { system: 'escrow', shard: 4 }, to: { user: viewer }, currency: 'coin', amount: 9 }],
      result: {},
    }),
  });
});

it('leaves a transfer rewritten below the point to the full check, which catches it', async () => {
  await testDb.db.execute(sql`delete from ledger_proven_points`);
  expect((await check(false, 20)).report.problems).toEqual([
    expect.stringMatching(/^operation \d+ \(proven-stray-escrow/),
    expect.stringMatching(/^operation \d+ \(proven-stray-back/),
  ]);
  // (the stray pair nets to zero but neither is claimed: a full check names both; settle them by id)
  await testDb.db.execute(
    sql`delete from wallet_transfers where operation_id in (select id from wallet_operations where kind = 'test_stray')`,
  );
  await testDb.db.execute(sql`delete from wallet_operations where kind = 'test_stray'`);
  expect((await check(true, 21)).report.problems).toEqual([]);
  await pay('proven-late', 3);
  const old = (await testDb.db.execute<{ id: string }>(sql`select min(id) as id from wallet_transfers`))
    .rows[0]!.id;
  await testDb.db.execute(sql`update wallet_transfers set amount = amount + 1 where id = ${old}`);
  const incremental = await check(false, 22);
  expect(incremental.report.ok).toBe(true);
  const full = await check(true, 23);
  expect(full.report.ok).toBe(false);
  expect(full.report.problems).toContainEqual(expect.stringMatching(/balance \d+ but transfers sum to \d+$/));
});
