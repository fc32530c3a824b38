// News reads and writes: lists per language and category, the article in the reader's language (else
// the language it was written in), reading records, and operators' articles. Likes and comments are
// the article's post thread in lib/posts.
import {
  and,
  asc,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  type SQL,
  sql,
} from 'drizzle-orm';
import { NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { postLikes, posts } from '@/lib/posts/schema';
import { searchDocuments } from '@/lib/search/schema';
import { newsArticles, newsCategories, newsCounts, newsReads, newsTranslations } from './schema';

export const NEWS_PAGE_SIZE = 20;

/** Published by `now`: an article scheduled for later is invisible to readers until its time. */
export const publishedBy = (now: Date) => lte(newsArticles.publishedAt, now);

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

/**
 * Articles with a version in the reader's language, newest first, optionally of one category. `cursor`
 * (the answer's, the last article of a page) pages by keyset; without it `page` skips to its page. The
 * total is the kept count of the language (`news_counts`) less the scheduled articles, so neither reads
 * more rows than a page (issue #45).
 */
export async function listNews(
  db: DbOrTx,
  locale: Locale,
  options: {
    categoryId?: number | undefined;
    page: number;
    size: number;
    now: Date;
    cursor?: number | undefined;
  },
) {
  const category = options.categoryId ? eq(newsArticles.categoryId, options.categoryId) : undefined;
  const where = and(
    eq(newsTranslations.locale, locale),
    isNull(posts.deletedAt),
    publishedBy(options.now),
    category,
    options.cursor
      ? sql`(${newsArticles.publishedAt}, ${newsArticles.postId}) < (select published_at, post_id from ${newsArticles} where post_id = ${options.cursor})`
      : undefined,
  );
  const [rows, [kept], [scheduled]] = await Promise.all([
    listQuery(db)
      .where(where)
      .orderBy(desc(newsArticles.publishedAt), desc(newsArticles.postId))
      .limit(options.size)
      .offset(options.cursor ? 0 : (options.page - 1) * options.size),
    db
      .select({ value: sql<number>`coalesce(sum(${newsCounts.articles}), 0)::int` })
      .from(newsCounts)
      .where(
        and(
          eq(newsCounts.locale, locale),
          options.categoryId ? eq(newsCounts.categoryId, options.categoryId) : undefined,
        ),
      ),
    db
      .select({ value: count() })
      .from(newsArticles)
      .innerJoin(posts, eq(posts.id, newsArticles.postId))
      .innerJoin(newsTranslations, eq(newsTranslations.postId, newsArticles.postId))
      .where(
        and(
          gt(newsArticles.publishedAt, options.now),
          eq(newsTranslations.locale, locale),
          isNull(posts.deletedAt),
          category,
        ),
      ),
  ]);
  return {
    list: rows.map((row) => presentListItem(row, locale)),
    total: Math.max(0, (kept?.value ?? 0) - (scheduled?.value ?? 0)),
    page: options.page,
    size: options.size,
    /** The next page's `cursor`; null on the last page. */
    cursor: rows.length === options.size ? rows.at(-1)!.id : null,
  };
}

/** The most read recent articles of a language (the article page's side list). */
export async function popularNews(db: DbOrTx, locale: Locale, now: Date, limit = 10) {
  const recent = db
    .select({ id: newsArticles.postId })
    .from(newsArticles)
    .where(publishedBy(now))
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
export async function getArticle(db: DbOrTx, id: number, locale: Locale, viewerId: number | null, now: Date) {
  const [article] = await db
    .select({ article: newsArticles, post: posts, categoryNames: newsCategories.names })
    .from(newsArticles)
    .innerJoin(posts, eq(posts.id, newsArticles.postId))
    .innerJoin(newsCategories, eq(newsCategories.id, newsArticles.categoryId))
    .where(and(eq(newsArticles.postId, id), isNull(posts.deletedAt), publishedBy(now)));
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
  cover?: string | null | undefined;
  /** When readers see it; omitted: now for a new article, unchanged for an edited one. */
  publishAt?: Date | undefined;
  versions: ArticleVersion[];
};

const translationRows = (postId: number, versions: ArticleVersion[]) =>
  versions.map((version) => ({
    postId,
    locale: version.locale,
    title: version.title,
    summary: version.summary || version.body.slice(0, 120),
    body: version.body,
  }));

async function requireCategory(db: DbOrTx, categoryId: number) {
  const [category] = await db
    .select({ id: newsCategories.id })
    .from(newsCategories)
    .where(eq(newsCategories.id, categoryId));
  if (!category) throw new NotFoundError('NEWS_CATEGORY_NOT_FOUND');
}

/** An operator's article, in one or more languages; the first version is the one it was written in. */
export async function writeArticle(db: DbOrTx, operatorId: number, input: NewArticle, now: Date) {
  await requireCategory(db, input.categoryId);
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
      publishedAt: input.publishAt ?? now,
    });
    await tx.insert(newsTranslations).values(translationRows(post!.id, input.versions));
    return { id: post!.id };
  });
}

