// Grades a selection against a match's result, and turns grades into the return of a 1-unit stake.
// Pure: the caller reads the match (lib/scores) and decides when an abnormal match is final.
import { MARKET_DEFINITIONS, type Selection, selectionProblem } from './markets';

export const GRADES = ['won', 'lost', 'push', 'half_won', 'half_lost', 'void'] as const;
export type Grade = (typeof GRADES)[number];

/** [home, away] */
export type Score = readonly [number, number];

/**
 * What a market is graded on. `regulation`: football after 90 minutes (with stoppage time);
 * `final`: after any extra time or overtime. Void: the match was not played out (postponed, abandoned,
 * awarded by an authority, abnormal).
 */
export type MatchResult = { state: 'played'; regulation: Score; final: Score } | { state: 'void' };

/** The match columns grading needs, as lib/scores stores them. */
export interface MatchRow {
  status: 'not_started' | 'live' | 'finished' | 'abnormal';
  statusNote?: string | null;
  homeScore: number | null;
  awayScore: number | null;
  /** After 90 minutes (basketball: same as the result). */
  homeFullTime: number | null;
  awayFullTime: number | null;
}

/** Notes that mean the score was not played for on the pitch (openfootball's `awarded`, feeds' words). */
export const VOID_NOTES = ['awarded', 'abandoned', 'annulled', 'cancelled', 'canceled', 'walkover'] as const;

/**
 * The result to grade on, or null while the match is still to come or under way. An `abnormal` match is
 * void here; it may still turn `finished` later (lib/scores/match-states.ts), so the grading job waits
 * a grace period before it takes an abnormal match as final.
 */
export function matchResult(match: MatchRow): MatchResult | null {
  if (match.status === 'not_started' || match.status === 'live') return null;
  if (match.status === 'abnormal') return { state: 'void' };
  if (match.statusNote && (VOID_NOTES as readonly string[]).includes(match.statusNote.toLowerCase())) {
    return { state: 'void' };
  }
  if (match.homeScore === null || match.awayScore === null) return { state: 'void' };
  const final: Score = [match.homeScore, match.awayScore];
  const regulation: Score =
    match.homeFullTime !== null && match.awayFullTime !== null
      ? [match.homeFullTime, match.awayFullTime]
      : final;
  return { state: 'played', regulation, final };
}

type Half = 'win' | 'push' | 'lose';

function compare(margin: number): Half {
  return margin > 1e-9 ? 'win' : margin < -1e-9 ? 'lose' : 'push';
}

/** A line that is a quarter (x.25, x.75) is half on each neighbouring half line. */
function splitLine(line: number): number[] {
  const quarters = Math.round(line * 4);
  return quarters % 2 === 0 ? [line] : [(quarters - 1) / 4, (quarters + 1) / 4];
}

function combine(halves: Half[]): Grade {
  if (halves.length === 1) return halves[0] === 'win' ? 'won' : halves[0] === 'lose' ? 'lost' : 'push';
  const [a, b] = halves;
  if (a === b) return a === 'win' ? 'won' : a === 'lose' ? 'lost' : 'push';
  if (a === 'win' || b === 'win') return b === 'lose' || a === 'lose' ? 'push' : 'half_won';
  return 'half_lost';
}

/**
 * The grade of one selection. Throws on a selection that is not valid for its market (plans and guesses
 * validate with `selectionProblem` before storing, so this never meets one from the database).
 */
export function gradePick(selection: Selection, result: MatchResult): Grade {
  const problem = selectionProblem(selection);
  if (problem) throw new Error(`invalid selection ${selection.market}/${selection.pick}: ${problem}`);
  if (result.state === 'void') return 'void';
  const definition = MARKET_DEFINITIONS[selection.market];
  const [home, away] = definition.gradedOn === 'regulation' ? result.regulation : result.final;
  switch (definition.kind) {
    case 'result': {
      const winner = home > away ? 'home' : home < away ? 'away' : 'draw';
      // A basketball game cannot end level after overtime; a level score is a result no pick can win.
      return selection.pick === winner ? 'won' : 'lost';
    }
    case 'handicap': {
      const line = selection.line as number;
      const margin = selection.pick === 'home' ? home - away : away - home;
      // The line is the home side's handicap; the away side gets its opposite.
      const sideLine = selection.pick === 'home' ? line : -line;
      return combine(splitLine(sideLine).map((part) => compare(margin + part)));
    }
    case 'total': {
      const line = selection.line as number;
      const total = home + away;
      return combine(
        splitLine(line).map((part) => compare(selection.pick === 'over' ? total - part : part - total)),
      );
    }
  }
}

/** Graded, i.e. counts in hit rate and record: everything but void (nothing was decided). */
export function isDecided(grade: Grade) {
  return grade !== 'void';
}

/** A hit for the hit rate: won or half won. Push and half lost are not hits. */
export function isHit(grade: Grade) {
  return grade === 'won' || grade === 'half_won';
}

/**
 * The net return of a 1-unit stake. With decimal odds (1.85): won +0.85, half won +0.425, push and void 0,
 * half lost −0.5, lost −1. Without odds the stake is taken at even money (decimal 2.00), the tipster
 * "points" convention: won +1, half won +0.5, push 0, half lost −0.5, lost −1. Plans carry no odds (the
 * portal has no real prices, only generated ones), so their return is in these even-money points.
 */
export function unitReturn(grade: Grade, decimalOdds = 2): number {
  const profit = decimalOdds - 1;
  switch (grade) {
    case 'won':
      return profit;
    case 'half_won':
      return profit / 2;
    case 'push':
    case 'void':
      return 0;
    case 'half_lost':
      return -0.5;
    case 'lost':
      return -1;
  }
}

/**
 * A plan with several selections (at most two play types) is graded as a whole: void only when every part is
 * void; otherwise the parts that were decided are combined: won when all won, lost when all lost,
 * push when the returns cancel out, else half won or half lost by the sign of the summed return.
 */
export function combineGrades(grades: readonly Grade[]): Grade {
  const decided = grades.filter(isDecided);
  if (!decided.length) return 'void';
  if (decided.length === 1) return decided[0] as Grade;
  if (decided.every((grade) => grade === 'won')) return 'won';
  if (decided.every((grade) => grade === 'lost')) return 'lost';
  if (decided.every((grade) => grade === 'push')) return 'push';
  const sum = decided.reduce((total, grade) => total + unitReturn(grade), 0);
  return sum > 1e-9 ? 'half_won' : sum < -1e-9 ? 'half_lost' : 'push';
}
