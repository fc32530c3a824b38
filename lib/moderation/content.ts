// Moderation outside reports (issue #41, item 3): the console's lists of posts, videos, comments, room
// chat history and reported private messages — searched and filtered by author, room, day and state — and bulk take-downs and restores.
// A take-down is the very one an upheld report does (each kind's `takeDown` in ./report-targets.ts: a post
// or video hidden, a comment or chat line removed) and a restore its `restore`; the authors are told in
// their message centre as a report's take-down tells them. One bulk action is one transaction: any id
// that is not of the kind refuses the whole call and nothing moves.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { defineTable, type TableQuery } from '@/lib/admin/table-query';
import { DomainError } from '@/lib/api/errors';
import { chatMessages } from '@/lib/chat/schema';
import type { Db, DbOrTx } from '@/lib/db';
import { type NoticeSubject, notify } from '@/lib/im/notices';
import { imMessages } from '@/lib/im/schema';
import { liveRooms } from '@/lib/live/schema';
import { postComments, posts } from '@/lib/posts/schema';
import { codedReason } from '@/lib/review/reason-text';
import { CONTENT_REJECT_REASONS, LIFT_REASONS } from '@/lib/review/reasons';
import { instantFromWallTime } from '@/lib/time/zone';
import { videos } from '@/lib/videos/schema';
import { restoreReportTarget, type TakenDown, takeDownReportTarget } from './report-targets';
import { upholdOpenReports } from './reports';
import { reports } from './schema';

/** `pm`: private messages, only those reported or already taken down (staff read no other conversation). */
export const CONTENT_KINDS = ['post', 'video', 'comment', 'chat', 'pm'] as const;
export type ContentKind = (typeof CONTENT_KINDS)[number];
/** `shown`: anyone sees it; `pending`: held for review; `refused` at its review; `removed` by staff since. */
export const CONTENT_STATES = ['shown', 'pending', 'refused', 'removed'] as const;
export type ContentState = (typeof CONTENT_STATES)[number];

/** Why content is taken down (the review queue's content reasons) and why it is restored. */
export const TAKE_DOWN_REASONS = CONTENT_REJECT_REASONS;
export const RESTORE_REASONS = LIFT_REASONS;
/** At most this many items in one bulk action. */
export const CONTENT_BULK_MAX = 100;

export const CONTENT_TABLE = defineTable({
  sorts: ['created'],
  defaultSort: 'created',
  defaultDir: 'desc',
  filters: ['kind', 'search', 'author', 'room', 'from', 'to', 'state'],
  pageSize: 20,
});
export type ContentFilter = (typeof CONTENT_TABLE.filters)[number];
export type ContentQuery = TableQuery<'created', ContentFilter>;

export const contentKindOf = (value: string | undefined): ContentKind =>
  (CONTENT_KINDS as readonly string[]).includes(value ?? '') ? (value as ContentKind) : 'post';

export type ContentRow = {
  id: number;
  kind: ContentKind;
  author: { id: number; nickname: string };
  text: string;
  /** Where it shows: a post's page, a video's player, a comment's post, a chat line's room. */
  link: string | null;
  /** The chat line's room (`live`), or the comment's post. */
  place: string | null;
  state: ContentState;
  reason: string | null;
  createdAt: Date;
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};
/** The [from, to] days (`YYYY-MM-DD`, both included) read in the reader's zone, on a time column. */
function dayRange(column: Parameters<typeof gte>[0], filters: ContentQuery['filters'], timeZone: string) {
  const where: SQL[] = [];
  const from =
    filters.from && DAY.test(filters.from) ? instantFromWallTime(`${filters.from}T00:00`, timeZone) : null;
  if (from) where.push(gte(column, from));
  const to =
    filters.to && DAY.test(filters.to) ? instantFromWallTime(`${nextDay(filters.to)}T00:00`, timeZone) : null;
  if (to) where.push(lt(column, to));
  return where;
}

/** The author filter: a user id, a mobile number or part of a nickname. */
function authorMatch(column: Parameters<typeof eq>[0], author: string | undefined) {
  const text = author?.trim();
  if (!text) return [];
  if (/^\d{1,9}$/.test(text)) return [eq(column, Number(text))];
  return [or(ilike(users.nickname, `%${text}%`), eq(users.mobile, text))!];
}

const like = (text: string | undefined) => `%${(text ?? '').trim().replace(/[\\%_]/g, '\\$&')}%`;
const order = (column: Parameters<typeof asc>[0], query: ContentQuery) =>
  query.dir === 'asc' ? asc(column) : desc(column);

