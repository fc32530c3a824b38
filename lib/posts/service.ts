// Posts, likes and comments (spec §7 `anchor_dynamics*`). Every change and the counter it moves
// happen in one transaction; rows are looked up by id and, where they are owned, by owner too.

import { and, asc, count, desc, eq, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { assertWithinLimit, type RateRule, recordEvent } from '@/lib/accounts/rate-limit';
import { assertNotMuted } from '@/lib/accounts/sanctions';
import { users } from '@/lib/accounts/schema';
import { mayModerate, type Role } from '@/lib/api/context';
import { DomainError, ForbiddenError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { screenForReview, screenText } from '@/lib/sensitive/words';
import { findOwnUpload } from '@/lib/storage/service';
import { freshSettings } from '@/lib/system/settings';
import { POST_VIDEO_MAX_BYTES } from './limits';
import { notifyComment } from './notify-comment';
import { commentLikes, type PostVideo, postComments, postLikes, posts } from './schema';

export const POSTS_PAGE_SIZE = 10;
export const COMMENTS_PAGE_SIZE = 20;
export type PostChannel = 'anchor' | 'news' | 'video' | 'circle';
/** Channels whose posts the review queue can hold (./review-source.ts). */
const REVIEWED_CHANNELS: ReadonlySet<PostChannel> = new Set(['circle', 'video']);

const MINUTE = 60_000;
export const POST_RATE_RULES = {
  /** The default; an operator may set another (lib/system/settings.ts `postRate`): `postRateRule()`. */
  posts: { bucket: 'posts:create', max: 10, windowMs: 60 * MINUTE, error: 'POST_RATE_LIMIT' },
  comments: { bucket: 'posts:comment', max: 30, windowMs: 10 * MINUTE, error: 'COMMENT_RATE_LIMIT' },
} satisfies Record<string, RateRule>;

/** The posts rule in force: the operator's rate (applied without a restart), else the default. */
async function postRateRule(db: DbOrTx): Promise<RateRule> {
  const { postRate } = await freshSettings(db);
  return { ...POST_RATE_RULES.posts, max: postRate.count, windowMs: postRate.seconds * 1000 };
}

export type Viewer = { id: number; role: Role } | null;

const author = { id: users.id, nickname: users.nickname, avatar: users.avatar };
type AuthorRow = { id: number; nickname: string; avatar: string };
const presentAuthor = (row: AuthorRow) => ({ id: row.id, nickname: row.nickname, avatar: avatarOf(row) });

function presentPost(row: typeof posts.$inferSelect, writer: AuthorRow, liked: boolean, viewer: Viewer) {
  return {
    id: row.id,
    uid: row.authorId ?? 0,
    author: presentAuthor(writer),
    content: row.body,
    images: row.images,
    video: row.video,
    likes: row.likeCount,
    comments: row.commentCount,
    liked,
    can_delete: !!viewer && (viewer.id === row.authorId || mayModerate(viewer.role)),
    /** `removed`: taken down by staff after it was shown (its author sees it marked so, others a tombstone). */
    review: { status: row.reviewStatus, reason: row.reviewReason, removed: row.removedAt !== null },
    created_at: row.createdAt,
  };
}
export type PostView = ReturnType<typeof presentPost>;

async function likedPostIds(db: DbOrTx, viewer: Viewer, ids: number[]) {
  if (!viewer || ids.length === 0) return new Set<number>();
  const rows = await db
    .select({ id: postLikes.postId })
    .from(postLikes)
    .where(and(eq(postLikes.userId, viewer.id), inArray(postLikes.postId, ids)));
  return new Set(rows.map((row) => row.id));
}

/** Post rows with their writers, presented for a viewer (with their likes): for channels' own lists. */
export async function presentPosts(
  db: DbOrTx,
  rows: { post: typeof posts.$inferSelect; author: AuthorRow }[],
  viewer: Viewer,
) {
  const liked = await likedPostIds(
    db,
    viewer,
    rows.map((row) => row.post.id),
  );
  return rows.map((row) => presentPost(row.post, row.author, liked.has(row.post.id), viewer));
}

/** The columns of a post's writer, for channels' own queries joined on `users`. */
export const postAuthorColumns = author;

export type NewPost = {
  content: string;
  images: string[];
  video?: string | undefined;
  /** The video's cover: an own image upload; without one, the frame cut from the video. */
  cover?: string | undefined;
};

export type PostOptions = {
  channel?: PostChannel;
  /** Held for an operator's review (spec §4) instead of shown at once. */
  review?: boolean;
  /** The request's instant, stored as the post's time. */
  now: Date;
  /** Writes the channel's own row (a circle) in the post's transaction. */
  attach?: (tx: DbOrTx, postId: number) => Promise<void>;
};

/**
 * Text or media is required, images or a video (never both), every file the author's own upload,
 * the video under 50 MB (spec §5).
 */
export async function createPost(db: DbOrTx, authorId: number, input: NewPost, options: PostOptions) {
  const channel = options.channel ?? 'anchor';
  await assertNotMuted(db, authorId, options.now);
  const body = input.content.trim();
  if (input.images.length > 0 && input.video) throw new DomainError('POST_MEDIA_BOTH');
  if (!body && input.images.length === 0 && !input.video) throw new DomainError('POST_EMPTY');
  if (new Set(input.images).size !== input.images.length) throw new DomainError('POST_MEDIA_NOT_OWN');
  for (const url of input.images) {
    if (!(await findOwnUpload(db, authorId, url, 'image'))) throw new DomainError('POST_MEDIA_NOT_OWN');
  }
  let video: PostVideo | null = null;
  if (input.video) {
    const upload = await findOwnUpload(db, authorId, input.video, 'video');
    if (!upload?.posterUrl || upload.durationS === null) throw new DomainError('POST_MEDIA_NOT_OWN');
    if (upload.bytes >= POST_VIDEO_MAX_BYTES) {
      throw new DomainError('POST_VIDEO_TOO_LARGE', { values: { mb: POST_VIDEO_MAX_BYTES / 1024 / 1024 } });
    }
    const cover = input.cover ? await findOwnUpload(db, authorId, input.cover, 'image') : null;
    if (input.cover && !cover) throw new DomainError('POST_MEDIA_NOT_OWN');
    video = {
      url: upload.url,
      poster: cover?.url ?? upload.posterUrl,
      duration_s: upload.durationS,
      width: upload.width,
      height: upload.height,
    };
  }
  // Listed words: `block` refuses, `replace` masks; `review` holds a post of a reviewed channel (the
  // community's) for the review queue, and masks elsewhere.
  const screened = REVIEWED_CHANNELS.has(channel)
    ? await screenForReview(db, body, options.now)
    : { text: await screenText(db, body, 'mask', options.now), review: false };
  const key = String(authorId);
  return db.transaction(async (tx) => {
    await assertWithinLimit(tx, await postRateRule(tx), key, options.now);
    const [row] = await tx
      .insert(posts)
      .values({
        authorId,
        channel,
        body: screened.text,
        images: input.images,
        video,
        reviewStatus: options.review || screened.review ? 'pending' : 'approved',
        createdAt: options.now,
      })
      .returning({ id: posts.id, status: posts.reviewStatus });
    await options.attach?.(tx, row!.id);
    await recordEvent(tx, POST_RATE_RULES.posts.bucket, key, options.now);
    return { id: row!.id, status: row!.status };
  });
}

/**
 * Approves or refuses a pending post of a channel (community posts, uploaded videos); a refusal names
 * its reason, which the author sees. A post no longer pending is refused (`REVIEW_NOT_PENDING`).
 */
export async function reviewPost(
  db: DbOrTx,
  channel: PostChannel,
  input: { id: number; approve: boolean; reason?: string | undefined },
  now: Date,
) {
  const reason = input.reason?.trim() || null;
  if (!input.approve && !reason) throw new DomainError('REVIEW_REASON_REQUIRED');
  const updated = await db
    .update(posts)
    .set({
      reviewStatus: input.approve ? 'approved' : 'rejected',
      reviewReason: input.approve ? null : reason,
      reviewedAt: now,
    })
    .where(
      and(
        eq(posts.id, input.id),
        eq(posts.channel, channel),
        eq(posts.reviewStatus, 'pending'),
        isNull(posts.deletedAt),
      ),
    )
    .returning({
      id: posts.id,
      authorId: posts.authorId,
      status: posts.reviewStatus,
      reason: posts.reviewReason,
    });
  if (!updated[0]) throw new NotFoundError('REVIEW_NOT_PENDING');
  return updated[0];
}

/** A post everyone may see and act on: not deleted, review passed. */
async function livePost(db: DbOrTx, id: number) {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), isNull(posts.deletedAt), eq(posts.reviewStatus, 'approved')));
  if (!row) throw new NotFoundError('POST_NOT_FOUND');
  return row;
}

