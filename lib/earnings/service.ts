// Earnings, one model for every earner (anchors' gifts, experts' plan sales: ./earner.ts): payout
// destinations, withdrawals through escrow, finance's decisions, and the one-way conversion of yellow
// diamonds (earnings) into star diamonds (the consumption wallet). Every movement is a ledger operation
// (DESIGN §8); a withdrawal's escrow legs use the earner's own shard of the escrow account so the
// release always draws on the shard that received the money.
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { verifyPaymentPassword } from '@/lib/accounts/payment-password';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx, Tx } from '@/lib/db';
import { recordsSince } from '@/lib/time/record-window';
import { type Leg, runOperation } from '@/lib/wallet/ledger';
import { alipayAccounts, bankCards, withdrawals } from './schema';

/** Luhn (mod 10) check of a 12–19 digit card number. */
export function isValidCardNumber(number: string) {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

/** `6222 **** **** 0123`: the first four and last four digits. */
export const maskCard = (number: string) => `${number.slice(0, 4)} **** **** ${number.slice(-4)}`;

/** `138****0000` / `ab***@example.com`. */
export function maskAccount(account: string) {
  const at = account.indexOf('@');
  if (at > 0) return `${account.slice(0, Math.min(2, at))}***${account.slice(at)}`;
  if (account.length <= 7) return `${account.slice(0, 1)}***${account.slice(-1)}`;
  return `${account.slice(0, 3)}****${account.slice(-4)}`;
}

/** `张*` / `N*** V** A`: the first character of the name, the rest hidden. */
export const maskName = (name: string) =>
  `${[...name][0] ?? ''}${'*'.repeat(Math.max(1, [...name].length - 1))}`;

const ALIPAY_ACCOUNT = /^(1\d{10}|[^\s@]{1,40}@[^\s@]+\.[^\s@]{2,})$/;

export async function bindBankCard(
  db: DbOrTx,
  userId: number,
  input: { bankName: string; cardNumber: string; realName: string },
  now: Date,
) {
  const cardNumber = input.cardNumber.replace(/[\s-]/g, '');
  if (!isValidCardNumber(cardNumber)) throw new DomainError('CARD_NUMBER_INVALID');
  const values = {
    bankName: input.bankName.trim(),
    cardNumber,
    realName: input.realName.trim(),
    updatedAt: now,
  };
  await db
    .insert(bankCards)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: bankCards.userId, set: values });
  return bankCardOf(db, userId);
}

export async function bankCardOf(db: DbOrTx, userId: number) {
  const [card] = await db.select().from(bankCards).where(eq(bankCards.userId, userId));
  return card
    ? { bank_name: card.bankName, card_number: maskCard(card.cardNumber), real_name: maskName(card.realName) }
    : null;
}

export async function bindAlipay(
  db: DbOrTx,
  userId: number,
  input: { account: string; realName: string },
  now: Date,
) {
  const account = input.account.trim();
  if (!ALIPAY_ACCOUNT.test(account)) throw new DomainError('ALIPAY_ACCOUNT_INVALID');
  const values = { account, realName: input.realName.trim(), updatedAt: now };
  await db
    .insert(alipayAccounts)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: alipayAccounts.userId, set: values });
  return alipayOf(db, userId);
}

export async function alipayOf(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(alipayAccounts).where(eq(alipayAccounts.userId, userId));
  return row ? { account: maskAccount(row.account), real_name: maskName(row.realName) } : null;
}

export type WithdrawalRules = { min: number; feePercent: number };

export type WithdrawalView = {
  id: number;
  amount: number;
  fee: number;
  /** What the earner receives: amount − fee. */
  payout: number;
  method: 'bank' | 'alipay';
  destination: string;
  status: 'pending' | 'approved' | 'paid' | 'rejected';
  /** The bank's or Alipay's reference once paid. */
  payout_reference: string | null;
  /** Why the bank or Alipay returned it (a reason code of PAYOUT_RETURN_REASONS): refused and refunded after approval. */
  return_reason: string | null;
  created_at: string;
  decided_at: string | null;
  paid_at: string | null;
};

