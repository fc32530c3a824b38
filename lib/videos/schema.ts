// Videos (spec §2 /video-list, /video-player, /video-classify): a video is a post of the `video`
// channel — so its likes and comments are lib/posts' — with a title, a category, its file (an
// anchor's upload, or a broadcast's replay playlist), views counted once per viewer a day, and
// favourites. Categories sit in groups; each signed-in user keeps their own list of them (meClass).
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { broadcasts } from '../live/schema';
import { posts } from '../posts/schema';
import type { LocalizedNames } from '../scores/schema';
import { VIDEO_TITLE_MAX } from './limits';

/** Groups (parent null: 足球, 篮球, …) and the categories inside them (`api/Videoclassification`). */
export const videoCategories = pgTable(
  'video_categories',
  {
    id: serial('id').primaryKey(),
    /** Stable key (`football`, `premier-league`, …): the seed's natural key. */
    slug: varchar('slug', { length: 40 }).notNull().unique(),
    parentId: integer('parent_id').references((): AnyPgColumn => videoCategories.id, {
      onDelete: 'cascade',
    }),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    /** Shown under 推荐 on /video-classify. */
    recommended: boolean('recommended').notNull().default(false),
    sort: smallint('sort').notNull().default(0),
  },
  (table) => [index('video_categories_parent_idx').on(table.parentId, table.sort)],
);

export const videos = pgTable(
  'videos',
  {
    postId: integer('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => videoCategories.id),
    title: varchar('title', { length: VIDEO_TITLE_MAX }).notNull(),
    /** `file`: an MP4/WebM upload; `hls`: a broadcast's replay playlist. */
    kind: varchar('kind', { length: 8 }).notNull(),
    sourceUrl: varchar('source_url', { length: 300 }).notNull(),
    posterUrl: varchar('poster_url', { length: 300 }),
    durationS: real('duration_s').notNull(),
    width: integer('width'),
    height: integer('height'),
    /** Set when the video is a published replay: a broadcast becomes a video once. */
    broadcastId: integer('broadcast_id').references(() => broadcasts.id, { onDelete: 'set null' }),
    viewCount: integer('view_count').notNull().default(0),
    favoriteCount: integer('favorite_count').notNull().default(0),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    uniqueIndex('videos_broadcast_unique').on(table.broadcastId),
    index('videos_published_idx').on(table.publishedAt),
    index('videos_category_idx').on(table.categoryId, table.publishedAt),
    index('videos_author_idx').on(table.authorId, table.publishedAt),
    check('videos_title_not_blank', sql`length(btrim(${table.title})) > 0`),
    check('videos_kind', sql`${table.kind} in ('file', 'hls')`),
  ],
);

/** One row per viewer and day (UTC+8): a view counts once per viewer a day, and rankings count rows. */
export const videoViews = pgTable(
  'video_views',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.postId, { onDelete: 'cascade' }),
    /** `u<user id>` or `g<hash of address and browser>` for guests. */
    viewer: varchar('viewer', { length: 40 }).notNull(),
    day: date('day').notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.videoId, table.viewer, table.day] }),
    index('video_views_day_idx').on(table.day, table.videoId),
  ],
);

export const videoFavorites = pgTable(
  'video_favorites',
  {
    videoId: integer('video_id')
      .notNull()
      .references(() => videos.postId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.videoId, table.userId] }),
    index('video_favorites_user_idx').on(table.userId, table.createdAt),
  ],
);

/** A user's own categories (spec §3 local setting meClass), kept on the server for signed-in users. */
export const videoMyCategories = pgTable(
  'video_my_categories',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => videoCategories.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.categoryId] })],
);

/** The operators' video settings (one row). */
export const videoSettings = pgTable('video_settings', {
  id: smallint('id').primaryKey().default(1),
  /** New uploads wait for a moderator's approval before anyone but their author sees them. */
  reviewUploads: boolean('review_uploads').notNull().default(false),
});
