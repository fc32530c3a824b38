// Videos: publishing (an anchor's upload, or a broadcast's replay), lists (hot, newest, per category,
// per anchor), rankings by views, views counted once per viewer a day, favourites and each user's own
// categories. Likes and comments are the video's post thread in lib/posts.

import { createHash } from 'node:crypto';
import { and, count, desc, eq, gte, inArray, isNotNull, isNull, ne, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { assertWithinLimit, type RateRule, recordEvent } from '@/lib/accounts/rate-limit';
import { users } from '@/lib/accounts/schema';
import { mayModerate } from '@/lib/api/context';
import { DomainError, ForbiddenError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { broadcasts, liveRooms } from '@/lib/live/schema';
import { replayUrl } from '@/lib/live/service';
import { postLikes, posts } from '@/lib/posts/schema';
import type { Viewer } from '@/lib/posts/service';
import { screenForReview } from '@/lib/sensitive/words';
import { findOwnUpload } from '@/lib/storage/service';
import { MAX_VIDEO_BYTES } from '@/lib/storage/videos';
import { findCategory, nameIn } from './categories';
import {
  videoCategories,
  videoFavorites,
  videoMyCategories,
  videoSettings,
  videos,
  videoViews,
} from './schema';

export const VIDEOS_PAGE_SIZE = 20;
/** Spec §3 meClass: a short list of the reader's own categories. */
export const MY_CATEGORIES_MAX = 20;
export const RANK_WINDOWS = ['day', 'week', 'month', 'total'] as const;
export type RankWindow = (typeof RANK_WINDOWS)[number];
const RANK_DAYS: Record<Exclude<RankWindow, 'total'>, number> = { day: 1, week: 7, month: 30 };

export const VIDEO_RATE_RULE = {
  bucket: 'videos:create',
  max: 20,
  windowMs: 60 * 60_000,
  error: 'VIDEO_RATE_LIMIT',
} satisfies RateRule;

/** The portal's days are China's (UTC+8), like the live rankings. */
export const viewDay = (now: Date) => new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);

/** Who a view belongs to: the user, or a guest known by address and browser (hashed, never stored raw). */
export function viewerKey(userId: number | null, address: string, userAgent: string) {
  if (userId) return `u${userId}`;
  return `g${createHash('sha256').update(`${address}\n${userAgent}`).digest('hex').slice(0, 32)}`;
}

const selection = {
  video: videos,
  body: posts.body,
  likes: posts.likeCount,
  comments: posts.commentCount,
  authorId: users.id,
  nickname: users.nickname,
  avatar: users.avatar,
  categoryNames: videoCategories.names,
};
type Row = {
  video: typeof videos.$inferSelect;
  body: string;
  likes: number;
  comments: number;
  authorId: number;
  nickname: string;
  avatar: string;
  categoryNames: (typeof videoCategories.$inferSelect)['names'];
};

/** Videos everyone may see: not deleted, review passed (uploads wait for it when operators turn it on). */
const shown = () => and(isNull(posts.deletedAt), eq(posts.reviewStatus, 'approved'));

function baseQuery(db: DbOrTx) {
  return db
    .select(selection)
    .from(videos)
    .innerJoin(posts, eq(posts.id, videos.postId))
    .innerJoin(users, eq(users.id, videos.authorId))
    .innerJoin(videoCategories, eq(videoCategories.id, videos.categoryId));
}

function present(row: Row, locale: Locale) {
  return {
    id: row.video.postId,
    title: row.video.title,
    description: row.body,
    kind: row.video.kind as 'file' | 'hls',
    src: row.video.sourceUrl,
    poster: row.video.posterUrl,
    duration_s: row.video.durationS,
    width: row.video.width,
    height: row.video.height,
    views: row.video.viewCount,
    likes: row.likes,
    comments: row.comments,
    favorites: row.video.favoriteCount,
    category: { id: row.video.categoryId, name: nameIn(row.categoryNames, locale) },
    author: {
      id: row.authorId,
      nickname: row.nickname,
      avatar: avatarOf({ id: row.authorId, avatar: row.avatar }),
    },
    broadcast_id: row.video.broadcastId,
    published_at: row.video.publishedAt,
  };
}
export type VideoView = ReturnType<typeof present>;

/** The videos a user favourited, latest favourite first, with their like state for the actions. */
export async function favoriteVideos(db: DbOrTx, userId: number, locale: Locale, limit = VIDEOS_PAGE_SIZE) {
  const rows = await baseQuery(db)
    .innerJoin(
      videoFavorites,
      and(eq(videoFavorites.videoId, videos.postId), eq(videoFavorites.userId, userId)),
    )
    .where(shown())
    .orderBy(desc(videoFavorites.createdAt), desc(videos.postId))
    .limit(limit);
  const ids = rows.map((row) => row.video.postId);
  const liked = ids.length
    ? await db
        .select({ id: postLikes.postId })
        .from(postLikes)
        .where(and(eq(postLikes.userId, userId), inArray(postLikes.postId, ids)))
    : [];
  const likedIds = new Set(liked.map((row) => row.id));
  return rows.map((row) => ({ ...present(row, locale), liked: likedIds.has(row.video.postId) }));
}

/** Views, likes and comments together; a favourite weighs like a comment. */
const hotScore = sql`${videos.viewCount} + 5 * ${posts.likeCount} + 5 * ${posts.commentCount} + 5 * ${videos.favoriteCount}`;

export type ListOptions = {
  sort: 'hot' | 'new';
  categoryIds?: number[] | undefined;
  authorId?: number | undefined;
  excludeId?: number | undefined;
  page: number;
  size: number;
};

export async function listVideos(db: DbOrTx, locale: Locale, options: ListOptions) {
  const where = and(
    shown(),
    options.categoryIds ? inArray(videos.categoryId, options.categoryIds) : undefined,
    options.authorId ? eq(videos.authorId, options.authorId) : undefined,
    options.excludeId ? ne(videos.postId, options.excludeId) : undefined,
  );
  const order =
    options.sort === 'hot'
      ? [desc(hotScore), desc(videos.publishedAt), desc(videos.postId)]
      : [desc(videos.publishedAt), desc(videos.postId)];
  const [rows, [total]] = await Promise.all([
    baseQuery(db)
      .where(where)
      .orderBy(...order)
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ value: count() }).from(videos).innerJoin(posts, eq(posts.id, videos.postId)).where(where),
  ]);
  return {
    list: rows.map((row) => present(row, locale)),
    total: total?.value ?? 0,
    page: options.page,
    size: options.size,
  };
}

