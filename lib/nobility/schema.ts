// Nobility (贵族 / guard, spec §4 "opened or renewed"): one row per noble with the tier and when it
// ends, plus every purchase. Privileges check `expires_at > now`; a job marks ended ones.
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
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { walletCurrency } from '../wallet/schema';

export const nobilities = pgTable(
  'nobilities',
  {
    userId: integer('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: smallint('tier').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Set by the expiry job once `expires_at` passed (privileges never wait for it). */
    expiredAt: timestamp('expired_at', { withTimezone: true }),
  },
  (table) => [
    index('nobilities_expiry_idx').on(table.expiresAt),
    check('nobilities_tier_range', sql`${table.tier} between 1 and 5`),
  ],
);

export const nobilityPurchases = pgTable(
  'nobility_purchases',
  {
    id: serial('id').primaryKey(),
    operationId: bigint('operation_id', { mode: 'number' }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tier: smallint('tier').notNull(),
    months: smallint('months').notNull(),
    /** The price in yellow diamonds (the tiers' currency). */
    price: integer('price').notNull(),
    /** What the buyer paid with: yellow diamonds, or star diamonds at the operator's rate. */
    currency: walletCurrency('currency').notNull().default('yellow'),
    /** The amount paid, in `currency` (= price for yellow). */
    paid: integer('paid').notNull(),
    /** False: opened (new, or a higher tier from now); true: the same tier extended from its end. */
    renewed: boolean('renewed').notNull().default(false),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('nobility_purchases_user_idx').on(table.userId, table.createdAt),
    check('nobility_purchases_positive', sql`${table.months} > 0 and ${table.price} > 0`),
    check('nobility_purchases_paid_positive', sql`${table.paid} > 0`),
  ],
);

/**
 * What an operator edits of each tier (lib/nobility/tiers.ts names them): the monthly price of a purchase
 * that opens it, the monthly price of one that renews it, the order and whether it is sold. A change
 * applies to purchases made after it (each purchase stores what it paid).
 */
export const nobilityTiers = pgTable(
  'nobility_tiers',
  {
    tier: smallint('tier').primaryKey(),
    code: varchar('code', { length: 16 }).notNull().unique(),
    /** Yellow diamonds a month when opening (or upgrading to) the tier. */
    monthlyPrice: integer('monthly_price').notNull(),
    /** Yellow diamonds a month when extending the tier in force. */
    renewalPrice: integer('renewal_price').notNull(),
    sort: smallint('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (table) => [
    check('nobility_tiers_tier_range', sql`${table.tier} between 1 and 5`),
    check(
      'nobility_tiers_prices',
      sql`${table.monthlyPrice} between 1 and 10000000 and ${table.renewalPrice} between 1 and 10000000`,
    ),
  ],
);
