// Anchor applications in the console's one review queue (`anchorApplication`, lib/review): decided through
// `reviewApplication` (./applications.ts), whose rules stay there; the queue adds the reason, the notice
// and the audit.
import { eq, inArray } from 'drizzle-orm';
import { concernsOf, countWhere, pendingList, storedReason } from '@/lib/review/paging';
import { CONTENT_REASONS } from '@/lib/review/reasons';
import type { QueueSource } from '@/lib/review/source';
import { reviewApplication } from './applications';
import { anchorApplications } from './schema';

const pending = eq(anchorApplications.status, 'pending');

export const anchorApplicationSource: QueueSource = {
  key: 'anchorApplication',
  staff: ['moderator'],
  reasons: CONTENT_REASONS,
  count: (db) => countWhere(db, anchorApplications, pending),
  async concerns(db, ids) {
    const rows = await db
      .select({ id: anchorApplications.id, userId: anchorApplications.userId })
      .from(anchorApplications)
      .where(inArray(anchorApplications.id, [...ids]));
    return concernsOf(rows.map((row) => ({ id: row.id, users: [row.userId] })));
  },
  async list(db, input) {
    const rows = await pendingList(
      db,
      {
        from: anchorApplications,
        fields: { row: anchorApplications },
        person: anchorApplications.userId,
        where: pending,
        by: anchorApplications.id,
      },
      input,
    );
    return rows.map(({ row, nickname }) => ({
      id: row.id,
      userId: row.userId,
      nickname,
      summary: row.realName,
      fields: {
        real_name: row.realName,
        contact: row.contact,
        id_number: row.idNumber,
        experience: row.experience,
        referrer: row.referrer,
      },
      media: [{ kind: 'image', url: `/api/admin/anchorApplication/photo?id=${row.id}` }],
      createdAt: row.createdAt,
    }));
  },
  async decide(tx, input) {
    const row = await reviewApplication(
      tx,
      input.actorId,
      { id: input.id, approve: input.approve, ...(input.approve ? {} : { reason: storedReason(input) }) },
      input.now,
    );
    return {
      userId: row.userId,
      before: { status: 'pending', is_anchor: false },
      after: { status: row.status, is_anchor: input.approve, reason: row.reason },
      link: '/member?type=7',
    };
  },
};