/**
 * The most watched videos of a window (`api/videoRank/getRank`): distinct viewers a day summed over the
 * window's days (UTC+8), or the total view count.
 */
export async function rankVideos(
  db: DbOrTx,
  locale: Locale,
  options: { window: RankWindow; limit: number; now: Date },
) {
  if (options.window === 'total') {
    const rows = await baseQuery(db)
      .where(and(shown(), sql`${videos.viewCount} > 0`))
      .orderBy(desc(videos.viewCount), desc(videos.publishedAt))
      .limit(options.limit);
    return rows.map((row, index) => ({
      rank: index + 1,
      window_views: row.video.viewCount,
      ...present(row, locale),
    }));
  }
  const from = viewDay(new Date(options.now.getTime() - (RANK_DAYS[options.window] - 1) * 86_400_000));
  const counted = db
    .select({ videoId: videoViews.videoId, views: sql<number>`count(*)::int`.as('window_views') })
    .from(videoViews)
    .where(gte(videoViews.day, from))
    .groupBy(videoViews.videoId)
    .as('counted');
  const rows = await db
    .select({ ...selection, windowViews: counted.views })
    .from(counted)
    .innerJoin(videos, eq(videos.postId, counted.videoId))
    .innerJoin(posts, eq(posts.id, videos.postId))
    .innerJoin(users, eq(users.id, videos.authorId))
    .innerJoin(videoCategories, eq(videoCategories.id, videos.categoryId))
    .where(shown())
    .orderBy(desc(counted.views), desc(videos.publishedAt))
    .limit(options.limit);
  return rows.map((row, index) => ({
    rank: index + 1,
    window_views: row.windowViews,
    ...present(row, locale),
  }));
}

async function liveVideo(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ video: videos, authorId: posts.authorId })
    .from(videos)
    .innerJoin(posts, eq(posts.id, videos.postId))
    .where(and(eq(videos.postId, id), isNull(posts.deletedAt)));
  if (!row) throw new NotFoundError('VIDEO_NOT_FOUND');
  return row.video;
}

/** Refuses a call on a video that does not exist or was deleted (comments, likes). */
export const assertVideo = async (db: DbOrTx, id: number) => {
  await liveVideo(db, id);
};

/** A video's review as its author reads it: waiting, refused, or `removed` by staff after it was shown. */
const reviewSelection = {
  status: posts.reviewStatus,
  reason: posts.reviewReason,
  removedAt: posts.removedAt,
};
const reviewOf = (row: { status: string; reason: string | null; removedAt: Date | null }) => ({
  status: row.status as 'pending' | 'approved' | 'rejected',
  reason: row.reason,
  removed: row.removedAt !== null,
});

