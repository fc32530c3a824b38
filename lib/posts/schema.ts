// Posts (spec §2 streamer updates, news articles, the community's circle posts): text with up to 4
// images or one video, likes and one level of replies; a post may wait for an operator's review (§4). Counters live on the rows and move inside the same transaction
// as the like or comment they count; primary keys make a double like impossible.
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

export type PostVideo = { url: string; poster: string; duration_s: number; width: number; height: number };

/** Spec §4 approval: pending review, review succeeded, review failed. Only `approved` posts are shown. */
export const REVIEW_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];

export const posts = pgTable(
  'posts',
  {
    id: serial('id').primaryKey(),
    /** Null for what the portal writes itself (match reports of the news). */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'cascade' }),
    /** Where the post shows: `anchor` (streamer updates on /live), `news` (lib/news), `video` (lib/videos), `circle` (lib/circles). */
    channel: varchar('channel', { length: 16 }).notNull().default('anchor'),
    body: varchar('body', { length: 2000 }).notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    video: jsonb('video').$type<PostVideo>(),
    likeCount: integer('like_count').notNull().default(0),
    commentCount: integer('comment_count').notNull().default(0),
    /** Seen by everyone only when `approved`; the author (and operators) see the others with the reason. */
    reviewStatus: varchar('review_status', { length: 12, enum: REVIEW_STATUSES })
      .notNull()
      .default('approved'),
    reviewReason: varchar('review_reason', { length: 200 }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * Taken down by staff (an upheld report or the console's content lists, lib/moderation/content.ts):
     * `rejected` with the reason, shown to its author marked removed and to others as a tombstone; an
     * operator's restore approves it again. Null for a post refused at its first review.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('posts_author_idx').on(table.authorId, table.channel, table.createdAt),
    index('posts_review_idx').on(table.channel, table.reviewStatus, table.createdAt),
    check('posts_review_status_check', sql`${table.reviewStatus} in ('pending', 'approved', 'rejected')`),
  ],
);

export const postLikes = pgTable(
  'post_likes',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.postId, table.userId] })],
);

export const postComments = pgTable(
  'post_comments',
  {
    id: serial('id').primaryKey(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    authorId: integer('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A reply's top-level comment; replies to replies attach to the same top-level comment. */
    parentId: integer('parent_id').references((): AnyPgColumn => postComments.id, { onDelete: 'cascade' }),
    body: varchar('body', { length: 500 }).notNull(),
    likeCount: integer('like_count').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** Deleted by staff (with its replies, at the same `deletedAt`): a restore brings these back. */
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * `pending`: held by a `review` sensitive word, shown to its writer only (marked 审核中) until a moderator
     * approves it (then it counts and its post's author is told) or refuses it (its writer alone still reads it).
     */
    reviewStatus: varchar('review_status', { length: 12, enum: REVIEW_STATUSES })
      .notNull()
      .default('approved'),
  },
  (table) => [
    // The review queue's pending lines: a partial index, as nearly every row is approved.
    index('post_comments_pending_idx').on(table.id).where(sql`${table.reviewStatus} = 'pending'`),
    check(
      'post_comments_review_status_check',
      sql`${table.reviewStatus} in ('pending', 'approved', 'rejected')`,
    ),
    index('post_comments_post_idx').on(table.postId, table.parentId, table.createdAt),
    index('post_comments_parent_idx').on(table.parentId),
  ],
);

export const commentLikes = pgTable(
  'comment_likes',
  {
    commentId: integer('comment_id')
      .notNull()
      .references(() => postComments.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.commentId, table.userId] })],
);
