// Fun-guess calls (the spec lists none: ours, under `api/guess/`): the anchor's or an administrator's
// open / lock / settle / cancel, a viewer's stake in coins and dispute of a settlement, a room's panel and
// the viewer's records. Disputes wait in the console's review queue (./review-source.ts, listed in lib/review/registry.ts).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { idempotencyKey } from '@/lib/api/idempotency-key';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { GUESS_DISPUTE_REASONS, GUESS_DISPUTE_TEXT_MAX } from './dispute-rules';
import { disputeGuess } from './disputes';
import { guessRecords, roomGuesses } from './read';
import {
  cancelByManager,
  GUESS_OUTCOMES_MAX,
  GUESS_PLAY_TYPES_MAX,
  lockByManager,
  openGuess,
  settleByManager,
  stakeGuess,
} from './service';
import { SETTLE_PREVIEW_WINNERS, settlePreview } from './settle-preview';

const stakeStatus = z.enum(['held', 'won', 'lost', 'void']);
const guessStatus = z.enum(['open', 'locked', 'settled', 'cancelled']);
const outcomeRef = z.object({
  label: z.string(),
  market: z.string().nullable(),
  pick: z.string().nullable(),
  line: z.number().nullable(),
});

/** A settled guess's payout time, its dispute, and the reviewer's reason when voided after one. */
const settlementSchema = {
  /** When a person's settlement pays (or paid) out; null for one settled from the match feed. */
  pay_at: z.string().nullable(),
  paid_out: z.boolean(),
  dispute_status: z.enum(['open', 'upheld', 'voided']).nullable(),
  void_reason: z.object({ code: z.string(), note: z.string() }).nullable(),
};

const guessSchema = z.object({
  id: z.number(),
  question: z.string(),
  status: guessStatus,
  opened_at: z.string(),
  closes_at: z.string(),
  locked_at: z.string().nullable(),
  lock_reason: z.enum(['anchor', 'window', 'kickoff', 'goal']).nullable(),
  lock_delay_ms: z.number().nullable(),
  cancel_reason: z.enum(['anchor', 'unresolved', 'match_void', 'disputed']).nullable(),
  ...settlementSchema,
  disputed_by_me: z.boolean(),
  can_dispute: z.boolean(),
  match: z.object({ home: z.string(), away: z.string() }).nullable(),
  outcomes: z.array(
    outcomeRef.extend({
      id: z.number(),
      result: stakeStatus.nullable(),
      pool: z.number(),
      people: z.number(),
    }),
  ),
  mine: z
    .object({
      outcome_id: z.number(),
      amount: z.number(),
      payout: z.number().nullable(),
      status: stakeStatus,
    })
    .nullable(),
});
export type GuessPanelItem = z.infer<typeof guessSchema>;

