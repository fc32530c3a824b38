// Held invitation rewards in the console's one review queue (`invitation`, finance, lib/review): decided
// through `decideHeld` (./service.ts); the queue adds the reason, the notice and the audit.
import { eq, inArray } from 'drizzle-orm';
import { NotFoundError } from '@/lib/api/errors';
import { translator } from '@/lib/i18n/translate';
import { concernsOf, countWhere, pendingList } from '@/lib/review/paging';
import { MONEY_REASONS } from '@/lib/review/reasons';
import type { QueueSource } from '@/lib/review/source';
import { invitations } from './schema';
import { decideHeld, INVITE_HOLD_REASONS, type InviteHoldReason } from './service';

const held = eq(invitations.status, 'held');
export const invitationSource: QueueSource = {
  key: 'invitation',
  staff: ['finance'],
  reasons: MONEY_REASONS,
  count: (db) => countWhere(db, invitations, held),
  // The inviter paid and the invitee whose sign-up earns it (items are keyed by the invitee).
  async concerns(db, ids) {
    const rows = await db
      .select({ id: invitations.inviteeId, inviterId: invitations.inviterId })
      .from(invitations)
      .where(inArray(invitations.inviteeId, [...ids]));
    return concernsOf(rows.map((row) => ({ id: row.id, users: [row.inviterId, row.id] })));
  },
  async list(db, input) {
    const rows = await pendingList(
      db,
      {
        from: invitations,
        fields: { row: invitations },
        person: invitations.inviterId,
        where: held,
        by: invitations.createdAt,
      },
      input,
    );
    const t = translator(input.locale);
    // The fraud signal in the reviewer's words (a code this build no longer knows shows as it is).
    const holdReason = (code: string | null) =>
      code && (INVITE_HOLD_REASONS as readonly string[]).includes(code)
        ? t(`admin.review.holdReasons.${code as InviteHoldReason}`)
        : (code ?? '');
    return rows.map(({ row, nickname }) => ({
      id: row.inviteeId,
      userId: row.inviterId,
      nickname,
      summary: holdReason(row.holdReason),
      fields: {
        invitee_id: row.inviteeId,
        hold_reason: holdReason(row.holdReason),
        address: row.address,
        device: row.device,
      },
      createdAt: row.createdAt,
    }));
  },
  async decide(tx, input) {
    const [row] = await tx.select().from(invitations).where(eq(invitations.inviteeId, input.id));
    if (!row) throw new NotFoundError('INVITATION_NOT_FOUND');
    const result = await decideHeld(tx, { inviteeId: input.id, approve: input.approve, now: input.now });
    return {
      userId: row.inviterId,
      before: { status: row.status },
      after: { status: result.status },
      link: '/member?type=23',
    };
  },
};
