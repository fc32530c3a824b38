// Paying an approved withdrawal out (issue #41, item 6): finance records the bank's or Alipay's reference
// of the payment, by hand (the console's withdrawals page) or from a returned batch file
// (./payout-batch.ts). The ledger operation is the withdrawal's one money decision,
// `withdraw-decision:<id>`: escrow → burn (what left the platform), the fee → revenue. The earner is told,
// with the reference. A reference pays one withdrawal only; a refused payment changes nothing.
import { and, asc, desc, eq, ne, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { REASON_TEXT_MAX } from '@/lib/admin/decision';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { notify } from '@/lib/im/notices';
import { PAYOUT_RETURN_REASONS } from '@/lib/review/reasons';
import { type Leg, runOperation } from '@/lib/wallet/ledger';
import { withdrawals } from './schema';
import { refundWithdrawal, viewOf, type WithdrawalView } from './service';

/** Letters, digits and `-_./#:`, as banks and Alipay write their transaction numbers. */
export const PAYOUT_REFERENCE = /^[A-Za-z0-9][A-Za-z0-9\-_./#:]{3,63}$/;

/** The reference as given, trimmed; refuses a missing or malformed one (`PAYOUT_REFERENCE_…`). */
export function payoutReferenceOf(raw: string | null | undefined) {
  const reference = (raw ?? '').trim();
  if (!reference) throw new DomainError('PAYOUT_REFERENCE_REQUIRED');
  if (!PAYOUT_REFERENCE.test(reference)) throw new DomainError('PAYOUT_REFERENCE_INVALID');
  return reference;
}

/** Our reference of a withdrawal in a batch file: `WD` and its id on eight digits. */
export const batchReference = (id: number) => `WD${String(id).padStart(8, '0')}`;
const REFERENCE = /^WD(\d{1,12})$/;
export const withdrawalOfReference = (reference: string) => {
  const match = REFERENCE.exec(reference.trim().toUpperCase());
  return match ? Number(match[1]) : null;
};

export type PayOutcome = { withdrawal: WithdrawalView; replayed: boolean };

/**
 * Pays approved withdrawal `withdrawalId` with `reference`. Paying it again with the same reference is a
 * replay (nothing moves, `replayed`); with another reference, or a reference another withdrawal holds, it
 * is refused. Pending withdrawals are approved first (the review queue), rejected ones never paid.
 */
export async function payWithdrawal(
  db: DbOrTx,
  actorId: number,
  withdrawalId: number,
  rawReference: string | null | undefined,
  now: Date,
): Promise<PayOutcome> {
  const reference = payoutReferenceOf(rawReference);
  const [found] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  if (!found) throw new NotFoundError('WITHDRAWAL_NOT_FOUND');
  if (found.status === 'paid') {
    if (found.payoutReference === reference) return { withdrawal: viewOf(found), replayed: true };
    throw new DomainError('WITHDRAWAL_PAID_ALREADY', { values: { reference: found.payoutReference ?? '' } });
  }
  // No one pays themselves (as the review queue refuses one's own case): a colleague does.
  if (found.userId === actorId) throw new DomainError('REVIEW_OWN_ITEM', { status: 403 });
  if (found.status === 'pending') throw new DomainError('WITHDRAWAL_NOT_APPROVED');
  if (found.status !== 'approved') throw new DomainError('WITHDRAWAL_DECIDED');
  await assertReferenceFree(db, reference, withdrawalId);
  const outcome = await runOperation<WithdrawalView>(db, {
    key: `withdraw-decision:${withdrawalId}`,
    kind: 'withdraw_paid',
    userId: found.userId,
    payload: { withdrawal: withdrawalId, decision: 'pay', reference },
    now,
    shard: found.userId,
    prepare: async (tx) => {
      const [row] = await tx
        .update(withdrawals)
        .set({ status: 'paid', payoutReference: reference, paidBy: actorId, paidAt: now })
        .where(and(eq(withdrawals.id, withdrawalId), eq(withdrawals.status, 'approved')))
        .returning()
        .catch((error: unknown) => {
          // Another withdrawal took the reference meanwhile (the unique index).
          if (isUniqueViolation(error)) throw new DomainError('PAYOUT_REFERENCE_TAKEN');
          throw error;
        });
      if (!row) throw new DomainError('WITHDRAWAL_DECIDED');
      const escrow = { system: 'escrow' } as const;
      const legs: Leg[] = [
        { from: escrow, to: { system: 'burn' }, currency: 'yellow', amount: row.amount - row.fee },
        ...(row.fee > 0
          ? [{ from: escrow, to: { system: 'revenue' }, currency: 'yellow', amount: row.fee } as Leg]
          : []),
      ];
      await notify(
        tx,
        {
          userId: row.userId,
          subject: 'withdrawal_paid',
          params: { id: row.id, payout: row.amount - row.fee, reference },
          link: '/member?type=21',
        },
        now,
      );
      return { legs, result: viewOf(row) };
    },
  }).catch((error: unknown) => {
    // A rejection or another payment raced this one: the key exists with another payload.
    if (error instanceof DomainError && error.code === 'IDEMPOTENCY_CONFLICT')
      throw new DomainError('WITHDRAWAL_DECIDED');
    throw error;
  });
  if (outcome.replayed) throw new DomainError('WITHDRAWAL_DECIDED');
  return { withdrawal: outcome.result, replayed: false };
}

export { PAYOUT_RETURN_REASONS };
export type PayoutReturnReason = (typeof PAYOUT_RETURN_REASONS)[number];

/**
 * Returns approved withdrawal `withdrawalId` whose payment failed: it is refused and its whole amount
 * goes back to the earner by the review queue's own rejection (`refundWithdrawal`, one ledger operation
 * `withdraw-decision:<id>`), with the earner's notice naming the reason in the same transaction. Returning
 * it again is a replay (`replayed`, nothing moves); a paid, pending or rejected-in-review withdrawal, an
 * unknown one, one's own, or a reason this list does not offer is refused before anything moves.
 */
export async function returnWithdrawal(
  db: DbOrTx,
  actorId: number,
  withdrawalId: number,
  reason: { code: string; note: string | null | undefined },
  now: Date,
): Promise<PayOutcome> {
  const code = reason.code.trim();
  const note = (reason.note ?? '').trim().slice(0, REASON_TEXT_MAX);
  if (!(PAYOUT_RETURN_REASONS as readonly string[]).includes(code))
    throw new DomainError('REVIEW_REASON_INVALID');
  if (code === 'other' && !note) throw new DomainError('REVIEW_NOTE_REQUIRED');
  const [found] = await db.select().from(withdrawals).where(eq(withdrawals.id, withdrawalId));
  if (!found) throw new NotFoundError('WITHDRAWAL_NOT_FOUND');
  if (found.status === 'paid')
    throw new DomainError('WITHDRAWAL_PAID_ALREADY', { values: { reference: found.payoutReference ?? '' } });
  if (found.status === 'rejected') {
    if (found.returnReason) return { withdrawal: viewOf(found), replayed: true };
    throw new DomainError('WITHDRAWAL_DECIDED');
  }
  if (found.userId === actorId) throw new DomainError('REVIEW_OWN_ITEM', { status: 403 });
  if (found.status === 'pending') throw new DomainError('WITHDRAWAL_RETURN_PENDING');
  const outcome = await refundWithdrawal(db, actorId, found, {
    from: 'approved',
    now,
    reason: { code, note },
    alongside: (tx, row) =>
      notify(
        tx,
        {
          userId: row.userId,
          subject: 'withdrawal_returned',
          params: { id: row.id, amount: row.amount, code, note },
          link: '/member?type=21',
        },
        now,
      ),
  });
  return { withdrawal: outcome.result, replayed: outcome.replayed };
}

async function assertReferenceFree(db: DbOrTx, reference: string, withdrawalId: number) {
  const [taken] = await db
    .select({ id: withdrawals.id })
    .from(withdrawals)
    .where(and(eq(withdrawals.payoutReference, reference), ne(withdrawals.id, withdrawalId)));
  if (taken) throw new DomainError('PAYOUT_REFERENCE_TAKEN', { values: { id: taken.id } });
}

function isUniqueViolation(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  if ((error as { code?: unknown }).code === '23505') return true;
  return isUniqueViolation((error as { cause?: unknown }).cause);
}

export const PAYOUT_LIST_STATUSES = ['approved', 'paid', 'rejected', 'pending'] as const;
export type PayoutListStatus = (typeof PAYOUT_LIST_STATUSES)[number];

/**
 * Finance's list of withdrawals in one state (approved: waiting for the money to leave), newest first
 * except approved ones (oldest first: paid in the order they were approved), with the full destination.
 */
export async function payoutList(
  db: DbOrTx,
  query: { status: PayoutListStatus; method?: 'bank' | 'alipay'; page: number; size: number },
) {
  const where = and(
    eq(withdrawals.status, query.status),
    query.method ? eq(withdrawals.method, query.method) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ row: withdrawals, nickname: users.nickname })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(where)
      .orderBy(query.status === 'approved' ? asc(withdrawals.id) : desc(withdrawals.id))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db.select({ count: sql<number>`count(*)::int` }).from(withdrawals).where(where),
  ]);
  return {
    total: total!.count,
    list: rows.map(({ row, nickname }) => ({
      ...viewOf(row, false),
      user_id: row.userId,
      nickname,
      reference: batchReference(row.id),
      exported_at: row.exportedAt?.toISOString() ?? null,
      return_reason: row.returnReason,
      return_note: row.returnNote,
    })),
  };
}
