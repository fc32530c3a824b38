// Red envelopes (红包, spec §7 Redenvelope calls): star diamonds a viewer puts in a live room, held in
// escrow and split in advance into random shares; each viewer claims one share at most; what is left
// at expiry goes back to the sender.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { liveRooms } from '../live/schema';

export const redEnvelopes = pgTable(
  'red_envelopes',
  {
    id: serial('id').primaryKey(),
    operationId: bigint('operation_id', { mode: 'number' }).notNull().unique(),
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Star diamonds put in. */
    amount: integer('amount').notNull(),
    shares: integer('shares').notNull(),
    /** The escrow shard holding the amount (claims and the refund take from it). */
    escrowShard: smallint('escrow_shard').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set once, by whichever expiry run wins; `refunded` is what went back. */
    refundedAt: timestamp('refunded_at', { withTimezone: true }),
    refunded: integer('refunded'),
  },
  (table) => [
    index('red_envelopes_room_idx').on(table.roomId, table.createdAt),
    index('red_envelopes_expiry_idx').on(table.expiresAt),
    check('red_envelopes_split', sql`${table.shares} >= 1 and ${table.amount} >= ${table.shares}`),
  ],
);

/** The shares, computed at creation; a claim takes one by a conditional update. */
export const redEnvelopeShares = pgTable(
  'red_envelope_shares',
  {
    id: serial('id').primaryKey(),
    envelopeId: integer('envelope_id')
      .notNull()
      .references(() => redEnvelopes.id, { onDelete: 'cascade' }),
    amount: integer('amount').notNull(),
    claimedBy: integer('claimed_by').references(() => users.id, { onDelete: 'set null' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }),
    /** Returned to the sender at expiry (never claimable after). */
    returned: boolean('returned').notNull().default(false),
  },
  (table) => [
    index('red_envelope_shares_envelope_idx').on(table.envelopeId),
    // Each user claims at most once per envelope.
    uniqueIndex('red_envelope_shares_claim_unique').on(table.envelopeId, table.claimedBy),
    check('red_envelope_shares_amount', sql`${table.amount} >= 1`),
  ],
);
