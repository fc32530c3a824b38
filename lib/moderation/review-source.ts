// Reports in the console's one review queue (`report`, lib/review): one row per reported target (a case,
// ./report-cases.ts) with what was reported as it is now, decided through `handleReport` (./reports.ts:
// upholding takes the content down); the queue adds the reason, the notice and the audit.
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { chatMessages } from '@/lib/chat/schema';
import type { DbOrTx } from '@/lib/db';
import { notify } from '@/lib/im/notices';
import { imMessages } from '@/lib/im/schema';
import { liveRooms } from '@/lib/live/schema';
import { postComments, posts } from '@/lib/posts/schema';
import { concernsOf, excerpt } from '@/lib/review/paging';
import { codedReason } from '@/lib/review/reason-text';
import { CONTENT_REJECT_REASONS, DISMISS_REASONS } from '@/lib/review/reasons';
import type { QueueItem, QueueSource } from '@/lib/review/source';
import { CONTENT_REMOVE_PATH } from './content-api';
import { caseReporters, countOpenCases, listOpenCases } from './report-cases';
import { reportRoomActions } from './report-room';
import { REPORT_TARGET_TYPES, type ReportTargetType, resolveReportTarget } from './report-targets';
import { handleReport, reportedOwner } from './reports';

/** What a report points at, as it is now (null fields when it is gone). */
async function reportContext(
  db: DbOrTx,
  type: string,
  id: number,
): Promise<NonNullable<QueueItem['context']>> {
  const gone = { type, id, title: '', body: '', ownerId: null, link: null };
  if (type === 'room') {
    const [row] = await db
      .select({ room: liveRooms, nickname: users.nickname })
      .from(liveRooms)
      .innerJoin(users, eq(users.id, liveRooms.anchorId))
      .where(eq(liveRooms.id, id));
    return row
      ? {
          type,
          id,
          title: `${row.nickname} · ${row.room.title}`,
          body: [row.room.status, row.room.sealedAt ? 'sealed' : ''].filter(Boolean).join(' · '),
          ownerId: row.room.anchorId,
          link: `/live?id=${id}`,
        }
      : gone;
  }
  if (type === 'user') {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return row ? { type, id, title: row.nickname, body: row.signature, ownerId: row.id, link: null } : gone;
  }
  if (type === 'post') {
    const [row] = await db
      .select({ post: posts, nickname: users.nickname })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(eq(posts.id, id));
    return row
      ? {
          type,
          id,
          title: row.nickname,
          body: excerpt(row.post.body, 300),
          ownerId: row.post.authorId,
          link: row.post.channel === 'video' ? `/video-player?id=${id}` : null,
        }
      : gone;
  }
  if (type === 'comment') {
    const [row] = await db
      .select({ comment: postComments, nickname: users.nickname })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.authorId))
      .where(eq(postComments.id, id));
    return row
      ? {
          type,
          id,
          title: row.nickname,
          body: excerpt(row.comment.body, 300),
          ownerId: row.comment.authorId,
          link: null,
        }
      : gone;
  }
  if (type === 'chat') {
    const [row] = await db
      .select({ line: chatMessages, nickname: users.nickname })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.userId))
      .where(eq(chatMessages.id, id));
    return row
      ? {
          type,
          id,
          title: row.nickname,
          body: [excerpt(row.line.content, 300), row.line.deletedAt ? 'deleted' : '']
            .filter(Boolean)
            .join(' · '),
          ownerId: row.line.userId,
          link: row.line.channelKind === 'live' ? `/live?id=${row.line.channelId}` : null,
        }
      : gone;
  }
  if (type === 'pm') {
    const [row] = await db
      .select({ message: imMessages, nickname: users.nickname })
      .from(imMessages)
      .innerJoin(users, eq(users.id, imMessages.senderId))
      .where(eq(imMessages.id, id));
    const message = row?.message;
    return row && message
      ? {
          type,
          id,
          title: row.nickname,
          body: [
            excerpt(message.text ?? message.custom?.title ?? message.imageUrl ?? '', 300),
            message.removedAt ? 'removed' : '',
          ]
            .filter(Boolean)
            .join(' · '),
          ownerId: message.senderId,
          link: null,
        }
      : gone;
  }
  return gone;
}

