// The coin exchange shop (spec §1, §7 `api/goods/*`): goods priced in coins with stock and a per-user
// limit, every exchange (virtual goods delivered at once, physical ones moved by an operator), and the
// delivery addresses users keep.
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
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
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { gifts } from '../gifts/schema';

/**
 * gift: into the backpack; nobility_trial: days of a nobility tier; horn: free horn messages;
 * badge_color: a chat badge colour to wear; physical: shipped to an address.
 */
export const goodsKind = pgEnum('goods_kind', ['gift', 'nobility_trial', 'physical', 'horn', 'badge_color']);
/** Virtual goods are `delivered` at once; physical ones go pending → shipped → delivered, or cancelled. */
export const exchangeStatus = pgEnum('exchange_status', ['pending', 'shipped', 'delivered', 'cancelled']);

export const goods = pgTable(
  'goods',
  {
    id: serial('id').primaryKey(),
    /** Stable name; also picks the image (`/shop/<code>.svg`, or the gift's artwork). */
    code: varchar('code', { length: 32 }).notNull().unique(),
    kind: goodsKind('kind').notNull(),
    /** Names and one-line descriptions per locale. */
    names: jsonb('names').$type<Record<string, string>>().notNull(),
    descriptions: jsonb('descriptions').$type<Record<string, string>>().notNull(),
    /** Price in coins. */
    price: integer('price').notNull(),
    stock: integer('stock').notNull(),
    /** How many one user may exchange, ever (cancelled exchanges give the right back). */
    perUserLimit: integer('per_user_limit').notNull(),
    /** kind gift: which gift and how many go into the backpack. */
    giftId: integer('gift_id').references(() => gifts.id),
    giftCount: integer('gift_count').notNull().default(1),
    /** kind nobility_trial: the tier and the days. */
    nobilityTier: smallint('nobility_tier'),
    trialDays: integer('trial_days'),
    /** kind horn: free horn messages per unit. */
    hornCount: integer('horn_count'),
    /** kind badge_color: the colour's code (lib/chat/badge-colors.ts). */
    badgeColor: varchar('badge_color', { length: 16 }),
    /** An uploaded picture (lib/storage) shown instead of the code's drawing; null: the drawing. */
    imageUrl: text('image_url'),
    sort: integer('sort').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (table) => [
    check('goods_price_positive', sql`${table.price} > 0`),
    check('goods_stock_nonnegative', sql`${table.stock} >= 0`),
    check('goods_limit_positive', sql`${table.perUserLimit} > 0`),
  ],
);

export type AddressSnapshot = { name: string; phone: string; region: string; detail: string };

export const shopAddresses = pgTable(
  'shop_addresses',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 32 }).notNull(),
    phone: varchar('phone', { length: 20 }).notNull(),
    region: varchar('region', { length: 64 }).notNull(),
    detail: varchar('detail', { length: 120 }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Removed addresses stay for the exchanges that copied them; they are no longer listed. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (table) => [index('shop_addresses_user_idx').on(table.userId)],
);

export const goodsExchanges = pgTable(
  'goods_exchanges',
  {
    id: serial('id').primaryKey(),
    operationId: bigint('operation_id', { mode: 'number' }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    goodsId: integer('goods_id')
      .notNull()
      .references(() => goods.id),
    quantity: integer('quantity').notNull(),
    /** Coins paid (price × quantity). */
    cost: integer('cost').notNull(),
    status: exchangeStatus('status').notNull(),
    /** Physical goods: a copy of the address at the time, and the escrow shard holding the coins. */
    address: jsonb('address').$type<AddressSnapshot>(),
    escrowShard: smallint('escrow_shard'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('goods_exchanges_user_idx').on(table.userId, table.createdAt),
    index('goods_exchanges_goods_user_idx').on(table.goodsId, table.userId),
    check('goods_exchanges_quantity_positive', sql`${table.quantity} > 0`),
  ],
);