/**
 * One video. One in review, refused or taken down is shown to its author (with its review: the state and
 * the reason) and to moderators only; others are refused, with `VIDEO_REMOVED` (a tombstone) where staff
 * took it down.
 */
export async function getVideo(db: DbOrTx, id: number, locale: Locale, viewer: Viewer) {
  const [row] = await baseQuery(db).where(and(eq(videos.postId, id), isNull(posts.deletedAt)));
  if (!row) throw new NotFoundError('VIDEO_NOT_FOUND');
  const [stored] = await db.select(reviewSelection).from(posts).where(eq(posts.id, id));
  const review = reviewOf(stored!);
  const own = !!viewer && (viewer.id === row.authorId || mayModerate(viewer.role));
  if (review.status !== 'approved' && !own)
    throw new NotFoundError(review.removed ? 'VIDEO_REMOVED' : 'VIDEO_NOT_FOUND');
  const [liked, favorited] = viewer
    ? await Promise.all([
        db
          .select({ id: postLikes.postId })
          .from(postLikes)
          .where(and(eq(postLikes.postId, id), eq(postLikes.userId, viewer.id))),
        db
          .select({ id: videoFavorites.videoId })
          .from(videoFavorites)
          .where(and(eq(videoFavorites.videoId, id), eq(videoFavorites.userId, viewer.id))),
      ])
    : [[], []];
  return {
    ...present(row, locale),
    liked: liked.length > 0,
    favorited: favorited.length > 0,
    can_delete: own,
    review: own ? review : null,
  };
}

/**
 * An author's own videos, newest first, whatever their review (their anchor centre): each with its state
 * and reason, so one staff took down shows there marked removed.
 */
export async function ownVideos(db: DbOrTx, locale: Locale, authorId: number, size: number) {
  const where = and(isNull(posts.deletedAt), eq(videos.authorId, authorId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ ...selection, review: reviewSelection })
      .from(videos)
      .innerJoin(posts, eq(posts.id, videos.postId))
      .innerJoin(users, eq(users.id, videos.authorId))
      .innerJoin(videoCategories, eq(videoCategories.id, videos.categoryId))
      .where(where)
      .orderBy(desc(videos.publishedAt), desc(videos.postId))
      .limit(size),
    db.select({ value: count() }).from(videos).innerJoin(posts, eq(posts.id, videos.postId)).where(where),
  ]);
  return {
    list: rows.map(({ review, ...row }) => ({ ...present(row, locale), review: reviewOf(review) })),
    total: total?.value ?? 0,
  };
}
export type VideoDetail = Awaited<ReturnType<typeof getVideo>>;

/** A view (`api/Video/addView`): counted once per viewer a day. */
export async function recordView(db: DbOrTx, id: number, viewer: string, now: Date) {
  return db.transaction(async (tx) => {
    await liveVideo(tx, id);
    const inserted = await tx
      .insert(videoViews)
      .values({ videoId: id, viewer, day: viewDay(now) })
      .onConflictDoNothing()
      .returning({ id: videoViews.videoId });
    const [row] = await tx
      .update(videos)
      .set({ viewCount: sql`${videos.viewCount} + ${inserted.length}` })
      .where(eq(videos.postId, id))
      .returning({ views: videos.viewCount });
    return { id, views: row!.views, counted: inserted.length > 0 };
  });
}

export async function toggleFavorite(db: DbOrTx, userId: number, id: number, now: Date) {
  return db.transaction(async (tx) => {
    await liveVideo(tx, id);
    const removed = await tx
      .delete(videoFavorites)
      .where(and(eq(videoFavorites.videoId, id), eq(videoFavorites.userId, userId)))
      .returning({ id: videoFavorites.videoId });
    const added = removed.length
      ? []
      : await tx
          .insert(videoFavorites)
          .values({ videoId: id, userId, createdAt: now })
          .onConflictDoNothing()
          .returning({ id: videoFavorites.videoId });
    const [row] = await tx
      .update(videos)
      .set({ favoriteCount: sql`${videos.favoriteCount} + ${added.length - removed.length}` })
      .where(eq(videos.postId, id))
      .returning({ favorites: videos.favoriteCount });
    return { id, favorited: removed.length === 0, favorites: row!.favorites };
  });
}

export type NewVideo = {
  title: string;
  description: string;
  categoryId: number;
  video: string;
  cover?: string | undefined;
};

function cleanTitle(title: string) {
  const clean = title.trim();
  if (!clean) throw new DomainError('VIDEO_TITLE_EMPTY');
  return clean;
}

