// The outcome of a match-bound guess's pick from the match result.
// FOR THE LEAD: swap this file's body for lib/markets' `gradePick` once the experts branch lands it
// (issue 34 item 4 writes the one grader of every market); until then only the markets below are
// offered to a guess, and this is their whole grading. Nothing else in lib/guess grades a pick.
import type { MatchStatus, Sport } from '@/lib/scores/schema';

/** Markets a guess may bind, per sport: football 胜平负 (1X2, 90 minutes), basketball 胜负 (overtime included). */
export const GUESS_MARKETS = { football: ['1x2'], basketball: ['winner'] } as const satisfies Partial<
  Record<Sport, readonly string[]>
>;
export type GuessMarket = '1x2' | 'winner';
export const PICKS: Record<GuessMarket, readonly string[]> = {
  '1x2': ['home', 'draw', 'away'],
  winner: ['home', 'away'],
};

export type MatchResult = {
  status: MatchStatus;
  homeScore: number | null;
  awayScore: number | null;
  homeFullTime: number | null;
  awayFullTime: number | null;
};

/** won / lost / void for one pick, or null while the match is not over. */
export function gradeGuessPick(market: GuessMarket, pick: string, match: MatchResult) {
  if (match.status === 'abnormal') return 'void' as const;
  if (match.status !== 'finished') return null;
  const [home, away] =
    market === '1x2'
      ? [match.homeFullTime ?? match.homeScore, match.awayFullTime ?? match.awayScore]
      : [match.homeScore, match.awayScore];
  if (home === null || away === null) return 'void' as const;
  const outcome = home > away ? 'home' : home < away ? 'away' : 'draw';
  // A basketball draw (no overtime reported) has no winner to pay: void.
  if (market === 'winner' && outcome === 'draw') return 'void' as const;
  return outcome === pick ? ('won' as const) : ('lost' as const);
}
