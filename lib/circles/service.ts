// The community's rules on top of lib/posts: circles, posting into one (held for review when the
// operators turned it on), hot lists by day, week or month, the author's own posts with their review
// state, and the operators' review queue. Likes, comments and deletion are lib/posts' own calls.
import { and, asc, count, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { posts } from '@/lib/posts/schema';
import {
  createPost,
  getPost,
  type NewPost,
  postAuthorColumns,
  presentPosts,
  type Viewer,
} from '@/lib/posts/service';
import type { LocalizedNames } from '@/lib/scores/schema';
import { circlePosts, circleSettings, circles } from './schema';

export const CIRCLE_POSTS_PAGE_SIZE = 20;
export const HOT_PERIODS = ['day', 'week', 'month'] as const;
export type HotPeriod = (typeof HOT_PERIODS)[number];
export const CIRCLE_SORTS = ['new', ...HOT_PERIODS] as const;
export type CircleSort = (typeof CIRCLE_SORTS)[number];

const DAY_MS = 86_400_000;
const PERIOD_MS: Record<HotPeriod, number> = { day: DAY_MS, week: 7 * DAY_MS, month: 30 * DAY_MS };

const nameIn = (names: LocalizedNames, locale: Locale) =>
  names[locale] ?? names['zh-CN'] ?? names.en ?? Object.values(names)[0] ?? '';

/** Shown posts of the community: approved, not deleted. */
const shown = and(eq(posts.channel, 'circle'), eq(posts.reviewStatus, 'approved'), isNull(posts.deletedAt));

/** Every circle with its count of shown posts (kept on the circle): general first, then leagues, then clubs by name. */
export async function listCircles(db: DbOrTx, locale: Locale) {
  const rows = await db
    .select({
      id: circles.id,
      kind: circles.kind,
      names: circles.names,
      parentId: circles.parentId,
      sort: circles.sort,
      posts: circles.shownPosts,
    })
    .from(circles)
    .orderBy(asc(circles.sort), asc(circles.id));
  return rows
    .map((row) => ({
      id: row.id,
      kind: row.kind,
      name: nameIn(row.names, locale),
      parent_id: row.parentId,
      posts: row.posts,
    }))
    .sort((a, b) => (a.kind === 'club' && b.kind === 'club' ? a.name.localeCompare(b.name, locale) : 0));
}
export type CircleItem = Awaited<ReturnType<typeof listCircles>>[number];

export async function getCircle(db: DbOrTx, id: number, locale: Locale) {
  const [row] = await db.select().from(circles).where(eq(circles.id, id));
  if (!row) throw new NotFoundError('CIRCLE_NOT_FOUND');
  return { id: row.id, kind: row.kind, name: nameIn(row.names, locale), parent_id: row.parentId };
}

export async function reviewRequired(db: DbOrTx) {
  const [row] = await db.select().from(circleSettings).where(eq(circleSettings.id, 1));
  return row?.reviewPosts ?? false;
}

export async function setReviewRequired(db: DbOrTx, on: boolean) {
  await db
    .insert(circleSettings)
    .values({ id: 1, reviewPosts: on })
    .onConflictDoUpdate({ target: circleSettings.id, set: { reviewPosts: on } });
  return { review: on };
}

/** Spec §5: a circle chosen, content entered; media as any post (lib/posts checks the files). */
export async function createCirclePost(
  db: DbOrTx,
  authorId: number,
  input: NewPost & { circleId: number | undefined },
  now: Date,
) {
  if (!input.circleId) throw new DomainError('CIRCLE_REQUIRED');
  if (!input.content.trim()) throw new DomainError('CIRCLE_POST_EMPTY');
  const circleId = input.circleId;
  const [circle] = await db.select({ id: circles.id }).from(circles).where(eq(circles.id, circleId));
  if (!circle) throw new NotFoundError('CIRCLE_NOT_FOUND');
  return createPost(db, authorId, input, {
    channel: 'circle',
    review: await reviewRequired(db),
    now,
    attach: async (tx, postId) => {
      await tx.insert(circlePosts).values({ postId, circleId });
    },
  });
}

const circleColumns = { id: circles.id, names: circles.names };

function withCircle<T extends { id: number }>(
  views: T[],
  rows: { post: { id: number }; circle: { id: number; names: LocalizedNames } }[],
  locale: Locale,
) {
  const byPost = new Map(rows.map((row) => [row.post.id, row.circle]));
  return views.map((view) => {
    const circle = byPost.get(view.id)!;
    return { ...view, circle: { id: circle.id, name: nameIn(circle.names, locale) } };
  });
}

/**
 * The community's posts, optionally of one circle: newest first, or the hottest (likes, and comments
 * twice over) of those written in the last day, week or month. The newest page by keyset after `cursor`
 * (the answer's: the page's last post) or by `page`, its total the kept counts of the circles (issue #45);
 * the hot lists, bounded by their period, page by `page` and count their period.
 */
export async function listCirclePosts(
  db: DbOrTx,
  options: {
    circleId?: number | undefined;
    sort: CircleSort;
    page: number;
    size: number;
    now: Date;
    locale: Locale;
    cursor?: number | undefined;
  },
  viewer: Viewer,
) {
  const newest = options.sort === 'new';
  const keyset = newest && options.cursor !== undefined;
  const where = and(
    shown,
    options.circleId ? eq(circlePosts.circleId, options.circleId) : undefined,
    newest
      ? undefined
      : gte(posts.createdAt, new Date(options.now.getTime() - PERIOD_MS[options.sort as HotPeriod])),
    keyset
      ? sql`(${posts.createdAt}, ${posts.id}) < (select created_at, id from ${posts} where id = ${options.cursor})`
      : undefined,
  );
  const order = newest
    ? [desc(posts.createdAt), desc(posts.id)]
    : [desc(sql`${posts.likeCount} + 2 * ${posts.commentCount}`), desc(posts.createdAt), desc(posts.id)];
  const [rows, [total]] = await Promise.all([
    db
      .select({ post: posts, author: postAuthorColumns, circle: circleColumns })
      .from(posts)
      .innerJoin(circlePosts, eq(circlePosts.postId, posts.id))
      .innerJoin(circles, eq(circles.id, circlePosts.circleId))
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(where)
      .orderBy(...order)
      .limit(options.size)
      .offset(keyset ? 0 : (options.page - 1) * options.size),
    newest
      ? db
          .select({ value: sql<number>`coalesce(sum(${circles.shownPosts}), 0)::int` })
          .from(circles)
          .where(options.circleId ? eq(circles.id, options.circleId) : undefined)
      : db
          .select({ value: count() })
          .from(posts)
          .innerJoin(circlePosts, eq(circlePosts.postId, posts.id))
          .where(where),
  ]);
  return {
    list: withCircle(await presentPosts(db, rows, viewer), rows, options.locale),
    total: total?.value ?? 0,
    page: options.page,
    size: options.size,
    /** The newest list's next page (`cursor`); null on the last page and for the hot lists. */
    cursor: newest && rows.length === options.size ? rows.at(-1)!.post.id : null,
  };
}

/** The author's own community posts, whatever their review state (with the reason of a refusal). */
export async function listOwnCirclePosts(
  db: DbOrTx,
  viewer: NonNullable<Viewer>,
  options: { page: number; size: number; locale: Locale },
) {
  const where = and(eq(posts.channel, 'circle'), eq(posts.authorId, viewer.id), isNull(posts.deletedAt));
  const [rows, [total]] = await Promise.all([
    db
      .select({ post: posts, author: postAuthorColumns, circle: circleColumns })
      .from(posts)
      .innerJoin(circlePosts, eq(circlePosts.postId, posts.id))
      .innerJoin(circles, eq(circles.id, circlePosts.circleId))
      .innerJoin(users, eq(users.id, posts.authorId))
      .where(where)
      .orderBy(desc(posts.createdAt), desc(posts.id))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db.select({ value: count() }).from(posts).where(where),
  ]);
  return {
    list: withCircle(await presentPosts(db, rows, viewer), rows, options.locale),
    total: total?.value ?? 0,
    page: options.page,
    size: options.size,
  };
}

/** One community post with its circle (posts in review: their author and operators only). */
export async function getCirclePost(db: DbOrTx, id: number, viewer: Viewer, locale: Locale) {
  const [row] = await db
    .select({ circle: circleColumns })
    .from(circlePosts)
    .innerJoin(circles, eq(circles.id, circlePosts.circleId))
    .where(eq(circlePosts.postId, id));
  if (!row) throw new NotFoundError('POST_NOT_FOUND');
  const post = await getPost(db, id, viewer);
  return { ...post, circle: { id: row.circle.id, name: nameIn(row.circle.names, locale) } };
}
export type CirclePostView = Awaited<ReturnType<typeof getCirclePost>>;
