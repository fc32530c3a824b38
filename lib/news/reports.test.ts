// Match reports from the real results: what each report says is what the data holds (score, scorers
// and minutes, table positions, form), in the four languages, once per match.

import { cp, mkdtemp } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, asc, count, eq, inArray } from 'drizzle-orm';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';
import { LOCALES } from '@/lib/i18n/routing';
import { competitions, matchEvents, matches, seasons, teams } from '@/lib/scores/schema';
import { seasonStandings } from '@/lib/scores/service';
import { IMPORTED_AT } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { onMatchFinished, writeRecordReports } from './reports';
import { newsArticles, newsTranslations } from './schema';

let testDb: TestDb;
const NOW = new Date('2026-11-24T12:00:00Z');

beforeAll(async () => {
  testDb = await createTestDb();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'news-'));
  await cp(
    path.join(defaultOpenfootballDir(), '2024-25', 'en.1.json'),
    path.join(dir, '2024-25', 'en.1.json'),
    {
      recursive: true,
    },
  );
  await importOpenfootball(testDb.db, dir, IMPORTED_AT);
}, 120_000);
afterAll(() => testDb.close());

async function lastMatchOfSeason() {
  const [row] = await testDb.db
    .select({ match: matches })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(and(eq(competitions.code, 'en.1'), eq(matches.status, 'finished')))
    .orderBy(asc(matches.kickoffAt), asc(matches.id))
    .offset(375)
    .limit(1);
  return row!.match;
}

async function reportOf(matchId: number, locale: string) {
  const [row] = await testDb.db
    .select({ article: newsArticles, text: newsTranslations })
    .from(newsArticles)
    .innerJoin(newsTranslations, eq(newsTranslations.postId, newsArticles.postId))
    .where(and(eq(newsArticles.matchId, matchId), eq(newsTranslations.locale, locale)));
  return row!;
}

it('writes one automatic report per finished match, in four languages, once', async () => {
  const written = await writeRecordReports(testDb.db, NOW);
  const [finished] = await testDb.db
    .select({ n: count() })
    .from(matches)
    .where(eq(matches.status, 'finished'));
  expect(written).toBe(finished!.n);
  const [versions] = await testDb.db.select({ n: count() }).from(newsTranslations);
  expect(versions!.n).toBe(written * LOCALES.length);
  expect(await writeRecordReports(testDb.db, NOW)).toBe(0);
  expect(await onMatchFinished(testDb.db, [(await lastMatchOfSeason()).id], NOW)).toBe(0);
}, 120_000);

it('says the real score, scorers with minutes, table position and form', async () => {
  const match = await lastMatchOfSeason();
  const [home, away] = await Promise.all(
    [match.homeTeamId, match.awayTeamId].map(
      async (id) => (await testDb.db.select().from(teams).where(eq(teams.id, id)))[0]!,
    ),
  );
  const goals = await testDb.db
    .select()
    .from(matchEvents)
    .where(
      and(eq(matchEvents.matchId, match.id), inArray(matchEvents.kind, ['goal', 'own_goal', 'penalty_goal'])),
    )
    .orderBy(asc(matchEvents.sequence));
  const en = await reportOf(match.id, 'en');
  expect(en.article.automatic).toBe(true);
  expect(en.text.title).toContain(
    `${home!.names.en ?? home!.sourceName} ${match.homeScore}-${match.awayScore}`,
  );
  for (const goal of goals) {
    expect(en.text.body).toContain(
      `${goal.minute}${goal.offset ? `+${goal.offset}` : ''}' ${goal.playerName}`,
    );
  }
  expect(en.text.body).toContain('written automatically');

  // The table after the last matchday is the final table: the report's position is the real one.
  const table = await seasonStandings(testDb.db, { competitionCode: 'en.1' }, 'en');
  const row = table.groups[0]!.rows.find((line) => line.teamId === away!.id)!;
  const zh = await reportOf(match.id, 'zh-CN');
  expect(zh.text.title).toContain(`${match.homeScore}-${match.awayScore}`);
  expect(zh.text.body).toContain(`排名第${row.position}位，积${row.points}分`);
  expect(zh.text.body).toContain('近5场');
  expect(zh.text.body).toContain('本文由系统根据比赛数据自动生成');
  for (const locale of ['zh-TW', 'vi']) {
    expect((await reportOf(match.id, locale)).text.body.length).toBeGreaterThan(40);
  }
});

it('reports a finished replay with the original’s real facts, marked as a replay', async () => {
  const original = await lastMatchOfSeason();
  const { id: _id, createdAt: _created, updatedAt: _updated, ...fields } = original;
  const [replay] = await testDb.db
    .insert(matches)
    .values({
      ...fields,
      source: 'replay',
      externalId: `replay-test-${original.id}`,
      kickoffAt: new Date('2026-11-24T09:00:00Z'),
      replayOfMatchId: original.id,
      replayOfDate: original.kickoffAt.toISOString().slice(0, 10),
    })
    .returning();
  expect(await onMatchFinished(testDb.db, [replay!.id], NOW)).toBe(1);
  expect(await onMatchFinished(testDb.db, [replay!.id], NOW)).toBe(0);
  const zh = await reportOf(replay!.id, 'zh-CN');
  const real = await reportOf(original.id, 'zh-CN');
  expect(zh.article.publishedAt).toEqual(NOW);
  expect(zh.text.title).toBe(`【重播】${real.text.title}`);
  expect(zh.text.body).toContain('本场为');
  expect(zh.text.body).toContain(real.text.body.split('\n\n')[0]!);
});
