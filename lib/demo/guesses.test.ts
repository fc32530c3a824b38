// Fun-guesses in the demo rooms (issue 43): on the demo's beat each football, basketball and e-sports demo
// room, bound to a simulated match ahead, gets one guess on it (none twice); real
// viewers stake; the guess locks at kick-off and the upkeep job settles it from the final score, with
// every coin accounted for (the stakers' coins add up to what they had, and the ledger check is clean).
import { asc, eq, inArray } from 'drizzle-orm';
import { guesses, guessOutcomes } from '@/lib/guess/schema';
import { GUESS_WINDOW_MAX_SECONDS, stakeGuess } from '@/lib/guess/service';
import { guessUpkeep } from '@/lib/guess/upkeep';
import { createFeedsTicker } from '@/lib/jobs/feeds';
import { liveRooms } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { matches } from '@/lib/scores/schema';
import { seedDemoAccounts } from '@/lib/seed';
import { demoAnchorIds, seedDemoAnchors } from '@/lib/seed/anchors';
import { HOLDINGS } from '@/lib/server/holdings';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeUser } from '@/lib/testing/factories';
import { withTemporaryStorage } from '@/lib/testing/storage';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf } from '@/lib/wallet/ledger';
import { DEMO_GUESS_QUESTION } from './guesses';
import { demoBeat } from './streams';

withTemporaryStorage();
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

const minutes = (count: number) => new Date(NOON.getTime() + count * 60_000);

it('opens, locks and settles a guess with each demo room match, money conserved', async () => {
  const db = testDb.db;
  const tick = createFeedsTicker({ speed: 1, publish: () => {}, footballLeague: true });
  await tick(db, NOON);
  await seedDemoAccounts(db);
  await seedDemoAnchors(db, NOON);
  // The first three demo anchors: football, basketball, e-sports (DEMO_STREAMS=3).
  const anchors = (await demoAnchorIds(db)).slice(0, 3);
  const sports = ['football', 'basketball', 'esports'] as const;
  const rooms = await Promise.all(
    anchors.map(async (anchorId, index) => ({
      roomId: (await ensureRoom(db, anchorId)).id,
      anchorId,
      sport: sports[index]!,
    })),
  );
  await demoBeat(db, rooms, NOON);
  await demoBeat(db, rooms, minutes(1));
  const opened = await db
    .select({ guess: guesses, roomMatch: liveRooms.matchId })
    .from(guesses)
    .innerJoin(liveRooms, eq(liveRooms.id, guesses.roomId))
    .orderBy(asc(guesses.id));
  expect(opened.map((row) => row.guess.roomId)).toEqual(rooms.map((room) => room.roomId));
  for (const { guess, roomMatch } of opened) {
    expect(guess).toMatchObject({ status: 'open', question: DEMO_GUESS_QUESTION });
    expect(guess.matchId).toBe(roomMatch);
  }
  const bound = await db
    .select()
    .from(matches)
    .where(
      inArray(
        matches.id,
        opened.map((row) => row.guess.matchId!),
      ),
    );
  // Simulated games: ahead, or (e-sports, whose room binds to a series under way) in play.
  expect(bound.every((match) => match.source === 'simulated')).toBe(true);
  expect(bound.filter((match) => match.kickoffAt <= NOON).every((match) => match.status === 'live')).toBe(
    true,
  );

  // Two real viewers stake on opposite outcomes of each guess.
  const viewers = [await makeUser(db), await makeUser(db)];
  for (const viewer of viewers) await fundUser(db, viewer.id, 'coin', 1_000, NOON);
  for (const { guess } of opened) {
    const outcomes = await db
      .select({ id: guessOutcomes.id })
      .from(guessOutcomes)
      .where(eq(guessOutcomes.guessId, guess.id))
      .orderBy(asc(guessOutcomes.position));
    for (const [index, viewer] of viewers.entries())
      await stakeGuess(db, {
        userId: viewer.id,
        guessId: guess.id,
        outcomeId: outcomes[index === 0 ? 0 : outcomes.length - 1]!.id,
        amount: 100 + index * 50,
        key: `demo-${guess.id}`,
        now: minutes(2),
      });
  }
  const coins = async () => {
    let total = 0;
    for (const viewer of viewers) total += (await balancesOf(db, viewer.id)).coin ?? 0;
    return total;
  };
  expect(await coins()).toBe(2_000 - 3 * 250);

  // Kick-off (or, in play, a map won or the window's end) locks them; the final whistle settles them (the
  // feeds catch each match up to `now`).
  const kickoff = Math.max(...bound.map((match) => match.kickoffAt.getTime()), NOON.getTime());
  const afterKickoff = new Date(kickoff + GUESS_WINDOW_MAX_SECONDS * 1000 + 60_000);
  await tick(db, afterKickoff);
  await guessUpkeep(db, afterKickoff);
  expect(await db.select().from(guesses).where(eq(guesses.status, 'open'))).toEqual([]);
  const afterWhistle = new Date(kickoff + 4 * 3600_000);
  await tick(db, afterWhistle);
  await guessUpkeep(db, afterWhistle);
  // Settled from the score (a tied e-sports series voids its stakes, which go back).
  const left = await db
    .select()
    .from(guesses)
    .where(inArray(guesses.status, ['open', 'locked']));
  expect(left).toEqual([]);
  const settled = await db.select().from(guesses).where(eq(guesses.status, 'settled'));
  expect(settled.length).toBeGreaterThanOrEqual(2);
  expect(await coins()).toBe(2_000);
  expect((await checkLedger(db, HOLDINGS)).problems).toEqual([]);
}, 120_000);
