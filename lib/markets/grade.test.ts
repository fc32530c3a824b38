// Grading against real results: openfootball files in ../shared/data, parsed by the portal's own parser and
// turned into match rows as lib/scores/ingest.ts stores them (result after extra time, 90 minutes apart).
import fs from 'node:fs';
import path from 'node:path';
import { defaultOpenfootballDir } from '@/lib/feeds/openfootball/import';
import { parseOpenfootballFile } from '@/lib/feeds/openfootball/parse';
import type { MatchInfo } from '@/lib/feeds/provider';
import {
  combineGrades,
  type Grade,
  gradePick,
  type MatchRow,
  matchResult,
  type Selection,
  selectionProblem,
  unitReturn,
} from '.';

const dir = defaultOpenfootballDir();

function matchesOf(file: string): MatchInfo[] {
  const full = path.join(dir, file);
  return parseOpenfootballFile(full, JSON.parse(fs.readFileSync(full, 'utf8'))).matches ?? [];
}

function row(match: MatchInfo): MatchRow {
  const final = match.score?.extraTime ?? match.score?.fullTime;
  return {
    status: match.status as MatchRow['status'],
    statusNote: match.statusNote,
    homeScore: final?.[0] ?? null,
    awayScore: final?.[1] ?? null,
    homeFullTime: match.score?.fullTime[0] ?? null,
    awayFullTime: match.score?.fullTime[1] ?? null,
  };
}

function find(file: string, home: string, away: string) {
  const match = matchesOf(file).find((entry) => entry.homeTeam === home && entry.awayTeam === away);
  if (!match) throw new Error(`${home} v ${away} not in ${file}`);
  return matchResult(row(match))!;
}

const grade = (
  result: ReturnType<typeof find>,
  market: Selection['market'],
  pick: Selection['pick'],
  line?: number,
) => gradePick({ market, pick, line }, result);

