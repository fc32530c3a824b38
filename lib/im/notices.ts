// The message centre (spec §7 `Push/getList`): notices stored per reader — system notices, review
// results, new followers, replies to one's posts. Domains write them with one `notify()` call where
// the event happens; the reader's sockets hear the new unread count at once (the top bar's badge).
import { and, count, desc, eq, inArray, isNull, lt } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import type { DbOrTx } from '@/lib/db';
import { rooms } from '@/lib/realtime/events';
import { publish } from '@/lib/realtime/gateway';
import { type NOTICE_KINDS, notices } from './schema';

export const NOTICE_PAGE = 15;

/** What a notice says: the screen translates `subject` (im.notices.subjects.*) with `params`. */
export const NOTICE_SUBJECTS = {
  follow: 'follow',
  postComment: 'post_comment',
  commentReply: 'comment_reply',
  reportUpheld: 'report_upheld',
  reportDismissed: 'report_dismissed',
  anchorApproved: 'anchor_approved',
  anchorRefused: 'anchor_refused',
  roomSealed: 'room_sealed',
  roomSealedUntil: 'room_sealed_until',
  roomUnsealed: 'room_unsealed',
  roomLookRemoved: 'room_look_removed',
  expertApproved: 'expert_approved',
  expertRefusedExperience: 'expert_refused_experience',
  expertRefusedContact: 'expert_refused_contact',
  expertRefusedRecord: 'expert_refused_record',
  expertRefusedConduct: 'expert_refused_conduct',
  expertRefusedOther: 'expert_refused_other',
  planVoided: 'plan_voided',
  planRefunded: 'plan_refunded',
  planDisputeDismissed: 'plan_dispute_dismissed',
  reviewApproved: 'review_approved',
  reviewRejected: 'review_rejected',
  contentRemoved: 'content_removed',
  contentRemovedBulk: 'content_removed_bulk',
  profileReset: 'profile_reset',
  contentRestored: 'content_restored',
  sanctioned: 'sanctioned',
  sanctionLifted: 'sanction_lifted',
  warned: 'warned',
  guessDisputeUpheld: 'guess_dispute_upheld',
  guessDisputeVoided: 'guess_dispute_voided',
  guessUpheld: 'guess_upheld',
  guessVoided: 'guess_voided',
  withdrawalPaid: 'withdrawal_paid',
  withdrawalReturned: 'withdrawal_returned',
} as const;
export type NoticeSubject = (typeof NOTICE_SUBJECTS)[keyof typeof NOTICE_SUBJECTS];

const KIND_OF: Record<NoticeSubject, (typeof NOTICE_KINDS)[number]> = {
  follow: 'follow',
  post_comment: 'reply',
  comment_reply: 'reply',
  report_upheld: 'review',
  report_dismissed: 'review',
  anchor_approved: 'review',
  anchor_refused: 'review',
  room_sealed: 'system',
  room_sealed_until: 'system',
  room_unsealed: 'system',
  expert_approved: 'review',
  expert_refused_experience: 'review',
  expert_refused_contact: 'review',
  expert_refused_record: 'review',
  expert_refused_conduct: 'review',
  expert_refused_other: 'review',
  plan_voided: 'system',
  plan_refunded: 'system',
  plan_dispute_dismissed: 'review',
  review_approved: 'review',
  review_rejected: 'review',
  room_look_removed: 'review',
  content_removed: 'review',
  content_removed_bulk: 'review',
  profile_reset: 'system',
  content_restored: 'review',
  sanctioned: 'system',
  sanction_lifted: 'system',
  warned: 'system',
  guess_dispute_upheld: 'review',
  guess_dispute_voided: 'review',
  guess_upheld: 'system',
  guess_voided: 'system',
  withdrawal_paid: 'system',
  withdrawal_returned: 'system',
};

export type NewNotice = {
  userId: number;
  subject: NoticeSubject;
  actorId?: number | null;
  params?: Record<string, string | number>;
  link?: string | null;
};

/** Stores a notice for its reader and pushes their new unread count. Nobody is told of their own act. */
export async function notify(db: DbOrTx, notice: NewNotice, now: Date) {
  if (notice.actorId === notice.userId) return null;
  const [row] = await db
    .insert(notices)
    .values({
      userId: notice.userId,
      kind: KIND_OF[notice.subject],
      subject: notice.subject,
      actorId: notice.actorId ?? null,
      params: notice.params ?? {},
      link: notice.link ?? null,
      createdAt: now,
    })
    .returning({ id: notices.id });
  await pushUnread(db, notice.userId);
  return row!.id;
}

export async function unreadNoticeCount(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ unread: count() })
    .from(notices)
    .where(and(eq(notices.userId, userId), isNull(notices.readAt)));
  return row?.unread ?? 0;
}

async function pushUnread(db: DbOrTx, userId: number) {
  publish(
    { room: rooms.user(userId) },
    { type: 'notice', data: { unread: await unreadNoticeCount(db, userId) } },
  );
}

/** The reader's notices, newest first, 15 a page (`before`: a notice id), optionally of one kind. */
export async function listNotices(
  db: DbOrTx,
  userId: number,
  input: { before?: number | undefined; kind?: (typeof NOTICE_KINDS)[number] | undefined },
) {
  const rows = await db
    .select({ notice: notices, actorName: users.nickname, actorAvatar: users.avatar })
    .from(notices)
    .leftJoin(users, eq(users.id, notices.actorId))
    .where(
      and(
        eq(notices.userId, userId),
        input.kind ? eq(notices.kind, input.kind) : undefined,
        input.before ? lt(notices.id, input.before) : undefined,
      ),
    )
    .orderBy(desc(notices.id))
    .limit(NOTICE_PAGE + 1);
  return {
    list: rows.slice(0, NOTICE_PAGE).map(({ notice, actorName, actorAvatar }) => ({
      id: notice.id,
      kind: notice.kind,
      subject: notice.subject,
      params: notice.params,
      link: notice.link,
      actor:
        notice.actorId && actorName !== null
          ? {
              id: notice.actorId,
              nickname: actorName,
              avatar: avatarOf({ id: notice.actorId, avatar: actorAvatar ?? '' }),
            }
          : null,
      is_read: notice.readAt !== null,
      created_at: notice.createdAt,
    })),
    has_more: rows.length > NOTICE_PAGE,
    unread: await unreadNoticeCount(db, userId),
  };
}

/** Marks the given notices (all when none are named) read; answers the unread count left. */
export async function markNoticesRead(db: DbOrTx, userId: number, ids: number[] | undefined, now: Date) {
  await db
    .update(notices)
    .set({ readAt: now })
    .where(
      and(
        eq(notices.userId, userId),
        isNull(notices.readAt),
        ids?.length ? inArray(notices.id, ids) : undefined,
      ),
    );
  await pushUnread(db, userId);
  return { unread: await unreadNoticeCount(db, userId) };
}
