// The community (spec §2 /circle, /circle-detail): circles — one per league and club of the football
// data plus a few general ones — and the circle each community post (a lib/posts post of the `circle`
// channel) belongs to. Whether new posts wait for an operator's review is an operator setting.

import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  smallint,
  varchar,
} from 'drizzle-orm/pg-core';
import { posts } from '../posts/schema';
import { competitions, type LocalizedNames, teams } from '../scores/schema';

export const CIRCLE_KINDS = ['general', 'league', 'club'] as const;
export type CircleKind = (typeof CIRCLE_KINDS)[number];

export const circles = pgTable(
  'circles',
  {
    id: serial('id').primaryKey(),
    /** Natural key kept by the seed: `general:<name>`, `league:<competition code>`, `club:<team id>`. */
    slug: varchar('slug', { length: 80 }).notNull().unique(),
    kind: varchar('kind', { length: 8, enum: CIRCLE_KINDS }).notNull(),
    names: jsonb('names').$type<LocalizedNames>().notNull(),
    competitionId: integer('competition_id').references(() => competitions.id, { onDelete: 'cascade' }),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    /** A club's league circle, for grouping the list. */
    parentId: integer('parent_id'),
    sort: smallint('sort').notNull().default(0),
    /**
     * Its shown posts (approved, not deleted; issue #45: the list's total and the circle list's counts
     * read it, never count posts), kept by the triggers of migration 0051 in every write's transaction.
     */
    shownPosts: integer('shown_posts').notNull().default(0),
  },
  (table) => [
    index('circles_kind_idx').on(table.kind, table.sort),
    index('circles_parent_idx').on(table.parentId),
    check('circles_kind_check', sql`${table.kind} in ('general', 'league', 'club')`),
  ],
);

export const circlePosts = pgTable(
  'circle_posts',
  {
    postId: integer('post_id')
      .primaryKey()
      .references(() => posts.id, { onDelete: 'cascade' }),
    circleId: integer('circle_id')
      .notNull()
      .references(() => circles.id, { onDelete: 'cascade' }),
  },
  (table) => [index('circle_posts_circle_idx').on(table.circleId)],
);

/** One row (id 1): the community's operator settings. */
export const circleSettings = pgTable('circle_settings', {
  id: smallint('id').primaryKey().default(1),
  /** New posts wait for an operator's approval before anyone else sees them. */
  reviewPosts: boolean('review_posts').notNull().default(false),
});