async function insertVideo(
  tx: DbOrTx,
  authorId: number,
  body: string,
  values: Omit<typeof videos.$inferInsert, 'postId' | 'authorId'>,
  review = false,
) {
  await assertWithinLimit(tx, VIDEO_RATE_RULE, String(authorId), values.publishedAt);
  const [post] = await tx
    .insert(posts)
    .values({
      authorId,
      channel: 'video',
      body,
      createdAt: values.publishedAt,
      reviewStatus: review ? 'pending' : 'approved',
    })
    .returning({ id: posts.id });
  await tx.insert(videos).values({ postId: post!.id, authorId, ...values });
  await recordEvent(tx, VIDEO_RATE_RULE.bucket, String(authorId), values.publishedAt);
  return { id: post!.id };
}

/** Whether uploaded videos wait for a moderator's approval (replays of the anchor's own broadcasts do not). */
export async function videoReviewOn(db: DbOrTx) {
  const [row] = await db.select().from(videoSettings).where(eq(videoSettings.id, 1));
  return row?.reviewUploads ?? false;
}

export async function setVideoReview(db: DbOrTx, on: boolean) {
  await db
    .insert(videoSettings)
    .values({ id: 1, reviewUploads: on })
    .onConflictDoUpdate({ target: videoSettings.id, set: { reviewUploads: on } });
  return { review: on };
}

/** An anchor publishes one of their own video uploads (under 50 MB), with an optional own 135:76 cover. */
export async function publishUpload(db: DbOrTx, authorId: number, input: NewVideo, now: Date) {
  // Listed words: a `block` word refuses, `replace` masks, `review` holds the video for the queue.
  const titleScreen = await screenForReview(db, cleanTitle(input.title), now);
  const bodyScreen = await screenForReview(db, input.description.trim(), now);
  const title = titleScreen.text;
  const held = titleScreen.review || bodyScreen.review;
  await findCategory(db, input.categoryId);
  const upload = await findOwnUpload(db, authorId, input.video, 'video');
  if (!upload?.posterUrl || upload.durationS === null) throw new DomainError('VIDEO_FILE_NOT_OWN');
  if (upload.bytes > MAX_VIDEO_BYTES) {
    throw new DomainError('UPLOAD_TOO_LARGE', { values: { mb: MAX_VIDEO_BYTES / 1024 / 1024 } });
  }
  let poster = upload.posterUrl;
  if (input.cover) {
    const cover = await findOwnUpload(db, authorId, input.cover, 'cover');
    if (!cover) throw new DomainError('VIDEO_COVER_NOT_OWN');
    poster = cover.url;
  }
  return db.transaction(async (tx) => {
    const [used] = await tx
      .select({ id: videos.postId })
      .from(videos)
      .innerJoin(posts, eq(posts.id, videos.postId))
      .where(and(eq(videos.sourceUrl, upload.url), isNull(posts.deletedAt)));
    if (used) throw new DomainError('VIDEO_FILE_USED');
    return insertVideo(
      tx,
      authorId,
      bodyScreen.text,
      {
        categoryId: input.categoryId,
        title,
        kind: 'file',
        sourceUrl: upload.url,
        posterUrl: poster,
        durationS: upload.durationS!,
        width: upload.width,
        height: upload.height,
        publishedAt: now,
      },
      held || (await videoReviewOn(tx)),
    );
  });
}

/** The anchor's finished replays with whether each is already a video (the anchor centre's list). */
export async function replaysOf(db: DbOrTx, anchorId: number, limit = 20) {
  const rows = await db
    .select({
      id: broadcasts.id,
      title: broadcasts.title,
      startedAt: broadcasts.startedAt,
      endedAt: broadcasts.endedAt,
      videoId: videos.postId,
      videoDeleted: posts.deletedAt,
    })
    .from(broadcasts)
    .innerJoin(liveRooms, eq(liveRooms.id, broadcasts.roomId))
    .leftJoin(videos, eq(videos.broadcastId, broadcasts.id))
    .leftJoin(posts, eq(posts.id, videos.postId))
    .where(
      and(eq(liveRooms.anchorId, anchorId), isNotNull(broadcasts.replayPath), isNotNull(broadcasts.endedAt)),
    )
    .orderBy(desc(broadcasts.startedAt))
    .limit(limit);
  return rows.map((row) => ({
    broadcast_id: row.id,
    title: row.title,
    started_at: row.startedAt,
    duration_s: Math.round((row.endedAt!.getTime() - row.startedAt.getTime()) / 1000),
    video_id: row.videoId && !row.videoDeleted ? row.videoId : null,
  }));
}

