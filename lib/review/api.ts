// The review queue's routes: a summary of what waits (per source the caller may review), and for each
// registered source its list, its decision (one or many items, one reason), taking an item ("我来处理")
// and what was decided (from the audit log), declared with the source's own staff roles so the refusal
// test and the console's page guard follow by themselves.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { maySanction } from '@/lib/accounts/sanctions';
import { defineTable, tableInput } from '@/lib/admin/table-query';
import { auditAlso, auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { DomainError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import type { DbOrTx } from '@/lib/db';
import { AUTHOR_SANCTIONS } from '@/lib/moderation/user-sanctions';
import { type Claim, claimsOf, takeItem } from './claims';
import { listDecided } from './decided';
import { REASON_CODES, REASON_TEXT_MAX } from './reasons';
import { QUEUE_SOURCES } from './registry';
import { decideQueueItems } from './service';
import { type QueueSource, queueSources, registerQueueSource } from './source';

/** Every source's table: oldest first by default (the queue is worked from its head). */
export const REVIEW_TABLE = defineTable({
  sorts: ['created'],
  /** The queue's tab: which source the page lists (each list route is its source's own); `view=decided`
   * lists what was decided there instead of what waits. */
  filters: ['source', 'view'],
  defaultSort: 'created',
  defaultDir: 'asc',
  pageSize: 20,
});
/** At most this many items in one bulk decision. */
export const REVIEW_BULK_MAX = 100;

const itemSchema = z.object({
  id: z.number(),
  user_id: z.number(),
  nickname: z.string(),
  summary: z.string(),
  fields: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  media: z.array(z.object({ kind: z.enum(['image', 'video']), url: z.string() })),
  context: z
    .object({
      type: z.string(),
      id: z.number(),
      title: z.string(),
      body: z.string(),
      owner_id: z.number().nullable(),
      link: z.string().nullable(),
    })
    .nullable(),
  /** Reports gathered into one case: every reporter, their reasons, the first and last report. */
  case: z
    .object({
      reports: z.number(),
      reporters: z.array(z.object({ id: z.number(), nickname: z.string() })),
      reasons: z.array(z.string()),
      first: z.date(),
      last: z.date(),
    })
    .nullable(),
  /** Who took the item ("我来处理"), if anyone. */
  taken_by: z.object({ id: z.number(), nickname: z.string(), at: z.date() }).nullable(),
  created_at: z.date(),
  /** The item is about the caller (theirs, or they are party to it): a colleague must decide it. */
  concerns_me: z.boolean(),
});

export const reviewListInput = tableInput(REVIEW_TABLE);

export const reviewDecisionInput = z.object({
  ids: z.array(z.coerce.number().int().positive()).min(1).max(REVIEW_BULK_MAX),
  approve: z.boolean(),
  reason_code: z.enum(REASON_CODES),
  /** The reviewer's own words (required with `other`): the person reads them. */
  reason: z.string().trim().max(REASON_TEXT_MAX).default(''),
  /**
   * Upholding one report case may also warn, mute or ban the author of what was reported, with the same
   * reason (a mute or ban until `until`); allowed to whoever may sanction from the user's case file.
   */
  sanction: z.object({ kind: z.enum(AUTHOR_SANCTIONS), until: z.coerce.date().optional() }).optional(),
  /**
   * Upholding one report on a live room may also take its title or cover down and seal it (for
   * `seal_hours`, or until lifted), with the same reason, each audited as the live rooms' own route.
   */
  room: z
    .object({
      remove_title: z.boolean().default(false),
      remove_cover: z.boolean().default(false),
      seal: z.boolean().default(false),
      seal_hours: z.coerce
        .number()
        .int()
        .min(1)
        .max(24 * 365)
        .optional(),
    })
    .optional(),
});

/** The case file's sanction route: a mute or ban given with a decision is audited as one given there. */
const SANCTION_PATH = '/api/admin/users/sanction';

const outcomeSchema = z.union([
  z.object({ id: z.number(), ok: z.literal(true), before: z.unknown(), after: z.unknown() }),
  z.object({ id: z.number(), ok: z.literal(false), code: z.string(), msg: z.string() }),
]);

/** The people each listed item concerns (none asked for an empty page). */
export const concernsOfItems = (db: DbOrTx, source: QueueSource, items: readonly { id: number }[]) =>
  items.length
    ? source.concerns(
        db,
        items.map((item) => item.id),
      )
    : Promise.resolve(new Map<number, readonly number[]>());

export const reviewListPath = (key: string) => `/api/admin/review/${key}/list`;
export const reviewDecidePath = (key: string) => `/api/admin/review/${key}/decide`;
export const reviewTakePath = (key: string) => `/api/admin/review/${key}/take`;
export const reviewDecidedPath = (key: string) => `/api/admin/review/${key}/decided`;

const takenBy = (claim: Claim | undefined) =>
  claim ? { id: claim.staffId, nickname: claim.nickname, at: claim.claimedAt } : null;

export const reviewTakeInput = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
export const reviewDecidedInput = z.object({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  size: z.coerce.number().int().min(1).max(100).default(REVIEW_TABLE.pageSize),
});

const decidedSchema = z.object({
  id: z.number(),
  /** The staff write behind the entry: the queue's decide, or another that decides it too. */
  action: z.string(),
  at: z.date(),
  actor: z.object({ id: z.number(), nickname: z.string().nullable(), role: z.string() }),
  items: z.array(
    z.object({
      id: z.number(),
      decision: z.enum(['approve', 'reject']).nullable(),
      user: z.object({ id: z.number(), nickname: z.string().nullable() }).nullable(),
    }),
  ),
  reason_code: z.string(),
  reason: z.string(),
});

function registerSourceRoutes(app: OpenAPIHono<AppEnv>, source: QueueSource) {
  defineRoute(
    app,
    {
      path: reviewListPath(source.key),
      effect: 'read',
      methods: ['get'],
      tag: 'Review',
      summary: `Review queue: what waits in "${source.key}", oldest first by default`,
      staff: source.staff,
      input: reviewListInput,
      output: z.object({ total: z.number(), list: z.array(itemSchema) }),
    },
    async (c, input) => {
      const [total, items] = await Promise.all([
        source.count(c.var.db, c.var.now),
        source.list(
          c.var.db,
          { page: input.page, size: input.size, dir: input.dir, locale: c.var.locale },
          c.var.now,
        ),
      ]);
      const [concerned, claims] = await Promise.all([
        concernsOfItems(c.var.db, source, items),
        claimsOf(
          c.var.db,
          source.key,
          items.map((item) => item.id),
        ),
      ]);
      const me = c.var.user!.id;
      return {
        total,
        list: items.map((item) => ({
          id: item.id,
          user_id: item.userId,
          nickname: item.nickname,
          summary: item.summary,
          fields: item.fields,
          media: item.media ?? [],
          context: item.context
            ? {
                type: item.context.type,
                id: item.context.id,
                title: item.context.title,
                body: item.context.body,
                owner_id: item.context.ownerId,
                link: item.context.link,
              }
            : null,
          case: item.case ?? null,
          taken_by: takenBy(claims.get(item.id)),
          created_at: item.createdAt,
          concerns_me: concerned.get(item.id)?.includes(me) ?? false,
        })),
      };
    },
  );

  defineRoute(
    app,
    {
      path: reviewDecidePath(source.key),
      effect: 'write',
      methods: ['post'],
      tag: 'Review',
      summary: `Review queue: approve or refuse one or many "${source.key}" items with a reason the person is told`,
      staff: source.staff,
      input: reviewDecisionInput,
      output: z.object({ results: z.array(outcomeSchema) }),
    },
    async (c, input) => {
      if (input.sanction && !maySanction(c.var.user!.role))
        throw new DomainError('REVIEW_SANCTION_FORBIDDEN', { status: 403 });
      const outcomes = await decideQueueItems(c.var.db, source, {
        ids: input.ids,
        approve: input.approve,
        reasonCode: input.reason_code,
        note: input.reason,
        reasonText: c.var.t(`im.notices.reasons.${input.reason_code}` as never),
        actorId: c.var.user!.id,
        now: c.var.now,
        sanction: input.sanction,
        room: input.room
          ? {
              title: input.room.remove_title,
              cover: input.room.remove_cover,
              seal: input.room.seal,
              sealHours: input.room.seal_hours,
            }
          : undefined,
      });
      const decided = outcomes.flatMap((outcome) => (outcome.ok ? [outcome] : []));
      // A room's title, cover or seal taken with the decision is audited as the live rooms' own route.
      for (const { room } of decided)
        for (const action of room ?? [])
          await auditAlso(c, action.path, {
            targetType: 'room',
            targetId: action.roomId,
            before: action.before,
            after: action.after,
            reason: [input.reason_code, input.reason].filter(Boolean).join(' · '),
          });
      for (const { sanction } of decided)
        if (sanction && sanction.kind !== 'warn')
          await auditAlso(c, SANCTION_PATH, {
            targetType: 'user',
            targetId: sanction.userId,
            before: sanction.before,
            after: sanction.after,
            reason: [input.reason_code, input.reason].filter(Boolean).join(' · '),
          });
      // Each item's `after` says the decision and whom it concerned: the log's sentence and the queue's
      // decided view read them (lib/audit/sentences.ts, ./decided.ts).
      const decision = input.approve ? 'approve' : 'reject';
      auditChange(c, {
        targetType: source.key,
        targetId: decided
          .map((outcome) => outcome.id)
          .join(',')
          .slice(0, 64),
        before: decided.map((outcome) => ({ id: outcome.id, ...(outcome.before as object) })),
        after: decided.map((outcome) => ({
          id: outcome.id,
          decision,
          user_id: outcome.userId,
          ...(outcome.after as object),
          ...(outcome.sanction
            ? { sanction: { kind: outcome.sanction.kind, user_id: outcome.sanction.userId } }
            : {}),
          ...(outcome.room ? { room: outcome.room.map((action) => action.path) } : {}),
        })),
      });
      return {
        results: outcomes.map((outcome) =>
          outcome.ok
            ? { id: outcome.id, ok: true as const, before: outcome.before, after: outcome.after }
            : { ...outcome, msg: c.var.t(`errors.${outcome.code}` as never) },
        ),
      };
    },
  );

  defineRoute(
    app,
    {
      path: reviewTakePath(source.key),
      effect: 'write',
      methods: ['post'],
      tag: 'Review',
      summary: `Review queue: take a "${source.key}" item ("I'll handle it"); colleagues see who took it`,
      staff: source.staff,
      input: reviewTakeInput,
      output: z.object({
        id: z.number(),
        taken_by: z.object({ id: z.number(), nickname: z.string(), at: z.date() }),
      }),
    },
    async (c, input) => {
      const claim = await takeItem(c.var.db, source, input.id, c.var.user!.id, c.var.now);
      auditChange(c, {
        targetType: source.key,
        targetId: input.id,
        after: { id: input.id, taken_by: claim.staffId },
      });
      return { id: input.id, taken_by: takenBy(claim)! };
    },
  );

  defineRoute(
    app,
    {
      path: reviewDecidedPath(source.key),
      effect: 'read',
      methods: ['get'],
      tag: 'Review',
      summary: `Review queue: what was decided in "${source.key}", newest first: who, when, what and why`,
      staff: source.staff,
      input: reviewDecidedInput,
      output: z.object({ total: z.number(), list: z.array(decidedSchema) }),
    },
    async (c, input) => {
      const { total, list } = await listDecided(
        c.var.db,
        reviewDecidePath(source.key),
        input,
        source.decidedAlsoBy,
      );
      return {
        total,
        list: list.map((entry) => ({
          id: entry.id,
          action: entry.action,
          at: entry.at,
          actor: { id: entry.actorId, nickname: entry.actorName, role: entry.actorRole },
          items: entry.items.map((item) => ({
            id: item.id,
            decision: item.decision,
            user:
              item.userId === null ? null : { id: item.userId, nickname: entry.people[item.userId] ?? null },
          })),
          reason_code: entry.reasonCode,
          reason: entry.note,
        })),
      };
    },
  );
}

/**
 * Registers the queue's sources (./registry.ts: each in its own domain) and declares their routes.
 * Called by the composition root after every domain's `register…Routes`.
 */
export function registerReviewRoutes(app: OpenAPIHono<AppEnv>) {
  for (const source of QUEUE_SOURCES) registerQueueSource(source);
  const sources = queueSources();

  defineRoute(
    app,
    {
      path: '/api/admin/review/summary',
      effect: 'read',
      methods: ['get'],
      tag: 'Review',
      summary: 'Review queue: how many items wait in each source the caller may review, and its reasons',
      staff: ['moderator', 'finance'],
      output: z.object({
        sources: z.array(
          z.object({
            key: z.string(),
            count: z.number(),
            reasons: z.object({ approve: z.array(z.string()), reject: z.array(z.string()) }),
          }),
        ),
      }),
    },
    async (c) => {
      const role = c.var.user!.role;
      const mine = sources.filter(
        (source) => role === 'operator' || (source.staff as readonly string[]).includes(role),
      );
      return {
        sources: await Promise.all(
          mine.map(async (source) => ({
            key: source.key,
            count: await source.count(c.var.db, c.var.now),
            reasons: { approve: [...source.reasons.approve], reject: [...source.reasons.reject] },
          })),
        ),
      };
    },
  );

  for (const source of sources) registerSourceRoutes(app, source);
}