/** Posts held back by review are shown to their author and to operators only. */
const mayView = (row: typeof posts.$inferSelect, viewer: Viewer) =>
  row.reviewStatus === 'approved' || (!!viewer && (viewer.id === row.authorId || mayModerate(viewer.role)));

export async function getPost(db: DbOrTx, id: number, viewer: Viewer) {
  const [row] = await db
    .select({ post: posts, author })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(and(eq(posts.id, id), isNull(posts.deletedAt)));
  if (!row) throw new NotFoundError('POST_NOT_FOUND');
  // Others meet a tombstone (its own code, nothing of the content) where staff took a post down.
  if (!mayView(row.post, viewer))
    throw new NotFoundError(row.post.removedAt ? 'POST_REMOVED' : 'POST_NOT_FOUND');
  const liked = await likedPostIds(db, viewer, [id]);
  return presentPost(row.post, row.author, liked.has(id), viewer);
}

/** An author's posts in one channel, newest first, with the viewer's likes. */
export async function listAuthorPosts(
  db: DbOrTx,
  authorId: number,
  options: { page: number; size: number; channel?: PostChannel },
  viewer: Viewer,
) {
  const where = and(
    eq(posts.authorId, authorId),
    eq(posts.channel, options.channel ?? 'anchor'),
    isNull(posts.deletedAt),
    // Authors see their own posts in review too, with the state and reason.
    viewer?.id === authorId ? undefined : eq(posts.reviewStatus, 'approved'),
  );
  const [rows, [total]] = await Promise.all([
    db
      .select({ post: posts, author })
      .from(posts)
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(where)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ value: count() }).from(posts).where(where),
  ]);
  const liked = await likedPostIds(
    db,
    viewer,
    rows.map((row) => row.post.id),
  );
  return {
    list: rows.map((row) => presentPost(row.post, row.author, liked.has(row.post.id), viewer)),
    total: total?.value ?? 0,
    page: options.page,
    size: options.size,
  };
}