export function viewOf(row: typeof withdrawals.$inferSelect, masked = true): WithdrawalView {
  const account = masked
    ? row.method === 'bank'
      ? maskCard(row.account)
      : maskAccount(row.account)
    : row.account;
  return {
    id: row.id,
    amount: row.amount,
    fee: row.fee,
    payout: row.amount - row.fee,
    method: row.method,
    destination: [row.bankName, account, masked ? maskName(row.realName) : row.realName]
      .filter(Boolean)
      .join(' · '),
    status: row.status,
    payout_reference: row.payoutReference,
    return_reason: row.returnReason,
    created_at: row.createdAt.toISOString(),
    decided_at: row.decidedAt?.toISOString() ?? null,
    paid_at: row.paidAt?.toISOString() ?? null,
  };
}

/** The fee on `amount` (rounded up to a whole yellow diamond, never the whole amount). */
export const withdrawalFee = (amount: number, feePercent: number) =>
  Math.min(amount - 1, Math.ceil((amount * feePercent) / 100));

/**
 * An earner applies to withdraw `amount` yellow diamonds to a bound card or Alipay account, with the
 * payment password: the diamonds move to escrow at once (`key` makes a retry safe).
 */
export async function applyForWithdrawal(
  db: DbOrTx,
  userId: number,
  input: { amount: number; method: 'bank' | 'alipay'; paymentPassword: string; key: string },
  rules: WithdrawalRules,
  now: Date,
) {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new DomainError('INVALID_AMOUNT');
  if (input.amount < rules.min) throw new DomainError('WITHDRAW_BELOW_MIN', { values: { min: rules.min } });
  const destination =
    input.method === 'bank'
      ? (await db.select().from(bankCards).where(eq(bankCards.userId, userId)))[0]
      : (await db.select().from(alipayAccounts).where(eq(alipayAccounts.userId, userId)))[0];
  if (!destination)
    throw new DomainError(input.method === 'bank' ? 'BANK_CARD_REQUIRED' : 'ALIPAY_ACCOUNT_REQUIRED');
  await verifyPaymentPassword(db, userId, input.paymentPassword);
  const fee = withdrawalFee(input.amount, rules.feePercent);
  const outcome = await runOperation<WithdrawalView>(db, {
    key: `withdraw:${userId}:${input.key}`,
    kind: 'withdraw',
    userId,
    payload: { amount: input.amount, method: input.method },
    now,
    shard: userId,
    prepare: async (tx, operationId) => {
      const [row] = await tx
        .insert(withdrawals)
        .values({
          userId,
          amount: input.amount,
          fee,
          method: input.method,
          bankName: 'bankName' in destination ? destination.bankName : null,
          account: 'cardNumber' in destination ? destination.cardNumber : destination.account,
          realName: destination.realName,
          operationId,
          createdAt: now,
        })
        .returning();
      return {
        legs: [
          { from: { user: userId }, to: { system: 'escrow' }, currency: 'yellow', amount: input.amount },
        ],
        result: viewOf(row!),
      };
    },
  });
  return outcome;
}

/** An earner's withdrawals of the last three months, newest first. */
export async function withdrawalList(db: DbOrTx, userId: number, now: Date, page: number, size: number) {
  const where = and(eq(withdrawals.userId, userId), gte(withdrawals.createdAt, recordsSince(now)));
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(withdrawals)
      .where(where)
      .orderBy(desc(withdrawals.createdAt), desc(withdrawals.id))
      .limit(size)
      .offset((page - 1) * size),
    db.select({ count: sql<number>`count(*)::int` }).from(withdrawals).where(where),
  ]);
  return { total: total!.count, list: rows.map((row) => viewOf(row)) };
}

/**
 * Finance decides a pending withdrawal: approves it (nothing moves: the diamonds stay in escrow until it
 * is paid with its payout reference, ./payouts.ts) or rejects it (escrow → back to the earner). A decided
 * withdrawal cannot be decided again (`WITHDRAWAL_DECIDED`).
 */
