// Horn messages in the console's one review queue (`horn`, lib/review): decided through `reviewHorn`
// (./service.ts: a refusal refunds the escrow in the same transaction); the queue adds the reason, the
// notice and the audit.
import { eq, inArray } from 'drizzle-orm';
import { NotFoundError } from '@/lib/api/errors';
import { concernsOf, countWhere, pendingList } from '@/lib/review/paging';
import { CONTENT_REASONS } from '@/lib/review/reasons';
import type { QueueSource } from '@/lib/review/source';
import { hornMessages } from './schema';
import { reviewHorn } from './service';

const pending = eq(hornMessages.status, 'pending');

export const hornSource: QueueSource = {
  key: 'horn',
  staff: ['moderator'],
  reasons: CONTENT_REASONS,
  count: (db) => countWhere(db, hornMessages, pending),
  async concerns(db, ids) {
    const rows = await db
      .select({ id: hornMessages.id, userId: hornMessages.userId })
      .from(hornMessages)
      .where(inArray(hornMessages.id, [...ids]));
    return concernsOf(rows.map((row) => ({ id: row.id, users: [row.userId] })));
  },
  async list(db, input) {
    const rows = await pendingList(
      db,
      {
        from: hornMessages,
        fields: { row: hornMessages },
        person: hornMessages.userId,
        where: pending,
        by: hornMessages.id,
      },
      input,
    );
    return rows.map(({ row, nickname }) => ({
      id: row.id,
      userId: row.userId,
      nickname,
      summary: row.content,
      fields: { price: row.free ? 0 : row.price },
      createdAt: row.createdAt,
    }));
  },
  async decide(tx, input) {
    const [row] = await tx.select().from(hornMessages).where(eq(hornMessages.id, input.id));
    if (!row) throw new NotFoundError('HORN_NOT_FOUND');
    const result = await reviewHorn(tx, {
      id: input.id,
      approve: input.approve,
      operatorId: input.actorId,
      now: input.now,
    });
    return {
      userId: row.userId,
      before: { status: row.status, escrow: row.price },
      after: { status: result.status, refunded: input.approve ? 0 : row.price },
    };
  },
};