/** Soft delete by the author or an operator; likes and comments stay for the record. */
export async function deletePost(db: DbOrTx, viewer: NonNullable<Viewer>, id: number, now: Date) {
  const [row] = await db
    .select()
    .from(posts)
    .where(and(eq(posts.id, id), isNull(posts.deletedAt)));
  if (!row) throw new NotFoundError('POST_NOT_FOUND');
  const own = row.authorId === viewer.id;
  if (!own && !mayModerate(viewer.role)) throw new ForbiddenError('POST_NOT_YOURS');
  await db
    .update(posts)
    .set({ deletedAt: now })
    .where(own ? and(eq(posts.id, id), eq(posts.authorId, viewer.id)) : eq(posts.id, id));
  return { id, deleted: true };
}

/** Likes or unlikes; a second like by the same user cannot exist (primary key), so counts stay exact. */
export async function togglePostLike(db: DbOrTx, userId: number, postId: number) {
  return db.transaction(async (tx) => {
    await livePost(tx, postId);
    const removed = await tx
      .delete(postLikes)
      .where(and(eq(postLikes.postId, postId), eq(postLikes.userId, userId)))
      .returning({ id: postLikes.postId });
    const added = removed.length
      ? []
      : await tx
          .insert(postLikes)
          .values({ postId, userId })
          .onConflictDoNothing()
          .returning({ id: postLikes.postId });
    const change = added.length - removed.length;
    const [row] = await tx
      .update(posts)
      .set({ likeCount: sql`${posts.likeCount} + ${change}` })
      .where(eq(posts.id, postId))
      .returning({ likes: posts.likeCount });
    return { id: postId, liked: removed.length === 0, likes: row!.likes };
  });
}

/** Who wrote a post still shown, for reports (null when it is gone). */
export async function postOwner(db: DbOrTx, id: number) {
  const row = await livePost(db, id).catch(() => null);
  return row?.authorId ? { ownerId: row.authorId } : null;
}

/** Who wrote a comment still shown, for reports (null when it or its post is gone). */
export async function commentOwner(db: DbOrTx, id: number) {
  const row = await liveComment(db, id).catch(() => null);
  return row ? { ownerId: row.authorId } : null;
}