async function listPosts(db: Db, kind: 'post' | 'video', query: ContentQuery, timeZone: string) {
  const { filters } = query;
  const where: SQL[] = [
    isNull(posts.deletedAt),
    kind === 'video' ? eq(posts.channel, 'video') : inArray(posts.channel, ['circle', 'anchor']),
    ...authorMatch(posts.authorId, filters.author),
    ...dayRange(posts.createdAt, filters, timeZone),
  ];
  if (filters.search?.trim())
    where.push(
      kind === 'video'
        ? or(ilike(videos.title, like(filters.search)), ilike(posts.body, like(filters.search)))!
        : ilike(posts.body, like(filters.search)),
    );
  if (filters.state === 'shown') where.push(eq(posts.reviewStatus, 'approved'));
  if (filters.state === 'pending') where.push(eq(posts.reviewStatus, 'pending'));
  if (filters.state === 'refused')
    where.push(and(eq(posts.reviewStatus, 'rejected'), isNull(posts.removedAt))!);
  if (filters.state === 'removed') where.push(isNotNull(posts.removedAt));
  const base = db
    .select({ post: posts, nickname: users.nickname, title: videos.title })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .leftJoin(videos, eq(videos.postId, posts.id))
    .where(and(...where));
  const [rows, [total]] = await Promise.all([
    base
      .orderBy(order(posts.createdAt, query), order(posts.id, query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .leftJoin(videos, eq(videos.postId, posts.id))
      .where(and(...where)),
  ]);
  return {
    total: total?.total ?? 0,
    rows: rows.map(
      ({ post, nickname, title }): ContentRow => ({
        id: post.id,
        kind,
        author: { id: post.authorId!, nickname },
        text: title ? `${title}${post.body ? ` · ${post.body}` : ''}` : post.body,
        link:
          kind === 'video'
            ? `/video-player?id=${post.id}`
            : post.channel === 'circle'
              ? `/circle-detail?id=${post.id}`
              : null,
        place: null,
        state: post.removedAt
          ? 'removed'
          : post.reviewStatus === 'approved'
            ? 'shown'
            : post.reviewStatus === 'pending'
              ? 'pending'
              : 'refused',
        reason: post.reviewReason,
        createdAt: post.createdAt,
      }),
    ),
  };
}

/** A comment's or chat line's state at review: a review word held it, or the queue refused it. */
const heldState = (status: 'pending' | 'approved' | 'rejected'): ContentState =>
  status === 'pending' ? 'pending' : status === 'rejected' ? 'refused' : 'shown';

async function listComments(db: Db, query: ContentQuery, timeZone: string) {
  const { filters } = query;
  // A comment its writer deleted is theirs to delete: only live ones and staff take-downs are listed.
  const where: SQL[] = [
    or(isNull(postComments.deletedAt), isNotNull(postComments.removedBy))!,
    isNull(posts.deletedAt),
    ...authorMatch(postComments.authorId, filters.author),
    ...dayRange(postComments.createdAt, filters, timeZone),
  ];
  if (filters.search?.trim()) where.push(ilike(postComments.body, like(filters.search)));
  // A comment a review word held is `pending` until the queue decides it, then shown or `refused`.
  const live = isNull(postComments.deletedAt);
  if (filters.state === 'shown') where.push(live, eq(postComments.reviewStatus, 'approved'));
  if (filters.state === 'pending') where.push(live, eq(postComments.reviewStatus, 'pending'));
  if (filters.state === 'refused') where.push(live, eq(postComments.reviewStatus, 'rejected'));
  if (filters.state === 'removed') where.push(isNotNull(postComments.removedBy));
  const from = () =>
    db
      .select({ comment: postComments, nickname: users.nickname, channel: posts.channel })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.authorId))
      .innerJoin(posts, eq(posts.id, postComments.postId))
      .where(and(...where));
  const [rows, [total]] = await Promise.all([
    from()
      .orderBy(order(postComments.createdAt, query), order(postComments.id, query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.authorId))
      .innerJoin(posts, eq(posts.id, postComments.postId))
      .where(and(...where)),
  ]);
  return {
    total: total?.total ?? 0,
    rows: rows.map(
      ({ comment, nickname, channel }): ContentRow => ({
        id: comment.id,
        kind: 'comment',
        author: { id: comment.authorId, nickname },
        text: comment.body,
        link:
          channel === 'video'
            ? `/video-player?id=${comment.postId}`
            : channel === 'circle'
              ? `/circle-detail?id=${comment.postId}`
              : null,
        place: `#${comment.postId}`,
        state: comment.deletedAt ? 'removed' : heldState(comment.reviewStatus),
        reason: null,
        createdAt: comment.createdAt,
      }),
    ),
  };
}

