// The databases' and home page's routes and reads, on the imported real data plus a feeds tick. The
// football import is done once and kept as a template; every instant of CLOCK_EDGES gets its own copy,
// ticked by the feeds job at that instant, and the API answers at that instant.
import { eq } from 'drizzle-orm';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';
import { createFeedsTicker } from '@/lib/jobs/feeds';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { CLOCK_EDGES, IMPORTED_AT, NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import {
  cachedLatestStandings,
  competitionDirectory,
  currentRound,
  hasGoalData,
  homeMatchBoard,
  hotMatches,
  roundMatches,
  seasonRounds,
  seasonSquads,
  simulatedLeague,
  worldCupEdition,
} from './database-service';
import { matches, teams } from './schema';
import { findSeason, seasonStandings } from './service';
import { zoneOf } from './table-zones';

type Item = {
  match_id: number;
  status: string;
  source: string;
  home_team_name_zh: string;
  replay_of_date: string | null;
  kickoff_time: string;
};

/** The imported football data, kept as the template of every instant's copy. */
let imported: TestDb;

beforeAll(async () => {
  imported = await createTestDb();
  await importOpenfootball(imported.db, defaultOpenfootballDir(), IMPORTED_AT);
  await imported.release();
}, 120_000);
afterAll(() => imported.close());

/** A copy of the imported data, the feeds ticked at `now` (as the running job would have), an API at `now`. */
function atInstant(now: Date) {
  const state = {} as { testDb: TestDb; app: ApiApp };
  beforeAll(async () => {
    state.testDb = await createTestDb({ template: imported.name });
    state.app = createApiApp({ db: () => state.testDb.db, clock: () => now });
    const tick = createFeedsTicker({ speed: 1, publish: () => undefined });
    // The job ticks every few seconds: the tick a minute before and the one at `now`.
    await tick(state.testDb.db, new Date(now.getTime() - 60_000));
    await tick(state.testDb.db, now);
  }, 120_000);
  afterAll(() => state.testDb.close());
  return { state, call: apiCaller(() => state.app) };
}

describe.each(CLOCK_EDGES)('at %s', (_label, now) => {
  const { state, call } = atInstant(now);

  describe('GET api/hot_match/recommend and api/universal/getHot', () => {
    it('lists matches under way or about to start, live ones first', async () => {
      const { status, body } = await call<{ list: Item[] }>('/api/hot_match/recommend?limit=4');
      expect(status).toBe(200);
      expect(body.code).toBe(0);
      expect(body.data.list.length).toBeGreaterThan(0);
      expect(body.data.list.length).toBeLessThanOrEqual(4);
      expect(body.data.list.every((item) => ['live', 'not_started'].includes(item.status))).toBe(true);
      const firstUpcoming = body.data.list.findIndex((item) => item.status === 'not_started');
      if (firstUpcoming >= 0) {
        expect(body.data.list.slice(firstUpcoming).every((item) => item.status === 'not_started')).toBe(true);
      }
      const replay = body.data.list.find((item) => item.source === 'replay');
      if (replay) expect(replay.replay_of_date).toMatch(/^20\d\d-\d\d-\d\d$/);
    });

    it('answers getHot with hot_match, case-insensitively', async () => {
      const { body } = await call<{ hot_match: Item[] }>('/api/Universal/getHot', {
        headers: { lang: 'en' },
      });
      expect(body.code).toBe(0);
      expect(body.data.hot_match.length).toBeGreaterThan(0);
    });

    it('refuses a bad limit', async () => {
      for (const path of ['/api/hot_match/recommend?limit=0', '/api/universal/getHot?limit=abc']) {
        const { status, body } = await call(path, { headers: { lang: 'en' } });
        expect(status).toBe(400);
        expect(body).toMatchObject({ code: 1, data: null });
      }
    });
  });

  describe('GET api/hot_match/initial_list', () => {
    it('gives live, not-started, finished and latest real results', async () => {
      const { body } = await call<Record<'live' | 'not_started' | 'finished' | 'results', Item[]>>(
        '/api/hot_match/initial_list?limit=5',
      );
      expect(body.code).toBe(0);
      expect(body.data.results).toHaveLength(5);
      expect(body.data.results.every((item) => item.source === 'openfootball')).toBe(true);
      expect(body.data.not_started.every((item) => item.status === 'not_started')).toBe(true);
      expect(body.data.live.every((item) => item.status === 'live')).toBe(true);
      const times = body.data.results.map((item) => item.kickoff_time);
      expect([...times].sort().reverse()).toEqual(times);
    });

    it('filters by sport and refuses an unknown one', async () => {
      const { body } = await call<Record<string, (Item & { sport: string })[]>>(
        '/api/hot_match/initial_list?sport=basketball',
      );
      expect(
        Object.values(body.data)
          .flat()
          .every((item) => item.sport === 'basketball'),
      ).toBe(true);
      const bad = await call('/api/hot_match/initial_list?sport=cricket');
      expect(bad.status).toBe(400);
      expect(bad.body.code).toBe(1);
    });
  });

  describe('database reads', () => {
    it('ranks a simulated league from its simulated results only', async () => {
      const league = await simulatedLeague(
        state.testDb.db,
        { competitionCode: 'sim.basketball', seasonKey: String(now.getUTCFullYear()) },
        'en',
      );
      expect(league.table).toHaveLength(8);
      const played = league.table.reduce((total, row) => total + row.played, 0);
      expect(played).toBe(league.finished.length * 2);
      expect(league.finished.every((match) => match.source === 'simulated')).toBe(true);
    });

    it('puts the home board together and groups the directory', async () => {
      const board = await homeMatchBoard(state.testDb.db, 'zh-CN', now);
      expect(board.recentResults.length).toBeGreaterThan(0);
      expect(board.live.every((match) => match.status === 'live')).toBe(true);
      const directory = await competitionDirectory(state.testDb.db, 'football', 'zh-CN');
      expect(directory.map((group) => group.region).slice(0, 3)).toEqual(['world', 'eu', 'gb-eng']);
    });
  });
});

describe('on the imported data (no clock involved)', () => {
  let testDb: TestDb;
  let app: ApiApp;
  const call = apiCaller(() => app);
  beforeAll(async () => {
    testDb = await createTestDb({ template: imported.name });
    app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  });
  afterAll(() => testDb.close());

  describe('GET api/database/competitions and api/database/team', () => {
    it('groups football competitions by region with their seasons', async () => {
      const { body } = await call<{
        list: { region: string; competitions: { code: string; name_zh: string; seasons: string[] }[] }[];
      }>('/api/database/competitions');
      expect(body.code).toBe(0);
      expect(body.data.list[0]!.region).toBe('world');
      const england = body.data.list.find((group) => group.region === 'gb-eng')!;
      expect(england.competitions[0]).toMatchObject({
        code: 'en.1',
        name_zh: '英超',
        seasons: ['2025-26', '2024-25'],
      });
      const basketball = await call<{ list: { competitions: { simulated: boolean }[] }[] }>(
        '/api/database/competitions?sport=basketball',
      );
      expect(basketball.body.data.list.flatMap((group) => group.competitions).every((c) => c.simulated)).toBe(
        true,
      );
      expect((await call('/api/database/competitions?sport=golf')).status).toBe(400);
    });

    it('gives a team with form, results and its World Cup squad', async () => {
      const [argentina] = await testDb.db.select().from(teams).where(eq(teams.sourceName, 'Argentina'));
      const { body } = await call<{
        name_zh: string;
        form: string[];
        recent: Item[];
        squad: { name: string }[];
      }>(`/api/database/team?id=${argentina!.id}&form=10`, { headers: { lang: 'en' } });
      expect(body.code).toBe(0);
      expect(body.data.name_zh).toBe('Argentina');
      expect(body.data.form).toHaveLength(10);
      expect(body.data.recent.length).toBeGreaterThan(0);
      expect(body.data.squad.map((player) => player.name)).toContain('Lionel Messi');
    });

    it('refuses a bad id or window and answers an unknown team with not-found', async () => {
      expect((await call('/api/database/team?id=abc')).status).toBe(400);
      expect((await call('/api/database/team?id=1&form=7')).body.code).toBe(1);
      const missing = await call('/api/database/team?id=999999', { headers: { lang: 'en' } });
      expect(missing.status).toBe(404);
      expect(missing.body.code).toBe(1);
    });
  });

  describe('database reads', () => {
    it('walks a league season round by round', async () => {
      const { season } = await findSeason(testDb.db, { competitionCode: 'en.1', seasonKey: '2024-25' });
      const rounds = await seasonRounds(testDb.db, season.id);
      expect(rounds).toHaveLength(38);
      expect(rounds[0]!.round).toBe('Matchday 1');
      expect(currentRound(rounds)).toBe('Matchday 38');
      const first = await roundMatches(testDb.db, season.id, 'Matchday 1', 'en');
      expect(first).toHaveLength(10);
      expect(first[0]).toMatchObject({
        homeScore: 1,
        awayScore: 0,
        homeTeam: { name: 'Manchester United FC' },
      });
      expect(await hasGoalData(testDb.db, season.id)).toBe(false);
    });

    it('builds the 2022 bracket from the final back to the round of 16', async () => {
      const edition = await worldCupEdition(testDb.db, '2022', 'en');
      expect(edition.bracket.columns.map((column) => column.matches.length)).toEqual([8, 4, 2, 1]);
      const final = edition.bracket.columns.at(-1)!.matches[0]!;
      expect([
        final.homeTeam.name,
        final.homeScore,
        final.awayScore,
        final.homePenalties,
        final.awayPenalties,
      ]).toEqual(['Argentina', 3, 3, 4, 2]);
      // Each semi-final's teams came from the two quarter-finals placed before it.
      const [quarterA, quarterB] = edition.bracket.columns[1]!.matches;
      const semi = edition.bracket.columns[2]!.matches[0]!;
      expect([quarterA, quarterB].map((match) => [match!.homeTeamId, match!.awayTeamId].join())).toEqual(
        expect.arrayContaining([expect.stringContaining(String(semi.homeTeamId))]),
      );
      expect(edition.bracket.thirdPlace?.round).toBe('Match for third place');
      expect(edition.matches).toHaveLength(64);
      expect(edition.matches.find((match) => match.id === final.id)!.goals).toHaveLength(6);
      expect(edition.stadiums).toHaveLength(8);
      expect(edition.advanced.size).toBe(16);
      // The groups file writes `United States`, the matches `USA`: one team, four per group.
      const standings = await seasonStandings(
        testDb.db,
        { competitionCode: 'worldcup', seasonKey: '2022' },
        'en',
      );
      expect(standings.groups.map((group) => group.rows.length)).toEqual([4, 4, 4, 4, 4, 4, 4, 4]);
    });

    it('starts the 2026 bracket at the round of 32 and lists squads', async () => {
      const edition = await worldCupEdition(testDb.db, '2026', 'zh-CN');
      expect(edition.bracket.columns[0]!.matches).toHaveLength(16);
      expect(edition.bracket.columns[0]!.round).toBe('Round of 32');
      const squads = await seasonSquads(testDb.db, edition.season.id, null, 'en');
      expect(squads.teams).toHaveLength(48);
      const standings = await seasonStandings(
        testDb.db,
        { competitionCode: 'worldcup', seasonKey: '2026' },
        'en',
      );
      expect(standings.groups).toHaveLength(12);
      expect(standings.groups.every((group) => group.rows.length === 4)).toBe(true);
      expect(squads.players.length).toBeGreaterThanOrEqual(23);
    });

    it('shows the next matches, however far, when nothing is on or due within the week', async () => {
      // No feeds ticked and the imported fixtures are long over: the week's window is empty.
      const quiet = new Date('2031-01-01T23:59:30.000Z');
      expect(await hotMatches(testDb.db, 'en', quiet)).toEqual([]);
      const { season } = await findSeason(testDb.db, { competitionCode: 'worldcup', seasonKey: '2026' });
      const [home, away] = await testDb.db.select().from(teams).where(eq(teams.sport, 'football')).limit(2);
      const kickoffAt = new Date('2031-02-10T19:00:00.000Z');
      await testDb.db.insert(matches).values({
        seasonId: season.id,
        source: 'test',
        externalId: 'far-future',
        round: 'Friendly',
        homeTeamId: home!.id,
        awayTeamId: away!.id,
        kickoffAt,
      });
      const hot = await hotMatches(testDb.db, 'en', quiet);
      expect(hot.map((match) => [match.status, match.kickoffAt.toISOString()])).toEqual([
        ['not_started', kickoffAt.toISOString()],
      ]);
      await testDb.db.delete(matches).where(eq(matches.externalId, 'far-future'));
    });

    it('keeps the home standings for a minute', async () => {
      const first = cachedLatestStandings(testDb.db, 'en.1', 'en', 1_000);
      expect(cachedLatestStandings(testDb.db, 'en.1', 'en', 30_000)).toBe(first);
      expect(cachedLatestStandings(testDb.db, 'en.1', 'en', 62_000)).not.toBe(first);
      expect((await first).season.key).toBe('2025-26');
    });

    it('colours zones only where the season’s rules are known', () => {
      expect(zoneOf('en.1', '2024-25', 5)).toBe('championsLeague');
      expect(zoneOf('en.1', '2024-25', 18)).toBe('relegation');
      expect(zoneOf('en.1', '2025-26', 4)).toBeNull();
      expect(zoneOf('mls', '2025', 1)).toBeNull();
    });
  });
});
