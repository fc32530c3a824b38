// An expert's income centre (`/member?type=25`, `api/expert/income`): per paid plan, what buyers paid
// (star diamonds), what escrow still holds, what went back to buyers, the expert's share released in
// yellow diamonds (read from the ledger's own settlement transfers, so a later change of EXPERT_SHARE
// never rewrites the past) and the disputes; the same figures summed over all their plans. What the yellow
// diamonds become (withdrawals, conversion) is lib/earnings', the same for experts as for anchors.
import { and, count, desc, eq, gt, inArray, type SQL, sql } from 'drizzle-orm';
import { ForbiddenError } from '@/lib/api/errors';
import { getConfig } from '@/lib/config';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { matches } from '@/lib/scores/schema';
import { presentMatch, selectMatches } from '@/lib/scores/service';
import { findExpert } from './applications';
import { PLAN_DISPUTE_WINDOW_MS } from './plans';
import { expertPlans, planDisputes, planPurchases } from './schema';
import { refundsBuyer } from './settlement';

export const INCOME_PAGE_SIZE = 10;

/**
 * Where a plan's money stands: selling, waiting for the result, graded and in the dispute window, released
 * to the expert, graded but owed back to its buyers (void, or a miss sold 不中退款), voided by an operator;
 * `unsold`: graded with no buyer, so no money ever moved.
 */
export type IncomeState =
  | 'on_sale'
  | 'awaiting_result'
  | 'in_window'
  | 'released'
  | 'refunded'
  | 'voided'
  | 'unsold';

type Figures = {
  buyers: number;
  /** Star diamonds buyers paid. */
  gross: number;
  /** Star diamonds still in escrow. */
  held: number;
  /** Star diamonds returned to buyers, and to how many. */
  refunded: number;
  refunds: number;
  /** Yellow diamonds the expert received. */
  released: number;
  /** Disputes waiting for a decision, and all ever opened. */
  open_disputes: number;
  disputes: number;
};

const ZERO: Figures = {
  buyers: 0,
  gross: 0,
  held: 0,
  refunded: 0,
  refunds: 0,
  released: 0,
  open_disputes: 0,
  disputes: 0,
};

/** The purchases' and disputes' figures of the plans `plans` selects, per plan (or summed with `whole`). */
async function figuresOf(db: DbOrTx, plans: SQL, whole: boolean) {
  const group = whole ? sql`` : sql`group by p.plan_id`;
  const disputeGroup = whole ? sql`` : sql`group by d.plan_id`;
  const [sales, disputes] = await Promise.all([
    db.execute<Omit<Figures, 'open_disputes' | 'disputes'> & { plan_id: number | null }>(sql`
      select ${whole ? sql`null::int` : sql`p.plan_id`} as plan_id,
        count(*)::int as buyers,
        coalesce(sum(p.price), 0)::int as gross,
        coalesce(sum(p.price) filter (where p.status = 'held'), 0)::int as held,
        coalesce(sum(p.price) filter (where p.status = 'refunded'), 0)::int as refunded,
        (count(*) filter (where p.status = 'refunded'))::int as refunds,
        coalesce(sum(t.amount), 0)::int as released
      from ${planPurchases} p
      left join wallet_operations o
        on p.status = 'paid' and o.idempotency_key = 'plan-settle:' || p.id and o.kind = 'plan_income'
      left join wallet_transfers t on t.operation_id = o.id and t.currency = 'yellow'
      where p.plan_id in (${plans})
      ${group}`),
    db.execute<{ plan_id: number | null; open_disputes: number; disputes: number }>(sql`
      select ${whole ? sql`null::int` : sql`d.plan_id`} as plan_id,
        (count(*) filter (where d.status = 'open'))::int as open_disputes,
        count(*)::int as disputes
      from ${planDisputes} d
      where d.plan_id in (${plans})
      ${disputeGroup}`),
  ]);
  const byPlan = new Map<number | null, Figures>();
  for (const row of sales.rows) {
    const { plan_id, ...figures } = row;
    byPlan.set(plan_id, { ...ZERO, ...figures });
  }
  for (const { plan_id, ...figures } of disputes.rows)
    byPlan.set(plan_id, { ...(byPlan.get(plan_id) ?? ZERO), ...figures });
  return byPlan;
}

