// Tables computed from the real results equal the officially published final tables; tie-breakers and
// deductions behave as the competitions' regulations say.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { defaultOpenfootballDir } from '@/lib/feeds/openfootball/import';
import { parseOpenfootballFile } from '@/lib/feeds/openfootball/parse';
import { computeTable, type Result, tableRules } from './standings';

/** [team, played, won, drawn, lost, goals for, goals against, points] in published order. */
type PublishedRow = [string, number, number, number, number, number, number, number];

function computedFromFile(file: string, code: string, group?: string) {
  const filePath = path.join(defaultOpenfootballDir(), file);
  const batch = parseOpenfootballFile(filePath, JSON.parse(readFileSync(filePath, 'utf8')));
  const played = (batch.matches ?? []).filter((match) => match.score && (!group || match.group === group));
  const names = [...new Set(played.flatMap((match) => [match.homeTeam, match.awayTeam]))];
  const results: Result[] = played.map((match) => ({
    homeTeamId: names.indexOf(match.homeTeam),
    awayTeamId: names.indexOf(match.awayTeam),
    homeGoals: match.score!.fullTime[0],
    awayGoals: match.score!.fullTime[1],
    kickoffAt: match.kickoffAt,
  }));
  const table = computeTable({
    teamIds: names.map((_, index) => index),
    results,
    rules: tableRules(code),
    teamName: (id) => names[id]!,
  });
  return table.map(
    (row): PublishedRow => [
      names[row.teamId]!,
      row.played,
      row.won,
      row.drawn,
      row.lost,
      row.goalsFor,
      row.goalsAgainst,
      row.points,
    ],
  );
}

describe('official final tables', () => {
  it('Premier League 2024-25', () => {
    expect(computedFromFile('2024-25/en.1.json', 'en.1')).toEqual([
      ['Liverpool FC', 38, 25, 9, 4, 86, 41, 84],
      ['Arsenal FC', 38, 20, 14, 4, 69, 34, 74],
      ['Manchester City FC', 38, 21, 8, 9, 72, 44, 71],
      ['Chelsea FC', 38, 20, 9, 9, 64, 43, 69],
      ['Newcastle United FC', 38, 20, 6, 12, 68, 47, 66],
      ['Aston Villa FC', 38, 19, 9, 10, 58, 51, 66],
      ['Nottingham Forest FC', 38, 19, 8, 11, 58, 46, 65],
      ['Brighton & Hove Albion FC', 38, 16, 13, 9, 66, 59, 61],
      ['AFC Bournemouth', 38, 15, 11, 12, 58, 46, 56],
      ['Brentford FC', 38, 16, 8, 14, 66, 57, 56],
      ['Fulham FC', 38, 15, 9, 14, 54, 54, 54],
      ['Crystal Palace FC', 38, 13, 14, 11, 51, 51, 53],
      ['Everton FC', 38, 11, 15, 12, 42, 44, 48],
      ['West Ham United FC', 38, 11, 10, 17, 46, 62, 43],
      ['Manchester United FC', 38, 11, 9, 18, 44, 54, 42],
      ['Wolverhampton Wanderers FC', 38, 12, 6, 20, 54, 69, 42],
      ['Tottenham Hotspur FC', 38, 11, 5, 22, 64, 65, 38],
      ['Leicester City FC', 38, 6, 7, 25, 33, 80, 25],
      ['Ipswich Town FC', 38, 4, 10, 24, 36, 82, 22],
      ['Southampton FC', 38, 2, 6, 30, 26, 86, 12],
    ]);
  });

  it('Bundesliga 2024-25 (Union Berlin v Bochum counted as the awarded 0-2)', () => {
    expect(computedFromFile('2024-25/de.1.json', 'de.1')).toEqual([
      ['FC Bayern München', 34, 25, 7, 2, 99, 32, 82],
      ['Bayer 04 Leverkusen', 34, 19, 12, 3, 72, 43, 69],
      ['Eintracht Frankfurt', 34, 17, 9, 8, 68, 46, 60],
      ['Borussia Dortmund', 34, 17, 6, 11, 71, 51, 57],
      ['SC Freiburg', 34, 16, 7, 11, 49, 53, 55],
      ['1. FSV Mainz 05', 34, 14, 10, 10, 55, 43, 52],
      ['RB Leipzig', 34, 13, 12, 9, 53, 48, 51],
      ['SV Werder Bremen', 34, 14, 9, 11, 54, 57, 51],
      ['VfB Stuttgart', 34, 14, 8, 12, 64, 53, 50],
      ['Borussia Mönchengladbach', 34, 13, 6, 15, 55, 57, 45],
      ['VfL Wolfsburg', 34, 11, 10, 13, 56, 54, 43],
      ['FC Augsburg', 34, 11, 10, 13, 35, 51, 43],
      ['1. FC Union Berlin', 34, 10, 10, 14, 35, 51, 40],
      ['FC St. Pauli 1910', 34, 8, 8, 18, 28, 41, 32],
      ['TSG 1899 Hoffenheim', 34, 7, 11, 16, 46, 68, 32],
      ['1. FC Heidenheim 1846', 34, 8, 5, 21, 37, 64, 29],
      ['Holstein Kiel', 34, 6, 7, 21, 49, 80, 25],
      ['VfL Bochum 1848', 34, 6, 7, 21, 33, 67, 25],
    ]);
  });

  it('Ligue 1 2024-25', () => {
    expect(computedFromFile('2024-25/fr.1.json', 'fr.1')).toEqual([
      ['Paris Saint-Germain FC', 34, 26, 6, 2, 92, 35, 84],
      ['Olympique de Marseille', 34, 20, 5, 9, 74, 47, 65],
      ['AS Monaco FC', 34, 18, 7, 9, 63, 41, 61],
      ['OGC Nice', 34, 17, 9, 8, 66, 41, 60],
      ['Lille OSC', 34, 17, 9, 8, 52, 36, 60],
      ['Olympique Lyonnais', 34, 17, 6, 11, 65, 46, 57],
      ['RC Strasbourg Alsace', 34, 16, 9, 9, 56, 44, 57],
      ['Racing Club de Lens', 34, 15, 7, 12, 42, 39, 52],
      ['Stade Brestois 29', 34, 15, 5, 14, 52, 59, 50],
      ['Toulouse FC', 34, 11, 9, 14, 44, 43, 42],
      ['AJ Auxerre', 34, 11, 9, 14, 48, 51, 42],
      ['Stade Rennais FC 1901', 34, 13, 2, 19, 51, 50, 41],
      ['FC Nantes', 34, 8, 12, 14, 39, 52, 36],
      ['Angers SCO', 34, 10, 6, 18, 32, 53, 36],
      ['Le Havre AC', 34, 10, 4, 20, 40, 71, 34],
      ['Stade de Reims', 34, 8, 9, 17, 33, 47, 33],
      ['AS Saint-Étienne', 34, 8, 6, 20, 39, 77, 30],
      ['Montpellier HSC', 34, 4, 4, 26, 23, 79, 16],
    ]);
  });

  it('World Cup 2022 Group E: Spain above Germany on goal difference', () => {
    expect(computedFromFile('worldcup-2022/worldcup.json', 'worldcup', 'Group E')).toEqual([
      ['Japan', 3, 2, 0, 1, 4, 3, 6],
      ['Spain', 3, 1, 1, 1, 9, 3, 4],
      ['Germany', 3, 1, 1, 1, 6, 5, 4],
      ['Costa Rica', 3, 1, 0, 2, 3, 11, 3],
    ]);
  });

  it('World Cup 2022 Group H: South Korea above Uruguay on goals scored', () => {
    expect(computedFromFile('worldcup-2022/worldcup.json', 'worldcup', 'Group H')).toEqual([
      ['Portugal', 3, 2, 0, 1, 6, 4, 6],
      ['South Korea', 3, 1, 1, 1, 4, 4, 4],
      ['Uruguay', 3, 1, 1, 1, 2, 2, 4],
      ['Ghana', 3, 1, 0, 2, 5, 7, 3],
    ]);
  });
});

