// Gifts: the catalog operators manage, each user's backpack, and every send (rankings read them).
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/** small: a line in the room's ticker; big: a full-width animation over the stage. */
export const giftTier = pgEnum('gift_tier', ['small', 'big']);

export const gifts = pgTable(
  'gifts',
  {
    id: serial('id').primaryKey(),
    /** Stable name; also picks the drawn artwork (components/live/gifts/gift-art.tsx). */
    code: varchar('code', { length: 32 }).notNull().unique(),
    /** Names per locale: { "zh-CN": "...", "zh-TW": "...", "en": "...", "vi": "..." }. */
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    /** Price in star diamonds. */
    price: integer('price').notNull(),
    tier: giftTier('tier').notNull().default('small'),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
    /** An operator's uploaded picture (lib/storage); none: the drawing for `code`. */
    imageUrl: text('image_url'),
    /** The anchor's share of this gift's value in percent; none: the portal's GIFT_ANCHOR_SHARE. */
    anchorShare: smallint('anchor_share'),
  },
  (table) => [
    check('gifts_price_positive', sql`${table.price} > 0`),
    check('gifts_anchor_share_range', sql`${table.anchorShare} between 0 and 100`),
  ],
);

/** Gifts a user holds (rewards, bonuses); sending one from here costs no diamonds. */
export const backpackItems = pgTable(
  'backpack_items',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    giftId: integer('gift_id')
      .notNull()
      .references(() => gifts.id),
    quantity: integer('quantity').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.giftId] }),
    check('backpack_items_quantity_nonnegative', sql`${table.quantity} >= 0`),
  ],
);

export const giftSends = pgTable(
  'gift_sends',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operationId: bigint('operation_id', { mode: 'number' }).notNull().unique(),
    roomId: integer('room_id').notNull(),
    anchorId: integer('anchor_id').notNull(),
    senderId: integer('sender_id').notNull(),
    giftId: integer('gift_id').notNull(),
    count: integer('count').notNull(),
    /** Star diamonds the gifts are worth (price × count), paid or taken from the backpack. */
    value: integer('value').notNull(),
    /** Yellow diamonds the anchor earned. */
    anchorIncome: integer('anchor_income').notNull(),
    fromBackpack: boolean('from_backpack').notNull().default(false),
    /** 1 for a first send; n for the n-th send of the same gift within the combo window. */
    combo: integer('combo').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('gift_sends_room_idx').on(table.roomId, table.createdAt),
    index('gift_sends_anchor_idx').on(table.anchorId, table.createdAt),
    index('gift_sends_sender_idx').on(table.senderId, table.createdAt),
    check('gift_sends_count_positive', sql`${table.count} > 0`),
  ],
);

/**
 * Gift rankings' rollup (issue #45): what each sender gave in a window — `period` day, week or month
 * starting at `startsAt` (UTC+8, lib/live/reservations.ts `rankWindowStart`), or `total` (startsAt the
 * epoch) — to one room (`roomId`) or to every room (`roomId` 0). Raised in the transaction that writes the
 * send (`giverTotalsUpsert`), so a ranking reads the top rows of one index instead of summing `gift_sends`.
 */
export const giftGiverTotals = pgTable(
  'gift_giver_totals',
  {
    roomId: integer('room_id').notNull(),
    period: varchar('period', { length: 5, enum: ['day', 'week', 'month', 'total'] }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    senderId: integer('sender_id').notNull(),
    value: bigint('value', { mode: 'number' }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.roomId, table.period, table.startsAt, table.senderId] }),
    index('gift_giver_totals_rank_idx').on(
      table.roomId,
      table.period,
      table.startsAt,
      table.value.desc(),
      table.senderId,
    ),
  ],
);