/** A broadcast's replay becomes a video (its own anchor only; once per broadcast). */
export async function publishReplay(
  db: DbOrTx,
  anchorId: number,
  input: { broadcastId: number; title?: string | undefined; categoryId?: number | undefined },
  now: Date,
) {
  const [row] = await db
    .select({ broadcast: broadcasts, cover: liveRooms.coverUrl })
    .from(broadcasts)
    .innerJoin(liveRooms, eq(liveRooms.id, broadcasts.roomId))
    .where(and(eq(broadcasts.id, input.broadcastId), eq(liveRooms.anchorId, anchorId)));
  const source = replayUrl(row?.broadcast.replayPath ?? null);
  if (!row || !source || !row.broadcast.endedAt) throw new NotFoundError('REPLAY_NOT_FOUND');
  const title = cleanTitle(input.title ?? row.broadcast.title);
  const categoryId =
    input.categoryId ??
    (
      await db
        .select({ id: videoCategories.id })
        .from(videoCategories)
        .where(eq(videoCategories.slug, 'replays'))
    )[0]?.id;
  if (!categoryId) throw new NotFoundError('VIDEO_CATEGORY_NOT_FOUND');
  await findCategory(db, categoryId);
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: videos.postId, deletedAt: posts.deletedAt })
      .from(videos)
      .innerJoin(posts, eq(posts.id, videos.postId))
      .where(eq(videos.broadcastId, input.broadcastId));
    if (existing && !existing.deletedAt) throw new DomainError('REPLAY_ALREADY_PUBLISHED');
    // A deleted video of this replay lets go of it, so the anchor may publish it again.
    if (existing) await tx.update(videos).set({ broadcastId: null }).where(eq(videos.postId, existing.id));
    return insertVideo(tx, anchorId, '', {
      categoryId,
      title,
      kind: 'hls',
      sourceUrl: source,
      posterUrl: row.cover || null,
      durationS: Math.round((row.broadcast.endedAt!.getTime() - row.broadcast.startedAt.getTime()) / 1000),
      broadcastId: input.broadcastId,
      publishedAt: now,
    });
  });
}

/** Deletes a video (its author or an operator); likes, comments and views stay on record. */
export async function removeVideo(db: DbOrTx, viewer: NonNullable<Viewer>, id: number, now: Date) {
  const video = await liveVideo(db, id);
  const own = video.authorId === viewer.id;
  if (!own && !mayModerate(viewer.role)) throw new ForbiddenError('VIDEO_NOT_YOURS');
  await db.update(posts).set({ deletedAt: now }).where(eq(posts.id, id));
  return { id, deleted: true };
}

/** The reader's own categories (meClass), in the order they were added. */
export async function myCategories(db: DbOrTx, userId: number, locale: Locale) {
  const rows = await db
    .select({ category: videoCategories })
    .from(videoMyCategories)
    .innerJoin(videoCategories, eq(videoCategories.id, videoMyCategories.categoryId))
    .where(eq(videoMyCategories.userId, userId))
    .orderBy(videoMyCategories.createdAt, videoMyCategories.categoryId);
  return rows.map(({ category }) => ({
    id: category.id,
    slug: category.slug,
    name: nameIn(category.names, locale),
    parent_id: category.parentId,
  }));
}

export async function addMyCategory(db: DbOrTx, userId: number, categoryId: number, now: Date) {
  await findCategory(db, categoryId);
  return db.transaction(async (tx) => {
    // Serialises one user's adds, so two at once cannot pass the limit together.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext('video-my-categories'), ${userId})`);
    const [total] = await tx
      .select({ value: count() })
      .from(videoMyCategories)
      .where(eq(videoMyCategories.userId, userId));
    const [existing] = await tx
      .select({ id: videoMyCategories.categoryId })
      .from(videoMyCategories)
      .where(and(eq(videoMyCategories.userId, userId), eq(videoMyCategories.categoryId, categoryId)));
    if (existing) return { id: categoryId, added: false };
    if ((total?.value ?? 0) >= MY_CATEGORIES_MAX) {
      throw new DomainError('MY_CATEGORIES_FULL', { values: { max: MY_CATEGORIES_MAX } });
    }
    await tx.insert(videoMyCategories).values({ userId, categoryId, createdAt: now });
    return { id: categoryId, added: true };
  });
}

export async function removeMyCategory(db: DbOrTx, userId: number, categoryId: number) {
  const removed = await db
    .delete(videoMyCategories)
    .where(and(eq(videoMyCategories.userId, userId), eq(videoMyCategories.categoryId, categoryId)))
    .returning({ id: videoMyCategories.categoryId });
  if (!removed.length) throw new NotFoundError('MY_CATEGORY_NOT_FOUND');
  return { id: categoryId, removed: true };
}
