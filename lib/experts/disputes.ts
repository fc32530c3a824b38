// Plan disputes (issue 34 with the console's queue of issue 29): a buyer may dispute a plan once per
// purchase, from the purchase until PLAN_DISPUTE_WINDOW_MS after the grade. So that a decision can still
// move money exactly, the expert's share of a graded plan leaves escrow only when that window has closed
// with no dispute open (`releaseDuePlans`, run by the grading job); refunds to buyers stay immediate. An
// operator dismisses a dispute (the share is released as normal) or upholds it by voiding the plan: every
// held purchase refunded in the same transaction, the grade kept, the plan out of the statistics.
import { and, count, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { notify } from '@/lib/im/notices';
import { PLAN_DISPUTE_WINDOW_MS, voidPlan } from './plans';
import { type DisputeReason, expertPlans, planDisputes, planPurchases } from './schema';
import { settlePurchases } from './settlement';

export { PLAN_DISPUTE_WINDOW_MS } from './plans';
export const DISPUTE_TEXT_MAX = 200;

type PlanRow = typeof expertPlans.$inferSelect;

/** Until when a plan may be disputed: open plans always, graded ones for the window, then never. */
export function disputeClosesAt(plan: Pick<PlanRow, 'status' | 'gradedAt' | 'releasedAt'>) {
  if (plan.status === 'open') return null;
  if (plan.status !== 'graded' || plan.releasedAt || !plan.gradedAt) return new Date(0);
  return new Date(plan.gradedAt.getTime() + PLAN_DISPUTE_WINDOW_MS);
}

export const disputeOpen = (plan: Pick<PlanRow, 'status' | 'gradedAt' | 'releasedAt'>, now: Date) => {
  const closes = disputeClosesAt(plan);
  return closes === null || now < closes;
};

/** A buyer disputes a plan they bought: once per purchase, while the window is open. */
export async function disputePlan(
  db: DbOrTx,
  input: { planId: number; userId: number; reasonCode: DisputeReason; text: string; now: Date },
) {
  const text = input.text.trim();
  if (text.length > DISPUTE_TEXT_MAX)
    throw new DomainError('PLAN_DISPUTE_TEXT', { values: { max: DISPUTE_TEXT_MAX } });
  return db.transaction(async (tx) => {
    const [plan] = await tx.select().from(expertPlans).where(eq(expertPlans.id, input.planId)).for('update');
    if (!plan) throw new NotFoundError('PLAN_NOT_FOUND');
    const [purchase] = await tx
      .select()
      .from(planPurchases)
      .where(and(eq(planPurchases.planId, plan.id), eq(planPurchases.userId, input.userId)));
    if (!purchase) throw new DomainError('PLAN_DISPUTE_NOT_BUYER', { status: 403 });
    if (!disputeOpen(plan, input.now)) throw new DomainError('PLAN_DISPUTE_CLOSED');
    const [row] = await tx
      .insert(planDisputes)
      .values({
        planId: plan.id,
        purchaseId: purchase.id,
        userId: input.userId,
        reasonCode: input.reasonCode,
        text,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new DomainError('PLAN_DISPUTE_DUPLICATE');
    return row;
  });
}

/** The viewer's dispute of a plan and whether they may still open one (the plan page's island). */
export async function disputeStateOf(db: DbOrTx, planId: number, viewerId: number | null, now: Date) {
  if (!viewerId) return null;
  const [row] = await db
    .select({ plan: expertPlans, purchaseId: planPurchases.id })
    .from(planPurchases)
    .innerJoin(expertPlans, eq(expertPlans.id, planPurchases.planId))
    .where(and(eq(planPurchases.planId, planId), eq(planPurchases.userId, viewerId)));
  if (!row) return null;
  const [dispute] = await db.select().from(planDisputes).where(eq(planDisputes.purchaseId, row.purchaseId));
  const closes = disputeClosesAt(row.plan);
  return {
    dispute: dispute
      ? { status: dispute.status, reason_code: dispute.reasonCode, decision: dispute.decision }
      : null,
    may_dispute: !dispute && disputeOpen(row.plan, now),
    closes_at: closes ? closes.toISOString() : null,
  };
}

async function openDisputes(db: DbOrTx, planId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(planDisputes)
    .where(and(eq(planDisputes.planId, planId), eq(planDisputes.status, 'open')));
  return row?.n ?? 0;
}

/** Releases one graded plan if its window has closed with no dispute open; pays its held purchases. */
export async function releasePlan(db: DbOrTx, planId: number, now: Date) {
  const released = await db.transaction(async (tx) => {
    // The plan row first: a dispute opened at the window's last instant holds it (disputePlan), and the
    // check below, a statement after the lock, sees that dispute once it committed. Without the lock the
    // update's snapshot could predate the dispute and pay the expert while it waits.
    await tx.select({ id: expertPlans.id }).from(expertPlans).where(eq(expertPlans.id, planId)).for('update');
    const [row] = await tx
      .update(expertPlans)
      .set({ releasedAt: now })
      .where(
        and(
          eq(expertPlans.id, planId),
          eq(expertPlans.status, 'graded'),
          isNull(expertPlans.releasedAt),
          lte(expertPlans.gradedAt, new Date(now.getTime() - PLAN_DISPUTE_WINDOW_MS)),
          sql`not exists (select 1 from ${planDisputes} where ${planDisputes.planId} = ${expertPlans.id} and ${planDisputes.status} = 'open')`,
        ),
      )
      .returning({ id: expertPlans.id });
    return row !== undefined;
  });
  if (!released) return false;
  await settlePurchases(db, planId, now);
  return true;
}

/** The job's half after grading: every graded plan whose window closed with no dispute open is released. */
export async function releaseDuePlans(db: DbOrTx, now: Date) {
  const due = await db
    .select({ id: expertPlans.id })
    .from(expertPlans)
    .where(
      and(
        eq(expertPlans.status, 'graded'),
        isNull(expertPlans.releasedAt),
        isNotNull(expertPlans.gradedAt),
        lte(expertPlans.gradedAt, new Date(now.getTime() - PLAN_DISPUTE_WINDOW_MS)),
        sql`not exists (select 1 from ${planDisputes} where ${planDisputes.planId} = ${expertPlans.id} and ${planDisputes.status} = 'open')`,
      ),
    )
    .orderBy(expertPlans.gradedAt)
    .limit(500);
  const released: number[] = [];
  for (const { id } of due) if (await db.transaction((tx) => releasePlan(tx, id, now))) released.push(id);
  return released;
}

export type DisputeDecision = {
  disputeId: number;
  uphold: boolean;
  reasonCode: string;
  note: string;
  /** The code's words in the reviewer's language and the note: stored on the dispute (and the plan). */
  reasonText: string;
  actorId: number;
  now: Date;
};

/**
 * Decides one open dispute inside the caller's transaction. Dismissing releases the plan when its window
 * has closed and nothing else is open; upholding voids the plan (`voidPlan`: the plan's other open
 * disputes closed, every held purchase refunded). The expert is told here; the queue tells the disputer.
 */
export async function decideDispute(tx: DbOrTx, input: DisputeDecision) {
  const [open] = await tx
    .select()
    .from(planDisputes)
    .where(eq(planDisputes.id, input.disputeId))
    .for('update');
  if (!open) throw new NotFoundError('PLAN_DISPUTE_NOT_FOUND');
  if (open.status !== 'open') throw new DomainError('PLAN_DISPUTE_DECIDED');
  if (input.uphold) {
    // The void upholds every open dispute of the plan, this one included, with the same reason.
    const { before, plan } = await voidPlan(tx, {
      planId: open.planId,
      operatorId: input.actorId,
      reasonCode: input.reasonCode,
      note: input.note,
      reason: input.reasonText,
      now: input.now,
      disputeId: open.id,
    });
    const [dispute] = await tx.select().from(planDisputes).where(eq(planDisputes.id, open.id));
    return { dispute: dispute!, before, plan };
  }
  const [dispute] = await tx
    .update(planDisputes)
    .set({ status: 'dismissed', decidedBy: input.actorId, decidedAt: input.now, decision: input.reasonText })
    .where(eq(planDisputes.id, open.id))
    .returning();
  const [before] = await tx.select().from(expertPlans).where(eq(expertPlans.id, open.planId));
  if (!before) throw new NotFoundError('PLAN_NOT_FOUND');
  await notify(
    tx,
    {
      userId: before.expertId,
      subject: 'plan_dispute_dismissed',
      params: { item: 'expertPlan', title: before.title, reason: input.reasonCode, note: input.note },
      link: `/specialist-detail?id=${before.id}`,
    },
    input.now,
  );
  if ((await openDisputes(tx, before.id)) === 0) await releasePlan(tx, before.id, input.now);
  const [plan] = await tx.select().from(expertPlans).where(eq(expertPlans.id, before.id));
  return { dispute: dispute!, before, plan: plan! };
}
