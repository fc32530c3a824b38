// The feeds job on a database holding the 2022 World Cup: replays are stored beside their originals,
// goals are pushed as they happen, and tables never count a replay.
import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';
import { type ServerMessage, serverMessageSchema } from '@/lib/realtime/events';
import { matchEvents, matches, teams } from '@/lib/scores/schema';
import { seasonStandings } from '@/lib/scores/service';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { createFeedsTicker, loadRecordedMatches } from './feeds';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await importOpenfootball(testDb.db, path.join(defaultOpenfootballDir(), 'worldcup-2022'));
}, 60_000);
afterAll(() => testDb.close());

it('finds the recorded matches that can be replayed', async () => {
  const recorded = await loadRecordedMatches(testDb.db);
  expect(recorded).toHaveLength(64);
  const final = recorded.find((match) => match.round === 'Final')!;
  expect(final).toMatchObject({
    fullTime: [2, 2],
    extraTime: [3, 3],
    penalties: [4, 2],
    playedOn: '2022-12-18',
  });
});

it('plays replays and simulations, pushes changes and goals, and leaves the records alone', async () => {
  const pushed: ServerMessage[] = [];
  const tick = createFeedsTicker({ speed: 10, publish: (_target, message) => pushed.push(message) });
  const before = await seasonStandings(testDb.db, { competitionCode: 'worldcup', seasonKey: '2022' }, 'en');
  const start = new Date('2026-11-22T15:00:00Z');
  for (let minute = 0; minute <= 30; minute += 1) {
    await tick(testDb.db, new Date(start.getTime() + minute * 60_000));
  }

  const replays = await testDb.db.select().from(matches).where(isNotNull(matches.replayOfMatchId));
  expect(replays.length).toBeGreaterThan(0);
  for (const replay of replays) {
    const [original] = await testDb.db.select().from(matches).where(eq(matches.id, replay.replayOfMatchId!));
    expect(replay.source).toBe('replay');
    expect(replay.replayOfDate).toBe(original!.kickoffAt.toISOString().slice(0, 10));
    expect(original!.kickoffAt.getUTCFullYear()).toBe(2022);
    expect(original!.source).toBe('openfootball');
  }
  const finished = replays.filter((replay) => replay.status === 'finished');
  expect(finished.length).toBeGreaterThan(0);
  for (const replay of finished) {
    const [original] = await testDb.db.select().from(matches).where(eq(matches.id, replay.replayOfMatchId!));
    expect([replay.homeScore, replay.awayScore]).toEqual([original!.homeScore, original!.awayScore]);
    const realGoals = await testDb.db
      .select()
      .from(matchEvents)
      .where(and(eq(matchEvents.matchId, replay.id), eq(matchEvents.generated, false)));
    expect(realGoals.length).toBe((original!.homeScore ?? 0) + (original!.awayScore ?? 0));
  }

  expect(pushed.every((message) => serverMessageSchema.safeParse(message).success)).toBe(true);
  const goals = pushed.filter((message) => message.type === 'goal');
  expect(goals.length).toBeGreaterThan(0);
  expect(goals[0]).toMatchObject({
    data: { source: 'replay', match_str: expect.stringMatching(/^\d+(\+\d+)?'$/) },
  });
  const types = new Set(pushed.filter((message) => 'code' in message).map((message) => message.type));
  expect(types).toEqual(new Set(['football', 'basketball', 'esports']));

  const simulatedTeams = await testDb.db.select().from(teams).where(eq(teams.simulated, true));
  expect(simulatedTeams.length).toBe(14);
  expect(simulatedTeams.every((team) => team.sport !== 'football')).toBe(true);

  const after = await seasonStandings(testDb.db, { competitionCode: 'worldcup', seasonKey: '2022' }, 'en');
  expect(after.groups).toEqual(before.groups);
}, 120_000);

it('marks a replay left live by a stopped process as interrupted once its slot has gone', async () => {
  const tick = createFeedsTicker({ speed: 10, publish: () => {} });
  const start = new Date('2026-11-22T15:00:00Z');
  await tick(testDb.db, start);
  // A replay from two days ago, under a key today's schedule no longer holds.
  const [replay] = await testDb.db.select().from(matches).where(eq(matches.source, 'replay')).limit(1);
  const [stuck] = await testDb.db
    .update(matches)
    .set({ status: 'live', externalId: 'earlier-slot', kickoffAt: new Date('2026-11-20T15:00:00Z') })
    .where(eq(matches.id, replay!.id))
    .returning({ id: matches.id });
  const result = await tick(testDb.db, new Date(start.getTime() + 60_000));
  expect(result?.interrupted).toBeGreaterThanOrEqual(1);
  const [after] = await testDb.db.select().from(matches).where(eq(matches.id, stuck!.id));
  expect(after).toMatchObject({ status: 'abnormal', statusNote: 'interrupted' });
  // Today's replays still play.
  const live = await testDb.db.select().from(matches).where(eq(matches.status, 'live'));
  expect(live.every((match) => +match.kickoffAt > +new Date('2026-11-21T00:00:00Z'))).toBe(true);
});
