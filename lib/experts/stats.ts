// An expert's record, computed only from graded plans (nobody can type a hit rate): hit rate, 连红 streak,
// the return of a 1-unit stake and the sample size over the last 10, 20, 50 and all; rankings order by the
// Wilson lower bound of the hit rate and list nobody with fewer than 5 graded plans in the window.
import { and, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { type Grade, isHit } from '@/lib/markets';
import { type ExpertSport, expertPlans } from './schema';

export const STAT_WINDOWS = ['10', '20', '50', 'all'] as const;
export type StatWindow = (typeof STAT_WINDOWS)[number];
/** Nobody is ranked on fewer graded plans (in the window). */
export const RANK_MIN_GRADED = 5;
const Z = 1.96;

export type GradedPlan = { grade: Grade; unitReturn: number; market?: string; price?: number };

export type Record_ = {
  /** Graded plans counted (push included, void never). */
  graded: number;
  hits: number;
  pushes: number;
  /** hits / (graded − pushes), 0–1; null before any decided plan. */
  hitRate: number | null;
  /** Hits in a row, newest first (a push neither breaks nor extends it). */
  streak: number;
  bestStreak: number;
  /** Sum of the 1-unit returns (even-money points, lib/markets `unitReturn`). */
  unitReturn: number;
  /** Wilson lower bound (95 %) of the hit rate: the ranking key. */
  wilson: number;
};

export function wilsonLowerBound(hits: number, trials: number, z = Z) {
  if (trials <= 0) return 0;
  const p = hits / trials;
  const z2 = z * z;
  return (
    (p + z2 / (2 * trials) - z * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials))) /
    (1 + z2 / trials)
  );
}

/** The record of graded plans given newest first; void grades are dropped before the window is taken. */
export function recordOf(newestFirst: readonly GradedPlan[], window: StatWindow = 'all'): Record_ {
  const counted = newestFirst.filter((plan) => plan.grade !== 'void');
  const sample = window === 'all' ? counted : counted.slice(0, Number(window));
  let hits = 0;
  let pushes = 0;
  let unitReturn = 0;
  let streak = 0;
  let streakOpen = true;
  let run = 0;
  let bestStreak = 0;
  for (const plan of sample) {
    unitReturn += plan.unitReturn;
    if (plan.grade === 'push') {
      pushes += 1;
      continue;
    }
    if (isHit(plan.grade)) {
      hits += 1;
      run += 1;
      if (streakOpen) streak += 1;
      bestStreak = Math.max(bestStreak, run);
    } else {
      streakOpen = false;
      run = 0;
    }
  }
  const decided = sample.length - pushes;
  return {
    graded: sample.length,
    hits,
    pushes,
    hitRate: decided ? hits / decided : null,
    streak,
    bestStreak,
    unitReturn: Math.round(unitReturn * 100) / 100,
    wilson: wilsonLowerBound(hits, decided),
  };
}

export const emptyRecord = () => recordOf([]);

/** Graded plans of these experts, newest match first. */
export async function gradedPlansOf(db: DbOrTx, expertIds: number[] | null, sport?: ExpertSport) {
  const rows = await db
    .select({
      expertId: expertPlans.expertId,
      grade: expertPlans.grade,
      unitReturn: expertPlans.unitReturn,
      // The first committed play type, read from the committed text (lib/experts/committed.ts).
      market: sql<string | null>`(${expertPlans.canonical}::jsonb #>> '{selections,0,market}')`,
      price: expertPlans.price,
    })
    .from(expertPlans)
    .where(
      and(
        eq(expertPlans.status, 'graded'),
        ne(expertPlans.grade, 'void'),
        expertIds ? inArray(expertPlans.expertId, expertIds.length ? expertIds : [0]) : undefined,
        sport ? eq(expertPlans.sport, sport) : undefined,
      ),
    )
    .orderBy(desc(expertPlans.kickoffAt), desc(expertPlans.id));
  const byExpert = new Map<number, GradedPlan[]>();
  for (const row of rows) {
    const list = byExpert.get(row.expertId) ?? [];
    list.push({
      grade: row.grade as Grade,
      unitReturn: row.unitReturn ?? 0,
      market: row.market ?? undefined,
      price: row.price,
    });
    byExpert.set(row.expertId, list);
  }
  return byExpert;
}

/** Every window of one expert's record, and the record by play type (a plan counts under its first). */
export async function expertRecord(db: DbOrTx, expertId: number, sport?: ExpertSport) {
  const plans = (await gradedPlansOf(db, [expertId], sport)).get(expertId) ?? [];
  const windows = Object.fromEntries(
    STAT_WINDOWS.map((window) => [window, recordOf(plans, window)]),
  ) as Record<StatWindow, Record_>;
  const markets = [...new Set(plans.map((plan) => plan.market).filter(Boolean))] as string[];
  const byMarket = markets.map((market) => ({
    market,
    record: recordOf(plans.filter((plan) => plan.market === market)),
  }));
  const free = plans.filter((plan) => !plan.price);
  return { windows, byMarket, gradedFree: free.length, all: windows.all };
}

/** Experts ranked by the Wilson lower bound over a window; fewer than RANK_MIN_GRADED graded: not listed. */
export async function rankExperts(
  db: DbOrTx,
  input: { window: StatWindow; sport?: ExpertSport; limit?: number },
) {
  const byExpert = await gradedPlansOf(db, null, input.sport);
  return [...byExpert.entries()]
    .map(([expertId, plans]) => ({ expertId, record: recordOf(plans, input.window) }))
    .filter((entry) => entry.record.graded >= RANK_MIN_GRADED)
    .sort(
      (a, b) =>
        b.record.wilson - a.record.wilson ||
        b.record.graded - a.record.graded ||
        b.record.unitReturn - a.record.unitReturn ||
        a.expertId - b.expertId,
    )
    .slice(0, input.limit ?? 20);
}
