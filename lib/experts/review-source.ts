// Expert applications in the console's one review queue (`/admin/review`, lib/review): the queue lists
// what waits, and decides through `decideExpertApplication` (its rules stay there); the queue adds the
// reason, the notice in the applicant's language and the audit's before and after.
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { translator } from '@/lib/i18n/translate';
import { countWhere, order, page, storedReason } from '@/lib/review/paging';
import { APPROVE_REASONS, CONTENT_REJECT_REASONS } from '@/lib/review/reasons';
import type { QueueSource } from '@/lib/review/source';
import { decideExpertApplication } from './applications';
import { expertApplications } from './schema';

const pending = eq(expertApplications.status, 'pending');

export const expertApplicationSource: QueueSource = {
  key: 'expertApplication',
  staff: ['moderator'],
  reasons: { approve: APPROVE_REASONS, reject: CONTENT_REJECT_REASONS },
  count: (db) => countWhere(db, expertApplications, pending),
  async list(db, input) {
    const rows = await db
      .select({ row: expertApplications, nickname: users.nickname })
      .from(expertApplications)
      .innerJoin(users, eq(users.id, expertApplications.userId))
      .where(pending)
      .orderBy(order(expertApplications.id, input))
      .limit(page(input).limit)
      .offset(page(input).offset);
    const t = translator(input.locale);
    return rows.map(({ row, nickname }) => ({
      id: row.id,
      userId: row.userId,
      nickname,
      summary: row.experience,
      fields: {
        sports: row.sports.map((sport) => t(`nav.${sport}`)).join(' · '),
        experience: row.experience,
        contact: row.contact,
      },
      createdAt: row.createdAt,
    }));
  },
  async decide(tx, input) {
    const reasonText = storedReason(input);
    const row = await decideExpertApplication(
      tx,
      input.actorId,
      input.approve
        ? { id: input.id, approve: true }
        : { id: input.id, approve: false, reasonCode: input.reasonCode, reasonText },
      input.now,
      { notify: false },
    );
    return {
      userId: row.userId,
      before: { status: 'pending' },
      after: { status: row.status, reason_code: row.reasonCode, reason_text: row.reasonText },
      link: input.approve ? `/specialist-info?id=${row.userId}` : '/specialist',
    };
  },
};
