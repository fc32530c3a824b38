// Match reports say how a match was decided: the real knockout matches of the 2022 and 2026 World
// Cups that went to extra time or penalties, in the four languages; and a title is never cut inside
// a name, however long the names (it drops the round, the competition, a country code first).
import { cp, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, eq } from 'drizzle-orm';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';
import { LOCALES, type Locale } from '@/lib/i18n/routing';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { searchDocuments } from '@/lib/search/schema';
import { IMPORTED_AT } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import {
  clipAtWord,
  type ReportFacts,
  refreshDecidedReports,
  renderReport,
  writeMatchReports,
} from './reports';
import { NEWS_TITLE_MAX, newsArticles, newsTranslations } from './schema';

let testDb: TestDb;
const NOW = new Date('2026-11-24T12:00:00Z');

beforeAll(async () => {
  testDb = await createTestDb();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'news-deciders-'));
  for (const edition of ['worldcup-2022', 'worldcup-2026'])
    await cp(path.join(defaultOpenfootballDir(), edition), path.join(dir, edition), { recursive: true });
  await importOpenfootball(testDb.db, dir, IMPORTED_AT);
}, 120_000);
afterAll(() => testDb.close());

/** The report of the real match between these two teams (English source names) in that edition. */
async function reportOf(season: string, home: string, away: string) {
  const homeTeam = testDb.db.select({ id: teams.id }).from(teams).where(eq(teams.sourceName, home));
  const awayTeam = testDb.db.select({ id: teams.id }).from(teams).where(eq(teams.sourceName, away));
  const [row] = await testDb.db
    .select({ id: matches.id })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(
      and(
        eq(competitions.code, 'worldcup'),
        eq(seasons.key, season),
        eq(matches.homeTeamId, homeTeam),
        eq(matches.awayTeamId, awayTeam),
      ),
    );
  expect(row).toBeDefined();
  await writeMatchReports(testDb.db, [row!.id], NOW);
  const rows = await testDb.db
    .select({ locale: newsTranslations.locale, title: newsTranslations.title, body: newsTranslations.body })
    .from(newsArticles)
    .innerJoin(newsTranslations, eq(newsTranslations.postId, newsArticles.postId))
    .where(eq(newsArticles.matchId, row!.id));
  return Object.fromEntries(rows.map((text) => [text.locale, text])) as unknown as Record<
    Locale,
    { title: string; body: string }
  >;
}

it('says a final decided in extra time was won after extra time (2026: Spain 1-0 Argentina, 0-0 at 90)', async () => {
  const report = await reportOf('2026', 'Spain', 'Argentina');
  expect(report.en.title).toMatch(/Spain 1-0 Argentina \(a\.e\.t\.\)$/);
  expect(report.en.body).toContain('beat Argentina 1-0 after extra time');
  expect(report.en.body).toContain('0-0 after 90 minutes, 1-0 after extra time.');
  expect(report['zh-CN'].title).toMatch(/1-0 .+（加时）$/);
  expect(report['zh-CN'].body).toContain('经加时赛以1-0战胜');
  expect(report['zh-TW'].title).toMatch(/1-0 .+（延長賽）$/);
  expect(report['zh-TW'].body).toContain('經延長賽以1-0擊敗');
  expect(report.vi.title).toMatch(/1-0 .+ \(sau hiệp phụ\)$/);
  expect(report.vi.body).toContain('1-0 sau hiệp phụ');
});

it('says a round-of-32 match won 3-2 in extra time after 1-1 (2026: Argentina v Cape Verde)', async () => {
  const report = await reportOf('2026', 'Argentina', 'Cape Verde');
  expect(report.en.title).toMatch(/Argentina 3-2 Cape Verde \(a\.e\.t\.\)$/);
  expect(report.en.body).toContain('1-1 after 90 minutes, 3-2 after extra time.');
  for (const locale of LOCALES) expect(report[locale].title).not.toContain('…');
});

it('says the 2022 final was drawn 3-3 and won on penalties 4-2, in all four languages', async () => {
  const report = await reportOf('2022', 'Argentina', 'France');
  expect(report.en.title).toMatch(/Argentina 3-3 France \(4-2 on penalties\)$/);
  expect(report.en.body).toContain('Argentina won the penalty shoot-out 4-2');
  expect(report['zh-CN'].title).toMatch(/3-3 .+（点球4-2）$/);
  expect(report['zh-CN'].body).toContain('点球大战');
  expect(report['zh-TW'].title).toMatch(/3-3 .+（PK大戰4-2）$/);
  expect(report['zh-TW'].body).toContain('PK大戰');
  expect(report.vi.title).toMatch(/3-3 .+ \(luân lưu 4-2\)$/);
  expect(report.vi.body).toContain('thắng loạt sút luân lưu 4-2');
});

it('names the shoot-out in the home side’s order when the away side won it (2022: Japan 1-1 Croatia, 1-3)', async () => {
  const report = await reportOf('2022', 'Japan', 'Croatia');
  expect(report.en.title).toMatch(/Japan 1-1 Croatia \(1-3 on penalties\)$/);
  expect(report.en.body).toContain('Croatia won the penalty shoot-out 3-1');
});

