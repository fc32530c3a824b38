// Earnings of anchors and experts (spec §3, §7 Bank and money): where payouts go (one bank card and one Alipay
// account per user) and the withdrawals that move yellow diamonds through escrow.
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  pgEnum,
  pgTable,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

export const bankCards = pgTable('bank_cards', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  bankName: varchar('bank_name', { length: 40 }).notNull(),
  /** The full number (payouts need it); every answer masks it. */
  cardNumber: varchar('card_number', { length: 19 }).notNull(),
  realName: varchar('real_name', { length: 40 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const alipayAccounts = pgTable('alipay_accounts', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** A mobile number or an e-mail address. */
  account: varchar('account', { length: 64 }).notNull(),
  realName: varchar('real_name', { length: 40 }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
});

export const withdrawalMethod = pgEnum('withdrawal_method', ['bank', 'alipay']);
/**
 * pending: waits for finance's review. approved: checked, waits for the money to leave (a batch file or a
 * payment by hand). paid: the money left, with its payout reference. rejected: given back.
 */
export const withdrawalStatus = pgEnum('withdrawal_status', ['pending', 'approved', 'paid', 'rejected']);

/**
 * An application: its yellow diamonds sit in escrow while it is pending or approved, until finance pays
 * it out (with the bank's or Alipay's reference) or rejects it.
 */
export const withdrawals = pgTable(
  'withdrawals',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Yellow diamonds taken from the earner (fee included). */
    amount: integer('amount').notNull(),
    /** The platform's fee, kept as revenue on payout; the earner receives `amount - fee`. */
    fee: integer('fee').notNull(),
    method: withdrawalMethod('method').notNull(),
    /** Where the money goes, as it was when applying (the operator pays to this; users see it masked). */
    bankName: varchar('bank_name', { length: 40 }),
    account: varchar('account', { length: 64 }).notNull(),
    realName: varchar('real_name', { length: 40 }).notNull(),
    status: withdrawalStatus('status').notNull().default('pending'),
    /** The ledger operation that moved the diamonds into escrow. */
    operationId: bigint('operation_id', { mode: 'number' }).notNull().unique(),
    /** Who approved or rejected it, and when. */
    decidedBy: integer('decided_by'),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    /** When it first went out in a batch file (lib/earnings/payout-batch.ts). */
    exportedAt: timestamp('exported_at', { withTimezone: true }),
    /** The bank's or Alipay's reference of the payment: one payment, one withdrawal. */
    payoutReference: varchar('payout_reference', { length: 64 }).unique(),
    /**
     * Why the money came back after approval (lib/earnings/payouts.ts `returnWithdrawal`): the bank's
     * returned file said it failed, or finance returned it by hand. Set with status `rejected`.
     */
    returnReason: varchar('return_reason', { length: 40 }),
    returnNote: varchar('return_note', { length: 500 }),
    paidBy: integer('paid_by'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('withdrawals_user_idx').on(table.userId, table.createdAt),
    index('withdrawals_status_idx').on(table.status, table.createdAt),
    check(
      'withdrawals_amounts',
      sql`${table.amount} > 0 and ${table.fee} >= 0 and ${table.fee} < ${table.amount}`,
    ),
    check(
      'withdrawals_paid_reference',
      sql`${table.status} <> 'paid' or ${table.payoutReference} is not null`,
    ),
  ],
);
