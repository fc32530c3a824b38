// News reads and writes: lists per language and category, the article in the reader's language (else
// the language it was written in), reading records, and operators' articles. Likes and comments are
// the article's post thread in lib/posts.
import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { postLikes, posts } from '@/lib/posts/schema';
import { newsArticles, newsCategories, newsReads, newsTranslations } from './schema';

export const NEWS_PAGE_SIZE = 20;

const listSelection = {
  id: newsArticles.postId,
  title: newsTranslations.title,
  summary: newsTranslations.summary,
  locale: newsTranslations.locale,
  cover: newsArticles.coverUrl,
  automatic: newsArticles.automatic,
  matchId: newsArticles.matchId,
  views: newsArticles.viewCount,
  publishedAt: newsArticles.publishedAt,
  likes: posts.likeCount,
  comments: posts.commentCount,
  categoryId: newsCategories.id,
  categoryNames: newsCategories.names,
};

function presentListItem(row: Awaited<ReturnType<typeof listQuery>>[number], locale: Locale) {
  return {
    id: row.id,
    title: row.title,
    summary: row.summary,
    locale: row.locale,
    cover: row.cover,
    automatic: row.automatic,
    match_id: row.matchId,
    views: row.views,
    likes: row.likes,
    comments: row.comments,
    category: { id: row.categoryId, name: row.categoryNames[locale] ?? row.categoryNames['zh-CN'] ?? '' },
    published_at: row.publishedAt,
  };
}
export type NewsListItem = ReturnType<typeof presentListItem>;

function listQuery(db: DbOrTx) {
  return db
    .select(listSelection)
    .from(newsArticles)
    .innerJoin(posts, eq(posts.id, newsArticles.postId))
    .innerJoin(newsTranslations, eq(newsTranslations.postId, newsArticles.postId))
    .innerJoin(newsCategories, eq(newsCategories.id, newsArticles.categoryId));
}

/** Articles with a version in the reader's language, newest first, optionally of one category. */
export async function listNews(
  db: DbOrTx,
  locale: Locale,
  options: { categoryId?: number | undefined; page: number; size: number },
) {
  const where = and(
    eq(newsTranslations.locale, locale),
    isNull(posts.deletedAt),
    options.categoryId ? eq(newsArticles.categoryId, options.categoryId) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    listQuery(db)
      .where(where)
      .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.postId))
      .limit(options.size)
      .offset((options.page - 1) * options.size),
    db
      .select({ value: count() })
      .from(newsArticles)
      .innerJoin(posts, eq(posts.id, newsArticles.postId))
      .innerJoin(newsTranslations, eq(newsTranslations.postId, newsArticles.postId))
      .where(where),
  ]);
  return {
    list: rows.map((row) => presentListItem(row, locale)),
    total: total?.value ?? 0,
    page: options.page,
    size: options.size,
  };
}

/** The most read recent articles of a language (the article page's side list). */
export async function popularNews(db: DbOrTx, locale: Locale, limit = 10) {
  const recent = db
    .select({ id: newsArticles.postId })
    .from(newsArticles)
    .orderBy(desc(newsArticles.publishedAt))
    .limit(200);
  const rows = await listQuery(db)
    .where(
      and(eq(newsTranslations.locale, locale), isNull(posts.deletedAt), inArray(newsArticles.postId, recent)),
    )
    .orderBy(
      desc(sql`${newsArticles.viewCount} + ${posts.likeCount} * 5 + ${posts.commentCount} * 5`),
      desc(newsArticles.publishedAt),
    )
    .limit(limit);
  return rows.map((row) => presentListItem(row, locale));
}

/** One article in the reader's language, else in the language it was written in. */
export async function getArticle(db: DbOrTx, id: number, locale: Locale, viewerId: number | null) {
  const [article] = await db
    .select({ article: newsArticles, post: posts, categoryNames: newsCategories.names })
    .from(newsArticles)
    .innerJoin(posts, eq(posts.id, newsArticles.postId))
    .innerJoin(newsCategories, eq(newsCategories.id, newsArticles.categoryId))
    .where(and(eq(newsArticles.postId, id), isNull(posts.deletedAt)));
  if (!article) throw new NotFoundError('NEWS_NOT_FOUND');
  const versions = await db.select().from(newsTranslations).where(eq(newsTranslations.postId, id));
  const version =
    versions.find((row) => row.locale === locale) ??
    versions.find((row) => row.locale === article.article.sourceLocale) ??
    versions[0];
  if (!version) throw new NotFoundError('NEWS_NOT_FOUND');
  const liked = viewerId
    ? (
        await db
          .select({ id: postLikes.postId })
          .from(postLikes)
          .where(and(eq(postLikes.postId, id), eq(postLikes.userId, viewerId)))
      ).length > 0
    : false;
  return {
    id,
    title: version.title,
    summary: version.summary,
    body: version.body,
    locale: version.locale,
    locales: versions.map((row) => row.locale),
    cover: article.article.coverUrl,
    automatic: article.article.automatic,
    match_id: article.article.matchId,
    category: {
      id: article.article.categoryId,
      name: article.categoryNames[locale] ?? article.categoryNames['zh-CN'] ?? '',
    },
    views: article.article.viewCount,
    likes: article.post.likeCount,
    comments: article.post.commentCount,
    liked,
    published_at: article.article.publishedAt,
  };
}
export type NewsArticle = Awaited<ReturnType<typeof getArticle>>;

