// season_table and the scores reads, on the imported real data.
import { and, eq } from 'drizzle-orm';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { IMPORTED_AT, NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { storeFeedBatch } from './ingest';
import { competitions, matches, seasons, teams } from './schema';
import { headToHead, listMatches, matchDetail, recentForm, teamPage, topScorers } from './service';

let testDb: TestDb;
let app: ApiApp;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  await importOpenfootball(testDb.db, defaultOpenfootballDir(), IMPORTED_AT);
}, 120_000);
afterAll(() => testDb.close());

type Row = { rank: number; team_name_zh: string; points: number; deduct_points: number; form: string[] };
type Table = {
  competition_code: string;
  competition_name_zh: string;
  season: string;
  groups: { group_name: string | null; list: Row[] }[];
  adjustments: { team_id: number; points: number; reason: string }[];
};

async function table(query: string, lang?: string) {
  const response = await app.request(`/api/Football/season_table?${query}`, {
    headers: lang ? { lang } : {},
  });
  return {
    status: response.status,
    body: (await response.json()) as { code: number; msg: string; data: Table },
  };
}

const teamId = async (name: string) =>
  (await testDb.db.select().from(teams).where(eq(teams.sourceName, name)))[0]!.id;

describe('GET api/Football/season_table', () => {
  it('answers the Premier League 2024-25 table with Chinese names by default', async () => {
    const { status, body } = await table('competition=en.1&season=2024-25');
    expect(status).toBe(200);
    expect(body.code).toBe(0);
    expect(body.data.competition_name_zh).toBe('英超');
    const [first, second] = body.data.groups[0]!.list;
    expect(first).toMatchObject({ rank: 1, team_name_zh: '利物浦', points: 84, deduct_points: 0 });
    expect(first!.form).toHaveLength(5);
    expect(second).toMatchObject({ rank: 2, team_name_zh: '阿森纳', points: 74 });
    expect(body.data.groups[0]!.list).toHaveLength(20);
  });

  it('uses the reader’s language and falls back to the source name', async () => {
    const en = await table('competition=en.1&season=2024-25', 'en');
    expect(en.body.data.competition_name_zh).toBe('Premier League');
    expect(en.body.data.groups[0]!.list[0]!.team_name_zh).toBe('Liverpool FC');
    const vi = await table('competition=en.1&season=2024-25', 'vi');
    const viNames = vi.body.data.groups[0]!.list.map((row) => row.team_name_zh);
    expect(viNames).toContain('Man City');
    // Clubs without a Vietnamese short name keep the source's.
    expect(viNames).toContain('Liverpool FC');
  });

  it('accepts ids, and picks the latest season when none is given', async () => {
    const latest = await table('competition=de.1');
    expect(latest.body.data.season).toBe('2025-26');
    const [season] = await testDb.db
      .select({ id: seasons.id })
      .from(seasons)
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(and(eq(competitions.code, 'de.1'), eq(seasons.key, '2024-25')));
    const byId = await table(`season_id=${season!.id}`);
    expect(byId.body.data.groups[0]!.list[0]).toMatchObject({ team_name_zh: '拜仁慕尼黑', points: 82 });
  });

  it('gives one table per World Cup group, or just the group asked for', async () => {
    const all = await table('competition=worldcup&season=2022');
    expect(all.body.data.groups.map((group) => group.group_name)).toEqual(
      ['A', 'B', 'C', 'D', 'E', 'F', 'G', 'H'].map((letter) => `Group ${letter}`),
    );
    const groupH = await table(
      `competition=worldcup&season=2022&group=${encodeURIComponent('Group H')}`,
      'vi',
    );
    expect(groupH.body.data.groups).toHaveLength(1);
    expect(groupH.body.data.groups[0]!.list.map((row) => [row.team_name_zh, row.points])).toEqual([
      ['Bồ Đào Nha', 6],
      ['Hàn Quốc', 4],
      ['Uruguay', 4],
      ['Ghana', 3],
    ]);
  });

  it('applies a point deduction with its reason (fictional league)', async () => {
    await testDb.db.transaction((tx) =>
      storeFeedBatch(
        tx,
        {
          competitions: [
            {
              code: 'test.1',
              source: 'test',
              sport: 'football',
              kind: 'league',
              region: 'xx',
              sourceName: 'Test League',
            },
          ],
          seasons: [{ competitionCode: 'test.1', key: '2030-31', sourceName: 'Test League 2030/31' }],
          teams: ['Northfield Rovers', 'Southgate Athletic'].map((sourceName) => ({
            sport: 'football' as const,
            sourceName,
          })),
          seasonTeams: ['Northfield Rovers', 'Southgate Athletic'].map((team) => ({
            competitionCode: 'test.1',
            seasonKey: '2030-31',
            team,
          })),
          matches: [
            {
              source: 'test',
              externalId: 'n-s',
              competitionCode: 'test.1',
              seasonKey: '2030-31',
              round: 'Matchday 1',
              homeTeam: 'Northfield Rovers',
              awayTeam: 'Southgate Athletic',
              kickoffAt: new Date('2030-08-01T15:00:00Z'),
              status: 'finished',
              score: { fullTime: [2, 0] },
            },
          ],
          pointAdjustments: [
            {
              competitionCode: 'test.1',
              seasonKey: '2030-31',
              team: 'Northfield Rovers',
              points: -6,
              reason: 'administration',
            },
          ],
        },
        new Date('2030-08-01T17:00:00Z'),
      ),
    );
    const { body } = await table('competition=test.1');
    expect(body.data.groups[0]!.list.map((row) => [row.team_name_zh, row.points, row.deduct_points])).toEqual(
      [
        ['Southgate Athletic', 0, 0],
        ['Northfield Rovers', -3, -6],
      ],
    );
    expect(body.data.adjustments).toEqual([
      expect.objectContaining({ points: -6, reason: 'administration' }),
    ]);
  });

  it('refuses a request without a competition, in the reader’s language', async () => {
    const { status, body } = await table('', 'en');
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 1, data: null });
    expect(body.msg).toContain('Competition');
  });

  it('answers an unknown competition or season with a translated not-found', async () => {
    const zh = await table('competition=xx.9');
    expect(zh.status).toBe(404);
    expect(zh.body).toEqual({ code: 1, msg: '没有找到这个赛事', data: null });
    const en = await table('competition=en.1&season=1999-00', 'en');
    expect(en.body).toEqual({ code: 1, msg: "We couldn't find that season", data: null });
    const tw = await table('season_id=999999', 'zh-TW');
    expect(tw.body.msg).toBe('找不到這個賽季');
  });

  it('refuses a malformed season or id', async () => {
    expect((await table('competition=en.1&season=last')).body.code).toBe(1);
    expect((await table('competition_id=abc')).status).toBe(400);
  });
});

