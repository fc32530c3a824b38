// Plans (spec §1 expert plans, §5 at most 2 play types): published for a match that has not kicked off,
// fixed by a commitment in the public chain, sold until kick-off with the price in escrow, and shown —
// pick, line and reasoning — only to their expert and buyers until the match is over, when the content and
// the nonce are revealed to everyone. Only an operator can void an open plan, with a reason shown on it.
import { randomBytes } from 'node:crypto';
import { and, desc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import { DomainError, ForbiddenError, NotFoundError } from '@/lib/api/errors';
import { getConfig } from '@/lib/config';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { notify } from '@/lib/im/notices';
import {
  isMarket,
  lineToHundredths,
  MARKET_DEFINITIONS,
  type Selection,
  selectionProblem,
} from '@/lib/markets';
import { readReasonIn } from '@/lib/review/read-reason';
import { competitions, matches } from '@/lib/scores/schema';
import { presentMatch, selectMatches } from '@/lib/scores/service';
import { refuseSensitive } from '@/lib/sensitive/words';
import { ESCROW_SHARDS, runOperation } from '@/lib/wallet/ledger';
import { findExpert } from './applications';
import { appendCommitment } from './chain';
import { commitmentOf, planCanonical } from './commitment';
import { asCommitted, committedPlan } from './committed';
import { type ExpertSport, expertPlans, planCommitments, planDisputes, planPurchases } from './schema';
import { settlePurchases } from './settlement';
import { expertRecord } from './stats';

export const PLAN_TITLE = { min: 4, max: 60 } as const;
export const PLAN_REASONING = { min: 20, max: 2000 } as const;
/** Spec §5: at most 2 play types. */
export const PLAN_MAX_SELECTIONS = 2;
/** How long after its grade a plan may be disputed: the expert's share stays in escrow until then. */
export const PLAN_DISPUTE_WINDOW_MS = 24 * 3600_000;

export type PublishInput = {
  matchId: number;
  title: string;
  selections: { market: string; pick: string; line?: number | null }[];
  reasoning: string;
  price: number;
  refundIfLost: boolean;
};

/** May this expert price plans? Only after a record of graded free plans (operator config). */
export async function pricingEligibility(db: DbOrTx, expertId: number) {
  const config = getConfig();
  const record = await expertRecord(db, expertId);
  const hitRate = record.all.hitRate ?? 0;
  return {
    gradedFree: record.gradedFree,
    hitRate,
    needGraded: config.EXPERT_PRICING_MIN_GRADED,
    needHitRate: config.EXPERT_PRICING_MIN_HIT_RATE / 100,
    eligible:
      record.gradedFree >= config.EXPERT_PRICING_MIN_GRADED &&
      hitRate * 100 >= config.EXPERT_PRICING_MIN_HIT_RATE,
    maxPrice: config.EXPERT_PRICE_MAX,
  };
}

/** The selections as stored and committed: known markets of the match's sport, one per play type. */
function normalizeSelections(sport: ExpertSport, input: PublishInput['selections']) {
  if (input.length < 1 || input.length > PLAN_MAX_SELECTIONS)
    throw new DomainError('PLAN_SELECTIONS_COUNT', { values: { max: PLAN_MAX_SELECTIONS } });
  const selections = input.map((selection) => ({
    market: selection.market,
    pick: selection.pick,
    line: selection.line ?? null,
  }));
  for (const selection of selections) {
    if (selectionProblem(selection)) throw new DomainError('PLAN_SELECTION_INVALID');
    if (!isMarket(selection.market) || MARKET_DEFINITIONS[selection.market].sport !== sport)
      throw new DomainError('PLAN_SELECTION_INVALID');
  }
  if (new Set(selections.map((selection) => selection.market)).size !== selections.length)
    throw new DomainError('PLAN_SELECTIONS_SAME_TYPE');
  // Lines as hundredths and back: 0.1 + 0.2 never reaches the commitment.
  return selections.map((selection) => ({
    ...selection,
    line: selection.line === null ? null : lineToHundredths(selection.line)! / 100,
  }));
}

/** The secret that makes a commitment hiding until the reveal. */
const newNonce = () => randomBytes(16).toString('hex');

/**
 * Publishes a plan at `now`. `history` is for the demo seed only, which replays real past seasons: it
 * publishes at instants before matches whose results the database already holds, so only the kick-off
 * is checked against `now`, not the match's present state. No route passes it.
 */
export async function publishPlan(
  db: DbOrTx,
  expertId: number,
  input: PublishInput,
  now: Date,
  options: { history?: boolean } = {},
) {
  const expert = await findExpert(db, expertId);
  if (!expert) throw new ForbiddenError('NOT_EXPERT');
  const [matchRow] = await selectMatches(db).where(eq(matches.id, input.matchId));
  if (!matchRow) throw new NotFoundError('MATCH_NOT_FOUND');
  const sport = matchRow.competition.sport;
  if (sport !== 'football' && sport !== 'basketball') throw new DomainError('PLAN_SPORT');
  if (!expert.sports.includes(sport)) throw new DomainError('PLAN_SPORT');
  // A replay plays a recorded match again: its result is already known.
  if (matchRow.match.replayOfMatchId !== null) throw new DomainError('PLAN_MATCH_REPLAY');
  if ((!options.history && matchRow.match.status !== 'not_started') || matchRow.match.kickoffAt <= now)
    throw new DomainError('PLAN_MATCH_STARTED');
  const title = input.title.trim();
  const reasoning = input.reasoning.trim();
  if (title.length < PLAN_TITLE.min || title.length > PLAN_TITLE.max)
    throw new DomainError('PLAN_TITLE_LENGTH', { values: PLAN_TITLE });
  if (reasoning.length < PLAN_REASONING.min || reasoning.length > PLAN_REASONING.max)
    throw new DomainError('PLAN_REASONING_LENGTH', { values: PLAN_REASONING });
  const selections = normalizeSelections(sport, input.selections);
  if (!Number.isInteger(input.price) || input.price < 0) throw new DomainError('PLAN_PRICE');
  if (input.price > 0) {
    const eligibility = await pricingEligibility(db, expertId);
    if (input.price > eligibility.maxPrice)
      throw new DomainError('PLAN_PRICE_MAX', { values: { max: eligibility.maxPrice } });
    if (!eligibility.eligible)
      throw new DomainError('PLAN_PRICING_LOCKED', {
        values: { graded: eligibility.needGraded, rate: Math.round(eligibility.needHitRate * 100) },
      });
  }
  await refuseSensitive(db, `${title}\n${reasoning}`, now);
  const refundIfLost = input.price > 0 && input.refundIfLost;
  const canonical = planCanonical({
    expert: expertId,
    match: input.matchId,
    title,
    selections,
    reasoning,
    price: input.price,
    refund_if_lost: refundIfLost,
    published_at: now.toISOString(),
  });
  const nonce = newNonce();
  const commitment = commitmentOf(canonical, nonce);
  return db.transaction(async (tx) => {
    const [plan] = await tx
      .insert(expertPlans)
      .values({
        expertId,
        matchId: input.matchId,
        sport,
        title,
        selections,
        reasoning,
        price: input.price,
        refundIfLost,
        canonical,
        nonce,
        commitment,
        kickoffAt: matchRow.match.kickoffAt,
        publishedAt: now,
      })
      .onConflictDoNothing()
      .returning();
    if (!plan) throw new DomainError('PLAN_ONE_PER_MATCH');
    const entry = await appendCommitment(tx, {
      planId: plan.id,
      expertId,
      matchId: input.matchId,
      commitment,
      publishedAt: now,
    });
    return { plan, entry };
  });
}

type PlanRow = typeof expertPlans.$inferSelect;
type MatchView = ReturnType<typeof presentMatch>;

/** Over for the plan: every plan of the match is shown to all (graded, or its match finished or abnormal). */
export function planRevealed(plan: Pick<PlanRow, 'status'>, matchStatus: string) {
  return plan.status === 'graded' || matchStatus === 'finished' || matchStatus === 'abnormal';
}

export type PlanAccess = 'free' | 'owner' | 'bought' | 'revealed' | 'locked';

function accessOf(plan: PlanRow, matchStatus: string, viewerId: number | null, bought: boolean): PlanAccess {
  if (planRevealed(plan, matchStatus)) return 'revealed';
  if (viewerId === plan.expertId) return 'owner';
  if (plan.price === 0) return 'free';
  if (bought) return 'bought';
  return 'locked';
}

/**
 * What a viewer may see of a plan. The content (picks, lines, reasoning) is in the answer only for
 * `free`, `owner`, `bought` and `revealed`; the nonce and the canonical text only when revealed. Title,
 * picks and reasoning are read from the committed text (lib/experts/committed.ts); a plan whose text does
 * not match its commitment is shown as such (`committed: false`), without content.
 */
export function presentPlan(
  stored: PlanRow,
  context: {
    match: MatchView;
    expert: { id: number; nickname: string; avatar: string };
    viewerId: number | null;
    bought: boolean;
    now: Date;
    chainSeq?: number | null;
    /** The chain entry's commitment, when the caller read it (null: the plan has no entry). */
    chainCommitment?: string | null;
  },
) {
  const committed = committedPlan(stored, context.chainCommitment);
  const content = committed.ok ? committed.content : null;
  const plan = content ? asCommitted(stored, content) : stored;
  const access = accessOf(plan, context.match.status, context.viewerId, context.bought);
  const open = access !== 'locked' && content !== null;
  // A plan that does not match its commitment still reveals text and nonce: anyone can see it fail.
  const revealed = access === 'revealed';
  return {
    id: plan.id,
    title: plan.title,
    sport: plan.sport,
    expert: context.expert,
    match: {
      id: context.match.id,
      kickoff_at: context.match.kickoffAt,
      status: context.match.status,
      competition: context.match.competitionName,
      home: context.match.homeTeam.name,
      away: context.match.awayTeam.name,
      home_score: revealed ? context.match.homeScore : null,
      away_score: revealed ? context.match.awayScore : null,
      home_full_time: revealed ? context.match.homeFullTime : null,
      away_full_time: revealed ? context.match.awayFullTime : null,
    },
    /** The play types are public; the picks and lines are the content. */
    markets: plan.selections.map((selection) => selection.market),
    price: plan.price,
    refund_if_lost: plan.refundIfLost,
    published_at: plan.publishedAt,
    kickoff_at: plan.kickoffAt,
    on_sale: content !== null && plan.status === 'open' && plan.price > 0 && context.now < plan.kickoffAt,
    buyers: plan.buyers,
    status: plan.status,
    grade: plan.grade,
    selection_grades: plan.selectionGrades,
    unit_return: plan.unitReturn,
    graded_at: plan.gradedAt,
    void_reason: plan.voidReason,
    voided_at: plan.voidedAt,
    commitment: plan.commitment,
    chain_seq: context.chainSeq ?? null,
    access,
    committed: committed.ok,
    content: open ? { selections: plan.selections, reasoning: plan.reasoning } : null,
    reveal: revealed ? { canonical: plan.canonical, nonce: plan.nonce } : null,
  };
}
export type PlanView = ReturnType<typeof presentPlan>;

async function expertsById(db: DbOrTx, ids: number[]) {
  const rows = ids.length
    ? await db
        .select({ id: users.id, nickname: users.nickname, avatar: users.avatar })
        .from(users)
        .where(inArray(users.id, ids))
    : [];
  return new Map(rows.map((row) => [row.id, { id: row.id, nickname: row.nickname, avatar: avatarOf(row) }]));
}

async function matchesById(db: DbOrTx, ids: number[], locale: Locale) {
  const rows = ids.length ? await selectMatches(db).where(inArray(matches.id, ids)) : [];
  return new Map(rows.map((row) => [row.match.id, presentMatch(row, locale)]));
}

async function boughtSet(db: DbOrTx, viewerId: number | null, planIds: number[]) {
  if (!viewerId || !planIds.length) return new Set<number>();
  const rows = await db
    .select({ planId: planPurchases.planId })
    .from(planPurchases)
    .where(and(eq(planPurchases.userId, viewerId), inArray(planPurchases.planId, planIds)));
  return new Set(rows.map((row) => row.planId));
}

/** Plans as a viewer may see them, in the order given. */
export async function presentPlans(
  db: DbOrTx,
  plans: PlanRow[],
  viewerId: number | null,
  locale: Locale,
  now: Date,
  chain?: Map<number, { seq: number; commitment: string }>,
) {
  const [byExpert, byMatch, bought] = await Promise.all([
    expertsById(db, [...new Set(plans.map((plan) => plan.expertId))]),
    matchesById(db, [...new Set(plans.map((plan) => plan.matchId))], locale),
    boughtSet(
      db,
      viewerId,
      plans.map((plan) => plan.id),
    ),
  ]);
  return plans.map((plan) => ({
    ...presentPlan(plan, {
      match: byMatch.get(plan.matchId)!,
      expert: byExpert.get(plan.expertId)!,
      viewerId,
      bought: bought.has(plan.id),
      now,
      ...(chain
        ? {
            chainSeq: chain.get(plan.id)?.seq ?? null,
            chainCommitment: chain.get(plan.id)?.commitment ?? null,
          }
        : {}),
    }),
    // Why it was voided, in the reader's language (the code) and the operator's words.
    void_reason: plan.voidReason === null ? null : readReasonIn(locale, plan.voidReason),
  }));
}

export async function getPlan(db: DbOrTx, id: number, viewerId: number | null, locale: Locale, now: Date) {
  const [plan] = await db.select().from(expertPlans).where(eq(expertPlans.id, id));
  if (!plan) throw new NotFoundError('PLAN_NOT_FOUND');
  // The page checks the plan against its chain entry too, not only against its own hash.
  const entries = await db
    .select({ seq: planCommitments.seq, commitment: planCommitments.commitment })
    .from(planCommitments)
    .where(eq(planCommitments.planId, id));
  const chain = new Map(entries.map((entry) => [id, entry]));
  const [view] = await presentPlans(db, [plan], viewerId, locale, now, chain);
  return view!;
}

export type PlanFilter = {
  sport?: ExpertSport;
  expertId?: number;
  matchId?: number;
  /** Only plans still on sale (open, before kick-off). */
  open?: boolean;
  limit?: number;
  order?: 'newest' | 'buyers';
};

export async function listPlans(
  db: DbOrTx,
  filter: PlanFilter,
  viewerId: number | null,
  locale: Locale,
  now: Date,
) {
  const plans = await db
    .select()
    .from(expertPlans)
    .where(
      and(
        filter.sport ? eq(expertPlans.sport, filter.sport) : undefined,
        filter.expertId ? eq(expertPlans.expertId, filter.expertId) : undefined,
        filter.matchId ? eq(expertPlans.matchId, filter.matchId) : undefined,
        filter.open ? and(eq(expertPlans.status, 'open'), sql`${expertPlans.kickoffAt} > ${now}`) : undefined,
      ),
    )
    .orderBy(
      ...(filter.order === 'buyers'
        ? [desc(expertPlans.buyers), desc(expertPlans.publishedAt)]
        : [desc(expertPlans.publishedAt)]),
      desc(expertPlans.id),
    )
    .limit(filter.limit ?? 20);
  return presentPlans(db, plans, viewerId, locale, now);
}

/** Buying a plan: the price moves from the buyer to escrow until the plan is graded. */
export async function buyPlan(db: DbOrTx, input: { planId: number; userId: number; now: Date }) {
  const shard = input.planId % ESCROW_SHARDS;
  const outcome = await runOperation<{ purchase: number; price: number; balance: number }>(db, {
    // One purchase per buyer and plan: a retried or doubled click is the same operation.
    key: `plan-buy:${input.planId}:${input.userId}`,
    kind: 'plan_purchase',
    userId: input.userId,
    payload: { plan: input.planId },
    now: input.now,
    shard,
    prepare: async (tx) => {
      const [stored] = await tx
        .select()
        .from(expertPlans)
        .where(eq(expertPlans.id, input.planId))
        .for('update');
      if (!stored) throw new NotFoundError('PLAN_NOT_FOUND');
      // The price a buyer pays is the committed one; a plan that does not match its commitment is not sold.
      const committed = committedPlan(stored);
      if (!committed.ok) throw new DomainError('PLAN_SALES_CLOSED');
      const plan = asCommitted(stored, committed.content);
      if (plan.expertId === input.userId) throw new DomainError('PLAN_OWN');
      if (plan.price === 0) throw new DomainError('PLAN_FREE');
      // The plan row is locked: a void committed first is seen here (the buyer is told it is void), and a
      // void waiting on this buy refunds it once the purchase has committed.
      if (plan.status === 'voided') throw new DomainError('PLAN_VOIDED');
      if (plan.status !== 'open' || input.now >= plan.kickoffAt) throw new DomainError('PLAN_SALES_CLOSED');
      const [purchase] = await tx
        .insert(planPurchases)
        .values({
          planId: plan.id,
          userId: input.userId,
          price: plan.price,
          escrowShard: shard,
          createdAt: input.now,
        })
        .onConflictDoNothing()
        .returning({ id: planPurchases.id });
      if (!purchase) throw new DomainError('PLAN_ALREADY_BOUGHT');
      await tx
        .update(expertPlans)
        .set({ buyers: sql`${expertPlans.buyers} + 1` })
        .where(eq(expertPlans.id, plan.id));
      return {
        legs: [
          {
            from: { user: input.userId },
            to: { system: 'escrow', shard },
            currency: 'star',
            amount: plan.price,
          },
        ],
        result: { purchase: purchase.id, price: plan.price, balance: 0 },
        balanceFields: { balance: { user: input.userId, currency: 'star' } },
      };
    },
  });
  return outcome;
}

/**
 * Whether a plan may still be voided: open, or graded and not released — its dispute window still open or
 * a dispute still waiting (lib/experts/disputes.ts). After that the expert's share is theirs.
 */
export function voidableWhere(now: Date) {
  return or(
    eq(expertPlans.status, 'open'),
    and(
      eq(expertPlans.status, 'graded'),
      isNull(expertPlans.releasedAt),
      or(
        gt(expertPlans.gradedAt, new Date(now.getTime() - PLAN_DISPUTE_WINDOW_MS)),
        sql`exists (select 1 from ${planDisputes} where ${planDisputes.planId} = ${expertPlans.id} and ${planDisputes.status} = 'open')`,
      ),
    ),
  )!;
}

/**
 * An operator voids a plan not yet released (`voidableWhere`), with a reason everyone reads on it: every
 * held purchase is refunded, the grade is kept but the plan leaves the statistics, the plan's open
 * disputes are upheld with it, and the expert and those disputers are told in their language
 * (`reasonCode` translated, `note` as written) — all but `disputeId`'s, whom the review queue tells.
 */
export async function voidPlan(
  db: DbOrTx,
  input: {
    planId: number;
    operatorId: number;
    reasonCode: string;
    note: string;
    reason: string;
    now: Date;
    disputeId?: number;
  },
) {
  const reason = input.reason.trim().slice(0, 200);
  const [before] = await db.select().from(expertPlans).where(eq(expertPlans.id, input.planId)).for('update');
  if (!before) throw new NotFoundError('PLAN_NOT_FOUND');
  const [plan] = await db
    .update(expertPlans)
    .set({ status: 'voided', voidReason: reason, voidedBy: input.operatorId, voidedAt: input.now })
    .where(and(eq(expertPlans.id, input.planId), voidableWhere(input.now)))
    .returning();
  if (!plan) throw new DomainError('PLAN_NOT_OPEN');
  const params = { item: 'expertPlan', title: plan.title, reason: input.reasonCode, note: input.note };
  const link = `/specialist-detail?id=${plan.id}`;
  await notify(db, { userId: plan.expertId, subject: 'plan_voided', params, link }, input.now);
  const upheld = await db
    .update(planDisputes)
    .set({ status: 'upheld', decidedBy: input.operatorId, decidedAt: input.now, decision: reason })
    .where(and(eq(planDisputes.planId, plan.id), eq(planDisputes.status, 'open')))
    .returning({ id: planDisputes.id, userId: planDisputes.userId });
  for (const dispute of upheld)
    if (dispute.id !== input.disputeId)
      await notify(db, { userId: dispute.userId, subject: 'review_approved', params, link }, input.now);
  await settlePurchases(db, plan.id, input.now);
  return { before, plan };
}

/** Plans whose kick-off is past and which are still open: the grading job's work list. */
export function openPlansBefore(db: DbOrTx, now: Date) {
  return db
    .select()
    .from(expertPlans)
    .where(and(eq(expertPlans.status, 'open'), lt(expertPlans.kickoffAt, now)))
    .orderBy(expertPlans.kickoffAt)
    .limit(500);
}

export type { Selection };

/** Matches open to plans (not started, not replays) kicking off within `days`, soonest first. */
export async function plannableMatches(
  db: DbOrTx,
  input: { sport: ExpertSport; now: Date; days?: number; limit?: number; locale: Locale },
) {
  const until = new Date(input.now.getTime() + (input.days ?? 3) * 86_400_000);
  const rows = await selectMatches(db)
    .where(
      and(
        eq(matches.status, 'not_started'),
        isNull(matches.replayOfMatchId),
        eq(competitions.sport, input.sport),
        sql`${matches.kickoffAt} > ${input.now}`,
        lt(matches.kickoffAt, until),
      ),
    )
    .orderBy(matches.kickoffAt, matches.id)
    .limit(input.limit ?? 40);
  return rows.map((row) => presentMatch(row, input.locale));
}