/**
 * A reading (`api/Headlines_user/insert`): every reading counts a view; a signed-in reader's first
 * reading of an article is the one that counts for them, later ones only move their record's time.
 */
export async function recordRead(db: DbOrTx, id: number, userId: number | null, now: Date) {
  return db.transaction(async (tx) => {
    const [live] = await tx
      .select({ id: newsArticles.postId })
      .from(newsArticles)
      .innerJoin(posts, eq(posts.id, newsArticles.postId))
      .where(and(eq(newsArticles.postId, id), isNull(posts.deletedAt)));
    if (!live) throw new NotFoundError('NEWS_NOT_FOUND');
    let first = true;
    if (userId) {
      const [record] = await tx
        .insert(newsReads)
        .values({ postId: id, userId, readAt: now })
        .onConflictDoUpdate({ target: [newsReads.postId, newsReads.userId], set: { readAt: now } })
        .returning({ inserted: sql<boolean>`xmax = 0` });
      first = !!record?.inserted;
    }
    const [row] = await tx
      .update(newsArticles)
      .set({ viewCount: sql`${newsArticles.viewCount} + ${first ? 1 : 0}` })
      .where(eq(newsArticles.postId, id))
      .returning({ views: newsArticles.viewCount });
    return { id, views: row!.views, first };
  });
}

/** A reader's reading history, newest first. */
export async function readingHistory(db: DbOrTx, userId: number, locale: Locale, limit = 20) {
  const rows = await listQuery(db)
    .innerJoin(newsReads, and(eq(newsReads.postId, newsArticles.postId), eq(newsReads.userId, userId)))
    .where(and(eq(newsTranslations.locale, locale), isNull(posts.deletedAt)))
    .orderBy(desc(newsReads.readAt))
    .limit(limit);
  return rows.map((row) => presentListItem(row, locale));
}

export type ArticleVersion = { locale: Locale; title: string; summary: string; body: string };
export type NewArticle = {
  categoryId: number;
  cover?: string | undefined;
  versions: ArticleVersion[];
};

/** An operator's article, in one or more languages; the first version is the one it was written in. */
export async function writeArticle(db: DbOrTx, operatorId: number, input: NewArticle, now: Date) {
  const [category] = await db
    .select({ id: newsCategories.id })
    .from(newsCategories)
    .where(eq(newsCategories.id, input.categoryId));
  if (!category) throw new NotFoundError('NEWS_CATEGORY_NOT_FOUND');
  return db.transaction(async (tx) => {
    const [post] = await tx
      .insert(posts)
      .values({ authorId: operatorId, channel: 'news' })
      .returning({ id: posts.id });
    await tx.insert(newsArticles).values({
      postId: post!.id,
      categoryId: input.categoryId,
      sourceLocale: input.versions[0]!.locale,
      coverUrl: input.cover ?? null,
      publishedAt: now,
    });
    await tx.insert(newsTranslations).values(
      input.versions.map((version) => ({
        postId: post!.id,
        locale: version.locale,
        title: version.title,
        summary: version.summary || version.body.slice(0, 120),
        body: version.body,
      })),
    );
    return { id: post!.id };
  });
}

/** Operators take an article down (soft delete of its thread: likes and comments stay on record). */
export async function removeArticle(db: DbOrTx, id: number, now: Date) {
  const [row] = await db
    .update(posts)
    .set({ deletedAt: now })
    .where(and(eq(posts.id, id), eq(posts.channel, 'news'), isNull(posts.deletedAt)))
    .returning({ id: posts.id });
  if (!row) throw new NotFoundError('NEWS_NOT_FOUND');
  return { id, deleted: true };
}

/** Every article of a language with its date, for the sitemap and the feeds. */
export async function articlesForIndex(db: DbOrTx, locale: Locale, limit: number) {
  return db
    .select({
      id: newsArticles.postId,
      title: newsTranslations.title,
      summary: newsTranslations.summary,
      publishedAt: newsArticles.publishedAt,
    })
    .from(newsArticles)
    .innerJoin(posts, eq(posts.id, newsArticles.postId))
    .innerJoin(newsTranslations, eq(newsTranslations.postId, newsArticles.postId))
    .where(and(eq(newsTranslations.locale, locale), isNull(posts.deletedAt)))
    .orderBy(desc(newsArticles.publishedAt))
    .limit(limit);
}
