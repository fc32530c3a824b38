// The play types an expert plan (or a match-bound guess) can name, and what a valid pick and line are for
// each. Pure: no database, no clock; lib/markets/grade.ts grades a pick against a result.

export const FOOTBALL_MARKETS = ['football_1x2', 'football_handicap', 'football_total'] as const;
export const BASKETBALL_MARKETS = ['basketball_moneyline', 'basketball_spread', 'basketball_total'] as const;
/** E-sports: who wins the series, the one market a fun-guess on a bound e-sports match offers. */
export const ESPORTS_MARKETS = ['esports_winner'] as const;
export const MARKETS = [...FOOTBALL_MARKETS, ...BASKETBALL_MARKETS, ...ESPORTS_MARKETS] as const;
export type Market = (typeof MARKETS)[number];
export type MarketSport = 'football' | 'basketball' | 'esports';

/**
 * What a market is graded on: `regulation` is football's 90 minutes with stoppage time (no extra time, no
 * penalties), the bookmakers' rule for 胜平负, 让球 and 大小球; `final` is the result after any overtime,
 * the rule for basketball's 胜负, 让分 and 大小分.
 */
export type GradedOn = 'regulation' | 'final';

export const PICKS = ['home', 'draw', 'away', 'over', 'under'] as const;
export type Pick = (typeof PICKS)[number];

export interface MarketDefinition {
  sport: MarketSport;
  /** `result` (who wins), `handicap` (who wins with a line added to the home side), `total` (goals/points). */
  kind: 'result' | 'handicap' | 'total';
  picks: readonly Pick[];
  gradedOn: GradedOn;
  /** Null: the market has no line. Otherwise lines are multiples of `step` within [min, max]. */
  line: { step: number; min: number; max: number } | null;
}

export const MARKET_DEFINITIONS: Record<Market, MarketDefinition> = {
  // 胜平负
  football_1x2: {
    sport: 'football',
    kind: 'result',
    picks: ['home', 'draw', 'away'],
    gradedOn: 'regulation',
    line: null,
  },
  // 让球 (Asian handicap): quarter lines split the stake over the two neighbouring half lines.
  football_handicap: {
    sport: 'football',
    kind: 'handicap',
    picks: ['home', 'away'],
    gradedOn: 'regulation',
    line: { step: 0.25, min: -10, max: 10 },
  },
  // 大小球
  football_total: {
    sport: 'football',
    kind: 'total',
    picks: ['over', 'under'],
    gradedOn: 'regulation',
    line: { step: 0.25, min: 0.5, max: 15 },
  },
  // 胜负 (overtime counts, so there is no draw)
  basketball_moneyline: {
    sport: 'basketball',
    kind: 'result',
    picks: ['home', 'away'],
    gradedOn: 'final',
    line: null,
  },
  // 让分
  basketball_spread: {
    sport: 'basketball',
    kind: 'handicap',
    picks: ['home', 'away'],
    gradedOn: 'final',
    line: { step: 0.5, min: -60, max: 60 },
  },
  // 大小分
  basketball_total: {
    sport: 'basketball',
    kind: 'total',
    picks: ['over', 'under'],
    gradedOn: 'final',
    line: { step: 0.5, min: 50, max: 400 },
  },
  // 胜负 of the series (maps won): a tied series (a best of two) voids every stake
  esports_winner: {
    sport: 'esports',
    kind: 'result',
    picks: ['home', 'away'],
    gradedOn: 'final',
    line: null,
  },
};

export function marketsOf(sport: MarketSport): readonly Market[] {
  return sport === 'football'
    ? FOOTBALL_MARKETS
    : sport === 'basketball'
      ? BASKETBALL_MARKETS
      : ESPORTS_MARKETS;
}

export function isMarket(value: string): value is Market {
  return (MARKETS as readonly string[]).includes(value);
}

/**
 * A selection: the market, the pick and the line where the market has one. For handicap markets the line is
 * the HOME side's handicap (home -0.75 gives away 0.75 goals; picking `away` on that line is away +0.75);
 * for totals it is the goals or points line.
 */
export interface Selection {
  market: Market;
  pick: Pick;
  line?: number | null;
}

/** Why a selection is refused; null when it is valid. */
export type SelectionProblem =
  | 'UNKNOWN_MARKET'
  | 'BAD_PICK'
  | 'LINE_REQUIRED'
  | 'LINE_NOT_ALLOWED'
  | 'BAD_LINE';

export function selectionProblem(selection: {
  market: string;
  pick: string;
  line?: number | null;
}): SelectionProblem | null {
  if (!isMarket(selection.market)) return 'UNKNOWN_MARKET';
  const definition = MARKET_DEFINITIONS[selection.market];
  if (!(definition.picks as readonly string[]).includes(selection.pick)) return 'BAD_PICK';
  const line = selection.line ?? null;
  if (!definition.line) return line === null ? null : 'LINE_NOT_ALLOWED';
  if (line === null) return 'LINE_REQUIRED';
  const { step, min, max } = definition.line;
  if (!Number.isFinite(line) || line < min || line > max) return 'BAD_LINE';
  if (!isMultiple(line, step)) return 'BAD_LINE';
  return null;
}

/** Lines are stored in hundredths (−0.75 → −75), as lib/scores stores odds lines. */
export function lineToHundredths(line: number | null | undefined) {
  return line === null || line === undefined ? null : Math.round(line * 100);
}

export function lineFromHundredths(hundredths: number | null | undefined) {
  return hundredths === null || hundredths === undefined ? null : hundredths / 100;
}

function isMultiple(value: number, step: number) {
  const ratio = value / step;
  return Math.abs(ratio - Math.round(ratio)) < 1e-9;
}
