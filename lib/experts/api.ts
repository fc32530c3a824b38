// Experts through the API: applications and their review, profiles and rankings, plans (publish, read,
// buy, a buyer's dispute, the console's list and an operator's void), the expert's income centre, the public commitment chain, follows and free articles. There is no route
// that edits or deletes a plan, or writes a grade or a statistic: grades come from the feed alone.

import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { assertSpendPassword } from '@/lib/accounts/payment-password';
import { decisionReasonSchema } from '@/lib/admin/decision';
import { tableInput } from '@/lib/admin/table-query';
import { auditChange } from '@/lib/api/audit-change';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { DomainError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { MARKETS, PICKS } from '@/lib/markets';
import { storedReason } from '@/lib/review/paging';
import { PLAN_VOID_REASONS } from '@/lib/review/reasons';
import {
  EXPERT_EXPERIENCE_MAX,
  EXPERT_EXPERIENCE_MIN,
  latestExpertApplication,
  submitExpertApplication,
} from './applications';
import { chainEntries, chainHead, chainLinkOfRow, chainNdjson } from './chain';
import { consolePlans, PLAN_STATES, PLANS_TABLE } from './console';
import { DISPUTE_TEXT_MAX, disputePlan } from './disputes';
import { expertIncome, INCOME_PAGE_SIZE } from './income';
import {
  buyPlan,
  getPlan,
  listPlans,
  PLAN_MAX_SELECTIONS,
  PLAN_REASONING,
  PLAN_TITLE,
  plannableMatches,
  pricingEligibility,
  publishPlan,
  voidPlan,
} from './plans';
import {
  ARTICLE_BODY,
  ARTICLE_TITLE,
  expertProfile,
  followExpert,
  listArticles,
  publishArticle,
  withCards,
} from './profiles';
import { DISPUTE_REASONS, EXPERT_SPORTS } from './schema';
import { rankExperts, STAT_WINDOWS } from './stats';

const sport = z.enum(EXPERT_SPORTS);
const CHAIN_NDJSON_TYPE = 'application/x-ndjson';
const loose = z.record(z.string(), z.unknown());

const incomeFigures = {
  buyers: z.number(),
  gross: z.number(),
  held: z.number(),
  refunded: z.number(),
  refunds: z.number(),
  released: z.number(),
  open_disputes: z.number(),
  disputes: z.number(),
};
const incomeSchema = z.object({
  total: z.number(),
  page: z.number(),
  size: z.number(),
  share: z.number(),
  totals: z.object({ plans: z.number(), ...incomeFigures }),
  plans: z.array(
    z.object({
      id: z.number(),
      title: z.string(),
      match: z.object({ id: z.number(), home: z.string(), away: z.string(), competition: z.string() }),
      kickoff_at: z.string(),
      price: z.number(),
      refund_if_lost: z.boolean(),
      grade: z.string().nullable(),
      state: z.enum(['on_sale', 'awaiting_result', 'in_window', 'released', 'refunded', 'voided', 'unsold']),
      release_at: z.string().nullable(),
      ...incomeFigures,
    }),
  ),
});

export const expertApplyInput = z.object({
  sports: z.array(sport).min(1).max(2),
  experience: z.string().trim().min(EXPERT_EXPERIENCE_MIN).max(EXPERT_EXPERIENCE_MAX),
  contact: z.string().trim().min(3).max(60),
});

export const publishPlanInput = z.object({
  match_id: id,
  title: z.string().trim().min(PLAN_TITLE.min).max(PLAN_TITLE.max),
  selections: z
    .array(
      z.object({
        market: z.enum(MARKETS),
        pick: z.enum(PICKS),
        line: z.number().min(-400).max(400).nullable().optional(),
      }),
    )
    .min(1)
    .max(PLAN_MAX_SELECTIONS),
  reasoning: z.string().trim().min(PLAN_REASONING.min).max(PLAN_REASONING.max),
  price: z.number().int().min(0).max(1_000_000),
  refund_if_lost: z.boolean().default(false),
});

const applicationView = z.object({
  status: z.enum(['none', 'pending', 'approved', 'refused']),
  reason_code: z.string().nullable(),
  reason_text: z.string().nullable(),
  created_at: z.date().nullable(),
});

export function registerExpertRoutes(app: OpenAPIHono<AppEnv>) {
  // Applications and disputes wait in the console's review queue (/admin/review) with everything else:
  // ./review-source.ts, listed in lib/review/registry.ts.
  defineRoute(
    app,
    {
      path: '/api/expert/apply',
      effect: 'write',
      methods: ['post'],
      tag: 'Experts',
      summary: 'Apply to become an expert (reviewed by an operator)',
      middleware: [requireUser],
      input: expertApplyInput,
      output: applicationView,
    },
    async (c, input) => {
      const row = await submitExpertApplication(c.var.db, c.var.user!.id, input, c.var.now);
      return { status: row.status, reason_code: null, reason_text: null, created_at: row.createdAt };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/expert/application',
      effect: 'read',
      methods: ['get'],
      tag: 'Experts',
      summary: 'The signed-in user’s latest expert application',
      middleware: [requireUser],
      output: applicationView,
    },
    async (c) => {
      const row = await latestExpertApplication(c.var.db, c.var.user!.id);
      return row
        ? {
            status: row.status,
            reason_code: row.reasonCode,
            reason_text: row.reasonText,
            created_at: row.createdAt,
          }
        : { status: 'none' as const, reason_code: null, reason_text: null, created_at: null };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/expert/info',
      effect: 'read',
      methods: ['get'],
      tag: 'Experts',
      summary: 'An expert’s public profile and record (from graded plans only)',
      input: z.object({ id }),
      output: loose,
    },
    async (c, input) => expertProfile(c.var.db, input.id, c.var.user?.id ?? null),
  );

  defineRoute(
    app,
    {
      path: '/api/expert/ranking',
      effect: 'read',
      methods: ['get'],
      tag: 'Experts',
      summary: 'Experts ranked by the Wilson lower bound of their hit rate (at least 5 graded plans)',
      input: z.object({ window: z.enum(STAT_WINDOWS).default('20'), sport: sport.optional() }),
      output: z.object({ list: z.array(loose) }),
    },
    async (c, input) => ({
      list: await withCards(
        c.var.db,
        await rankExperts(c.var.db, { window: input.window, sport: input.sport }),
      ),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/expert/follow',
      effect: 'write',
      methods: ['post'],
      tag: 'Experts',
      summary: 'Follow or unfollow an expert',
      middleware: [requireUser],
      input: z.object({ id, follow: z.boolean() }),
      output: z.object({ following: z.boolean(), followers: z.number() }),
    },
    async (c, input) =>
      followExpert(c.var.db, {
        expertId: input.id,
        userId: c.var.user!.id,
        follow: input.follow,
        now: c.var.now,
      }),
  );

  defineRoute(
    app,
    {
      path: '/api/expert/eligibility',
      effect: 'read',
      methods: ['get'],
      tag: 'Experts',
      summary: 'Whether the signed-in expert may price plans yet, and the record it takes',
      middleware: [requireUser],
      output: z.object({
        graded_free: z.number(),
        hit_rate: z.number(),
        need_graded: z.number(),
        need_hit_rate: z.number(),
        eligible: z.boolean(),
        max_price: z.number(),
      }),
    },
    async (c) => {
      const e = await pricingEligibility(c.var.db, c.var.user!.id);
      return {
        graded_free: e.gradedFree,
        hit_rate: e.hitRate,
        need_graded: e.needGraded,
        need_hit_rate: e.needHitRate,
        eligible: e.eligible,
        max_price: e.maxPrice,
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/expert/matches',
      effect: 'read',
      methods: ['get'],
      tag: 'Experts',
      summary: 'Matches open to plans (not started, not replays) in the next three days',
      input: z.object({ sport: sport.default('football') }),
      output: z.object({ list: z.array(loose) }),
    },
    async (c, input) => ({
      list: (
        await plannableMatches(c.var.db, { sport: input.sport, now: c.var.now, locale: c.var.locale })
      ).map((match) => ({
        id: match.id,
        kickoff_at: match.kickoffAt,
        competition: match.competitionName,
        home: match.homeTeam.name,
        away: match.awayTeam.name,
      })),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/expert/plan/publish',
      effect: 'write',
      methods: ['post'],
      tag: 'Experts',
      summary:
        'Publish a plan; its commitment goes into the public chain and it can never be edited or deleted',
      middleware: [requireUser],
      input: publishPlanInput,
      output: z.object({
        id: z.number(),
        commitment: z.string(),
        chain_seq: z.number(),
        published_at: z.date(),
      }),
    },
    async (c, input) => {
      const { plan, entry } = await publishPlan(
        c.var.db,
        c.var.user!.id,
        {
          matchId: input.match_id,
          title: input.title,
          selections: input.selections,
          reasoning: input.reasoning,
          price: input.price,
          refundIfLost: input.refund_if_lost,
        },
        c.var.now,
      );
      return {
        id: plan.id,
        commitment: plan.commitment,
        chain_seq: entry.seq,
        published_at: plan.publishedAt,
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/expert/plan/info',
      effect: 'read',
      methods: ['get'],
      tag: 'Experts',
      summary: 'A plan: the content only for its expert and buyers (or free) until the match is over',
      input: z.object({ id }),
      output: loose,
    },
    async (c, input) => getPlan(c.var.db, input.id, c.var.user?.id ?? null, c.var.locale, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/expert/plan/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Experts',
      summary: 'Plans, newest first (the content of paid ones only for buyers until the match is over)',
      input: z.object({
        sport: sport.optional(),
        expert_id: id.optional(),
        match_id: id.optional(),
        open: z.boolean().default(false),
        order: z.enum(['newest', 'buyers']).default('newest'),
      }),
      output: z.object({ list: z.array(loose) }),
    },
    async (c, input) => ({
      list: await listPlans(
        c.var.db,
        {
          sport: input.sport,
          expertId: input.expert_id,
          matchId: input.match_id,
          open: input.open,
          order: input.order,
        },
        c.var.user?.id ?? null,
        c.var.locale,
        c.var.now,
      ),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/expert/plan/buy',
      effect: 'write',
      methods: ['post'],
      tag: 'Experts',
      summary:
        'Buy a plan in star diamonds (held in escrow until the plan is graded); `pay_password` when the buyer has set one',
      middleware: [requireUser],
      input: z.object({ id, pay_password: z.string().max(32).optional() }),
      output: z.object({
        purchase: z.number(),
        price: z.number(),
        balance: z.number(),
        replayed: z.boolean(),
      }),
    },
    async (c, input) => {
      await assertSpendPassword(c.var.db, c.var.user!.id, input.pay_password);
      const outcome = await buyPlan(c.var.db, { planId: input.id, userId: c.var.user!.id, now: c.var.now });
      return { ...outcome.result, replayed: outcome.replayed };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/expert/plan/dispute',
      effect: 'write',
      methods: ['post'],
      tag: 'Experts',
      summary:
        'A buyer disputes a plan (once per purchase, until the dispute window after the grade closes); it waits in the review queue',
      middleware: [requireUser],
      input: z.object({
        id,
        reason_code: z.enum(DISPUTE_REASONS),
        text: z.string().trim().max(DISPUTE_TEXT_MAX).default(''),
      }),
      output: z.object({ id: z.number(), status: z.string() }),
    },
    async (c, input) => {
      const row = await disputePlan(c.var.db, {
        planId: input.id,
        userId: c.var.user!.id,
        reasonCode: input.reason_code,
        text: input.text,
        now: c.var.now,
      });
      return { id: row.id, status: row.status };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/expertPlan/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary:
        'Plans with their buyers, escrow held and open disputes, by state, expert, match and kick-off day',
      staff: ['moderator'],
      input: tableInput(PLANS_TABLE).extend({
        state: z.enum(PLAN_STATES).optional(),
        expert: z.string().trim().max(60).optional(),
        match: id.optional(),
        date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/)
          .optional(),
      }),
      output: z.object({ total: z.number(), list: z.array(loose) }),
    },
    async (c, input) => {
      const { total, rows } = await consolePlans(
        c.var.db,
        {
          page: input.page,
          pageSize: input.size,
          sort: input.sort,
          dir: input.dir,
          filters: {
            state: input.state,
            expert: input.expert,
            match: input.match ? String(input.match) : undefined,
            date: input.date,
          },
        },
        c.var.locale,
      );
      return { total, list: rows };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/expertPlan/void',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary:
        'Void a plan not yet released with a reason shown on it; every held purchase is refunded, the grade kept, the plan out of the statistics',
      staff: ['moderator'],
      input: z
        .object({ id, reason_code: z.enum(PLAN_VOID_REASONS) })
        .merge(decisionReasonSchema.pick({ reason: true })),
      output: z.object({ id: z.number(), status: z.string() }),
    },
    async (c, input) => {
      const note = input.reason.trim();
      if (input.reason_code === 'other' && !note) throw new DomainError('REVIEW_NOTE_REQUIRED');
      const { before, plan } = await c.var.db.transaction((tx) =>
        voidPlan(tx, {
          planId: input.id,
          operatorId: c.var.user!.id,
          reasonCode: input.reason_code,
          note,
          reason: storedReason({ reasonCode: input.reason_code, note }),
          now: c.var.now,
        }),
      );
      auditChange(c, {
        targetType: 'expertPlan',
        targetId: plan.id,
        before: { status: before.status, grade: before.grade, released: Boolean(before.releasedAt) },
        after: { status: plan.status, grade: plan.grade, void_reason: plan.voidReason },
      });
      return { id: plan.id, status: plan.status };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/expert/chain',
      effect: 'read',
      methods: ['get'],
      tag: 'Experts',
      summary: 'The public log of plan commitments, oldest first after `after`, and its head',
      input: z.object({ after: z.coerce.number().int().min(0).default(0) }),
      output: z.object({
        head: z.object({ seq: z.number(), hash: z.string(), published_at: z.date() }).nullable(),
        list: z.array(
          z.object({
            seq: z.number(),
            plan_id: z.number(),
            expert_id: z.number(),
            match_id: z.number(),
            commitment: z.string(),
            /** ISO 8601 with milliseconds: the text each entry's hash covers. */
            published_at: z.string(),
            prev_hash: z.string(),
            hash: z.string(),
          }),
        ),
      }),
    },
    async (c, input) => {
      const [head, list] = await Promise.all([chainHead(c.var.db), chainEntries(c.var.db, input.after)]);
      return {
        head: head ? { seq: head.seq, hash: head.hash, published_at: head.publishedAt } : null,
        list: list.map(chainLinkOfRow),
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/expert/chain/download',
      effect: 'read',
      methods: ['get'],
      tag: 'Experts',
      summary:
        'The whole public log of plan commitments (or after `after`), streamed as NDJSON up to the head named in X-Chain-Head-Seq and X-Chain-Head-Hash',
      input: z.object({ after: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0) }),
      output: z.instanceof(Response),
      file: { contentType: CHAIN_NDJSON_TYPE, description: 'One chain entry per line, oldest first' },
    },
    async (c, input) => {
      // The head at the start bounds the file: its last line is the head named in the headers.
      const head = await chainHead(c.var.db);
      const until = head?.seq ?? 0;
      return new Response(chainNdjson(c.var.db, input.after, until), {
        headers: {
          'content-type': `${CHAIN_NDJSON_TYPE}; charset=utf-8`,
          'content-disposition': `attachment; filename="plan-chain-${until}.ndjson"`,
          'cache-control': 'no-store',
          'x-content-type-options': 'nosniff',
          'x-chain-head-seq': String(until),
          'x-chain-head-hash': head?.hash ?? '',
        },
      });
    },
  );

  defineRoute(
    app,
    {
      path: '/api/expert/income',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Experts',
      summary:
        "The signed-in expert's income centre: per paid plan (newest first, paged) buyers, gross, held in escrow, refunded, released to the expert in yellow diamonds and disputes, with the totals over every paid plan. Refused for non-experts",
      middleware: [requireUser],
      input: z.object({
        page: z.coerce.number().int().min(1).max(10_000).default(1),
        size: z.coerce.number().int().min(1).max(50).default(INCOME_PAGE_SIZE),
      }),
      output: incomeSchema,
    },
    async (c, input) =>
      expertIncome(c.var.db, c.var.user!.id, {
        page: input.page,
        size: input.size,
        locale: c.var.locale,
        now: c.var.now,
      }),
  );

  defineRoute(
    app,
    {
      path: '/api/expert/article/publish',
      effect: 'write',
      methods: ['post'],
      tag: 'Experts',
      summary: 'Publish a free analysis article',
      middleware: [requireUser],
      input: z.object({
        sport,
        title: z.string().trim().min(ARTICLE_TITLE.min).max(ARTICLE_TITLE.max),
        body: z.string().trim().min(ARTICLE_BODY.min).max(ARTICLE_BODY.max),
        match_id: id.optional(),
      }),
      output: z.object({ id: z.number() }),
    },
    async (c, input) => {
      const row = await publishArticle(
        c.var.db,
        c.var.user!.id,
        {
          sport: input.sport,
          title: input.title,
          body: input.body,
          matchId: input.match_id,
          locale: c.var.locale,
        },
        c.var.now,
      );
      return { id: row.id };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/expert/article/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Experts',
      summary: 'Experts’ free analysis articles, newest first',
      input: z.object({
        sport: sport.optional(),
        expert_id: id.optional(),
        page: z.coerce.number().int().min(1).max(1000).default(1),
      }),
      output: z.object({ total: z.number(), page: z.number(), list: z.array(loose) }),
    },
    async (c, input) =>
      listArticles(c.var.db, { sport: input.sport, expertId: input.expert_id, page: input.page }),
  );
}