describe('grading from real results', () => {
  // Premier League 2024-25, Manchester United 1–0 Fulham.
  const unitedFulham = find('2024-25/en.1.json', 'Manchester United FC', 'Fulham FC');
  // World Cup 2022 final: Argentina 2–2 France after 90 minutes, 3–3 after extra time, 4–2 on penalties.
  const final2022 = find('worldcup-2022/worldcup.json', 'Argentina', 'France');

  it.each<[string, Selection['market'], Selection['pick'], number | undefined, Grade]>([
    ['1X2 home', 'football_1x2', 'home', undefined, 'won'],
    ['1X2 draw', 'football_1x2', 'draw', undefined, 'lost'],
    ['1X2 away', 'football_1x2', 'away', undefined, 'lost'],
    ['home -0.25', 'football_handicap', 'home', -0.25, 'won'],
    ['home -0.5', 'football_handicap', 'home', -0.5, 'won'],
    ['home -0.75 (half on -0.5 won, half on -1 push)', 'football_handicap', 'home', -0.75, 'half_won'],
    ['home -1 (whole line)', 'football_handicap', 'home', -1, 'push'],
    ['home -1.25 (half push, half lost)', 'football_handicap', 'home', -1.25, 'half_lost'],
    ['home -1.5', 'football_handicap', 'home', -1.5, 'lost'],
    ['away on home -0.75 (away +0.75)', 'football_handicap', 'away', -0.75, 'half_lost'],
    ['away on home -1 (away +1)', 'football_handicap', 'away', -1, 'push'],
    ['away on home -1.25 (away +1.25)', 'football_handicap', 'away', -1.25, 'half_won'],
    ['over 0.5', 'football_total', 'over', 0.5, 'won'],
    ['over 0.75', 'football_total', 'over', 0.75, 'half_won'],
    ['over 1', 'football_total', 'over', 1, 'push'],
    ['over 1.25', 'football_total', 'over', 1.25, 'half_lost'],
    ['under 1.25', 'football_total', 'under', 1.25, 'half_won'],
    ['under 0.75', 'football_total', 'under', 0.75, 'half_lost'],
    ['under 2.5', 'football_total', 'under', 2.5, 'won'],
  ])('Manchester United 1–0 Fulham: %s', (_name, market, pick, line, expected) => {
    expect(grade(unitedFulham, market, pick, line)).toBe(expected);
  });

  it.each<[string, Selection['market'], Selection['pick'], number | undefined, Grade]>([
    [
      '1X2 draw at 90 minutes, whatever extra time and penalties said',
      'football_1x2',
      'draw',
      undefined,
      'won',
    ],
    ['1X2 Argentina, who lifted the cup on penalties', 'football_1x2', 'home', undefined, 'lost'],
    ['level ball (0)', 'football_handicap', 'home', 0, 'push'],
    ['home -0.25 on a draw', 'football_handicap', 'home', -0.25, 'half_lost'],
    ['away +0.25 on a draw', 'football_handicap', 'away', -0.25, 'half_won'],
    ['home +0.5', 'football_handicap', 'home', 0.5, 'won'],
    ['over 3.5: four goals in 90 minutes (six with extra time)', 'football_total', 'over', 3.5, 'won'],
    ['over 4', 'football_total', 'over', 4, 'push'],
    ['over 4.25', 'football_total', 'over', 4.25, 'half_lost'],
    ['under 4.5 — extra time goals do not count', 'football_total', 'under', 4.5, 'won'],
  ])('World Cup 2022 final: %s', (_name, market, pick, line, expected) => {
    expect(grade(final2022, market, pick, line)).toBe(expected);
  });

  it('voids every market of a postponed match and of an awarded result', () => {
    const postponed = matchesOf('2025-26/en.1.json').find((match) => match.statusNote === 'postponed')!;
    const awarded = matchesOf('2024-25/de.1.json').find((match) => match.statusNote === 'awarded')!;
    for (const match of [postponed, awarded]) {
      const result = matchResult(row(match))!;
      expect(result).toEqual({ state: 'void' });
      expect(grade(result, 'football_1x2', 'away')).toBe('void');
      expect(grade(result, 'football_handicap', 'home', -0.75)).toBe('void');
      expect(grade(result, 'football_total', 'under', 2.25)).toBe('void');
    }
  });

  it('leaves matches to come or under way ungraded', () => {
    const base = { statusNote: null, homeScore: 1, awayScore: 0, homeFullTime: 1, awayFullTime: 0 };
    expect(matchResult({ ...base, status: 'live' })).toBeNull();
    expect(matchResult({ ...base, status: 'not_started', homeScore: null, awayScore: null })).toBeNull();
  });

  it('grades every finished real match consistently on every line (both sides, both totals)', () => {
    const files = [
      '2024-25/en.1.json',
      '2024-25/uefa.cl.json',
      'worldcup-2022/worldcup.json',
      '2025/cn.1.json',
    ];
    const opposite: Record<Grade, Grade> = {
      won: 'lost',
      lost: 'won',
      push: 'push',
      half_won: 'half_lost',
      half_lost: 'half_won',
      void: 'void',
    };
    let checked = 0;
    for (const file of files) {
      for (const match of matchesOf(file)) {
        const result = matchResult(row(match));
        if (result?.state !== 'played') continue;
        const winners = (['home', 'draw', 'away'] as const).filter(
          (pick) => grade(result, 'football_1x2', pick) === 'won',
        );
        expect(winners).toHaveLength(1);
        for (let quarters = -12; quarters <= 12; quarters++) {
          const line = quarters / 4;
          const home = grade(result, 'football_handicap', 'home', line);
          expect(grade(result, 'football_handicap', 'away', line)).toBe(opposite[home]);
          if (line >= 0.5) {
            const over = grade(result, 'football_total', 'over', line);
            expect(grade(result, 'football_total', 'under', line)).toBe(opposite[over]);
            // A quarter line is never a push; a half line never anything but won or lost.
            if (quarters % 2 !== 0) expect(over).not.toBe('push');
            if (quarters % 4 === 2) expect(['won', 'lost']).toContain(over);
          }
        }
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(500);
  });
});

describe('basketball markets (graded after overtime)', () => {
  // No basketball results ship in ../shared/data: a 112–112 regulation game won 120–115 in overtime.
  const overtime = matchResult({
    status: 'finished',
    homeScore: 120,
    awayScore: 115,
    homeFullTime: 120,
    awayFullTime: 115,
  })!;
  it.each<[Selection['market'], Selection['pick'], number | undefined, Grade]>([
    ['basketball_moneyline', 'home', undefined, 'won'],
    ['basketball_moneyline', 'away', undefined, 'lost'],
    ['basketball_spread', 'home', -4.5, 'won'],
    ['basketball_spread', 'home', -5, 'push'],
    ['basketball_spread', 'away', -5.5, 'won'],
    ['basketball_total', 'over', 235, 'push'],
    ['basketball_total', 'under', 235.5, 'won'],
    ['basketball_total', 'over', 230.5, 'won'],
  ])('%s %s %s → %s', (market, pick, line, expected) => {
    expect(gradePick({ market, pick, line }, overtime)).toBe(expected);
  });
});

describe('selections', () => {
  it('refuses picks and lines a market does not have', () => {
    expect(selectionProblem({ market: 'football_1x2', pick: 'over' })).toBe('BAD_PICK');
    expect(selectionProblem({ market: 'football_1x2', pick: 'home', line: 0.5 })).toBe('LINE_NOT_ALLOWED');
    expect(selectionProblem({ market: 'football_handicap', pick: 'home' })).toBe('LINE_REQUIRED');
    expect(selectionProblem({ market: 'football_handicap', pick: 'home', line: -0.3 })).toBe('BAD_LINE');
    expect(selectionProblem({ market: 'basketball_spread', pick: 'home', line: -4.25 })).toBe('BAD_LINE');
    expect(selectionProblem({ market: 'football_total', pick: 'over', line: 0 })).toBe('BAD_LINE');
    expect(selectionProblem({ market: 'cricket', pick: 'home' })).toBe('UNKNOWN_MARKET');
    expect(selectionProblem({ market: 'football_total', pick: 'under', line: 2.75 })).toBeNull();
    expect(() => gradePick({ market: 'football_1x2', pick: 'over' }, { state: 'void' })).toThrow();
  });
});

describe('returns and plans of two selections', () => {
  it('counts a 1-unit stake at even money without odds, at the odds given otherwise', () => {
    expect(
      ['won', 'half_won', 'push', 'void', 'half_lost', 'lost'].map((g) => unitReturn(g as Grade)),
    ).toEqual([1, 0.5, 0, 0, -0.5, -1]);
    expect(unitReturn('won', 1.85)).toBeCloseTo(0.85);
    expect(unitReturn('half_won', 1.9)).toBeCloseTo(0.45);
  });

  it('combines the grades of a plan', () => {
    expect(combineGrades(['won', 'won'])).toBe('won');
    expect(combineGrades(['won', 'lost'])).toBe('push');
    expect(combineGrades(['won', 'half_lost'])).toBe('half_won');
    expect(combineGrades(['push', 'lost'])).toBe('half_lost');
    expect(combineGrades(['void', 'lost'])).toBe('lost');
    expect(combineGrades(['void', 'void'])).toBe('void');
    expect(combineGrades(['half_won'])).toBe('half_won');
  });
});