it('rewrites a report an earlier version wrote without the extra time, once', async () => {
  const before = await reportOf('2026', 'Argentina', 'Switzerland');
  expect(before.en.title).toMatch(/Argentina 3-1 Switzerland \(a\.e\.t\.\)$/);
  // As the old generator wrote it: no "(a.e.t.)", no "after extra time" in the lead.
  const [article] = await testDb.db
    .select({ postId: newsTranslations.postId })
    .from(newsTranslations)
    .where(and(eq(newsTranslations.locale, 'en'), eq(newsTranslations.title, before.en.title)));
  const oldTitle = before.en.title.replace(' (a.e.t.)', '');
  await testDb.db
    .update(newsTranslations)
    .set({ title: oldTitle, body: before.en.body.replace(' after extra time.', '.') })
    .where(and(eq(newsTranslations.postId, article!.postId), eq(newsTranslations.locale, 'en')));
  await testDb.db
    .insert(searchDocuments)
    .values({ kind: 'news', refId: article!.postId, key: oldTitle.toLowerCase() })
    .onConflictDoNothing();
  expect(await refreshDecidedReports(testDb.db)).toBe(1);
  const after = await reportOf('2026', 'Argentina', 'Switzerland');
  expect(after.en).toEqual(before.en);
  expect(after['zh-CN']).toEqual(before['zh-CN']);
  const indexed = await testDb.db
    .select()
    .from(searchDocuments)
    .where(and(eq(searchDocuments.kind, 'news'), eq(searchDocuments.refId, article!.postId)));
  expect(indexed).toEqual([]);
  expect(await refreshDecidedReports(testDb.db)).toBe(0);
});

describe('titles with long names', () => {
  const named = (sourceName: string, names: ReportFacts['home']['names'] = {}) => ({ sourceName, names });
  const facts = (home: ReportFacts['home'], away: ReportFacts['away']): ReportFacts => ({
    matchId: 1,
    competition: {
      ...named('UEFA Champions League', {
        'zh-CN': '欧洲冠军联赛',
        'zh-TW': '歐洲冠軍聯賽',
        en: 'UEFA Champions League',
        vi: 'UEFA Champions League',
      }),
      kind: 'cup',
    },
    round: 'Finals, Round of 16',
    group: null,
    playedOn: '2025-03-11',
    home,
    away,
    score: [0, 1],
    halfTime: [0, 1],
    fullTime: [0, 1],
    extraTime: [0, 1],
    penalties: [1, 4],
    goals: [],
    standings: null,
    form: { home: [], away: [] },
    replay: false,
  });
  // Real long names (the data's own), with translations as long as a careful translator would write.
  const home = named('Borussia Mönchengladbach (GER)', {
    'zh-CN': '门兴格拉德巴赫足球俱乐部（德国北莱茵-威斯特法伦州）',
    'zh-TW': '門興格拉德巴赫足球俱樂部（德國北萊茵-威斯特法倫州）',
    vi: 'Borussia Mönchengladbach',
  });
  const away = named('Club Atlético de Madrid (ESP)', {
    'zh-CN': '马德里竞技足球俱乐部体育股份有限公司（西班牙马德里）',
    'zh-TW': '馬德里競技足球俱樂部體育股份有限公司（西班牙馬德里）',
    vi: 'Câu lạc bộ Atlético de Madrid',
  });

  it.each(LOCALES)('%s: the title fits and keeps both names whole, dropping the stage first', (locale) => {
    const report = renderReport(facts(home, away), locale);
    expect([...report.title].length).toBeLessThanOrEqual(NEWS_TITLE_MAX);
    const homeName = (home.names[locale] ?? home.sourceName).replace(/ \(GER\)$/, '');
    const awayName = (away.names[locale] ?? away.sourceName).replace(/ \(ESP\)$/, '');
    expect(report.title).toContain(homeName);
    expect(report.title).toContain(awayName);
    expect(report.title).toContain('0-1');
    expect(report.title).toContain('1-4');
    expect(report.title).not.toContain('…');
  });

  it.each(LOCALES)('%s: names too long to fit together are shortened at a word boundary', (locale) => {
    // Longer than any club's: 87 characters each.
    const words = 'Real Sociedad de Fútbol Sociedad Anónima Deportiva Club Donostia San Sebastián Gipuzkoa';
    const report = renderReport(facts(named(words), named(words)), locale);
    expect([...report.title].length).toBeLessThanOrEqual(NEWS_TITLE_MAX);
    for (const shown of report.title.split(' 0-1 ')) {
      expect(shown.includes('…')).toBe(true);
      const kept = shown.slice(0, shown.indexOf('…'));
      // What is kept is whole words of the name.
      expect(words.startsWith(kept)).toBe(true);
      expect(words[kept.length]).toBe(' ');
    }
  });

  it('a short name stays whole beside one too long to fit', () => {
    const words = 'Real Sociedad de Fútbol Sociedad Anónima Deportiva Club Donostia San Sebastián Gipuzkoa';
    const report = renderReport(facts(named(words), named('Arsenal FC')), 'en');
    expect(report.title).toMatch(/^Real Sociedad .+… 0-1 Arsenal FC \(1-4 on penalties\)$/);
    expect([...report.title].length).toBeLessThanOrEqual(NEWS_TITLE_MAX);
  });

  it('a summary is cut between words too', () => {
    expect(clipAtWord('Argentina beat France on penalties', 20)).toBe('Argentina beat…');
    expect(clipAtWord('Short', 20)).toBe('Short');
  });
});
