// The settle race (issue #40 item 1): an anchor settles a guess that is still open while viewers' stakes
// arrive at the same moment, some of them from a node whose clock runs a few milliseconds ahead of the
// settling one. Whatever the interleaving, every stake ends refunded or counted, every stake marked won
// is paid by the release, and no coin stays in escrow once the guesses are paid.

import { eq, sql } from 'drizzle-orm';
import { ensureRoom } from '@/lib/live/service';
import { HOLDINGS } from '@/lib/server/holdings';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf } from '@/lib/wallet/ledger';
import { guessStakes } from './schema';
import { GUESS_DISPUTE_WINDOW_MS, openGuess, releaseGuess, settleByManager, stakeGuess } from './service';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

const T0 = new Date('2026-11-30T12:00:00Z');
const at = (ms: number) => new Date(T0.getTime() + ms);
const TRIES = 200;
const VIEWERS = 3;
const FUNDS = 100_000;

async function escrowCoins() {
  const rows = await testDb.db.execute<{ total: string }>(
    sql`select coalesce(sum(balance), 0) as total from wallet_accounts where kind = 'escrow' and currency = 'coin'`,
  );
  return Number(rows.rows[0]!.total);
}

async function tryOnce(
  anchorId: number,
  roomId: number,
  viewers: number[],
  n: number,
  skew: (i: number) => number,
) {
  const start = at(n * 60_000);
  const { id } = await openGuess(testDb.db, {
    userId: anchorId,
    roomId,
    question: `Race ${n}`,
    outcomes: ['Red', 'Blue'],
    windowSeconds: 300,
    now: start,
  });
  const outcomes = await testDb.db.execute<{ id: number }>(
    sql`select id from guess_outcomes where guess_id = ${id} order by position`,
  );
  const [red, blue] = outcomes.rows.map((row) => row.id);
  const settleAt = at(n * 60_000 + 1_000);
  // Each viewer's stake races the settlement; its clock is `skew` ms off the settling node's.
  const stakes = viewers.map((userId, i) =>
    stakeGuess(testDb.db, {
      userId,
      guessId: id,
      outcomeId: i % 2 ? blue! : red!,
      amount: 10 + i,
      key: `race-${n}-${i}`,
      now: new Date(settleAt.getTime() + skew(i)),
    }).catch((error: { code?: string }) => error.code),
  );
  const settled = settleByManager(testDb.db, {
    userId: anchorId,
    guessId: id,
    outcomeId: red!,
    now: settleAt,
  });
  await Promise.all([...stakes, settled]);
  await releaseGuess(testDb.db, { guessId: id, now: new Date(settleAt.getTime() + GUESS_DISPUTE_WINDOW_MS) });
  return id;
}

it(`settles ${TRIES} open guesses under racing stakes with nothing stranded`, async () => {
  const anchor = await makeUser(testDb.db, { isAnchor: true });
  const { id: roomId } = await ensureRoom(testDb.db, anchor.id);
  const viewers: number[] = [];
  for (let i = 0; i < VIEWERS; i++) {
    const viewer = await makeUser(testDb.db);
    await fundUser(testDb.db, viewer.id, 'coin', FUNDS);
    viewers.push(viewer.id);
  }
  // Clocks 1–16 ms ahead (the race seen over HTTP), level, and behind.
  const skews = [(i: number) => 1 + ((i * 5) % 16), () => 0, (i: number) => -1 - i];
  const guessIds: number[] = [];
  for (let n = 0; n < TRIES; n++) guessIds.push(await tryOnce(anchor.id, roomId, viewers, n, skews[n % 3]!));

  // Every stake is settled or void; each viewer's coins are exactly what their stakes say they got.
  const stakes = await testDb.db.select().from(guessStakes);
  expect(stakes.filter((stake) => stake.status === 'held')).toEqual([]);
  // No stake placed after its guess's lock instant was settled (the release would not pay it).
  const stranded = await testDb.db.execute<{ n: string }>(sql`
    select count(*) as n from guess_stakes s join guesses g on g.id = s.guess_id
    where s.placed_at > g.locked_at and s.status <> 'void'`);
  expect(Number(stranded.rows[0]!.n)).toBe(0);
  for (const userId of viewers) {
    const mine = stakes.filter((stake) => stake.userId === userId);
    const expected = FUNDS - mine.reduce((sum, stake) => sum + stake.amount - (stake.payout ?? 0), 0);
    expect((await balancesOf(testDb.db, userId)).coin).toBe(expected);
  }
  // Late stakes were refunded at the settlement's lock, on time ones counted: both happened.
  const late = await testDb.db.execute<{ n: string }>(sql`
    select count(*) as n from guess_stakes s join guesses g on g.id = s.guess_id where s.placed_at > g.locked_at`);
  expect(Number(late.rows[0]!.n)).toBeGreaterThan(0);
  const paid = stakes.filter((stake) => stake.status === 'won');
  expect(paid.length).toBeGreaterThan(0);
  expect(await escrowCoins()).toBe(0);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  expect(guessIds).toHaveLength(TRIES);
}, 120_000);

it('voids and refunds a stake placed after the lock instant that committed before the settlement', async () => {
  const anchor = await makeUser(testDb.db, { isAnchor: true });
  const { id: roomId } = await ensureRoom(testDb.db, anchor.id);
  const viewer = await makeUser(testDb.db);
  await fundUser(testDb.db, viewer.id, 'coin', 100);
  const start = at(-3_600_000);
  const { id } = await openGuess(testDb.db, {
    userId: anchor.id,
    roomId,
    question: 'Late stake',
    outcomes: ['Red', 'Blue'],
    windowSeconds: 300,
    now: start,
  });
  const [red] = (
    await testDb.db.execute<{ id: number }>(
      sql`select id from guess_outcomes where guess_id = ${id} order by position`,
    )
  ).rows.map((row) => row.id);
  const settleAt = new Date(start.getTime() + 60_000);
  // The stake's node runs 5 ms ahead: it commits first, stamped after the instant the settlement locks at.
  await stakeGuess(testDb.db, {
    userId: viewer.id,
    guessId: id,
    outcomeId: red!,
    amount: 40,
    key: 'late-stake-1',
    now: new Date(settleAt.getTime() + 5),
  });
  await settleByManager(testDb.db, { userId: anchor.id, guessId: id, outcomeId: red!, now: settleAt });
  const [stake] = await testDb.db.select().from(guessStakes).where(eq(guessStakes.guessId, id));
  expect(stake).toMatchObject({ status: 'void', payout: 40 });
  expect((await balancesOf(testDb.db, viewer.id)).coin).toBe(100);
  const released = await releaseGuess(testDb.db, {
    guessId: id,
    now: new Date(settleAt.getTime() + GUESS_DISPUTE_WINDOW_MS),
  });
  expect(released.paid).toBe(0);
  expect((await balancesOf(testDb.db, viewer.id)).coin).toBe(100);
});
