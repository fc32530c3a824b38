// Plans in the operator console (/admin/plans): every plan with its state, buyers, what its buyers' money
// still holds in escrow and its open disputes, filtered by state, expert, match and kick-off date, paged
// in the URL. A plan not yet released can be voided from here (`voidPlan`, the same as a dispute upheld).

import { and, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { defineTable, type TableQuery } from '@/lib/admin/table-query';
import type { DbOrTx } from '@/lib/db';
import { rowIdOf } from '@/lib/db/row-id';
import type { Locale } from '@/lib/i18n/routing';
import { readReasonIn } from '@/lib/review/read-reason';
import { matches } from '@/lib/scores/schema';
import { presentMatch, selectMatches } from '@/lib/scores/service';
import { expertPlans, planDisputes, planPurchases } from './schema';

export const PLAN_STATES = ['open', 'graded', 'released', 'voided', 'disputed'] as const;
export type PlanState = (typeof PLAN_STATES)[number];

export const PLANS_TABLE = defineTable({
  sorts: ['published', 'kickoff'],
  defaultSort: 'published',
  filters: ['state', 'expert', 'match', 'date'],
  pageSize: 20,
});
export type PlansQuery = TableQuery<
  (typeof PLANS_TABLE)['sorts'][number],
  'state' | 'expert' | 'match' | 'date'
>;

/** What a plan's buyers still have in escrow (star diamonds), as a column of a query over plans. */
export const heldEscrow = sql<number>`coalesce((select sum(${planPurchases.price}) from ${planPurchases} where ${planPurchases.planId} = ${expertPlans.id} and ${planPurchases.status} = 'held'), 0)::int`;

const openDispute = sql`exists (select 1 from ${planDisputes} where ${planDisputes.planId} = ${expertPlans.id} and ${planDisputes.status} = 'open')`;

function stateWhere(state: string | undefined): SQL | undefined {
  switch (state) {
    case 'open':
      return eq(expertPlans.status, 'open');
    case 'graded':
      return and(eq(expertPlans.status, 'graded'), isNull(expertPlans.releasedAt));
    case 'released':
      return and(eq(expertPlans.status, 'graded'), isNotNull(expertPlans.releasedAt));
    case 'voided':
      return eq(expertPlans.status, 'voided');
    case 'disputed':
      return openDispute;
    default:
      return undefined;
  }
}

/** `expert`: an id or a part of the nickname; `match`: a match id; `date`: the kick-off day (UTC). */
function filterWhere(filters: PlansQuery['filters']) {
  const expert = filters.expert?.trim();
  const expertId = rowIdOf(expert);
  const match = rowIdOf(filters.match);
  const day =
    filters.date && /^\d{4}-\d{2}-\d{2}$/.test(filters.date) ? new Date(`${filters.date}T00:00:00Z`) : null;
  return and(
    stateWhere(filters.state),
    expert
      ? expertId !== null && /^\d+$/.test(expert)
        ? eq(expertPlans.expertId, expertId)
        : ilike(users.nickname, `%${expert.replace(/[%_\\]/g, (c) => `\\${c}`)}%`)
      : undefined,
    match !== null ? eq(expertPlans.matchId, match) : undefined,
    day && !Number.isNaN(day.getTime())
      ? and(gte(expertPlans.kickoffAt, day), lt(expertPlans.kickoffAt, new Date(day.getTime() + 86_400_000)))
      : undefined,
  );
}

export async function consolePlans(db: DbOrTx, query: PlansQuery, locale: Locale) {
  const where = filterWhere(query.filters);
  const order = query.sort === 'kickoff' ? expertPlans.kickoffAt : expertPlans.publishedAt;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        plan: expertPlans,
        nickname: users.nickname,
        held: heldEscrow,
        disputes: sql<number>`(select count(*) from ${planDisputes} where ${planDisputes.planId} = ${expertPlans.id} and ${planDisputes.status} = 'open')::int`,
      })
      .from(expertPlans)
      .innerJoin(users, eq(users.id, expertPlans.expertId))
      .where(where)
      .orderBy(
        query.dir === 'asc' ? order : desc(order),
        query.dir === 'asc' ? expertPlans.id : desc(expertPlans.id),
      )
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ n: count() })
      .from(expertPlans)
      .innerJoin(users, eq(users.id, expertPlans.expertId))
      .where(where),
  ]);
  const matchIds = [...new Set(rows.map((row) => row.plan.matchId))];
  const matchRows = matchIds.length ? await selectMatches(db).where(inArray(matches.id, matchIds)) : [];
  const byMatch = new Map(matchRows.map((row) => [row.match.id, presentMatch(row, locale)]));
  return {
    total: total?.n ?? 0,
    rows: rows.map(({ plan, nickname, held, disputes }) => {
      const match = byMatch.get(plan.matchId);
      return {
        id: plan.id,
        title: plan.title,
        expert: { id: plan.expertId, nickname },
        match: {
          id: plan.matchId,
          home: match?.homeTeam.name ?? '',
          away: match?.awayTeam.name ?? '',
          competition: match?.competitionName ?? '',
        },
        kickoff_at: plan.kickoffAt,
        published_at: plan.publishedAt,
        price: plan.price,
        buyers: plan.buyers,
        held_escrow: held,
        open_disputes: disputes,
        status: plan.status,
        grade: plan.grade,
        released_at: plan.releasedAt,
        void_reason: plan.voidReason === null ? null : readReasonIn(locale, plan.voidReason),
        state: (plan.status === 'graded' && plan.releasedAt ? 'released' : plan.status) as Exclude<
          PlanState,
          'disputed'
        >,
        voidable: plan.status === 'open' || (plan.status === 'graded' && !plan.releasedAt),
      };
    }),
  };
}
export type ConsolePlan = Awaited<ReturnType<typeof consolePlans>>['rows'][number];