/**
 * An operator edits an article: its category, cover, publication time and language versions (the
 * versions sent replace the stored ones). Its search document is dropped so the index job writes it
 * again from the new titles. A generated match report stays tied to its match.
 */
export async function editArticle(db: DbOrTx, id: number, input: NewArticle) {
  await requireCategory(db, input.categoryId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(newsArticles)
      .set({
        categoryId: input.categoryId,
        sourceLocale: input.versions[0]!.locale,
        coverUrl: input.cover ?? null,
        ...(input.publishAt ? { publishedAt: input.publishAt } : {}),
      })
      .where(eq(newsArticles.postId, id))
      .returning({ id: newsArticles.postId });
    if (!row) throw new NotFoundError('NEWS_NOT_FOUND');
    await tx.delete(newsTranslations).where(eq(newsTranslations.postId, id));
    await tx.insert(newsTranslations).values(translationRows(id, input.versions));
    await tx
      .delete(searchDocuments)
      .where(and(eq(searchDocuments.kind, 'news'), eq(searchDocuments.refId, id)));
    return { id };
  });
}

export const ARTICLE_STATES = ['published', 'scheduled', 'removed'] as const;
export type ArticleState = (typeof ARTICLE_STATES)[number];
export const ADMIN_ARTICLE_SORTS = ['published_at', 'views', 'comments'] as const;

export type ArticleQuery = {
  state?: ArticleState | undefined;
  categoryId?: number | undefined;
  /** Part of a title in any language. */
  search?: string | undefined;
  automatic?: boolean | undefined;
  sort: (typeof ADMIN_ARTICLE_SORTS)[number];
  order: 'asc' | 'desc';
  page: number;
  size: number;
};

const stateOf = (deletedAt: Date | null, publishedAt: Date, now: Date): ArticleState =>
  deletedAt ? 'removed' : publishedAt > now ? 'scheduled' : 'published';