/**
 * Reports gather into cases (lib/moderation/report-cases.ts): one row per reported target with every
 * reporter, their reasons and the first and last time; the row's id is the case's first open report.
 */
export const reportSource: QueueSource = {
  key: 'report',
  staff: ['moderator'],
  // Approving a case upholds it (a violation, named by the code); refusing dismisses it.
  reasons: { approve: CONTENT_REJECT_REASONS, reject: DISMISS_REASONS },
  // A bulk take-down on /admin/content upholds the cases on what it took down.
  decidedAlsoBy: [CONTENT_REMOVE_PATH],
  // Upholding may also warn, mute or ban the author of what was reported (lib/review/service.ts).
  author: reportedOwner,
  // Upholding a report on a live room may also take its title or cover down and seal it (./report-room.ts).
  room: reportRoomActions,
  count: (db) => countOpenCases(db),
  // Every reporter of the case and whoever owns what was reported: none of them judges it.
  async concerns(db, ids) {
    const people = [];
    for (const row of await caseReporters(db, ids)) {
      const owner = (REPORT_TARGET_TYPES as readonly string[]).includes(row.targetType)
        ? await resolveReportTarget(db, row.targetType as ReportTargetType, row.targetId)
        : null;
      people.push({ id: row.id, users: [...row.reporters, owner?.ownerId ?? null] });
    }
    return concernsOf(people);
  },
  async list(db, input) {
    const cases = await listOpenCases(db, input);
    return Promise.all(
      cases.map(async (found) => {
        const head = found.reports[0]!;
        const reasons = [...new Set(found.reports.map((report) => report.reason))];
        const notes = found.reports.map((report) => report.content).filter(Boolean);
        return {
          id: found.id,
          userId: head.reporterId,
          nickname: head.nickname,
          summary: reasons.join(' · '),
          fields: { report_reason: reasons.join(' · '), content: notes.join(' / ') },
          media: found.reports.flatMap((report) =>
            report.images.map((url) => ({ kind: 'image' as const, url })),
          ),
          context: await reportContext(db, found.targetType, found.targetId),
          case: {
            reports: found.reports.length,
            reporters: found.reports.map((report) => ({ id: report.reporterId, nickname: report.nickname })),
            reasons,
            first: found.first,
            last: found.last,
          },
          createdAt: found.first,
        };
      }),
    );
  },
  // Upholding takes what was reported down (its target kind's `takeDown`); either decision closes every
  // open report of the case in this transaction: the author is told what was removed and why, the other
  // reporters like this one (the queue tells this one).
  async decide(tx, input) {
    const result = await handleReport(
      tx,
      input.actorId,
      {
        id: input.id,
        action: input.approve ? 'uphold' : 'dismiss',
        note: codedReason(input.reasonCode, input.note),
      },
      input.now,
    );
    const { takenDown, closed } = result;
    const params = { reason: input.reasonCode, note: input.note };
    if (takenDown?.ownerId)
      await notify(
        tx,
        {
          userId: takenDown.ownerId,
          subject: 'content_removed',
          params: { item: takenDown.item, ...params },
        },
        input.now,
      );
    for (const other of closed)
      await notify(
        tx,
        {
          userId: other.reporterId,
          subject: input.approve ? 'review_approved' : 'review_rejected',
          params: { item: 'report', ...params },
        },
        input.now,
      );
    return {
      userId: result.reporterId,
      before: { status: 'open', target: takenDown?.before ?? result.target },
      after: {
        status: result.status,
        target: takenDown?.after ?? result.target,
        taken_down: !!takenDown,
        closed_reports: closed.map((row) => row.id),
      },
    };
  },
};
