// The queue's built-in sources: anchor applications, horn messages, community posts, uploaded videos,
// reports (with what was reported), withdrawals and held invitation rewards. Each adapts its domain's own
// decision (`reviewApplication`, `reviewHorn`, `reviewPost`, `handleReport`, `decideWithdrawal`,
// `decideHeld`) so rules stay in one place; the queue adds reasons, notices and the audit.
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { NotFoundError } from '@/lib/api/errors';
import { chatMessages } from '@/lib/chat/schema';
import type { DbOrTx } from '@/lib/db';
import { withdrawals } from '@/lib/earnings/schema';
import { decideWithdrawal, viewOf } from '@/lib/earnings/service';
import { hornMessages } from '@/lib/horn/schema';
import { reviewHorn } from '@/lib/horn/service';
import { translator } from '@/lib/i18n/translate';
import { notify } from '@/lib/im/notices';
import { imMessages } from '@/lib/im/schema';
import { invitations } from '@/lib/invites/schema';
import { decideHeld, INVITE_HOLD_REASONS, type InviteHoldReason } from '@/lib/invites/service';
import { reviewApplication } from '@/lib/live/applications';
import { anchorApplications, liveRooms } from '@/lib/live/schema';
import { CONTENT_REMOVE_PATH } from '@/lib/moderation/content-api';
import { caseReporters, countOpenCases, listOpenCases } from '@/lib/moderation/report-cases';
import {
  REPORT_TARGET_TYPES,
  type ReportTargetType,
  resolveReportTarget,
} from '@/lib/moderation/report-targets';
import { handleReport } from '@/lib/moderation/reports';
import { postComments, posts } from '@/lib/posts/schema';
import { reviewPost } from '@/lib/posts/service';
import { videos } from '@/lib/videos/schema';
import { concernsOf, countWhere, order, page, storedReason } from './paging';
import {
  APPROVE_REASONS,
  CONTENT_REJECT_REASONS,
  DISMISS_REASONS,
  MONEY_APPROVE_REASONS,
  MONEY_REJECT_REASONS,
} from './reasons';
import type { QueueItem, QueueSource } from './source';

const EXCERPT = 120;
const excerpt = (text: string, max = EXCERPT) => (text.length > max ? `${text.slice(0, max)}…` : text);

const contentReasons = { approve: APPROVE_REASONS, reject: CONTENT_REJECT_REASONS };
/** Money is approved and refused for money's reasons (never "meets the community rules"). */
const moneyReasons = { approve: MONEY_APPROVE_REASONS, reject: MONEY_REJECT_REASONS };