/** The operators' list: every article whatever its state, filtered, sorted and paged. */
export async function listArticlesForStaff(db: DbOrTx, locale: Locale, query: ArticleQuery, now: Date) {
  const conditions: (SQL | undefined)[] = [
    query.categoryId ? eq(newsArticles.categoryId, query.categoryId) : undefined,
    query.automatic === undefined ? undefined : eq(newsArticles.automatic, query.automatic),
    query.state === 'removed' ? isNotNull(posts.deletedAt) : undefined,
    query.state === 'published' ? and(isNull(posts.deletedAt), publishedBy(now)) : undefined,
    query.state === 'scheduled' ? and(isNull(posts.deletedAt), gt(newsArticles.publishedAt, now)) : undefined,
    query.search
      ? inArray(
          newsArticles.postId,
          db
            .select({ id: newsTranslations.postId })
            .from(newsTranslations)
            .where(ilike(newsTranslations.title, `%${query.search.replace(/[%_\\]/g, '\\$&')}%`)),
        )
      : undefined,
  ];
  const where = and(...conditions);
  const column = {
    published_at: newsArticles.publishedAt,
    views: newsArticles.viewCount,
    comments: posts.commentCount,
  }[query.sort];
  const direction = query.order === 'asc' ? asc : desc;
  const [rows, [total]] = await Promise.all([
    db
      .select({
        article: newsArticles,
        deletedAt: posts.deletedAt,
        comments: posts.commentCount,
        likes: posts.likeCount,
        categoryNames: newsCategories.names,
      })
      .from(newsArticles)
      .innerJoin(posts, eq(posts.id, newsArticles.postId))
      .innerJoin(newsCategories, eq(newsCategories.id, newsArticles.categoryId))
      .where(where)
      .orderBy(direction(column), direction(newsArticles.postId))
      .limit(query.size)
      .offset((query.page - 1) * query.size),
    db
      .select({ value: count() })
      .from(newsArticles)
      .innerJoin(posts, eq(posts.id, newsArticles.postId))
      .where(where),
  ]);
  const ids = rows.map((row) => row.article.postId);
  const versions = ids.length
    ? await db
        .select({
          id: newsTranslations.postId,
          locale: newsTranslations.locale,
          title: newsTranslations.title,
        })
        .from(newsTranslations)
        .where(inArray(newsTranslations.postId, ids))
    : [];
  return {
    list: rows.map((row) => {
      const own = versions.filter((version) => version.id === row.article.postId);
      const shown =
        own.find((version) => version.locale === locale) ??
        own.find((version) => version.locale === row.article.sourceLocale) ??
        own[0];
      return {
        id: row.article.postId,
        title: shown?.title ?? '',
        locales: own.map((version) => version.locale),
        category: {
          id: row.article.categoryId,
          name: row.categoryNames[locale] ?? row.categoryNames['zh-CN'] ?? '',
        },
        automatic: row.article.automatic,
        state: stateOf(row.deletedAt, row.article.publishedAt, now),
        views: row.article.viewCount,
        comments: row.comments,
        likes: row.likes,
        published_at: row.article.publishedAt,
      };
    }),
    total: total?.value ?? 0,
    page: query.page,
    size: query.size,
  };
}

/** One article as the editor opens it: every language version, whatever its state. */
export async function articleForStaff(db: DbOrTx, id: number, now: Date) {
  const [row] = await db
    .select({ article: newsArticles, deletedAt: posts.deletedAt })
    .from(newsArticles)
    .innerJoin(posts, eq(posts.id, newsArticles.postId))
    .where(eq(newsArticles.postId, id));
  if (!row) throw new NotFoundError('NEWS_NOT_FOUND');
  const versions = await db
    .select()
    .from(newsTranslations)
    .where(eq(newsTranslations.postId, id))
    .orderBy(asc(newsTranslations.locale));
  const source = row.article.sourceLocale;
  return {
    id,
    classify_id: row.article.categoryId,
    cover: row.article.coverUrl,
    automatic: row.article.automatic,
    match_id: row.article.matchId,
    state: stateOf(row.deletedAt, row.article.publishedAt, now),
    published_at: row.article.publishedAt,
    versions: [
      ...versions.filter((version) => version.locale === source),
      ...versions.filter((version) => version.locale !== source),
    ].map((version) => ({
      locale: version.locale as Locale,
      title: version.title,
      summary: version.summary,
      body: version.body,
    })),
  };
}

/** Brings a taken-down article back. */
export async function restoreArticle(db: DbOrTx, id: number) {
  const [row] = await db
    .update(posts)
    .set({ deletedAt: null })
    .where(and(eq(posts.id, id), eq(posts.channel, 'news'), isNotNull(posts.deletedAt)))
    .returning({ id: posts.id });
  if (!row) throw new NotFoundError('NEWS_NOT_FOUND');
  return { id, deleted: false };
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
export async function articlesForIndex(db: DbOrTx, locale: Locale, limit: number, now: Date) {
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
    .where(and(eq(newsTranslations.locale, locale), isNull(posts.deletedAt), publishedBy(now)))
    .orderBy(desc(newsArticles.publishedAt))
    .limit(limit);
}
