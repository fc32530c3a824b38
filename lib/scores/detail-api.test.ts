// msgGetSimple, the analysis and the intelligence centre, on real imported data (World Cup 2022 and the
// Premier League 2024-25 and 2025-26).
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { IMPORTED_AT, NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { foresight, formSummary, matchAnalysis, parseMatchId } from './detail-service';
import { matches, teams } from './schema';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  const dir = defaultOpenfootballDir();
  await importOpenfootball(testDb.db, path.join(dir, 'worldcup-2022'), IMPORTED_AT);
  await importOpenfootball(testDb.db, path.join(dir, '2024-25', 'en.1.json'), IMPORTED_AT);
  await importOpenfootball(testDb.db, path.join(dir, '2025-26', 'en.1.json'), IMPORTED_AT);
}, 120_000);
afterAll(() => testDb.close());

const teamId = async (name: string) =>
  (await testDb.db.select().from(teams).where(eq(teams.sourceName, name)))[0]!.id;

async function matchBetween(homeName: string, awayName: string) {
  const [row] = await testDb.db
    .select()
    .from(matches)
    .where(
      and(eq(matches.homeTeamId, await teamId(homeName)), eq(matches.awayTeamId, await teamId(awayName))),
    );
  return row!;
}

type Summary = {
  home_score: number;
  away_score: number;
  home_penalty_score: number;
  away_penalty_score: number;
  status: string;
  events: { kind: string; minute: number; player_name: string; side: string }[];
};

describe('POST api/hot_match/msgGetSimple', () => {
  it('answers the 2022 final: 3–3 after extra time, 4–2 on penalties, with the real scorers', async () => {
    const final = await matchBetween('Argentina', 'France');
    const { status, body } = await call<Summary>('/api/hot_match/msgGetSimple', { json: { id: final.id } });
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data).toMatchObject({
      status: 'finished',
      home_score: 3,
      away_score: 3,
      home_penalty_score: 4,
      away_penalty_score: 2,
    });
    const goals = body.data.events.map((event) => `${event.player_name} ${event.minute} ${event.kind}`);
    expect(goals).toEqual(
      expect.arrayContaining([
        'Lionel Messi 23 penalty_goal',
        'Lionel Messi 108 goal',
        'Kylian Mbappé 118 penalty_goal',
      ]),
    );
  });

  it('accepts a form body and the id as text (the spec’s clients post forms)', async () => {
    const final = await matchBetween('Argentina', 'France');
    const { body } = await call<Summary>('/api/HOT_MATCH/msgGetSimple', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: `id=${final.id}&limit=2`,
    });
    expect(body.code).toBe(0);
    expect(body.data.events).toHaveLength(2);
  });

  it('refuses a missing or malformed id with code 1 and a translated message', async () => {
    const missing = await call('/api/hot_match/msgGetSimple', { json: {}, headers: { lang: 'en' } });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 1, msg: 'ID is required' });
    const text = await call('/api/hot_match/msgGetSimple', { json: { id: 'abc' }, headers: { lang: 'en' } });
    expect(text.body).toMatchObject({ code: 1, msg: 'ID must be a number written in digits' });
    const negative = await call('/api/hot_match/msgGetSimple', { json: { id: -3 } });
    expect(negative.body.code).toBe(1);
    expect(negative.body.msg).toBe('编号不能小于 1');
  });

  it('answers an unknown match with a translated not found', async () => {
    const zh = await call('/api/hot_match/msgGetSimple', { json: { id: 99_999_999 } });
    expect(zh.status).toBe(404);
    expect(zh.body).toMatchObject({ code: 1, msg: '没有找到这场比赛' });
    const en = await call('/api/hot_match/msgGetSimple', {
      json: { id: 99_999_999 },
      headers: { lang: 'en' },
    });
    expect(en.body.msg).toBe("We couldn't find that match");
  });
});

