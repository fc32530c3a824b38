// The global horn (全站喇叭, spec §2/§4): a paid message shown on every open page. With review on, a
// message waits (pending) until an operator approves (succeeded) or rejects it (failed, refunded).
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

export const hornStatus = pgEnum('horn_status', ['pending', 'succeeded', 'failed']);

export const hornMessages = pgTable(
  'horn_messages',
  {
    id: serial('id').primaryKey(),
    operationId: bigint('operation_id', { mode: 'number' }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As shown: after sensitive words were masked. */
    content: varchar('content', { length: 100 }).notNull(),
    status: hornStatus('status').notNull(),
    /** Star diamonds paid (0 for a noble's free message). */
    price: integer('price').notNull(),
    /** Free: one of a noble's free messages of the month, or (`credit`) one exchanged in the coin shop. */
    free: boolean('free').notNull().default(false),
    credit: boolean('credit').notNull().default(false),
    /** The escrow shard holding the price while in review. */
    escrowShard: smallint('escrow_shard'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: integer('reviewed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('horn_messages_status_idx').on(table.status, table.createdAt),
    index('horn_messages_user_idx').on(table.userId, table.createdAt),
    check('horn_messages_price', sql`${table.price} >= 0`),
  ],
);

/**
 * Free horn messages a user holds (exchanged in the coin shop; they never expire): a send takes one
 * when the month's noble messages are used up, before charging; a rejected message gives it back.
 */
export const hornCredits = pgTable(
  'horn_credits',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    count: integer('count').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('horn_credits_count', sql`${table.count} >= 0`)],
);

/** One row (id 1): whether horn messages wait for an operator's review. */
export const hornSettings = pgTable(
  'horn_settings',
  {
    id: smallint('id').primaryKey().default(1),
    review: boolean('review').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('horn_settings_single', sql`${table.id} = 1`)],
);
