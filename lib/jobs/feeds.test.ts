// The feeds job on a database holding the 2022 World Cup: replays are stored beside their originals,
// goals are pushed as they happen, and tables never count a replay.

import path from 'node:path';
import { and, eq, isNotNull } from 'drizzle-orm';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';
import { type ServerMessage, serverMessageSchema } from '@/lib/realtime/events';
import { matchEvents, matches, teams } from '@/lib/scores/schema';
import { seasonStandings } from '@/lib/scores/service';
import { IMPORTED_AT } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { createFeedsTicker, loadRecordedMatches, watchSilentMatches } from './feeds';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await importOpenfootball(testDb.db, path.join(defaultOpenfootballDir(), 'worldcup-2022'), IMPORTED_AT);
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

it('finishes a replay a stopped process left live with its recorded result, penalties included', async () => {
  const tick = createFeedsTicker({ speed: 10, publish: () => {} });
  const start = new Date('2026-11-22T15:00:00Z');
  await tick(testDb.db, start);
  // Netherlands–Argentina kicked off two days ago under a key today's programme no longer holds, and
  // the process that played it stopped at 120' of extra time.
  const [original] = await testDb.db
    .select()
    .from(matches)
    .where(eq(matches.externalId, 'worldcup/2022/Quarter-finals/Netherlands/Argentina'));
  const [replay] = await testDb.db.select().from(matches).where(eq(matches.source, 'replay')).limit(1);
  const [stuck] = await testDb.db
    .update(matches)
    .set({
      status: 'live',
      period: 'penalties',
      minute: 120,
      homeScore: 2,
      awayScore: 2,
      homePenalties: null,
      awayPenalties: null,
      externalId: 'earlier-slot',
      replayOfMatchId: original!.id,
      kickoffAt: new Date('2026-11-20T06:00:00Z'),
      expectedEndAt: new Date('2026-11-20T06:16:30Z'),
      updatedAt: new Date('2026-11-20T06:16:00Z'),
    })
    .where(eq(matches.id, replay!.id))
    .returning({ id: matches.id });
  // The portal starts again a minute later.
  const restarted = createFeedsTicker({ speed: 10, publish: () => {} });
  const result = await restarted(testDb.db, new Date(start.getTime() + 60_000));
  expect(result?.caughtUp).toBeGreaterThanOrEqual(1);
  const [after] = await testDb.db.select().from(matches).where(eq(matches.id, stuck!.id));
  expect(after).toMatchObject({
    status: 'finished',
    period: 'finished',
    minute: null,
    homeFullTime: 2,
    awayFullTime: 2,
    homeScore: 2,
    awayScore: 2,
    homePenalties: 3,
    awayPenalties: 4,
    statusNote: null,
  });
  const goals = await testDb.db
    .select()
    .from(matchEvents)
    .where(and(eq(matchEvents.matchId, stuck!.id), eq(matchEvents.generated, false)));
  expect(goals).toHaveLength(4);
  // Nothing left live from an earlier day.
  const live = await testDb.db.select().from(matches).where(eq(matches.status, 'live'));
  expect(live.every((match) => +match.kickoffAt > +new Date('2026-11-21T00:00:00Z'))).toBe(true);
});

it('never takes a finished match back to live, even when a feed reports it so', async () => {
  const at = new Date('2026-11-22T18:00:00Z');
  const tick = createFeedsTicker({ speed: 10, publish: () => {} });
  await tick(testDb.db, at);
  const [finished] = await testDb.db
    .select()
    .from(matches)
    .where(and(eq(matches.source, 'replay'), eq(matches.status, 'finished')))
    .limit(1);
  const pushed: ServerMessage[] = [];
  // A second process whose clock is 20 minutes behind plays the same programme.
  const late = createFeedsTicker({ speed: 10, publish: (_target, message) => pushed.push(message) });
  const result = await late(testDb.db, new Date(at.getTime() - 20 * 60_000));
  expect(result?.held).toBeGreaterThan(0);
  const [after] = await testDb.db.select().from(matches).where(eq(matches.id, finished!.id));
  expect(after).toMatchObject({ status: 'finished', homeScore: finished!.homeScore });
  const updates = pushed.flatMap((message) =>
    'code' in message && message.code === 100 ? (message.data as { match_id: number }[]) : [],
  );
  expect(updates.some((update) => update.match_id === finished!.id)).toBe(false);
});

it('marks a live match whose feed fell silent past its expected end as abnormal, and says so', async () => {
  const now = new Date('2026-11-22T20:00:00Z');
  const [row] = await testDb.db.select().from(matches).where(eq(matches.source, 'simulated')).limit(1);
  const [silent] = await testDb.db
    .update(matches)
    .set({
      status: 'live',
      externalId: 'provider-outage',
      expectedEndAt: new Date(now.getTime() - 60_000),
      updatedAt: new Date(now.getTime() - 30 * 60_000),
    })
    .where(eq(matches.id, row!.id))
    .returning({ id: matches.id });
  // Still within its expected time, another live match is left alone however quiet its feed.
  const [other] = await testDb.db
    .select()
    .from(matches)
    .where(and(eq(matches.source, 'replay'), eq(matches.status, 'finished')))
    .limit(1);
  await testDb.db
    .update(matches)
    .set({ status: 'live', expectedEndAt: new Date(now.getTime() + 60 * 60_000), updatedAt: new Date(0) })
    .where(eq(matches.id, other!.id));
  const pushed: ServerMessage[] = [];
  const marked = await watchSilentMatches(testDb.db, now, (_target, message) => pushed.push(message));
  expect(marked).toBeGreaterThanOrEqual(1);
  const [after] = await testDb.db.select().from(matches).where(eq(matches.id, silent!.id));
  expect(after).toMatchObject({ status: 'abnormal', statusNote: 'feed_silent', minute: null });
  const [untouched] = await testDb.db.select().from(matches).where(eq(matches.id, other!.id));
  expect(untouched!.status).toBe('live');
  const updates = pushed.flatMap((message) =>
    'code' in message && message.code === 100 ? (message.data as { match_id: number; status: string }[]) : [],
  );
  expect(updates).toContainEqual(expect.objectContaining({ match_id: silent!.id, status: 'abnormal' }));
  expect(updates.some((update) => update.match_id === other!.id)).toBe(false);
});