async function listChat(db: Db, query: ContentQuery, timeZone: string) {
  const { filters } = query;
  // Room chat history (live rooms); gift lines are the ledger's, not moderated here.
  const where: SQL[] = [
    eq(chatMessages.channelKind, 'live'),
    isNull(chatMessages.gift),
    ...authorMatch(chatMessages.userId, filters.author),
    ...dayRange(chatMessages.createdAt, filters, timeZone),
  ];
  const room = filters.room?.trim();
  if (room)
    where.push(/^\d{1,9}$/.test(room) ? eq(chatMessages.channelId, Number(room)) : eq(chatMessages.id, -1));
  if (filters.search?.trim()) where.push(ilike(chatMessages.content, like(filters.search)));
  // A line a review word held is `pending` until the queue decides it, then shown or `refused`.
  const live = isNull(chatMessages.deletedAt);
  if (filters.state === 'shown') where.push(live, eq(chatMessages.reviewStatus, 'approved'));
  if (filters.state === 'pending') where.push(live, eq(chatMessages.reviewStatus, 'pending'));
  if (filters.state === 'refused') where.push(live, eq(chatMessages.reviewStatus, 'rejected'));
  if (filters.state === 'removed') where.push(isNotNull(chatMessages.deletedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({ line: chatMessages, nickname: users.nickname, title: liveRooms.title })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.userId))
      .leftJoin(liveRooms, eq(liveRooms.id, chatMessages.channelId))
      .where(and(...where))
      .orderBy(order(chatMessages.createdAt, query), order(chatMessages.id, query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(chatMessages)
      .innerJoin(users, eq(users.id, chatMessages.userId))
      .where(and(...where)),
  ]);
  return {
    total: total?.total ?? 0,
    rows: rows.map(
      ({ line, nickname, title }): ContentRow => ({
        id: line.id,
        kind: 'chat',
        author: { id: line.userId, nickname },
        text: line.content,
        link: `/live?id=${line.channelId}`,
        place: `#${line.channelId}${title ? ` ${title}` : ''}`,
        state: line.deletedAt ? 'removed' : heldState(line.reviewStatus),
        reason: null,
        createdAt: line.createdAt,
      }),
    ),
  };
}

/** A private message staff may see: one somebody reported, or one staff took down. */
const pmInReach = or(
  isNotNull(imMessages.removedAt),
  sql`exists (select 1 from ${reports} where ${reports.targetType} = 'pm' and ${reports.targetId} = ${imMessages.id})`,
)!;

async function listPms(db: Db, query: ContentQuery, timeZone: string) {
  const { filters } = query;
  const where: SQL[] = [
    pmInReach,
    ...authorMatch(imMessages.senderId, filters.author),
    ...dayRange(imMessages.createdAt, filters, timeZone),
  ];
  if (filters.search?.trim()) where.push(ilike(imMessages.text, like(filters.search)));
  if (filters.state === 'shown') where.push(isNull(imMessages.removedAt));
  if (filters.state === 'pending' || filters.state === 'refused') return { total: 0, rows: [] };
  if (filters.state === 'removed') where.push(isNotNull(imMessages.removedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({ message: imMessages, nickname: users.nickname })
      .from(imMessages)
      .innerJoin(users, eq(users.id, imMessages.senderId))
      .where(and(...where))
      .orderBy(order(imMessages.createdAt, query), order(imMessages.id, query))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: count() })
      .from(imMessages)
      .innerJoin(users, eq(users.id, imMessages.senderId))
      .where(and(...where)),
  ]);
  return {
    total: total?.total ?? 0,
    rows: rows.map(
      ({ message, nickname }): ContentRow => ({
        id: message.id,
        kind: 'pm',
        author: { id: message.senderId, nickname },
        text: message.text ?? message.custom?.title ?? message.imageUrl ?? '',
        link: null,
        place: `#${message.conversationId}`,
        state: message.removedAt ? 'removed' : 'shown',
        reason: message.removalReason,
        createdAt: message.createdAt,
      }),
    ),
  };
}

/** One page of a kind's content, newest first by default; days are read in `timeZone`. */
export function listContent(db: Db, query: ContentQuery, timeZone: string) {
  const kind = contentKindOf(query.filters.kind);
  if (kind === 'pm') return listPms(db, query, timeZone);
  if (kind === 'comment') return listComments(db, query, timeZone);
  if (kind === 'chat') return listChat(db, query, timeZone);
  return listPosts(db, kind, query, timeZone);
}

/** The report target each kind is taken down through (a video is a post of the `video` channel). */
const TARGET_OF: Record<ContentKind, string> = {
  post: 'post',
  video: 'post',
  comment: 'comment',
  chat: 'chat',
  pm: 'pm',
};

