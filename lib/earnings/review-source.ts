// Withdrawals in the console's one review queue (`withdrawal`, finance, lib/review): decided through
// `decideWithdrawal` (./service.ts: a refusal refunds the escrow in the same transaction); the queue adds
// the reason, the notice and the audit.
import { eq, inArray } from 'drizzle-orm';
import { NotFoundError } from '@/lib/api/errors';
import { concernsOf, countWhere, pendingList } from '@/lib/review/paging';
import { MONEY_REASONS } from '@/lib/review/reasons';
import type { QueueSource } from '@/lib/review/source';
import { withdrawals } from './schema';
import { decideWithdrawal, viewOf } from './service';

const pending = eq(withdrawals.status, 'pending');
export const withdrawalSource: QueueSource = {
  key: 'withdrawal',
  staff: ['finance'],
  reasons: MONEY_REASONS,
  count: (db) => countWhere(db, withdrawals, pending),
  async concerns(db, ids) {
    const rows = await db
      .select({ id: withdrawals.id, userId: withdrawals.userId })
      .from(withdrawals)
      .where(inArray(withdrawals.id, [...ids]));
    return concernsOf(rows.map((row) => ({ id: row.id, users: [row.userId] })));
  },
  async list(db, input) {
    const rows = await pendingList(
      db,
      {
        from: withdrawals,
        fields: { row: withdrawals },
        person: withdrawals.userId,
        where: pending,
        by: withdrawals.id,
      },
      input,
    );
    return rows.map(({ row, nickname }) => {
      const view = viewOf(row, false);
      return {
        id: row.id,
        userId: row.userId,
        nickname,
        summary: String(view.amount),
        fields: { amount: view.amount, fee: view.fee, payout: view.payout, destination: view.destination },
        createdAt: row.createdAt,
      };
    });
  },
  async decide(tx, input) {
    const [row] = await tx.select().from(withdrawals).where(eq(withdrawals.id, input.id));
    if (!row) throw new NotFoundError('WITHDRAWAL_NOT_FOUND');
    // Approval moves nothing (the diamonds wait in escrow for the payout, lib/earnings/payouts.ts); the
    // refund of a rejection is the ledger operation of this very transaction.
    const decided = await decideWithdrawal(
      tx,
      input.actorId,
      input.id,
      input.approve ? 'approve' : 'reject',
      input.now,
    );
    return {
      userId: row.userId,
      before: { status: row.status, amount: row.amount },
      after: { status: decided.status, refunded: input.approve ? 0 : row.amount },
      link: '/member?type=21',
    };
  },
};
