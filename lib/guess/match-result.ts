// What a match-bound guess may offer, and each outcome's grade from the result — through lib/markets, the
// one grader of every market (expert plans use it too). A guess offers the markets whose every outcome is
// won or lost (void for a void match): 1X2 / moneyline, and handicaps and totals on half lines. Quarter and
// whole lines (half won, push) are left to expert plans: a pari-mutuel pool pays whole outcomes.
import {
  gradePick,
  MARKET_DEFINITIONS,
  type Market,
  type MarketSport,
  type MatchRow,
  marketsOf,
  matchResult,
  type Pick,
  selectionProblem,
} from '@/lib/markets';

export type GuessPlayType = { market: Market; line: number | null };

/** `football_1x2`, `football_total:2.5`: a play type as the API takes it; null when a guess cannot offer it. */
export function parsePlayType(text: string, sport: MarketSport): GuessPlayType | null {
  const [market = '', lineText] = text.split(':');
  const line = lineText === undefined ? null : Number(lineText);
  if (lineText !== undefined && !/^-?\d+(\.\d+)?$/.test(lineText)) return null;
  const definition = MARKET_DEFINITIONS[market as Market];
  if (!definition || definition.sport !== sport || !marketsOf(sport).includes(market as Market)) return null;
  const pick = definition.picks[0]!;
  if (selectionProblem({ market, pick, line })) return null;
  // Half lines only: every outcome is then won or lost.
  if (line !== null && Math.abs((line * 2) % 2) !== 1) return null;
  return { market: market as Market, line };
}

export const picksOf = (market: Market): readonly Pick[] => MARKET_DEFINITIONS[market].picks;

/** won / lost / void for one outcome, or null while the match is not over. */
export function gradeGuessOutcome(
  outcome: { market: string; pick: string; line: number | null },
  match: MatchRow,
): 'won' | 'lost' | 'void' | null {
  const result = matchResult(match);
  if (!result) return null;
  const grade = gradePick(
    { market: outcome.market as Market, pick: outcome.pick as Pick, line: outcome.line },
    result,
  );
  return grade === 'won' || grade === 'lost' ? grade : 'void';
}
