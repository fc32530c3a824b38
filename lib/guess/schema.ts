// Fun-guess (趣味竞猜, spec §1, §4): a question the anchor or a room administrator opens in a live room,
// 2–10 outcomes, staked in coins held in escrow, paid out pari-mutuel. States as Twitch Predictions:
// open → locked → settled, or cancelled (流局: every stake refunded).
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { liveRooms } from '../live/schema';

export const guessStatus = pgEnum('guess_status', ['open', 'locked', 'settled', 'cancelled']);
/** Spec §4 bets: pending settlement (held), won, lost, push (void: refunded). */
export const guessStakeStatus = pgEnum('guess_stake_status', ['held', 'won', 'lost', 'void']);
/** Why a guess locked: the anchor, its window, the bound match's kick-off, or a goal. */
export const guessLockReason = pgEnum('guess_lock_reason', ['anchor', 'window', 'kickoff', 'goal']);

export const guesses = pgTable(
  'guesses',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    /** The anchor or the room administrator who opened it. */
    openerId: integer('opener_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    question: varchar('question', { length: 60 }).notNull(),
    status: guessStatus('status').notNull().default('open'),
    /** The escrow shard holding every stake (stakes enter and leave from it). */
    escrowShard: smallint('escrow_shard').notNull(),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull(),
    /** End of the staking window (30 s – 30 min after opening). */
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    /** The instant staking stopped: stakes placed after it are void (refunded). */
    lockedAt: timestamp('locked_at', { withTimezone: true }),
    lockReason: guessLockReason('lock_reason'),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** A match the guess is about: it locks at kick-off or at a goal and settles from the result. */
    matchId: integer('match_id'),
    /** The bound match's score when the guess opened in play: a different score means a goal. */
    openingScore: jsonb('opening_score').$type<[number, number] | null>(),
    /** The room's stream delay (ms) a goal's lock is moved earlier by, as measured when it locked. */
    lockDelayMs: integer('lock_delay_ms'),
    cancelReason: text('cancel_reason', { enum: ['anchor', 'unresolved', 'match_void', 'disputed'] }),
    /**
     * A guess its anchor or an administrator settled pays out at this instant (the dispute window's end),
     * not at once: the result shows, the coins stay in escrow until then. Null: paid at settlement (the
     * match feed's settlements, which nobody disputes).
     */
    payAt: timestamp('pay_at', { withTimezone: true }),
    /** When the held payouts left escrow (the upkeep job after `payAt`, or an upheld dispute). */
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** A viewer disputed the settlement: `open` holds the payout until a moderator upholds or voids it. */
    disputeStatus: text('dispute_status', { enum: ['open', 'upheld', 'voided'] }),
    /** The reviewer's reason code (im.notices.reasons) and words for a guess voided after a dispute. */
    voidReasonCode: text('void_reason_code'),
    voidNote: varchar('void_note', { length: 200 }),
  },
  (table) => [
    index('guesses_room_idx').on(table.roomId, table.openedAt),
    index('guesses_pending_idx')
      .on(table.status, table.closesAt)
      .where(sql`${table.status} in ('open', 'locked')`),
    // What the upkeep job releases and the review queue lists.
    index('guesses_unpaid_idx')
      .on(table.payAt)
      .where(sql`${table.status} = 'settled' and ${table.paidAt} is null`),
    check('guesses_window', sql`${table.closesAt} > ${table.openedAt}`),
  ],
);

export const guessOutcomes = pgTable(
  'guess_outcomes',
  {
    id: serial('id').primaryKey(),
    guessId: integer('guess_id')
      .notNull()
      .references(() => guesses.id, { onDelete: 'cascade' }),
    /** 0-based order shown. */
    position: smallint('position').notNull(),
    /** The anchor's words; empty for a match market's outcome (shown from `market` + `pick`). */
    label: varchar('label', { length: 30 }).notNull().default(''),
    /** A match market of lib/markets (`football_1x2`), its pick and line, when bound to a match. */
    market: text('market'),
    pick: text('pick'),
    /** The market's line (a half line: 2.5 goals, home −1.5) in hundredths; null for 1X2 / moneyline. */
    line: integer('line'),
    /** Set at settlement: won, lost, or void (push). */
    result: guessStakeStatus('result'),
  },
  (table) => [index('guess_outcomes_guess_idx').on(table.guessId, table.position)],
);

/** One stake (a viewer may add several, always on the same outcome). */
export const guessStakes = pgTable(
  'guess_stakes',
  {
    id: serial('id').primaryKey(),
    guessId: integer('guess_id')
      .notNull()
      .references(() => guesses.id, { onDelete: 'cascade' }),
    outcomeId: integer('outcome_id')
      .notNull()
      .references(() => guessOutcomes.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    operationId: bigint('operation_id', { mode: 'number' }).notNull().unique(),
    amount: integer('amount').notNull(),
    placedAt: timestamp('placed_at', { withTimezone: true }).notNull(),
    status: guessStakeStatus('status').notNull().default('held'),
    /** Coins returned at settlement (stake + winnings, the stake on a void, 0 on a loss). */
    payout: integer('payout'),
  },
  (table) => [
    index('guess_stakes_guess_idx').on(table.guessId, table.outcomeId),
    index('guess_stakes_user_idx').on(table.userId, table.placedAt),
    check('guess_stakes_amount', sql`${table.amount} >= 1`),
  ],
);

/** A staker's dispute of a settlement by the anchor or an administrator, once per viewer and guess. */
export const guessDisputes = pgTable(
  'guess_disputes',
  {
    id: serial('id').primaryKey(),
    guessId: integer('guess_id')
      .notNull()
      .references(() => guesses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** One of GUESS_DISPUTE_REASONS (guess.dispute.reasons.* on screen). */
    reasonCode: text('reason_code').notNull(),
    text: varchar('text', { length: 200 }).notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [uniqueIndex('guess_disputes_once').on(table.guessId, table.userId)],
);