describe('match analysis', () => {
  it('gives both teams the four form windows before kick-off and the table with both of them', async () => {
    const match = await matchBetween('Liverpool FC', 'Crystal Palace FC');
    const analysis = await matchAnalysis(testDb.db, match.id, 'en', NOON);
    expect(analysis.form.home.map((window) => [window.size, window.matches.length])).toEqual([
      [5, 5],
      [10, 10],
      [15, 15],
      [6, 6],
    ]);
    // Judged at kick-off: no match of the window is later than this one.
    expect(analysis.form.home[2]!.matches.every((played) => +played.kickoffAt < +match.kickoffAt)).toBe(true);
    const table = analysis.standings.tables[0]!;
    expect(table.rows.map((row) => row.teamName)).toEqual(
      expect.arrayContaining(['Liverpool FC', 'Crystal Palace FC']),
    );
    expect(analysis.headToHead.matches.every((meeting) => meeting.id !== match.id)).toBe(true);
  });

  it('shows a World Cup knockout match with both teams’ group tables', async () => {
    const final = await matchBetween('Argentina', 'France');
    const analysis = await matchAnalysis(testDb.db, final.id, 'en', NOON);
    expect(analysis.standings.tables.map((table) => table.group).sort()).toEqual(['Group C', 'Group D']);
    // The quarter-final against the Netherlands was a 2–2 draw won on penalties.
    expect(analysis.form.home[0]!.form).toEqual(['W', 'D', 'W', 'W', 'W']);
  });

  it('reads ids from the address bar strictly', () => {
    expect(parseMatchId('42')).toBe(42);
    expect(parseMatchId('0')).toBeNull();
    expect(parseMatchId('4x')).toBeNull();
    expect(parseMatchId(undefined)).toBeNull();
    expect(parseMatchId('9999999999')).toBeNull();
  });
});

describe('intelligence centre', () => {
  it('falls back to the nearest scheduled matchday and computes facts from results before it', async () => {
    const result = await foresight(testDb.db, 'en', { now: new Date('2026-11-22T00:00:00Z') });
    expect(result.upcoming).toBe(false);
    expect(result.fixtures.length).toBeGreaterThan(0);
    expect(result.fixtures.every((fixture) => fixture.match.status === 'not_started')).toBe(true);
    const [first] = result.fixtures;
    // Points recomputed by hand from the team's finished 2025-26 league results.
    const season = await testDb.db.select().from(matches).where(eq(matches.seasonId, first!.match.seasonId));
    const own = season.filter(
      (row) =>
        row.status === 'finished' &&
        (row.homeTeamId === first!.match.homeTeamId || row.awayTeamId === first!.match.homeTeamId),
    );
    const points = own.reduce((sum, row) => {
      const mine = row.homeTeamId === first!.match.homeTeamId ? row.homeScore! : row.awayScore!;
      const theirs = row.homeTeamId === first!.match.homeTeamId ? row.awayScore! : row.homeScore!;
      return sum + (mine > theirs ? 3 : mine === theirs ? 1 : 0);
    }, 0);
    expect(first!.home.position?.points).toBe(points);
    expect(first!.home.lastTen.played).toBe(10);
  });

  it('filters by competition and is empty for one without fixtures', async () => {
    // The 2026 World Cup ended on 19 July: no fixture is left after it.
    const AFTER_WORLD_CUP = new Date('2026-08-01T12:00:00.000Z');
    const none = await foresight(testDb.db, 'en', { now: AFTER_WORLD_CUP, competitionCode: 'worldcup' });
    expect(none.fixtures).toEqual([]);
  });

  it('summarises form: goals, clean sheets, over 2.5', () => {
    const summary = formSummary(1, [
      { id: 1, kickoffAt: NOON, homeTeamId: 1, awayTeamId: 2, homeScore: 3, awayScore: 0 },
      { id: 2, kickoffAt: NOON, homeTeamId: 2, awayTeamId: 1, homeScore: 1, awayScore: 1 },
    ]);
    expect(summary).toMatchObject({ form: ['W', 'D'], goalsFor: 4, goalsAgainst: 1, cleanSheets: 1 });
    expect(summary.overTwoAndHalf).toBe(1);
  });
});