describe('scores reads', () => {
  it('lists the matches of a day', async () => {
    const list = await listMatches(testDb.db, { day: '2024-08-16', competitionCode: 'en.1' }, 'zh-CN');
    expect(
      list.map((match) => [match.homeTeam.name, match.awayTeam.name, match.homeScore, match.awayScore]),
    ).toEqual([['曼联', '富勒姆', 1, 0]]);
    const postponed = await listMatches(testDb.db, { status: 'abnormal', competitionCode: 'en.1' }, 'en');
    expect(postponed.every((match) => match.statusNote === 'postponed')).toBe(true);
  });

  it('gives a match with its events, stadium and competition', async () => {
    const [final] = await testDb.db
      .select()
      .from(matches)
      .where(eq(matches.externalId, 'worldcup/2022/Final/Argentina/France'));
    const detail = await matchDetail(testDb.db, final!.id, 'zh-TW');
    expect(detail).toMatchObject({
      competitionName: '世界盃',
      homeTeam: { name: '阿根廷' },
      awayTeam: { name: '法國' },
    });
    expect(detail.events).toHaveLength(6);
    expect(detail.stadium?.city).toBe('Lusail');
    expect(detail.replayOf).toBeNull();
    await expect(matchDetail(testDb.db, 999_999, 'en')).rejects.toMatchObject({ code: 'MATCH_NOT_FOUND' });
  });

  it('finds head-to-head meetings and recent form windows', async () => {
    const arsenal = await teamId('Arsenal FC');
    const chelsea = await teamId('Chelsea FC');
    const meetings = await headToHead(testDb.db, arsenal, chelsea, 'en');
    expect(meetings.length).toBeGreaterThanOrEqual(2);
    expect(
      meetings.every(
        (match) => [match.homeTeamId, match.awayTeamId].sort().join() === [arsenal, chelsea].sort().join(),
      ),
    ).toBe(true);
    for (const window of [5, 6, 10, 15] as const) {
      const form = await recentForm(testDb.db, arsenal, window, 'en');
      expect(form.matches).toHaveLength(window);
      expect(form.won + form.drawn + form.lost).toBe(window);
    }
  });

  // The source writes Mbappé's two goals against Poland as plain "Mbappé"; names are kept as published.
  it('ranks scorers from real goals as the source names them (2022: Messi 7, Kylian Mbappé 6)', async () => {
    const scorers = await topScorers(
      testDb.db,
      { competitionCode: 'worldcup', seasonKey: '2022' },
      'zh-CN',
      2,
    );
    expect(scorers.map((row) => [row.playerName, row.teamName, row.goals])).toEqual([
      ['Lionel Messi', '阿根廷', 7],
      ['Kylian Mbappé', '法国', 6],
    ]);
  });

  it('builds a team page with competitions and the World Cup squad', async () => {
    const page = await teamPage(testDb.db, await teamId('Mexico'), 'vi', new Date('2020-01-01'));
    expect(page).toMatchObject({ name: 'Mexico', isNational: true, countryCode: 'MEX' });
    expect(page.competitions.map((row) => row.seasonKey).sort()).toEqual(['2022', '2026']);
    expect(page.squad.length).toBeGreaterThanOrEqual(23);
    await expect(teamPage(testDb.db, 999_999, 'en', NOON)).rejects.toMatchObject({ code: 'TEAM_NOT_FOUND' });
  });
});
