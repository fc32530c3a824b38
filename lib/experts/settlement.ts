// Grading by the feed, not by people: a job grades every open plan whose match is over (lib/markets on
// the stored result), then settles each purchase from escrow — back to the buyer at once (void, or a miss
// with 不中退款), or to the expert in yellow diamonds at the configured share once the dispute window has
// closed (lib/experts/disputes.ts `releaseDuePlans`) — each with its idempotency key.
import { and, eq, inArray, isNotNull, lt, ne, notInArray, or } from 'drizzle-orm';
import { getConfig } from '@/lib/config';
import type { DbOrTx } from '@/lib/db';
import { notify } from '@/lib/im/notices';
import {
  combineGrades,
  type Grade,
  gradePick,
  isHit,
  isMarket,
  matchResult,
  unitReturn,
} from '@/lib/markets';
import { matches } from '@/lib/scores/schema';
import { type Leg, runOperation } from '@/lib/wallet/ledger';
import { asCommitted, committedPlan } from './committed';
import { expertPlans, planCommitments, planPurchases } from './schema';

/** An abnormal match (postponed, feed silent) may still finish: its plans are void this long after kick-off. */
export const ABNORMAL_VOID_AFTER_MS = 24 * 3600_000;

type Plan = typeof expertPlans.$inferSelect;

/** The grade of a plan from its match's result, or null while the match is not over. */
export function gradePlan(
  plan: Pick<Plan, 'selections'>,
  match: Parameters<typeof matchResult>[0] & { kickoffAt: Date },
  now: Date,
) {
  if (match.status === 'abnormal' && now.getTime() - match.kickoffAt.getTime() < ABNORMAL_VOID_AFTER_MS)
    return null;
  const result = matchResult(match);
  if (!result) return null;
  const selectionGrades = plan.selections.map((selection) => {
    if (!isMarket(selection.market)) return 'void' as Grade;
    return gradePick(
      { market: selection.market, pick: selection.pick as never, line: selection.line },
      result,
    );
  });
  const grade = combineGrades(selectionGrades);
  return { grade, selectionGrades, unitReturn: unitReturn(grade) };
}

/**
 * Grades the open plans whose matches are over, then settles their purchases. Returns what it graded.
 * The picks graded are the committed ones (lib/experts/committed.ts); a plan whose text does not match its
 * commitment and its chain entry stays open, ungraded, and is logged.
 */
export async function gradeDuePlans(db: DbOrTx, now: Date) {
  const due = await db
    .select({ plan: expertPlans, match: matches, chainCommitment: planCommitments.commitment })
    .from(expertPlans)
    .innerJoin(matches, eq(matches.id, expertPlans.matchId))
    .leftJoin(planCommitments, eq(planCommitments.planId, expertPlans.id))
    .where(
      and(
        eq(expertPlans.status, 'open'),
        lt(expertPlans.kickoffAt, now),
        inArray(matches.status, ['finished', 'abnormal']),
      ),
    )
    .orderBy(expertPlans.kickoffAt)
    .limit(500);
  const graded: number[] = [];
  for (const { plan, match, chainCommitment } of due) {
    const committed = committedPlan(plan, chainCommitment);
    if (!committed.ok) continue;
    const outcome = gradePlan(asCommitted(plan, committed.content), match, now);
    if (!outcome) continue;
    const [row] = await db
      .update(expertPlans)
      .set({
        status: 'graded',
        grade: outcome.grade,
        selectionGrades: outcome.selectionGrades,
        unitReturn: outcome.unitReturn,
        gradedAt: now,
      })
      .where(and(eq(expertPlans.id, plan.id), eq(expertPlans.status, 'open')))
      .returning({ id: expertPlans.id });
    if (row) graded.push(row.id);
  }
  // Purchases left held by a run that stopped between the grade and the money (or graded just now): the
  // refunds at once; the expert's share only once released (lib/experts/disputes.ts, after the window).
  const unsettled = await db
    .selectDistinct({ planId: planPurchases.planId })
    .from(planPurchases)
    .innerJoin(expertPlans, eq(expertPlans.id, planPurchases.planId))
    .where(
      and(
        eq(planPurchases.status, 'held'),
        ne(expertPlans.status, 'open'),
        or(
          eq(expertPlans.status, 'voided'),
          isNotNull(expertPlans.releasedAt),
          eq(expertPlans.grade, 'void'),
          and(eq(expertPlans.refundIfLost, true), notInArray(expertPlans.grade, ['won', 'half_won'])),
        ),
      ),
    )
    .limit(500);
  for (const { planId } of unsettled) await settlePurchases(db, planId, now);
  return graded;
}

/** Whether a buyer gets the price back: void (graded void or voided), or a miss on a 不中退款 plan. */
export function refundsBuyer(plan: Pick<Plan, 'status' | 'grade' | 'refundIfLost'>) {
  if (plan.status === 'voided' || plan.grade === 'void') return true;
  return plan.refundIfLost && !isHit(plan.grade as Grade);
}

/**
 * Settles every held purchase of a graded or voided plan, one ledger operation each: refunds at once, the
 * expert's share only once the plan is released (its dispute window closed with no dispute open).
 */
export async function settlePurchases(db: DbOrTx, planId: number, now: Date) {
  const [plan] = await db.select().from(expertPlans).where(eq(expertPlans.id, planId));
  if (!plan || plan.status === 'open') return 0;
  if (!refundsBuyer(plan) && !plan.releasedAt) return 0;
  const held = await db
    .select()
    .from(planPurchases)
    .where(and(eq(planPurchases.planId, planId), eq(planPurchases.status, 'held')));
  const refund = refundsBuyer(plan);
  const share = getConfig().EXPERT_SHARE;
  for (const purchase of held) {
    const income = Math.floor((purchase.price * share) / 100);
    const outcome = await runOperation(db, {
      key: `plan-settle:${purchase.id}`,
      kind: refund ? 'plan_refund' : 'plan_income',
      userId: refund ? purchase.userId : plan.expertId,
      payload: { purchase: purchase.id, refund },
      now,
      shard: purchase.escrowShard,
      prepare: async (tx) => {
        const [moved] = await tx
          .update(planPurchases)
          .set({ status: refund ? 'refunded' : 'paid', settledAt: now })
          .where(and(eq(planPurchases.id, purchase.id), eq(planPurchases.status, 'held')))
          .returning({ id: planPurchases.id });
        // Settled meanwhile by another run: nothing moves.
        if (!moved) return { legs: [], result: { settled: false } };
        const escrow = { system: 'escrow' as const, shard: purchase.escrowShard };
        const legs: Leg[] = refund
          ? [{ from: escrow, to: { user: purchase.userId }, currency: 'star', amount: purchase.price }]
          : [
              { from: escrow, to: { system: 'revenue' }, currency: 'star', amount: purchase.price },
              ...(income > 0
                ? [
                    {
                      from: { system: 'mint' as const },
                      to: { user: plan.expertId },
                      currency: 'yellow' as const,
                      amount: income,
                    },
                  ]
                : []),
            ];
        return { legs, result: { settled: true } };
      },
    });
    if (refund && !outcome.replayed && outcome.result.settled)
      await notify(
        db,
        {
          userId: purchase.userId,
          subject: 'plan_refunded',
          params: { title: plan.title, price: purchase.price },
          link: `/specialist-detail?id=${plan.id}`,
        },
        now,
      );
  }
  return held.length;
}