export function registerGuessRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/guess/open',
      effect: 'write',
      methods: ['post'],
      tag: 'Fun-guess',
      summary: `The anchor or a room administrator opens a guess: a question and 2–${GUESS_OUTCOMES_MAX} outcomes, or \`play_types\` (at most ${GUESS_PLAY_TYPES_MAX}) of the room's bound match; \`window_seconds\` 30–1800`,
      middleware: [requireUser],
      input: z.object({
        room_id: id,
        question: z.string().max(500),
        outcomes: z.array(z.string().max(200)).max(50).optional(),
        window_seconds: z.coerce.number(),
        play_types: z.array(z.string().max(40)).max(10).optional(),
      }),
      output: z.object({ id: z.number(), closes_at: z.string() }),
    },
    async (c, input) =>
      openGuess(c.var.db, {
        userId: c.var.user!.id,
        roomId: input.room_id,
        question: input.question,
        outcomes: input.outcomes,
        windowSeconds: input.window_seconds,
        playTypes: input.play_types,
        now: c.var.now,
      }),
  );

  defineRoute(
    app,
    {
      path: '/api/guess/stake',
      effect: 'write',
      methods: ['post'],
      tag: 'Fun-guess',
      summary:
        'Stakes coins (earned, never bought) on one outcome of an open guess; more stakes add to the same outcome. `key` makes a retry safe',
      middleware: [requireUser],
      input: z.object({ guess_id: id, outcome_id: id, amount: z.coerce.number(), key: idempotencyKey }),
      output: z.object({
        guess_id: z.number(),
        outcome_id: z.number(),
        amount: z.number(),
        total: z.number(),
        balance: z.number(),
        replayed: z.boolean(),
      }),
    },
    async (c, input) => {
      const outcome = await stakeGuess(c.var.db, {
        userId: c.var.user!.id,
        guessId: input.guess_id,
        outcomeId: input.outcome_id,
        amount: input.amount,
        key: input.key ?? crypto.randomUUID(),
        now: c.var.now,
      });
      return { ...outcome.result, replayed: outcome.replayed };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/guess/lock',
      effect: 'write',
      methods: ['post'],
      tag: 'Fun-guess',
      summary: 'The anchor or an administrator stops staking (封盘) now',
      middleware: [requireUser],
      input: z.object({ guess_id: id }),
      output: z.object({ locked: z.boolean(), room_id: z.number().nullable(), voided: z.number() }),
    },
    async (c, input) =>
      lockByManager(c.var.db, { userId: c.var.user!.id, guessId: input.guess_id, now: c.var.now }),
  );

  defineRoute(
    app,
    {
      path: '/api/guess/settle',
      effect: 'write',
      methods: ['post'],
      tag: 'Fun-guess',
      summary:
        "The anchor or an administrator names the winning outcome: winners share the losers' coins pari-mutuel (a guess bound to a match settles from its result)",
      middleware: [requireUser],
      input: z.object({ guess_id: id, outcome_id: id }),
      output: z.object({
        room_id: z.number(),
        paid: z.number(),
        winners: z.number(),
        /** The payouts leave escrow then, unless a staker disputes the result before. */
        pay_at: z.string().nullable(),
      }),
    },
    async (c, input) =>
      settleByManager(c.var.db, {
        userId: c.var.user!.id,
        guessId: input.guess_id,
        outcomeId: input.outcome_id,
        now: c.var.now,
      }),
  );

  defineRoute(
    app,
    {
      path: '/api/guess/settle_preview',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Fun-guess',
      summary: `What settling on an outcome would pay, before the anchor or an administrator confirms it: the pool, the number of winners and the payouts of the first ${SETTLE_PREVIEW_WINNERS} (the settlement's own pari-mutuel code over the stakes held now; moves nothing)`,
      middleware: [requireUser],
      input: z.object({ guess_id: id, outcome_id: id }),
      output: z.object({
        guess_id: z.number(),
        outcome_id: z.number(),
        pool: z.number(),
        winning_pool: z.number(),
        losing_pool: z.number(),
        stakers: z.number(),
        winners: z.number(),
        refund_all: z.boolean(),
        paid_to_winners: z.number(),
        top: z.array(
          z.object({ user_id: z.number(), nickname: z.string(), stake: z.number(), payout: z.number() }),
        ),
      }),
    },
    async (c, input) =>
      settlePreview(c.var.db, {
        userId: c.var.user!.id,
        guessId: input.guess_id,
        outcomeId: input.outcome_id,
      }),
  );

  defineRoute(
    app,
    {
      path: '/api/guess/dispute',
      effect: 'write',
      methods: ['post'],
      tag: 'Fun-guess',
      summary: `A viewer whose stake counted disputes the result the anchor or an administrator gave, before it pays out (once per guess; \`reason_code\` one of ${GUESS_DISPUTE_REASONS.join(', ')}, \`text\` up to ${GUESS_DISPUTE_TEXT_MAX} characters): the payouts wait for a moderator`,
      middleware: [requireUser],
      input: z.object({
        guess_id: id,
        reason_code: z.string().max(40),
        text: z.string().max(2000).default(''),
      }),
      output: z.object({ guess_id: z.number(), dispute_status: z.literal('open') }),
    },
    async (c, input) =>
      disputeGuess(c.var.db, {
        userId: c.var.user!.id,
        guessId: input.guess_id,
        reasonCode: input.reason_code,
        text: input.text,
        now: c.var.now,
      }),
  );

  defineRoute(
    app,
    {
      path: '/api/guess/cancel',
      effect: 'write',
      methods: ['post'],
      tag: 'Fun-guess',
      summary: 'The anchor or an administrator calls the guess off (流局): every stake is refunded',
      middleware: [requireUser],
      input: z.object({ guess_id: id }),
      output: z.object({ room_id: z.number(), refunded: z.number() }),
    },
    async (c, input) =>
      cancelByManager(c.var.db, { userId: c.var.user!.id, guessId: input.guess_id, now: c.var.now }),
  );

  defineRoute(
    app,
    {
      path: '/api/guess/room',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Fun-guess',
      summary: "A live room's recent guesses with each outcome's pool, and the caller's own stake and result",
      input: z.object({ room_id: id }),
      output: z.object({
        can_manage: z.boolean(),
        room_match_id: z.number().nullable(),
        room_match_sport: z.enum(['football', 'basketball', 'esports']).nullable(),
        list: z.array(guessSchema),
      }),
    },
    async (c, input) => roomGuesses(c.var.db, input.room_id, c.var.user?.id ?? null, c.var.locale, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/guess/records',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Fun-guess',
      summary: "The caller's guesses of the last three months: stake, outcome, result and coins returned",
      middleware: [requireUser],
      input: z.object({ page: z.coerce.number().int().min(1).max(1000).default(1) }),
      output: z.object({
        total: z.number(),
        list: z.array(
          z.object({
            guess_id: z.number(),
            question: z.string(),
            guess_status: guessStatus,
            ...settlementSchema,
            room_id: z.number(),
            anchor: z.string(),
            outcome: outcomeRef,
            amount: z.number(),
            payout: z.number().nullable(),
            status: stakeStatus,
            placed_at: z.string(),
          }),
        ),
      }),
    },
    async (c, input) => guessRecords(c.var.db, c.var.user!.id, c.var.now, input.page),
  );
}
