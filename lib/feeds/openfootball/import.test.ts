// Round trip of every shared openfootball file: what the files say is what the tables hold, twice.

import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { and, count, eq, sql } from 'drizzle-orm';
import {
  competitions,
  matchEvents,
  matches,
  seasons,
  seasonTeams,
  squadPlayers,
  stadiums,
  teams,
} from '@/lib/scores/schema';
import { IMPORTED_AT } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { defaultOpenfootballDir, importOpenfootball, readOpenfootball } from './import';
import { OpenfootballFormatError } from './parse';

let testDb: TestDb;
const root = defaultOpenfootballDir();

beforeAll(async () => {
  testDb = await createTestDb();
  await importOpenfootball(testDb.db, root, IMPORTED_AT);
}, 120_000);
afterAll(() => testDb.close());

type RawMatch = { goals1?: unknown[]; goals2?: unknown[]; score?: { ft?: number[] } };
const raw = async (file: string) => JSON.parse(await readFile(path.join(root, file), 'utf8'));

async function tableCounts() {
  const db = testDb.db;
  const [c] = await db.select({ n: count() }).from(competitions);
  const [s] = await db.select({ n: count() }).from(seasons);
  const [t] = await db.select({ n: count() }).from(teams);
  const [m] = await db.select({ n: count() }).from(matches);
  const [e] = await db.select({ n: count() }).from(matchEvents);
  const [p] = await db.select({ n: count() }).from(squadPlayers);
  return { competitions: c!.n, seasons: s!.n, teams: t!.n, matches: m!.n, events: e!.n, players: p!.n };
}

async function seasonMatches(code: string, key: string) {
  return testDb.db
    .select({ match: matches })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(and(eq(competitions.code, code), eq(seasons.key, key)));
}

