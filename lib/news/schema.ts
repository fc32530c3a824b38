// News (spec §2 /news, /detail, /comment): an article is a post of the `news` channel — so its likes
// and comments are lib/posts' — with a category, up to four language versions and, for match reports
// generated from the data, the match it reports on.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { posts } from '../posts/schema';
import { type LocalizedNames, matches } from '../scores/schema';

export const NEWS_TITLE_MAX = 80;
export const NEWS_SUMMARY_MAX = 200;
export const NEWS_BODY_MAX = 20_000;

/** Headline categories (`api/Headlines/classifyList`), named in every language. */
export const newsCategories = pgTable('news_categories', {
  id: serial('id').primaryKey(),
  /** Stable key (`football`, `reports`, …): the seed's natural key. */
  slug: varchar('slug', { length: 32 }).notNull().unique(),
  names: jsonb('names').$type<LocalizedNames>().notNull(),
  sort: smallint('sort').notNull().default(0),
  /** Off: hidden from readers and from the editor's choices; its articles keep it. */
  active: boolean('active').notNull().default(true),
});

export const newsArticles = pgTable(
  'news_articles',
  {
    postId: integer('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => newsCategories.id),
    /** Set for a report generated from a match's data: one report per match. */
    matchId: integer('match_id').references(() => matches.id, { onDelete: 'cascade' }),
    /** Written by the portal from the data, not by a person. */
    automatic: boolean('automatic').notNull().default(false),
    /** The language it was written in; the version shown when the reader's language is missing. */
    sourceLocale: varchar('source_locale', { length: 8 }).notNull(),
    coverUrl: text('cover_url'),
    viewCount: integer('view_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('news_articles_match_unique').on(table.matchId),
    index('news_articles_published_idx').on(table.publishedAt),
    index('news_articles_category_idx').on(table.categoryId, table.publishedAt),
  ],
);

/**
 * The readers' list totals (issue #45): per category and language, the articles with a version in that
 * language whose thread is not taken down, scheduled ones included (the list subtracts those not yet
 * published, found by `news_articles_published_idx`). Kept by the triggers of migration 0051 in the
 * transaction of every write to articles, versions and their posts.
 */
export const newsCounts = pgTable(
  'news_counts',
  {
    categoryId: integer('category_id')
      .notNull()
      .references(() => newsCategories.id, { onDelete: 'cascade' }),
    locale: varchar('locale', { length: 8 }).notNull(),
    articles: integer('articles').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.categoryId, table.locale] })],
);

/** One language version of an article: plain text (paragraphs split by blank lines), never HTML. */
export const newsTranslations = pgTable(
  'news_translations',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => newsArticles.postId, { onDelete: 'cascade' }),
    locale: varchar('locale', { length: 8 }).notNull(),
    title: varchar('title', { length: NEWS_TITLE_MAX }).notNull(),
    summary: varchar('summary', { length: NEWS_SUMMARY_MAX }).notNull(),
    body: text('body').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.locale] }),
    index('news_translations_locale_idx').on(table.locale, table.postId),
  ],
);

/** Reading records (`api/Headlines_user/insert`): who read what, last read time. */
export const newsReads = pgTable(
  'news_reads',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => newsArticles.postId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.postId, table.userId] }),
    index('news_reads_user_idx').on(table.userId, table.readAt),
  ],
);