/** A comment shown to everyone (or, with `held`, also one waiting for review) on a post still shown. */
async function liveComment(db: DbOrTx, id: number, held = false) {
  const [row] = await db
    .select()
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .where(
      and(
        eq(postComments.id, id),
        isNull(postComments.deletedAt),
        held ? undefined : eq(postComments.reviewStatus, 'approved'),
        isNull(posts.deletedAt),
      ),
    );
  if (!row) throw new NotFoundError('COMMENT_NOT_FOUND');
  return row.post_comments;
}

export async function toggleCommentLike(db: DbOrTx, userId: number, commentId: number) {
  return db.transaction(async (tx) => {
    await liveComment(tx, commentId);
    const removed = await tx
      .delete(commentLikes)
      .where(and(eq(commentLikes.commentId, commentId), eq(commentLikes.userId, userId)))
      .returning({ id: commentLikes.commentId });
    const added = removed.length
      ? []
      : await tx
          .insert(commentLikes)
          .values({ commentId, userId })
          .onConflictDoNothing()
          .returning({ id: commentLikes.commentId });
    const [row] = await tx
      .update(postComments)
      .set({ likeCount: sql`${postComments.likeCount} + ${added.length - removed.length}` })
      .where(eq(postComments.id, commentId))
      .returning({ likes: postComments.likeCount });
    return { id: commentId, liked: removed.length === 0, likes: row!.likes };
  });
}

function presentComment(
  row: typeof postComments.$inferSelect,
  writer: AuthorRow,
  liked: boolean,
  canDelete: boolean,
  viewer: { id: number } | null = null,
) {
  // A comment staff took down: its writer still reads it, marked removed; anyone else a tombstone. One
  // refused at review only its writer ever sees, marked removed too.
  const removed = row.deletedAt !== null || row.reviewStatus === 'rejected';
  return {
    id: row.id,
    post_id: row.postId,
    parent_id: row.parentId,
    author: presentAuthor(writer),
    content: removed && viewer?.id !== row.authorId ? '' : row.body,
    likes: row.likeCount,
    liked,
    can_delete: canDelete && !removed,
    removed,
    /** Held by a `review` word: only its writer sees it (marked 审核中) until a moderator decides. */
    held: row.reviewStatus === 'pending',
    created_at: row.createdAt,
  };
}

/**
 * Comments shown in a thread to `viewer`: live ones, and staff take-downs as tombstones (see
 * `presentComment`); one held or refused at review only to its writer.
 */
const inThread = (viewer: Viewer) =>
  and(
    or(isNull(postComments.deletedAt), isNotNull(postComments.removedBy)),
    viewer
      ? or(eq(postComments.reviewStatus, 'approved'), eq(postComments.authorId, viewer.id))
      : eq(postComments.reviewStatus, 'approved'),
  );
export type CommentView = ReturnType<typeof presentComment>;

export type NewComment = { postId: number; content: string; parentId?: number | undefined };

/** A comment, or a reply: replies attach to the top-level comment, one level deep. */
export async function addComment(db: DbOrTx, userId: number, input: NewComment, now: Date) {
  await assertNotMuted(db, userId, now);
  const typed = input.content.trim();
  if (!typed) throw new DomainError('COMMENT_EMPTY');
  // A `block` word refuses, other listed words are masked, and a `review` word holds the comment: its
  // writer sees it marked, nobody else until a moderator approves it (`decideHeldComment`).
  const screened = await screenForReview(db, typed, now);
  const body = screened.text;
  const held = screened.review;
  const key = String(userId);
  return db.transaction(async (tx) => {
    await livePost(tx, input.postId);
    let parentId: number | null = null;
    if (input.parentId) {
      const parent = await liveComment(tx, input.parentId);
      if (parent.postId !== input.postId) throw new NotFoundError('COMMENT_NOT_FOUND');
      parentId = parent.parentId ?? parent.id;
    }
    await assertWithinLimit(tx, POST_RATE_RULES.comments, key, now);
    const [row] = await tx
      .insert(postComments)
      .values({
        postId: input.postId,
        authorId: userId,
        parentId,
        body,
        reviewStatus: held ? 'pending' : 'approved',
      })
      .returning();
    await recordEvent(tx, POST_RATE_RULES.comments.bucket, key, now);
    if (!held) await publishComment(tx, row!, now);
    const [writer] = await tx.select(author).from(users).where(eq(users.id, userId));
    return presentComment(row!, writer!, false, true, { id: userId });
  });
}