describe('openfootball import', () => {
  const matchFiles = [
    ['2024-25', 'en.1'],
    ['2024-25', 'de.1'],
    ['2024-25', 'es.1'],
    ['2024-25', 'fr.1'],
    ['2024-25', 'it.1'],
    ['2024-25', 'uefa.cl'],
    ['2025-26', 'en.1'],
    ['2025-26', 'de.1'],
    ['2025-26', 'es.1'],
    ['2025-26', 'fr.1'],
    ['2025-26', 'it.1'],
    ['2025', 'cn.1'],
    ['2025', 'jp.1'],
    ['2025', 'mls'],
    ['worldcup-2022', 'worldcup'],
    ['worldcup-2026', 'worldcup'],
  ] as const;

  it.each(matchFiles)('stores every match, result and goal of %s/%s', async (folder, code) => {
    const file: { matches: RawMatch[] } = await raw(`${folder}/${code}.json`);
    const key = folder.replace('worldcup-', '');
    const rows = await seasonMatches(code, key);
    expect(rows).toHaveLength(file.matches.length);
    const played = file.matches.filter((match) => match.score?.ft).length;
    expect(rows.filter((row) => row.match.status === 'finished')).toHaveLength(played);
    const goals = file.matches.reduce(
      (sum, match) => sum + (match.goals1?.length ?? 0) + (match.goals2?.length ?? 0),
      0,
    );
    const [events] = await testDb.db
      .select({ n: count() })
      .from(matchEvents)
      .where(
        sql`${matchEvents.matchId} in (${sql.join(
          rows.map((row) => sql`${row.match.id}`),
          sql`, `,
        )})`,
      );
    expect(events!.n).toBe(goals);
  });

  it('keeps the real details of the 2022 final: extra time, penalties, scorers in minute order, kick-off in UTC', async () => {
    const [final] = (await seasonMatches('worldcup', '2022')).filter((row) => row.match.round === 'Final');
    expect(final!.match).toMatchObject({
      homeScore: 3,
      awayScore: 3,
      homeHalfTime: 2,
      awayHalfTime: 0,
      homeExtraTime: 3,
      awayExtraTime: 3,
      homePenalties: 4,
      awayPenalties: 2,
      status: 'finished',
      source: 'openfootball',
    });
    // 18:00 in Qatar (UTC+3).
    expect(final!.match.kickoffAt.toISOString()).toBe('2022-12-18T15:00:00.000Z');
    const events = await testDb.db
      .select()
      .from(matchEvents)
      .where(eq(matchEvents.matchId, final!.match.id))
      .orderBy(matchEvents.sequence);
    expect(events.map((event) => [event.minute, event.side, event.playerName, event.kind])).toEqual([
      [23, 'home', 'Lionel Messi', 'penalty_goal'],
      [36, 'home', 'Ángel Di María', 'goal'],
      [80, 'away', 'Kylian Mbappé', 'penalty_goal'],
      [81, 'away', 'Kylian Mbappé', 'goal'],
      [108, 'home', 'Lionel Messi', 'goal'],
      [118, 'away', 'Kylian Mbappé', 'penalty_goal'],
    ]);
    expect(events.every((event) => !event.generated)).toBe(true);
    const [ground] = await testDb.db.select().from(stadiums).where(eq(stadiums.id, final!.match.stadiumId!));
    expect(ground!.name).toBe('Lusail Stadium');
  });

  it('reads explicit UTC offsets, added time as minute + offset, and league local time', async () => {
    const opener = (await seasonMatches('worldcup', '2026')).find(
      (row) => row.match.ground === 'Mexico City' && row.match.round === 'Matchday 1',
    )!;
    expect(opener.match.kickoffAt.toISOString()).toBe('2026-06-11T19:00:00.000Z');
    const stoppage = await testDb.db.select().from(matchEvents).where(eq(matchEvents.offset, 12));
    expect(stoppage[0]).toMatchObject({ minute: 90, offset: 12 });
    const epl = await seasonMatches('en.1', '2024-25');
    const first = epl.sort((a, b) => +a.match.kickoffAt - +b.match.kickoffAt)[0]!;
    // Manchester United v Fulham, Friday 16 August 2024, 20:00 in London (BST, UTC+1).
    expect(first.match.kickoffAt.toISOString()).toBe('2024-08-16T19:00:00.000Z');
  });

  it('marks missing times, postponed and awarded matches without inventing results', async () => {
    const rows = await seasonMatches('en.1', '2025-26');
    const postponed = rows.filter((row) => row.match.statusNote === 'postponed');
    expect(postponed.length).toBeGreaterThan(0);
    expect(postponed.every((row) => row.match.status === 'abnormal' && row.match.homeScore === null)).toBe(
      true,
    );
    expect(rows.some((row) => !row.match.kickoffTimeKnown)).toBe(true);
    const awarded = (await seasonMatches('de.1', '2024-25')).filter(
      (row) => row.match.statusNote === 'awarded',
    );
    expect(awarded.map((row) => [row.match.status, row.match.homeScore, row.match.awayScore])).toEqual([
      ['finished', 0, 2],
    ]);
  });

  it('gives a Champions League club the same team as in its league, with its country', async () => {
    const liverpool = await testDb.db.select().from(teams).where(eq(teams.sourceName, 'Liverpool FC'));
    expect(liverpool).toHaveLength(1);
    expect(liverpool[0]).toMatchObject({ countryCode: 'ENG', names: { 'zh-CN': '利物浦' } });
    expect(liverpool[0]!.crestColors[0]).toMatch(/^#[0-9a-f]{6}$/);
  });

  it('stores World Cup groups, squads and localized national team names', async () => {
    const [mexico] = await testDb.db.select().from(teams).where(eq(teams.sourceName, 'Mexico'));
    expect(mexico).toMatchObject({
      isNational: true,
      countryCode: 'MEX',
      names: { 'zh-CN': '墨西哥', vi: 'Mexico' },
    });
    const squads: { players: unknown[] }[] = await raw('worldcup-2026/worldcup.squads.json');
    const [players] = await testDb.db.select({ n: count() }).from(squadPlayers);
    expect(players!.n).toBe(squads.reduce((sum, team) => sum + team.players.length, 0));
    const groupA = await testDb.db
      .select({ name: teams.sourceName })
      .from(seasonTeams)
      .innerJoin(teams, eq(teams.id, seasonTeams.teamId))
      .innerJoin(seasons, eq(seasons.id, seasonTeams.seasonId))
      .where(and(eq(seasons.key, '2022'), eq(seasonTeams.groupName, 'Group A')));
    expect(groupA.map((row) => row.name).sort()).toEqual(['Ecuador', 'Netherlands', 'Qatar', 'Senegal']);
  });

  it('is idempotent: importing again changes no count and no id', async () => {
    const before = await tableCounts();
    const [someMatch] = await seasonMatches('en.1', '2024-25');
    await importOpenfootball(testDb.db, root, IMPORTED_AT);
    expect(await tableCounts()).toEqual(before);
    const again = await testDb.db.select().from(matches).where(eq(matches.id, someMatch!.match.id));
    expect(again[0]!.externalId).toBe(someMatch!.match.externalId);
  }, 120_000);
});

describe('malformed files', () => {
  async function folderWith(files: Record<string, unknown>) {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'openfootball-'));
    const season = path.join(dir, '2030-31');
    await import('node:fs/promises').then((fs) => fs.mkdir(season));
    for (const [name, content] of Object.entries(files)) {
      await writeFile(
        path.join(season, name),
        typeof content === 'string' ? content : JSON.stringify(content),
      );
    }
    return dir;
  }
  const good = {
    name: 'Test League 2030/31',
    matches: [
      { round: 'Matchday 1', date: '2030-08-01', team1: 'Alpha', team2: 'Beta', score: { ft: [1, 0] } },
    ],
  };

  it('names the file and the field, and imports nothing from the folder', async () => {
    const dir = await folderWith({
      'aa.1.json': good,
      'zz.1.json': {
        name: 'Bad League 2030/31',
        matches: [good.matches[0], { ...good.matches[0], score: { ft: [1] } }],
      },
    });
    const before = await tableCounts();
    await expect(importOpenfootball(testDb.db, dir, IMPORTED_AT)).rejects.toThrow(
      new OpenfootballFormatError('2030-31/zz.1.json', 'matches[1].score.ft', 'x').message.slice(0, -1),
    );
    expect(await tableCounts()).toEqual(before);
  });

  it('refuses text that is not JSON, a bad time and a bad minute', async () => {
    await expect(readOpenfootball(await folderWith({ 'x.1.json': '{ nope' }))).rejects.toThrow(
      /2030-31\/x\.1\.json: \(file\): not valid JSON/,
    );
    const badTime = { ...good, matches: [{ ...good.matches[0], time: '25:99' }] };
    await expect(readOpenfootball(await folderWith({ 'x.1.json': badTime }))).rejects.toThrow(
      /x\.1\.json: matches\[0\]\.time: /,
    );
    const badMinute = { ...good, matches: [{ ...good.matches[0], goals1: [{ name: 'A', minute: 'late' }] }] };
    await expect(readOpenfootball(await folderWith({ 'x.1.json': badMinute }))).rejects.toThrow(
      /x\.1\.json: matches\[0\]\.goals1\[0\]\.minute: /,
    );
  });

  it('takes any other well-formed openfootball file, reading times without an offset as UTC', async () => {
    const dir = await folderWith({
      'aa.1.json': { ...good, matches: [{ ...good.matches[0], time: '18:30' }] },
    });
    const [imported] = await importOpenfootball(
      testDb.db,
      path.join(dir, '2030-31', 'aa.1.json'),
      IMPORTED_AT,
    );
    expect(imported).toMatchObject({ file: '2030-31/aa.1.json', matches: 1, teams: 2 });
    const [row] = await seasonMatches('aa.1', '2030-31');
    expect(row!.match.kickoffAt.toISOString()).toBe('2030-08-01T18:30:00.000Z');
  });
});