describe('tie-breakers, deductions and form (fictional teams)', () => {
  const day = (n: number) => new Date(Date.UTC(2030, 0, n));
  // 1 beats 2 once; 2 wins its other games by more: level on points, 2 ahead on goal difference.
  const results: Result[] = [
    { homeTeamId: 1, awayTeamId: 2, homeGoals: 1, awayGoals: 0, kickoffAt: day(1) },
    { homeTeamId: 2, awayTeamId: 3, homeGoals: 5, awayGoals: 0, kickoffAt: day(2) },
    { homeTeamId: 3, awayTeamId: 1, homeGoals: 1, awayGoals: 0, kickoffAt: day(3) },
    { homeTeamId: 1, awayTeamId: 3, homeGoals: 1, awayGoals: 0, kickoffAt: day(4) },
    { homeTeamId: 2, awayTeamId: 3, homeGoals: 1, awayGoals: 0, kickoffAt: day(5) },
  ];
  const order = (code: string, adjustments = [] as { teamId: number; points: number; reason: string }[]) =>
    computeTable({ teamIds: [1, 2, 3], results, adjustments, rules: tableRules(code) }).map(
      (row) => row.teamId,
    );

  it('puts goal difference first in the Premier League and head-to-head first in La Liga and Serie A', () => {
    expect(order('en.1')).toEqual([2, 1, 3]);
    expect(order('es.1')).toEqual([1, 2, 3]);
    expect(order('it.1')).toEqual([1, 2, 3]);
  });

  it('applies a deduction to the points and reports it', () => {
    const table = computeTable({
      teamIds: [1, 2, 3],
      results,
      adjustments: [{ teamId: 2, points: -4, reason: 'breach of financial rules' }],
      rules: tableRules('en.1'),
    });
    expect(table.map((row) => [row.teamId, row.points, row.adjustment])).toEqual([
      [1, 6, 0],
      [3, 3, 0],
      [2, 2, -4],
    ]);
  });

  it('keeps the last five results, oldest first, and lists a team without matches', () => {
    const many: Result[] = Array.from({ length: 7 }, (_, index) => ({
      homeTeamId: 1,
      awayTeamId: 2,
      homeGoals: index % 3,
      awayGoals: 1,
      kickoffAt: day(10 - index),
    }));
    const table = computeTable({ teamIds: [1, 2, 9], results: many, rules: tableRules('de.1') });
    const one = table.find((row) => row.teamId === 1)!;
    // Days 4..10 in order: L W D L W D L; the five latest are days 6..10.
    expect(one.form).toEqual(['D', 'L', 'W', 'D', 'L']);
    expect(table.find((row) => row.teamId === 9)).toMatchObject({ played: 0, points: 0, form: [] });
  });
});