/** A comment everyone sees: counted on its post, and the post's author (or the replied-to writer) told. */
async function publishComment(db: DbOrTx, row: typeof postComments.$inferSelect, now: Date) {
  await db
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} + 1` })
    .where(eq(posts.id, row.postId));
  await notifyComment(
    db,
    { postId: row.postId, parentId: row.parentId, userId: row.authorId, body: row.body },
    now,
  );
}

/**
 * A moderator decides a held comment (the review queue's `comment` source): approved, it is shown to
 * everyone, counted and its post's author told; refused, only its writer still sees it, marked removed.
 * Throws `REVIEW_NOT_PENDING` when it is not held (or its post is gone).
 */
export async function decideHeldComment(db: DbOrTx, id: number, approve: boolean, now: Date) {
  const [row] = await db
    .update(postComments)
    .set({ reviewStatus: approve ? 'approved' : 'rejected' })
    .where(
      and(
        eq(postComments.id, id),
        eq(postComments.reviewStatus, 'pending'),
        isNull(postComments.deletedAt),
        sql`exists (select 1 from ${posts} where ${posts.id} = ${postComments.postId} and ${posts.deletedAt} is null)`,
      ),
    )
    .returning();
  if (!row) throw new NotFoundError('REVIEW_NOT_PENDING');
  if (approve) await publishComment(db, row, now);
  return row;
}

/**
 * Deletes a comment and its replies (its writer, the post's author or an operator). The post's count
 * drops by what was really removed, so two deletes at once never take it below the truth.
 */
export async function deleteComment(db: DbOrTx, viewer: NonNullable<Viewer>, id: number, now: Date) {
  return db.transaction(async (tx) => {
    // Its writer may withdraw a comment still waiting for review.
    const comment = await liveComment(tx, id, true);
    const post = await livePost(tx, comment.postId);
    if (comment.reviewStatus === 'pending' && comment.authorId !== viewer.id)
      throw new NotFoundError('COMMENT_NOT_FOUND');
    const allowed = comment.authorId === viewer.id || post.authorId === viewer.id || mayModerate(viewer.role);
    if (!allowed) throw new ForbiddenError('COMMENT_NOT_YOURS');
    const removed = await removeComment(tx, id, post.id, now);
    return { id, removed: removed.length };
  });
}

/**
 * Soft-deletes a comment with its replies and lowers the post's count by what was really removed; `staffId`
 * marks a staff take-down, which a restore can undo.
 */
async function removeComment(db: DbOrTx, id: number, postId: number, now: Date, staffId?: number) {
  const removed = await db
    .update(postComments)
    .set({ deletedAt: now, removedBy: staffId ?? null })
    .where(and(isNull(postComments.deletedAt), or(eq(postComments.id, id), eq(postComments.parentId, id))))
    .returning({ id: postComments.id, status: postComments.reviewStatus });
  // Only comments everyone saw were counted (a held or refused reply never was).
  const counted = removed.filter((row) => row.status === 'approved').length;
  await db
    .update(posts)
    .set({ commentCount: sql`greatest(${posts.commentCount} - ${counted}, 0)` })
    .where(eq(posts.id, postId));
  return removed;
}

/** The message centre's item for a post of a channel (`im.notices.items.*`). */
const POST_ITEMS: Partial<Record<string, string>> = { circle: 'circlePost', video: 'video' };

/**
 * An upheld report takes a post down (lib/moderation/report-targets.ts): refused by review with the
 * reason, so every list and page that shows only `approved` posts drops it; the row stays. Null when
 * the post is already gone or not shown.
 */
/** What a post hidden by its reports carries in `review_reason` while it waits for a decision. */
export const HIDDEN_BY_REPORTS = 'hidden_by_reports';
const hiddenByReports = and(eq(posts.reviewStatus, 'pending'), eq(posts.reviewReason, HIDDEN_BY_REPORTS));

/**
 * Enough reporters hide a post until a decision: back to pending (out of every public read, in the posts'
 * review queue), marked so that dismissing the reports shows it again. Only a published post is hidden,
 * and only one hidden this way is shown again.
 */
export async function hidePostForReports(db: DbOrTx, id: number, hidden: boolean) {
  const changed = await db
    .update(posts)
    .set(
      hidden
        ? { reviewStatus: 'pending', reviewReason: HIDDEN_BY_REPORTS }
        : { reviewStatus: 'approved', reviewReason: null },
    )
    .where(
      and(
        eq(posts.id, id),
        isNull(posts.deletedAt),
        hidden ? eq(posts.reviewStatus, 'approved') : hiddenByReports,
      ),
    )
    .returning({ id: posts.id });
  return changed.length > 0;
}

export async function takeDownPost(
  db: DbOrTx,
  id: number,
  input: { now: Date; reason: string; actorId: number },
) {
  const [row] = await db
    .update(posts)
    .set({
      reviewStatus: 'rejected',
      reviewReason: input.reason.slice(0, 200) || null,
      reviewedAt: input.now,
      removedAt: input.now,
      removedBy: input.actorId,
    })
    .where(
      and(eq(posts.id, id), isNull(posts.deletedAt), or(eq(posts.reviewStatus, 'approved'), hiddenByReports)),
    )
    .returning({ id: posts.id, authorId: posts.authorId, channel: posts.channel });
  if (!row) return null;
  return {
    ownerId: row.authorId,
    item: POST_ITEMS[row.channel] ?? 'post',
    before: { type: 'post', id, channel: row.channel, review_status: 'approved' },
    after: { type: 'post', id, channel: row.channel, review_status: 'rejected' },
  };
}

/**
 * An operator restores a post staff took down: shown again (`approved`), the removal's reason cleared.
 * Null when it was not taken down (or was deleted by its author since).
 */
export async function restorePost(db: DbOrTx, id: number, input: { now: Date }) {
  const [row] = await db
    .update(posts)
    .set({
      reviewStatus: 'approved',
      reviewReason: null,
      reviewedAt: input.now,
      removedAt: null,
      removedBy: null,
    })
    .where(and(eq(posts.id, id), isNull(posts.deletedAt), isNotNull(posts.removedAt)))
    .returning({ id: posts.id, authorId: posts.authorId, channel: posts.channel });
  if (!row) return null;
  return {
    ownerId: row.authorId,
    item: POST_ITEMS[row.channel] ?? 'post',
    before: { type: 'post', id, channel: row.channel, review_status: 'rejected', removed: true },
    after: { type: 'post', id, channel: row.channel, review_status: 'approved', removed: false },
  };
}

/**
 * An upheld report takes a comment down as a moderator's delete does: the comment and its replies
 * soft-deleted, the post's count lowered. Null when it (or its post) is already gone.
 */
export async function takeDownComment(db: DbOrTx, id: number, input: { now: Date; actorId: number }) {
  const comment = await liveComment(db, id).catch(() => null);
  if (!comment) return null;
  const removed = await removeComment(db, id, comment.postId, input.now, input.actorId);
  return {
    ownerId: comment.authorId,
    item: 'comment',
    before: { type: 'comment', id, post_id: comment.postId, deleted: false },
    after: { type: 'comment', id, post_id: comment.postId, deleted: true, removed: removed.map((r) => r.id) },
  };
}

/**
 * An operator restores a comment staff took down, with the replies removed by the same take-down; the
 * post's count rises by what came back. Null when it was not taken down by staff (or its post is gone).
 */
export async function restoreComment(db: DbOrTx, id: number, _input: { now: Date }) {
  const [found] = await db
    .select({ comment: postComments })
    .from(postComments)
    .innerJoin(posts, eq(posts.id, postComments.postId))
    .where(and(eq(postComments.id, id), isNotNull(postComments.removedBy), isNull(posts.deletedAt)));
  const comment = found?.comment;
  if (!comment?.deletedAt) return null;
  const restored = await db
    .update(postComments)
    .set({ deletedAt: null, removedBy: null })
    .where(
      and(
        eq(postComments.deletedAt, comment.deletedAt),
        isNotNull(postComments.removedBy),
        or(eq(postComments.id, id), eq(postComments.parentId, id)),
      ),
    )
    .returning({ id: postComments.id, status: postComments.reviewStatus });
  const counted = restored.filter((row) => row.status === 'approved').length;
  await db
    .update(posts)
    .set({ commentCount: sql`${posts.commentCount} + ${counted}` })
    .where(eq(posts.id, comment.postId));
  return {
    ownerId: comment.authorId,
    item: 'comment',
    before: { type: 'comment', id, post_id: comment.postId, deleted: true },
    after: {
      type: 'comment',
      id,
      post_id: comment.postId,
      deleted: false,
      restored: restored.map((r) => r.id),
    },
  };
}

/** Top-level comments by time or by likes, each with its replies (oldest first) and the viewer's likes. */
export async function listComments(
  db: DbOrTx,
  postId: number,
  options: { page: number; size: number; sort: 'new' | 'hot' },
  viewer: Viewer,
) {
  const post = await livePost(db, postId);
  // A comment's writer, the post's author (an anchor tidying their own post) or an operator.
  const mayDelete = (authorId: number) =>
    !!viewer && (viewer.id === authorId || viewer.id === post.authorId || mayModerate(viewer.role));
  const topLevel = and(eq(postComments.postId, postId), isNull(postComments.parentId), inThread(viewer));
  const [rows, [total]] = await Promise.all([
    db
      .select({ comment: postComments, author })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.authorId))
      .where(topLevel)
      .orderBy(
        ...(options.sort === 'hot'
          ? [desc(postComments.likeCount), desc(postComments.createdAt)]
          : [desc(postComments.createdAt)]),
        desc(postComments.id),
      )
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ value: count() }).from(postComments).where(topLevel),
  ]);
  const parentIds = rows.map((row) => row.comment.id);
  const replies = parentIds.length
    ? await db
        .select({ comment: postComments, author })
        .from(postComments)
        .innerJoin(users, eq(users.id, postComments.authorId))
        .where(and(inArray(postComments.parentId, parentIds), inThread(viewer)))
        .orderBy(asc(postComments.createdAt), asc(postComments.id))
    : [];
  const allIds = [...parentIds, ...replies.map((row) => row.comment.id)];
  const liked = new Set(
    viewer && allIds.length
      ? (
          await db
            .select({ id: commentLikes.commentId })
            .from(commentLikes)
            .where(and(eq(commentLikes.userId, viewer.id), inArray(commentLikes.commentId, allIds)))
        ).map((row) => row.id)
      : [],
  );
  return {
    list: rows.map((row) => ({
      ...presentComment(
        row.comment,
        row.author,
        liked.has(row.comment.id),
        mayDelete(row.comment.authorId),
        viewer,
      ),
      replies: replies
        .filter((reply) => reply.comment.parentId === row.comment.id)
        .map((reply) =>
          presentComment(
            reply.comment,
            reply.author,
            liked.has(reply.comment.id),
            mayDelete(reply.comment.authorId),
            viewer,
          ),
        ),
    })),
    total: total?.value ?? 0,
    page: options.page,
    size: options.size,
  };
}

/** The replies of one top-level comment, oldest first (a long thread's "more replies"). */
export async function listReplies(
  db: DbOrTx,
  commentId: number,
  options: { page: number; size: number },
  viewer: Viewer,
) {
  const parent = await liveComment(db, commentId);
  const post = await livePost(db, parent.postId);
  const where = and(eq(postComments.parentId, parent.id), inThread(viewer));
  const [rows, [total]] = await Promise.all([
    db
      .select({ comment: postComments, author })
      .from(postComments)
      .innerJoin(users, eq(users.id, postComments.authorId))
      .where(where)
      .orderBy(asc(postComments.createdAt), asc(postComments.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ value: count() }).from(postComments).where(where),
  ]);
  const ids = rows.map((row) => row.comment.id);
  const liked = new Set(
    viewer && ids.length
      ? (
          await db
            .select({ id: commentLikes.commentId })
            .from(commentLikes)
            .where(and(eq(commentLikes.userId, viewer.id), inArray(commentLikes.commentId, ids)))
        ).map((row) => row.id)
      : [],
  );
  const mayDelete = (authorId: number) =>
    !!viewer && (viewer.id === authorId || viewer.id === post.authorId || mayModerate(viewer.role));
  return {
    list: rows.map((row) =>
      presentComment(
        row.comment,
        row.author,
        liked.has(row.comment.id),
        mayDelete(row.comment.authorId),
        viewer,
      ),
    ),
    total: total?.value ?? 0,
    page: options.page,
    size: options.size,
  };
}
