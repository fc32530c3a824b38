// The `ledger-check` job on a real queue: before the first tick nothing is known (no pg-boss schema yet);
// a tick runs the whole check with every holding, and any node reads its summary back — here an escrow
// move no holding claims, named — for readiness, /metrics and the console's dashboard.
import { sql } from 'drizzle-orm';
import { HOLDINGS } from '@/lib/server/holdings';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeUser } from '@/lib/testing/factories';
import { runOperation } from '@/lib/wallet/ledger';
import { fullCheckDue, lastLedgerCheck, ledgerCheckJob, ledgerStatusOf } from './ledger-check';
import { startJobQueue } from './queue';

jest.setTimeout(60_000);

const NOW = new Date('2026-03-01T12:00:00.000Z');
let testDb: TestDb;

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

async function until<T>(read: () => Promise<T | null>, ms = 30_000) {
  for (let waited = 0; ; waited += 100) {
    const value = await read();
    if (value !== null) return value;
    if (waited > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

it('runs the check with every holding as a tick whose summary any node reads back', async () => {
  expect(await lastLedgerCheck(testDb.db)).toBeNull();
  expect(await ledgerStatusOf(testDb.db)).toBeNull();
  const user = await makeUser(testDb.db);
  await fundUser(testDb.db, user.id, 'coin', 50);
  const stray = await runOperation(testDb.db, {
    key: 'job-stray-escrow',
    kind: 'test_stray',
    userId: user.id,
    payload: {},
    now: NOW,
    shard: 2,
    prepare: async () => ({
      legs: [{ from: { user: user.id }, to: { system: 'escrow' }, currency: 'coin', amount: 9 }],
      result: {},
    }),
  });
  const node = await startJobQueue(testDb.db, {
    jobs: [ledgerCheckJob(HOLDINGS)],
    clock: () => NOW,
    pollingIntervalSeconds: 0.5,
  });
  try {
    const summary = await until(() => lastLedgerCheck(testDb.db));
    expect(summary).toMatchObject({
      checkedAt: NOW,
      ok: false,
      full: true,
      problemCount: 2,
      problems: [
        `operation ${stray.operationId} (job-stray-escrow, test_stray) moved 9 coin into escrow shard 2, and no holding claims it`,
        'escrow shard 2 (coin) holds 9, its open items explain 0',
      ],
    });
    expect(summary.holdings.map((holding) => holding.kind)).toEqual(HOLDINGS.map((holding) => holding.kind));
    expect(await ledgerStatusOf(testDb.db)).toEqual({ problems: 2, checkedAt: NOW });
  } finally {
    await node.stop();
  }
});

it('reads every transfer when there is no proven point or the latest full check is a day old', async () => {
  await testDb.db.execute(sql`delete from ledger_proven_points`);
  expect(await fullCheckDue(testDb.db, NOW)).toBe(true);
  const point = (fullAt: Date) => sql`
    insert into ledger_proven_points
      (full_check, full_at, proven_at, transfer_id, operation_id, holes, transfers, operations, currencies)
    values (false, ${fullAt.toISOString()}, ${NOW.toISOString()}, 0, 0, '{"transfers":[],"operations":[]}', 0, 0, '{}')`;
  await testDb.db.execute(point(new Date(NOW.getTime() - 23 * 3600_000)));
  expect(await fullCheckDue(testDb.db, NOW)).toBe(false);
  await testDb.db.execute(sql`delete from ledger_proven_points`);
  await testDb.db.execute(point(new Date(NOW.getTime() - 24 * 3600_000)));
  expect(await fullCheckDue(testDb.db, NOW)).toBe(true);
});
