// The money ledger (DESIGN §8): one account per owner and currency, every movement a transfer that
// belongs to an operation with an idempotency key. Balances are integers (experience in tenths).
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
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/** star: bought star diamonds; yellow: anchors' earnings; coin: tasks and shop; exp: experience in tenths. */
export const walletCurrency = pgEnum('wallet_currency', ['star', 'yellow', 'coin', 'exp']);
/**
 * user: a person's wallet. mint: where money enters (recharge, rewards; the only account that goes
 * negative). burn: where it leaves. escrow: held for red envelopes, withdrawals, bets. revenue: the
 * platform's share of gifts.
 */
export const walletAccountKind = pgEnum('wallet_account_kind', ['user', 'mint', 'burn', 'escrow', 'revenue']);

export const walletAccounts = pgTable(
  'wallet_accounts',
  {
    id: serial('id').primaryKey(),
    kind: walletAccountKind('kind').notNull(),
    /** The owner for `user` accounts; 0 for system accounts. */
    userId: integer('user_id').notNull().default(0),
    /** System accounts are split into shards so concurrent operations do not queue on one row. */
    shard: smallint('shard').notNull().default(0),
    currency: walletCurrency('currency').notNull(),
    balance: bigint('balance', { mode: 'number' }).notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wallet_accounts_owner_unique').on(table.kind, table.userId, table.shard, table.currency),
    check('wallet_accounts_balance_nonnegative', sql`${table.balance} >= 0 or ${table.kind} = 'mint'`),
  ],
);

/** One money operation (a recharge, a gift send, ...): its idempotency key and the result it gave. */
export const walletOperations = pgTable(
  'wallet_operations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    idempotencyKey: varchar('idempotency_key', { length: 120 }).notNull(),
    kind: varchar('kind', { length: 32 }).notNull(),
    /** sha-256 of the operation's canonical payload: the same key with another payload is refused. */
    payloadHash: varchar('payload_hash', { length: 64 }).notNull(),
    /** The user who asked for it (0 for system jobs), for their records. */
    userId: integer('user_id').notNull().default(0),
    result: jsonb('result').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('wallet_operations_key_unique').on(table.idempotencyKey),
    index('wallet_operations_user_idx').on(table.userId, table.createdAt),
  ],
);

export const walletTransfers = pgTable(
  'wallet_transfers',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    operationId: bigint('operation_id', { mode: 'number' })
      .notNull()
      .references(() => walletOperations.id),
    fromAccount: integer('from_account')
      .notNull()
      .references(() => walletAccounts.id),
    toAccount: integer('to_account')
      .notNull()
      .references(() => walletAccounts.id),
    currency: walletCurrency('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('wallet_transfers_from_idx').on(table.fromAccount, table.createdAt),
    index('wallet_transfers_to_idx').on(table.toAccount, table.createdAt),
    index('wallet_transfers_operation_idx').on(table.operationId),
    check('wallet_transfers_amount_positive', sql`${table.amount} > 0`),
    check('wallet_transfers_distinct_accounts', sql`${table.fromAccount} <> ${table.toAccount}`),
  ],
);

/** Recharge packages (spec §7 `api/chargerules/getList`): diamonds for a price in minor units. */
export const chargeRules = pgTable(
  'charge_rules',
  {
    id: serial('id').primaryKey(),
    diamonds: integer('diamonds').notNull(),
    bonus: integer('bonus').notNull().default(0),
    /** Price in the currency's minor unit (fen for CNY, đồng for VND which has none). */
    priceMinor: integer('price_minor').notNull(),
    priceCurrency: varchar('price_currency', { length: 3 }).notNull(),
    sort: integer('sort').notNull().default(0),
    active: integer('active').notNull().default(1),
  },
  (table) => [
    uniqueIndex('charge_rules_unique').on(table.priceCurrency, table.diamonds),
    check(
      'charge_rules_positive',
      sql`${table.diamonds} > 0 and ${table.priceMinor} > 0 and ${table.bonus} >= 0`,
    ),
  ],
);

