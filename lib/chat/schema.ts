// Room chat (spec §2 live room, /score-live): messages of a channel — a live room or a match —,
// the room's administrators (spec §5: at most 200), mutes (spec §4, `Live/setTaboo`), per-room chat
// settings (sensitive-word handling, slow mode), and the badge
// colours users own (exchanged in the coin shop) with the one each wears on their chat lines.
import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  smallint,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { broadcasts, liveRooms } from '../live/schema';

/** A chat channel is a live room's (`live:<id>`) or a match's (`match:<id>`, on /score-live). */
export const chatChannelKind = pgEnum('chat_channel_kind', ['live', 'match']);
export const sensitiveMode = pgEnum('chat_sensitive_mode', ['mask', 'refuse']);
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    channelKind: chatChannelKind('channel_kind').notNull(),
    channelId: integer('channel_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As shown: after sensitive words were masked. */
    content: varchar('content', { length: 500 }).notNull(),
    /** A gift line: the gift sent (content then holds its zh-CN text, "送出 火箭 ×10"). */
    gift: jsonb('gift').$type<{ code: string; names: Record<string, string>; count: number }>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /** Deleted for everyone by a moderator. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    deletedBy: integer('deleted_by').references(() => users.id, { onDelete: 'set null' }),
    /**
     * `pending`: held by a `review` sensitive word, shown to its sender only until a moderator approves it
     * (then it joins the history and is pushed to the room) or refuses it (dropped).
     */
    reviewStatus: varchar('review_status', { length: 12, enum: ['pending', 'approved', 'rejected'] })
      .notNull()
      .default('approved'),
    /**
     * The sender's key for this line (the composer's, lib/http/retry-key.ts): a send retried after its
     * answer was lost answers the stored line instead of writing it twice. Null for lines sent without one.
     */
    clientKey: varchar('client_key', { length: 64 }),
  },
  (table) => [
    uniqueIndex('chat_messages_client_key_idx')
      .on(table.userId, table.clientKey)
      .where(sql`${table.clientKey} is not null`),
    // The review queue's pending lines: a partial index, as nearly every row is approved.
    index('chat_messages_pending_idx').on(table.id).where(sql`${table.reviewStatus} = 'pending'`),
    check(
      'chat_messages_review_status_check',
      sql`${table.reviewStatus} in ('pending', 'approved', 'rejected')`,
    ),
    index('chat_messages_channel_idx').on(table.channelKind, table.channelId, table.id),
    // The task dot's count of a user's chat lines today (lib/tasks/service.ts), on every signed-in page.
    index('chat_messages_user_idx').on(table.userId, table.createdAt),
    // The months the archive job moves to cold files (lib/jobs/archive.ts): rows are appended in time
    // order, so a BRIN index (a few kilobytes for a year) finds a month without reading the table.
    index('chat_messages_created_brin').using('brin', table.createdAt),
    check('chat_messages_content_length', sql`char_length(${table.content}) between 1 and 500`),
  ],
);

/** Room administrators (房管) an anchor appoints. */
export const roomAdmins = pgTable(
  'room_admins',
  {
    roomId: integer('room_id')
      .notNull()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    appointedAt: timestamp('appointed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.roomId, table.userId] }),
    index('room_admins_user_idx').on(table.userId),
  ],
);

/** A mute: until `expiresAt`, or (`broadcastId`) until that broadcast ends; `liftedAt` ends it early. */
export const chatMutes = pgTable(
  'chat_mutes',
  {
    id: serial('id').primaryKey(),
    channelKind: chatChannelKind('channel_kind').notNull(),
    channelId: integer('channel_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    broadcastId: integer('broadcast_id').references(() => broadcasts.id, { onDelete: 'cascade' }),
    liftedAt: timestamp('lifted_at', { withTimezone: true }),
  },
  (table) => [
    index('chat_mutes_target_idx').on(table.channelKind, table.channelId, table.userId),
    check('chat_mutes_has_end', sql`${table.expiresAt} is not null or ${table.broadcastId} is not null`),
  ],
);

export const chatRoomSettings = pgTable(
  'chat_room_settings',
  {
    roomId: integer('room_id')
      .primaryKey()
      .references(() => liveRooms.id, { onDelete: 'cascade' }),
    sensitiveMode: sensitiveMode('sensitive_mode').notNull().default('mask'),
    /** Seconds a viewer waits between two messages; 0 = off. */
    slowModeSeconds: smallint('slow_mode_seconds').notNull().default(0),
    /** Only the anchor's followers, moderators and nobles may speak. */
    fansOnly: boolean('fans_only').notNull().default(false),
    /**
     * Seconds the anchor's own video runs behind the match data feed (their source's delay): match
     * events in the room are held this long, plus the viewer's player delay (no spoilers).
     */
    feedDelaySeconds: smallint('feed_delay_seconds').notNull().default(0),
  },
  (table) => [
    check('chat_room_settings_slow_mode', sql`${table.slowModeSeconds} between 0 and 300`),
    check('chat_room_settings_feed_delay', sql`${table.feedDelaySeconds} between 0 and 120`),
  ],
);

/**
 * Chat badge colours a user owns (from the coin shop, lib/shop) — a code of `BADGE_COLORS`
 * (lib/chat/badge-colors.ts) — and the one they wear (`chosen`, at most one per user), which frames
 * their name on every chat line.
 */
export const chatBadgeColors = pgTable(
  'chat_badge_colors',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    color: varchar('color', { length: 16 }).notNull(),
    chosen: boolean('chosen').notNull().default(false),
    acquiredAt: timestamp('acquired_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.color] }),
    uniqueIndex('chat_badge_colors_chosen_unique').on(table.userId).where(sql`${table.chosen}`),
  ],
);