const pendingApplication = eq(anchorApplications.status, 'pending');
export const anchorApplicationSource: QueueSource = {
  key: 'anchorApplication',
  staff: ['moderator'],
  reasons: contentReasons,
  count: (db) => countWhere(db, anchorApplications, pendingApplication),
  async concerns(db, ids) {
    const rows = await db
      .select({ id: anchorApplications.id, userId: anchorApplications.userId })
      .from(anchorApplications)
      .where(inArray(anchorApplications.id, [...ids]));
    return concernsOf(rows.map((row) => ({ id: row.id, users: [row.userId] })));
  },
  async list(db, input) {
    const rows = await db
      .select({ row: anchorApplications, nickname: users.nickname })
      .from(anchorApplications)
      .innerJoin(users, eq(users.id, anchorApplications.userId))
      .where(pendingApplication)
      .orderBy(order(anchorApplications.id, input))
      .limit(page(input).limit)
      .offset(page(input).offset);
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

const pendingHorn = eq(hornMessages.status, 'pending');
export const hornSource: QueueSource = {
  key: 'horn',
  staff: ['moderator'],
  reasons: contentReasons,
  count: (db) => countWhere(db, hornMessages, pendingHorn),
  async concerns(db, ids) {
    const rows = await db
      .select({ id: hornMessages.id, userId: hornMessages.userId })
      .from(hornMessages)
      .where(inArray(hornMessages.id, [...ids]));
    return concernsOf(rows.map((row) => ({ id: row.id, users: [row.userId] })));
  },
  async list(db, input) {
    const rows = await db
      .select({ row: hornMessages, nickname: users.nickname })
      .from(hornMessages)
      .innerJoin(users, eq(users.id, hornMessages.userId))
      .where(pendingHorn)
      .orderBy(order(hornMessages.id, input))
      .limit(page(input).limit)
      .offset(page(input).offset);
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

function postSource(channel: 'circle' | 'video', key: string): QueueSource {
  const pending = and(eq(posts.channel, channel), eq(posts.reviewStatus, 'pending'))!;
  return {
    key,
    staff: ['moderator'],
    reasons: contentReasons,
    count: (db) => countWhere(db, posts, pending),
    async concerns(db, ids) {
      const rows = await db
        .select({ id: posts.id, authorId: posts.authorId })
        .from(posts)
        .where(and(eq(posts.channel, channel), inArray(posts.id, [...ids])));
      return concernsOf(rows.map((row) => ({ id: row.id, users: [row.authorId] })));
    },
    async list(db, input) {
      const rows = await db
        .select({ post: posts, nickname: users.nickname, video: videos })
        .from(posts)
        .innerJoin(users, eq(users.id, posts.authorId))
        .leftJoin(videos, eq(videos.postId, posts.id))
        .where(pending)
        .orderBy(order(posts.id, input))
        .limit(page(input).limit)
        .offset(page(input).offset);
      return rows.map(({ post, nickname, video }): QueueItem => {
        const media: QueueItem['media'] = [
          ...post.images.map((url) => ({ kind: 'image' as const, url })),
          ...(post.video ? [{ kind: 'video' as const, url: post.video.url }] : []),
          ...(video ? [{ kind: 'video' as const, url: video.sourceUrl }] : []),
        ];
        return {
          id: post.id,
          userId: post.authorId!,
          nickname,
          summary: excerpt(video?.title || post.body),
          // The text in full when the line above cut it (or shows a video's title instead).
          fields: video || post.body.length > EXCERPT ? { body: post.body } : {},
          media,
          createdAt: post.createdAt,
        };
      });
    },
    async decide(tx, input) {
      const row = await reviewPost(
        tx,
        channel,
        { id: input.id, approve: input.approve, reason: storedReason(input) },
        input.now,
      );
      return {
        userId: row.authorId,
        before: { review_status: 'pending' },
        after: { review_status: row.status, reason: row.reason },
        link: channel === 'video' ? `/video-player?id=${row.id}` : null,
      };
    },
  };
}
export const circlePostSource = postSource('circle', 'circlePost');
export const videoSource = postSource('video', 'video');

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
      { id: input.id, action: input.approve ? 'uphold' : 'dismiss', note: storedReason(input) },
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

const pendingWithdrawal = eq(withdrawals.status, 'pending');
export const withdrawalSource: QueueSource = {
  key: 'withdrawal',
  staff: ['finance'],
  reasons: moneyReasons,
  count: (db) => countWhere(db, withdrawals, pendingWithdrawal),
  async concerns(db, ids) {
    const rows = await db
      .select({ id: withdrawals.id, userId: withdrawals.userId })
      .from(withdrawals)
      .where(inArray(withdrawals.id, [...ids]));
    return concernsOf(rows.map((row) => ({ id: row.id, users: [row.userId] })));
  },
  async list(db, input) {
    const rows = await db
      .select({ row: withdrawals, nickname: users.nickname })
      .from(withdrawals)
      .innerJoin(users, eq(users.id, withdrawals.userId))
      .where(pendingWithdrawal)
      .orderBy(order(withdrawals.id, input))
      .limit(page(input).limit)
      .offset(page(input).offset);
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

const heldInvitation = eq(invitations.status, 'held');
export const invitationSource: QueueSource = {
  key: 'invitation',
  staff: ['finance'],
  reasons: moneyReasons,
  count: (db) => countWhere(db, invitations, heldInvitation),
  // The inviter paid and the invitee whose sign-up earns it (items are keyed by the invitee).
  async concerns(db, ids) {
    const rows = await db
      .select({ id: invitations.inviteeId, inviterId: invitations.inviterId })
      .from(invitations)
      .where(inArray(invitations.inviteeId, [...ids]));
    return concernsOf(rows.map((row) => ({ id: row.id, users: [row.inviterId, row.id] })));
  },
  async list(db, input) {
    const rows = await db
      .select({ row: invitations, nickname: users.nickname })
      .from(invitations)
      .innerJoin(users, eq(users.id, invitations.inviterId))
      .where(heldInvitation)
      .orderBy(order(invitations.createdAt, input))
      .limit(page(input).limit)
      .offset(page(input).offset);
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

export const BUILT_IN_SOURCES = [
  anchorApplicationSource,
  hornSource,
  circlePostSource,
  videoSource,
  reportSource,
  withdrawalSource,
  invitationSource,
];