/**
 * paid_after_cancel: the buyer cancelled, then the provider still took the money (a payment page left
 * open); the diamonds are credited, since the money was taken, and the order stays marked for support.
 */
export const payOrderStatus = pgEnum('pay_order_status', [
  'pending',
  'paid',
  'cancelled',
  'paid_after_cancel',
]);

/** A recharge order; paid exactly once by its provider's signed notification. */
export const payOrders = pgTable(
  'pay_orders',
  {
    id: serial('id').primaryKey(),
    orderNo: varchar('order_no', { length: 32 }).notNull().unique(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => chargeRules.id),
    channel: varchar('channel', { length: 16 }).notNull(),
    diamonds: integer('diamonds').notNull(),
    priceMinor: integer('price_minor').notNull(),
    priceCurrency: varchar('price_currency', { length: 3 }).notNull(),
    status: payOrderStatus('status').notNull().default('pending'),
    providerTradeNo: varchar('provider_trade_no', { length: 64 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
  },
  (table) => [index('pay_orders_user_idx').on(table.userId, table.createdAt)],
);

/**
 * The pay channels an operator switches on or off and orders (the console's pay channels screen). Whether a
 * channel is configured stays in the environment (its secrets); a channel is offered when it is configured
 * and its row is on. Seeded with one row per channel the code knows.
 */
export const payChannels = pgTable('pay_channels', {
  channel: varchar('channel', { length: 16 }).primaryKey(),
  active: boolean('active').notNull().default(true),
  sort: smallint('sort').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
});

/**
 * The ledger check's proven point (lib/wallet/proven-point.ts): the latest clean check's snapshot, so the
 * next check proves only what moved after it. One row (the latest point); a new clean check replaces it
 * in its own REPEATABLE READ snapshot, so two checks recording at once make the second fail, not mix.
 */
export const ledgerProvenPoints = pgTable('ledger_proven_points', {
  id: serial('id').primaryKey(),
  /** Whether this point's check read every transfer (`ledger:check -- --full`), or those since the last point. */
  full: boolean('full_check').notNull(),
  /** When the latest full check was (a chain of incremental checks keeps it). */
  fullAt: timestamp('full_at', { withTimezone: true }).notNull(),
  provenAt: timestamp('proven_at', { withTimezone: true }).notNull(),
  /** The highest transfer and operation ids the snapshot saw. */
  transferId: bigint('transfer_id', { mode: 'number' }).notNull(),
  operationId: bigint('operation_id', { mode: 'number' }).notNull(),
  /**
   * Ids at or below those that the snapshot did not see but a transaction running at it may still commit:
   * `{ transfers: [[id, horizon]], operations: [[id, horizon]] }`, horizon the xid8 (text) every such
   * transaction is below; kept until a later snapshot's xmin passes it.
   */
  holes: jsonb('holes').notNull(),
  transfers: bigint('transfers', { mode: 'number' }).notNull(),
  operations: bigint('operations', { mode: 'number' }).notNull(),
  /** Per currency, minted and burnt at the point: `{ coin: { minted, burnt }, … }`. */
  currencies: jsonb('currencies').notNull(),
});

/** Every account's balance at the proven point (a new account has none: 0). */
export const ledgerProvenBalances = pgTable('ledger_proven_balances', {
  accountId: integer('account_id').primaryKey(),
  balance: bigint('balance', { mode: 'number' }).notNull(),
});

/** What escrow held at the proven point per holding's item, shard and currency (non-zero only). */
export const ledgerProvenEscrow = pgTable(
  'ledger_proven_escrow',
  {
    kind: varchar('kind', { length: 32 }).notNull(),
    item: bigint('item', { mode: 'number' }).notNull(),
    shard: smallint('shard').notNull(),
    currency: walletCurrency('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
  },
  (table) => [
    uniqueIndex('ledger_proven_escrow_item_unique').on(table.kind, table.item, table.shard, table.currency),
  ],
);