/** Which of `ids` exist as content of the kind (not deleted by their authors). */
async function existing(db: DbOrTx, kind: ContentKind, ids: number[]) {
  if (kind === 'comment') {
    const rows = await db
      .select({ id: postComments.id })
      .from(postComments)
      .where(
        and(
          inArray(postComments.id, ids),
          or(isNull(postComments.deletedAt), isNotNull(postComments.removedBy)),
        ),
      );
    return rows.map((row) => row.id);
  }
  if (kind === 'pm') {
    const rows = await db
      .select({ id: imMessages.id })
      .from(imMessages)
      .where(and(inArray(imMessages.id, ids), pmInReach));
    return rows.map((row) => row.id);
  }
  if (kind === 'chat') {
    const rows = await db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(
        and(inArray(chatMessages.id, ids), eq(chatMessages.channelKind, 'live'), isNull(chatMessages.gift)),
      );
    return rows.map((row) => row.id);
  }
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(
      and(
        inArray(posts.id, ids),
        isNull(posts.deletedAt),
        kind === 'video' ? eq(posts.channel, 'video') : inArray(posts.channel, ['circle', 'anchor']),
      ),
    );
  return rows.map((row) => row.id);
}

/** The report case a take-down closed: its name (first report), that report's reporter, every report. */
type ClosedCase = NonNullable<Awaited<ReturnType<typeof upholdOpenReports>>>;

export type ContentAction = {
  kind: ContentKind;
  ids: number[];
  reasonCode: string | undefined;
  note: string;
  /** The code's words in the actor's language (kept where the content stores a reason). */
  reasonText: string;
  actorId: number;
  now: Date;
};

/** Refuses an empty selection, a code not offered for the action and `other` without words. */
function assertAction(input: ContentAction, reasons: readonly string[]) {
  if (input.ids.length === 0) throw new DomainError('CONTENT_NONE_PICKED');
  if (!input.reasonCode) throw new DomainError('CONTENT_REASON_REQUIRED');
  if (!reasons.includes(input.reasonCode)) throw new DomainError('REVIEW_REASON_INVALID');
  if (input.reasonCode === 'other' && !input.note.trim()) throw new DomainError('REVIEW_NOTE_REQUIRED');
}

/**
 * Takes down (`remove`) or restores content of one kind, in one transaction: every id must be of the
 * kind (`CONTENT_NOT_FOUND` names the others, and nothing moves); one already in the asked state is
 * left as it is (`unchanged`). Each author is told, in their language, what happened and why. A take-down
 * also closes the open reports about each item as upheld (`closed`), and their reporters are told.
 */
export async function actOnContent(db: Db, action: 'remove' | 'restore', input: ContentAction) {
  assertAction(input, action === 'remove' ? TAKE_DOWN_REASONS : RESTORE_REASONS);
  const ids = [...new Set(input.ids)];
  const note = input.note.trim();
  return db.transaction(async (tx) => {
    const found = new Set(await existing(tx, input.kind, ids));
    const unknown = ids.filter((id) => !found.has(id));
    if (unknown.length)
      throw new DomainError('CONTENT_NOT_FOUND', {
        status: 404,
        values: { ids: unknown.map((id) => `#${id}`).join(', ') },
      });
    const done: (TakenDown & { id: number; closed: ClosedCase | null })[] = [];
    const unchanged: number[] = [];
    const target = TARGET_OF[input.kind];
    // The code and the words as typed: each reader sees the code in their language (lib/review/reason-text.ts).
    const stored = codedReason(input.reasonCode!, note);
    for (const id of ids) {
      const result =
        action === 'remove'
          ? await takeDownReportTarget(tx, target, id, {
              now: input.now,
              reason: stored,
              actorId: input.actorId,
            })
          : await restoreReportTarget(tx, target, id, { now: input.now });
      if (!result) {
        unchanged.push(id);
        continue;
      }
      // A take-down decides the open reports about the item as upholding one of them would: closed as
      // upheld by this moderator (the queue's decided view lists them), each reporter told the outcome.
      const closed =
        action === 'remove'
          ? await upholdOpenReports(
              tx,
              { type: target, id },
              { actorId: input.actorId, note: stored, now: input.now },
            )
          : null;
      for (const reporterId of new Set(closed?.reports.map((row) => row.reporterId)))
        await notify(
          tx,
          {
            userId: reporterId,
            subject: 'review_approved',
            actorId: input.actorId,
            params: { item: 'report', reason: input.reasonCode!, note },
          },
          input.now,
        );
      done.push({ id, ...result, closed });
      const subject: NoticeSubject = action === 'remove' ? 'content_removed' : 'content_restored';
      if (result.ownerId)
        await notify(
          tx,
          {
            userId: result.ownerId,
            subject,
            actorId: input.actorId,
            params: { item: result.item, reason: input.reasonCode!, note },
          },
          input.now,
        );
    }
    return { done, unchanged };
  });
}
