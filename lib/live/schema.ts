// Live streaming (spec §3 room info, §4 live states): one room per anchor, its broadcasts and
// replays, follows, reserved lives and bookings, and applications to become an anchor.
import {
  boolean,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { approvalStatus, users } from '../accounts/schema';

/** Spec §4 live states: not started, live, ended. */
export const liveStatus = pgEnum('live_status', ['idle', 'live', 'ended']);
/** Spec §2 /anchor types: football, basketball, the 18+ category, or a custom category. */
export const liveCategory = pgEnum('live_category', ['football', 'basketball', 'adult', 'custom']);

/** Operator-defined categories beyond the three built in (`/anchor?type=3&id=&name=`). */
export const customCategories = pgTable('custom_categories', {
  id: serial('id').primaryKey(),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const liveRooms = pgTable(
  'live_rooms',
  {
    /** The room number shown to viewers. */
    id: serial('id').primaryKey(),
    anchorId: integer('anchor_id')
      .notNull()
      .unique()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 60 }).notNull().default(''),
    /** Announcement, at most 50 characters (spec §5). */
    placard: varchar('placard', { length: 50 }).notNull().default(''),
    coverUrl: text('cover_url').notNull().default(''),
    category: liveCategory('category').notNull().default('football'),
    customCategoryId: integer('custom_category_id').references(() => customCategories.id, {
      onDelete: 'set null',
    }),
    /** A match (scores) this room covers. */
    matchId: integer('match_id'),
    status: liveStatus('status').notNull().default('idle'),
    /** sha-256 of the stream key; the key itself is shown once when made. */
    streamKeyHash: varchar('stream_key_hash', { length: 64 }),
    streamKeyRotatedAt: timestamp('stream_key_rotated_at', { withTimezone: true }),
    heat: integer('heat').notNull().default(0),
    liveSince: timestamp('live_since', { withTimezone: true }),
    sealedAt: timestamp('sealed_at', { withTimezone: true }),
    /** The staff's own words beside the code (older seals: the whole reason as the console wrote it). */
    sealReason: text('seal_reason'),
    /** The seal's reason code (lib/review/reasons.ts), shown in each reader's language. */
    sealReasonCode: varchar('seal_reason_code', { length: 40 }),
    /** When a seal lapses by itself; null while sealed means until an operator lifts it. */
    sealedUntil: timestamp('sealed_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('live_rooms_status_idx').on(table.status, table.heat)],
);

/** One row per time a room went live; the recording becomes its replay. */
export const broadcasts = pgTable(
  'broadcasts',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 60 }).notNull(),
    category: liveCategory('category').notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    /** Playlist path of the recording under the media folder, once it is finished. */
    replayPath: text('replay_path'),
    peakViewers: integer('peak_viewers').notNull().default(0),
    /**
     * How far the slowest way of watching (HLS) runs behind what the engine receives, in ms, measured by
     * the embedded engine from its playlist (lib/live/stream-delay.ts); null until measured.
     */
    streamDelayMs: integer('stream_delay_ms'),
  },
  (table) => [index('broadcasts_room_idx').on(table.roomId, table.startedAt)],
);

/** Spec §7 `api/Member/attention`: a user follows an anchor. */
export const follows = pgTable(
  'follows',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.anchorId] }),
    index('follows_anchor_idx').on(table.anchorId),
  ],
);

/** Lives an anchor announced ahead (`setReserveLiveNew`), shown as previews and on the schedule. */
export const reservedLives = pgTable(
  'reserved_lives',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 60 }).notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    matchId: integer('match_id'),
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('reserved_lives_starts_idx').on(table.startsAt)],
);

/** A viewer's bookings: a reserved live or a match (`reserveMatch`, `reserveMatch2`). */
export const bookings = pgTable(
  'bookings',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reservedLiveId: integer('reserved_live_id').references(() => reservedLives.id, { onDelete: 'cascade' }),
    matchId: integer('match_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('bookings_live_unique').on(table.userId, table.reservedLiveId),
    uniqueIndex('bookings_match_unique').on(table.userId, table.matchId),
  ],
);

/** Applications to become an anchor (spec §3 streamer application, §4 approval). */
export const anchorApplications = pgTable(
  'anchor_applications',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    realName: varchar('real_name', { length: 40 }).notNull(),
    contact: varchar('contact', { length: 60 }).notNull(),
    idNumber: varchar('id_number', { length: 32 }).notNull(),
    /** Storage key of the ID photo; private, shown to operators only. */
    idPhotoKey: varchar('id_photo_key', { length: 80 }).notNull(),
    experience: text('experience').notNull(),
    referrer: varchar('referrer', { length: 40 }),
    status: approvalStatus('status').notNull().default('pending'),
    reviewerId: integer('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('anchor_applications_user_idx').on(table.userId, table.createdAt)],
);

/** A signed-in viewer's watch history (`api/User/watchlistList`): the last visit to each room. */
export const watchHistory = pgTable(
  'watch_history',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    watchedAt: timestamp('watched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.roomId] }),
    index('watch_history_user_idx').on(table.userId, table.watchedAt),
  ],
);
