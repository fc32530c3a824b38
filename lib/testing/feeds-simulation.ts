// Seven simulated days of the live feeds (issue 17), shared by lib/jobs/feeds-simulation-*.test.ts (one
// file per clock speed, so jest runs them side by side): the real schedule, replay, simulator, ingest
// and watchdog code, an injected clock, steps of seeded random length that also land exactly on final
// whistles, and portal restarts at seeded instants (a new ticker that knows nothing, after the portal
// was down for the step). After every step the database and the screens' services must tell the truth:
// nothing live longer than it can last, every game over with its real result (penalties included),
// states that only move forward, boards and home blocks that agree with the states.
import path from 'node:path';
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import { seededRandom } from '@/lib/feeds/clock';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';
import { REPLAY_SOURCE, type RecordedMatch, replayLength } from '@/lib/feeds/replay/replay';
import {
  SIMULATED_SOURCE,
  simulatedAt,
  simulatedKey,
  simulatedLength,
} from '@/lib/feeds/simulator/simulator';
import { createFeedsTicker, loadRecordedMatches, watchSilentMatches } from '@/lib/jobs/feeds';
import { homeMatchBoard, hotMatches } from '@/lib/scores/database-service';
import { scoreBoard } from '@/lib/scores/live-service';
import { MATCH_STATE_ORDER } from '@/lib/scores/match-states';
import { type MatchStatus, matches } from '@/lib/scores/schema';
import { dayIn } from '@/lib/time/zone';
import type { TestDb } from './db';

const DAY_MS = 86_400_000;
const MINUTE_MS = 60_000;
/** The feeds' look-ahead (replaySchedule / simulatedSchedule): what starts within it is announced. */
const LOOKAHEAD_MS = 120 * MINUTE_MS;
const FEED_SOURCES = [REPLAY_SOURCE, SIMULATED_SOURCE];

/** A game's state as the checks read it (times in epoch milliseconds). */
type State = {
  id: number;
  source: string;
  externalId: string;
  status: MatchStatus;
  period: string;
  minute: number | null;
  statusNote: string | null;
  kickoff: number;
  expectedEnd: number | null;
  /** Written by the step just taken (`updated_at` at or after its instant). */
  updatedNow: boolean;
  replayOfMatchId: number | null;
  homeScore: number | null;
  awayScore: number | null;
  homeFullTime: number | null;
  awayFullTime: number | null;
  homeExtraTime: number | null;
  awayExtraTime: number | null;
  homePenalties: number | null;
  awayPenalties: number | null;
};

const ms = (column: SQLWrapper) => sql`(extract(epoch from ${column}) * 1000)::float8`;

/**
 * Every game a step's checks look at, in one query: the feeds' games written at `now`, live,
 * abnormal, due to start by the look-ahead, finished with an end still ahead, or replays of the day;
 * and any game due to start within the look-ahead.
 */
async function readStates(testDb: TestDb, now: number, dayStart: number): Promise<State[]> {
  const at = (instant: number) => sql`${new Date(instant).toISOString()}::timestamptz`;
  const ahead = at(now + LOOKAHEAD_MS);
  const result = await testDb.db.execute<State>(sql`
    select id, source, external_id as "externalId", status, period, minute, status_note as "statusNote",
      ${ms(matches.kickoffAt)} as kickoff, ${ms(matches.expectedEndAt)} as "expectedEnd",
      updated_at >= ${at(now)} as "updatedNow", replay_of_match_id as "replayOfMatchId",
      home_score as "homeScore", away_score as "awayScore", home_full_time as "homeFullTime",
      away_full_time as "awayFullTime", home_extra_time as "homeExtraTime", away_extra_time as "awayExtraTime",
      home_penalties as "homePenalties", away_penalties as "awayPenalties"
    from ${matches}
    where (source = any(${sql.param(FEED_SOURCES)}::text[]) and (
        updated_at >= ${at(now)} or status in ('live', 'abnormal')
        or (status = 'not_started' and kickoff_at <= ${ahead})
        or (status = 'finished' and expected_end_at > ${at(now)})
        or (source = ${REPLAY_SOURCE} and kickoff_at >= ${at(dayStart)} and kickoff_at < ${at(dayStart + DAY_MS)})))
      or (status = 'not_started' and kickoff_at >= ${at(now)} and kickoff_at <= ${ahead})`);
  // Kick-offs and ends are whole milliseconds; the float's last digit may not be.
  return result.rows.map((row) => ({
    ...row,
    kickoff: Math.round(row.kickoff),
    expectedEnd: row.expectedEnd === null ? null : Math.round(row.expectedEnd),
  }));
}

/** A database holding the 2022 World Cup, the records the replays play. */
export async function prepareFeedsSimulation(testDb: TestDb) {
  await importOpenfootball(
    testDb.db,
    path.join(defaultOpenfootballDir(), 'worldcup-2022'),
    new Date('2026-12-01T00:00:00Z'),
  );
}