type PlanRow = typeof expertPlans.$inferSelect;

export function incomeStateOf(
  plan: Pick<PlanRow, 'status' | 'kickoffAt' | 'releasedAt' | 'grade' | 'refundIfLost'>,
  now: Date,
): IncomeState {
  if (plan.status === 'voided') return 'voided';
  if (plan.status === 'open') return now < plan.kickoffAt ? 'on_sale' : 'awaiting_result';
  if (refundsBuyer(plan)) return 'refunded';
  return plan.releasedAt ? 'released' : 'in_window';
}

/**
 * The income centre of `expertId`: their paid plans, newest first, `size` a page, each with its figures,
 * and the totals over every paid plan. Refused (`NOT_EXPERT`) for anyone who is not an approved expert.
 */
export async function expertIncome(
  db: DbOrTx,
  expertId: number,
  input: { page: number; size?: number; locale: Locale; now: Date },
) {
  if (!(await findExpert(db, expertId))) throw new ForbiddenError('NOT_EXPERT');
  const size = Math.min(50, Math.max(1, input.size ?? INCOME_PAGE_SIZE));
  const page = Math.max(1, Math.floor(input.page) || 1);
  const paid = and(eq(expertPlans.expertId, expertId), gt(expertPlans.price, 0));
  const allPaid = sql`select ${expertPlans.id} from ${expertPlans} where ${paid}`;
  const [rows, [total], totals] = await Promise.all([
    db
      .select()
      .from(expertPlans)
      .where(paid)
      .orderBy(desc(expertPlans.publishedAt), desc(expertPlans.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ n: count() }).from(expertPlans).where(paid),
    figuresOf(db, allPaid, true),
  ]);
  const ids = rows.map((row) => row.id);
  const [figures, matchRows] = ids.length
    ? await Promise.all([
        figuresOf(
          db,
          sql.join(
            ids.map((id) => sql`${id}`),
            sql`, `,
          ),
          false,
        ),
        selectMatches(db).where(
          inArray(
            matches.id,
            rows.map((row) => row.matchId),
          ),
        ),
      ])
    : [new Map<number | null, Figures>(), []];
  const byMatch = new Map(matchRows.map((row) => [row.match.id, presentMatch(row, input.locale)]));
  return {
    total: total?.n ?? 0,
    page,
    size,
    /** The expert's share of a sale, in percent of its price (paid in yellow diamonds on release). */
    share: getConfig().EXPERT_SHARE,
    totals: { plans: total?.n ?? 0, ...(totals.get(null) ?? ZERO) },
    plans: rows.map((plan) => {
      const match = byMatch.get(plan.matchId);
      const planFigures = figures.get(plan.id) ?? ZERO;
      const state = incomeStateOf(plan, input.now);
      return {
        id: plan.id,
        title: plan.title,
        match: {
          id: plan.matchId,
          home: match?.homeTeam.name ?? '',
          away: match?.awayTeam.name ?? '',
          competition: match?.competitionName ?? '',
        },
        kickoff_at: plan.kickoffAt.toISOString(),
        price: plan.price,
        refund_if_lost: plan.refundIfLost,
        grade: plan.grade,
        state: plan.status === 'graded' && planFigures.buyers === 0 ? ('unsold' as const) : state,
        /** When the expert's share leaves escrow if nothing is disputed (graded plans not yet released). */
        release_at:
          plan.status === 'graded' &&
          !plan.releasedAt &&
          plan.gradedAt &&
          planFigures.buyers > 0 &&
          !refundsBuyer(plan)
            ? new Date(plan.gradedAt.getTime() + PLAN_DISPUTE_WINDOW_MS).toISOString()
            : null,
        ...planFigures,
      };
    }),
  };
}
export type ExpertIncome = Awaited<ReturnType<typeof expertIncome>>;
export type IncomePlan = ExpertIncome['plans'][number];