export async function decideWithdrawal(
  db: DbOrTx,
  operatorId: number,
  withdrawalId: number,
  decision: 'approve' | 'reject',
  now: Date,
): Promise<WithdrawalView> {
  const [found] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  if (!found) throw new NotFoundError('WITHDRAWAL_NOT_FOUND');
  // Decided already, either way: refused as such (a replay would tell the earner a second time).
  if (found.status !== 'pending') throw new DomainError('WITHDRAWAL_DECIDED');
  if (decision === 'approve') {
    const [row] = await db
      .update(withdrawals)
      .set({ status: 'approved', decidedBy: operatorId, decidedAt: now })
      .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, 'pending')))
      .returning();
    if (!row) throw new DomainError('WITHDRAWAL_DECIDED');
    return viewOf(row);
  }
  const outcome = await refundWithdrawal(db, operatorId, found, { from: 'pending', now });
  if (outcome.replayed) throw new DomainError('WITHDRAWAL_DECIDED');
  return outcome.result;
}

export type RefundInput = {
  /** pending: rejected in the review queue; approved: returned after approval (./payouts.ts). */
  from: 'pending' | 'approved';
  now: Date;
  /** A return's reason code and words, kept on the withdrawal. */
  reason?: { code: string; note: string };
  /** Runs in the refund's transaction once the withdrawal is refused (e.g. the earner's notice). */
  alongside?: (tx: Tx, row: typeof withdrawals.$inferSelect) => Promise<unknown>;
};

/**
 * The one way a withdrawal's diamonds go back: the withdrawal becomes `rejected` and its whole amount
 * (fee included) leaves escrow for the earner, in the ledger operation `withdraw-decision:<id>` — the
 * review queue's rejection (from pending) and finance's return (from approved) alike. A second refund
 * of the same kind replays (nothing moves); any other decision made first is `WITHDRAWAL_DECIDED`.
 */
export async function refundWithdrawal(
  db: DbOrTx,
  operatorId: number,
  found: typeof withdrawals.$inferSelect,
  input: RefundInput,
) {
  const withdrawalId = found.id;
  const decision = input.from === 'pending' ? 'reject' : 'return';
  return runOperation<WithdrawalView>(db, {
    key: `withdraw-decision:${withdrawalId}`,
    kind: 'withdraw_rejected',
    userId: found.userId,
    payload: { withdrawal: withdrawalId, decision },
    now: input.now,
    shard: found.userId,
    prepare: async (tx) => {
      const [row] = await tx
        .update(withdrawals)
        .set({
          status: 'rejected',
          // A return keeps who approved it; the reason says what happened after.
          ...(input.from === 'pending' ? { decidedBy: operatorId, decidedAt: input.now } : {}),
          ...(input.reason ? { returnReason: input.reason.code, returnNote: input.reason.note } : {}),
        })
        .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, input.from)))
        .returning();
      if (!row) throw new DomainError('WITHDRAWAL_DECIDED');
      await input.alongside?.(tx, row);
      const legs: Leg[] = [
        { from: { system: 'escrow' }, to: { user: row.userId }, currency: 'yellow', amount: row.amount },
      ];
      return { legs, result: viewOf(row) };
    },
  }).catch((error: unknown) => {
    // A payment or another decision raced this one: the key exists with another payload.
    if (error instanceof DomainError && error.code === 'IDEMPOTENCY_CONFLICT')
      throw new DomainError('WITHDRAWAL_DECIDED');
    throw error;
  });
}

/** Star diamonds per yellow diamond when converting earnings into the consumption wallet. */
export const CONVERSION_RATE = 1;

/**
 * Converts yellow diamonds into star diamonds, one way: star diamonds can only be spent, never
 * withdrawn. Refused (`CONVERSION_NOT_CONFIRMED`) unless the user confirmed exactly that.
 */
export async function convertEarnings(
  db: DbOrTx,
  userId: number,
  input: { amount: number; confirmed: boolean; key: string },
  now: Date,
) {
  if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new DomainError('INVALID_AMOUNT');
  if (!input.confirmed) throw new DomainError('CONVERSION_NOT_CONFIRMED');
  const star = input.amount * CONVERSION_RATE;
  return runOperation(db, {
    key: `convert:${userId}:${input.key}`,
    kind: 'conversion',
    userId,
    payload: { amount: input.amount },
    now,
    prepare: async () => ({
      legs: [
        { from: { user: userId }, to: { system: 'burn' }, currency: 'yellow', amount: input.amount },
        { from: { system: 'mint' }, to: { user: userId }, currency: 'star', amount: star },
      ],
      result: { yellow: input.amount, star },
    }),
  });
}