export type SimulationSummary = {
  steps: number;
  restarts: number;
  edges: number;
  stepsWithLive: number;
  shootOuts: number;
  midnights: number;
  finished: number;
};

/** Runs seven days at `speed` from `start` in about `steps` steps, checking everything after each. */
export async function runFeedsSimulation(
  testDb: TestDb,
  { speed, start, steps }: { speed: number; start: string; steps: number },
): Promise<SimulationSummary> {
  const recordOf = new Map<number, RecordedMatch>();
  const recorded = await loadRecordedMatches(testDb.db);
  const originals = await testDb.db
    .select({ id: matches.id, externalId: matches.externalId })
    .from(matches)
    .where(eq(matches.source, 'openfootball'));
  const byKey = new Map(recorded.map((match) => [match.externalId, match]));
  for (const row of originals) {
    const record = byKey.get(row.externalId);
    if (record) recordOf.set(row.id, record);
  }
  const lengths = new Map<number, number>();

  /** Milliseconds a stored game lasts at this speed, from its own record. */
  function lengthMs(row: State) {
    const known = lengths.get(row.id);
    if (known !== undefined) return known;
    const length = computeLength(row);
    lengths.set(row.id, length);
    return length;
  }
  function computeLength(row: State) {
    if (row.source === REPLAY_SOURCE)
      return (replayLength(recordOf.get(row.replayOfMatchId!)!) / speed) * MINUTE_MS;
    const key = simulatedKey(row.externalId)!;
    return (simulatedLength(key.sport, row.externalId) / speed) * MINUTE_MS;
  }

  /** The result a game ends with: the record's for a replay, the drawn game's for a simulation. */
  function finalOf(row: State) {
    if (row.source === REPLAY_SOURCE) {
      const record = recordOf.get(row.replayOfMatchId!)!;
      return {
        homeScore: (record.extraTime ?? record.fullTime)[0],
        awayScore: (record.extraTime ?? record.fullTime)[1],
        homeFullTime: record.fullTime[0],
        awayFullTime: record.fullTime[1],
        homeExtraTime: record.extraTime?.[0] ?? null,
        awayExtraTime: record.extraTime?.[1] ?? null,
        homePenalties: record.penalties?.[0] ?? null,
        awayPenalties: record.penalties?.[1] ?? null,
      };
    }
    const key = simulatedKey(row.externalId)!;
    const end = simulatedAt(key.sport, key.home, key.away, new Date(row.kickoff), new Date(8.64e15), speed);
    return { homeScore: end.score!.fullTime[0], awayScore: end.score!.fullTime[1] };
  }

  const random = seededRandom(`feeds-simulation:${speed}`);
  const from = Date.parse(start);
  const until = from + 7 * DAY_MS;
  const pushed: unknown[] = [];
  const publish = (_target: unknown, message: unknown) => pushed.push(message);
  let tick = createFeedsTicker({ speed, publish });
  let now = from;
  const ranks = new Map<number, number>();
  const verified = new Set<number>();

  const summary = { steps: 0 };
  let restarts = 0;
  let edges = 0;
  let sawLive = 0;
  let sawPenalties = 0;
  let midnights = 0;

  for (let step = 0; now < until; step += 1) {
    const stepNow = new Date(now);
    const result = await tick(testDb.db, stepNow);
    expect(result).not.toBeNull();
    await watchSilentMatches(testDb.db, stepNow, publish);

    // The step's reads: the states of every game the checks look at in ONE query (compared here in
    // memory), and the screens' services, all at once.
    const today = dayIn(stepNow, 'UTC');
    const dayStart = Date.parse(`${today}T00:00:00Z`);
    const tab = (['results', 'schedule'] as const)[step % 2]!;
    const [states, boards, board, home, hot] = await Promise.all([
      readStates(testDb, now, dayStart),
      Promise.all(
        (['football', 'basketball', 'esports'] as const).map(
          async (sport) =>
            [
              sport,
              await scoreBoard(testDb.db, { sport, tab: 'live', timeZone: 'UTC' }, 'en', stepNow),
            ] as const,
        ),
      ),
      scoreBoard(testDb.db, { sport: 'football', tab, day: today, timeZone: 'UTC' }, 'en', stepNow),
      homeMatchBoard(testDb.db, 'en', stepNow, 8),
      hotMatches(testDb.db, 'en', stepNow, 6),
    ]);
    const feed = states.filter((row) => FEED_SOURCES.includes(row.source));
    // Nothing anywhere in a state its clock contradicts (a game left open, a whistle missed)...
    const wrong = feed
      .filter(
        (row) =>
          (row.status === 'not_started' && row.kickoff <= now) ||
          (row.status === 'live' &&
            ((row.expectedEnd !== null && row.expectedEnd <= now) || row.kickoff > now)) ||
          (row.status === 'finished' && row.expectedEnd !== null && row.expectedEnd > now) ||
          row.status === 'abnormal',
      )
      .slice(0, 5);
    if (wrong.length)
      throw new Error(
        `at ${stepNow.toISOString()}: ${wrong.map((row) => `${row.externalId} ${row.status}`)}`,
      );
    // ... and every game the step wrote exactly right.
    const rows = feed.filter((row) => row.updatedNow);
    const live = feed.filter((row) => row.status === 'live');
    const ofToday = states.filter(
      (row) => row.source === REPLAY_SOURCE && row.kickoff >= dayStart && row.kickoff < dayStart + DAY_MS,
    );
    const soon = states.find(
      (row) => row.status === 'not_started' && row.kickoff >= now && row.kickoff <= now + LOOKAHEAD_MS,
    );
    sawLive += live.length ? 1 : 0;
    for (const row of rows) {
      const kickoff = row.kickoff;
      const end = kickoff + lengthMs(row);
      // The feed announces its real length, and the state follows the clock exactly (plain comparisons:
      // an expect() per row of every step costs seconds).
      if (row.expectedEnd === null || Math.abs(row.expectedEnd - end) > 1)
        throw new Error(`${row.externalId} announces its end at ${row.expectedEnd}, its length gives ${end}`);
      const truth = now < kickoff ? 'not_started' : now < row.expectedEnd ? 'live' : 'finished';
      if (row.status !== truth)
        throw new Error(`${row.externalId} is ${row.status} at ${stepNow.toISOString()}, should be ${truth}`);
      // Forward only.
      const rank = MATCH_STATE_ORDER.indexOf(row.status);
      if (rank < (ranks.get(row.id) ?? 0))
        throw new Error(`${row.externalId} went back to ${row.status} at ${stepNow.toISOString()}`);
      ranks.set(row.id, rank);
      if (row.status === 'finished' && !verified.has(row.id)) {
        expect(row).toMatchObject({ ...finalOf(row), period: 'finished', minute: null, statusNote: null });
        if (row.homePenalties !== null) sawPenalties += 1;
        verified.add(row.id);
      }
    }

    // The scores boards list exactly the matches in each state.
    for (const [sport, board] of boards) {
      const expected = live.filter(
        (row) => (row.source === REPLAY_SOURCE ? 'football' : simulatedKey(row.externalId)!.sport) === sport,
      );
      expect(board.rows.map((row) => row.id).sort()).toEqual(expected.map((row) => row.id).sort());
      expect(board.liveCount).toBe(expected.length);
    }
    const wanted = ofToday.filter((row) =>
      tab === 'results'
        ? row.status === 'finished' || row.status === 'abnormal'
        : row.status === 'not_started',
    );
    expect(board.rows.map((row) => row.id).sort()).toEqual(wanted.map((row) => row.id).sort());

    // The home page: its blocks hold what their titles say; the hot block is never empty while
    // something is under way or starts within the look-ahead.
    expect(home.live.every((match) => match.status === 'live')).toBe(true);
    expect(home.live.length).toBe(Math.min(8, live.length));
    expect(home.upcoming.every((match) => match.status === 'not_started' && +match.kickoffAt >= now)).toBe(
      true,
    );
    expect(home.finishedToday.every((match) => match.status === 'finished')).toBe(true);
    expect(hot.every((match) => match.status === 'live' || match.status === 'not_started')).toBe(true);
    if (live.length || soon) expect(hot.length).toBeGreaterThan(0);
    if (live.length) expect(hot[0]!.status).toBe('live');

    summary.steps = step + 1;
    // Next instant: often exactly a final whistle (the programme's old edge) or the tick after it,
    // otherwise a seeded random step; now and then the portal restarts, having been down meanwhile.
    const mean = (7 * DAY_MS) / steps;
    const whistles = live.map((row) => row.expectedEnd!).sort((a, b) => a - b);
    const roll = random();
    let next: number;
    if (whistles.length && roll < 0.3) {
      next = whistles[0]! + (roll < 0.15 ? 0 : 5000);
      edges += 1;
    } else next = now + Math.max(1000, -Math.log(1 - random()) * mean);
    // About six restarts a run, whatever its number of steps.
    if (random() < 6 / steps) {
      tick = createFeedsTicker({ speed, publish });
      restarts += 1;
    }
    if (Math.floor(next / DAY_MS) > Math.floor(now / DAY_MS)) midnights += 1;
    now = next;
  }

  return {
    ...summary,
    restarts,
    edges,
    stepsWithLive: sawLive,
    shootOuts: sawPenalties,
    midnights,
    finished: verified.size,
  };
}
