// Private messages (spec §2 private chat overlay, /chat-chat; §3 message, conversation): one-to-one
// conversations (C2C) and groups — private ones and a live room's fan groups — with their members
// (each with a last-read pointer), messages (text, image, custom card) and blocks between users.
// The message centre's notices (spec §7 `Push/getList`) live here too: stored, one row per reader.
import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { liveRooms } from '../live/schema';

export const imConversationKind = pgEnum('im_conversation_kind', ['c2c', 'group']);
export const imMessageKind = pgEnum('im_message_kind', ['text', 'image', 'custom']);

export const imConversations = pgTable(
  'im_conversations',
  {
    id: serial('id').primaryKey(),
    kind: imConversationKind('kind').notNull(),
    /** C2C only: `<smaller user id>:<larger user id>`, so a pair has exactly one conversation. */
    pairKey: varchar('pair_key', { length: 24 }).unique(),
    /** Groups only. */
    name: varchar('name', { length: 30 }),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    /** A live room's fan group (`live/addshowGroup`): anyone may join it from the room. */
    roomId: integer('room_id').references(() => liveRooms.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }),
    /**
     * Its newest message (issue #45: the list shows it without looking it up), set by the send's statement
     * with `lastMessageAt`. No foreign key: messages reference conversations, and one removed with its
     * sender leaves the list showing none.
     */
    lastMessageId: bigint('last_message_id', { mode: 'number' }),
    /** A dissolved group (`group/destroyGroupNew`) keeps its history but takes no messages. */
    dissolvedAt: timestamp('dissolved_at', { withTimezone: true }),
  },
  (table) => [
    index('im_conversations_room_idx').on(table.roomId),
    check(
      'im_conversations_shape',
      sql`(${table.kind} = 'c2c' and ${table.pairKey} is not null and ${table.name} is null)
        or (${table.kind} = 'group' and ${table.pairKey} is null and ${table.name} is not null)`,
    ),
  ],
);

export const imMembers = pgTable(
  'im_members',
  {
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => imConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** The newest message id this member has read (0: none). */
    lastReadId: bigint('last_read_id', { mode: 'number' }).notNull().default(0),
    /**
     * Messages of others after `lastReadId` (issue #45: the list reads it, never counts messages): raised
     * by a send in its transaction, cleared by a read or by the member's own send.
     */
    unread: integer('unread').notNull().default(0),
    /**
     * The member's list orders by it (its own index, newest first, issue #45): the conversation's
     * `lastMessageAt`, set by the same send; before the conversation's first message, when the member joined.
     */
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.conversationId, table.userId] }),
    index('im_members_user_idx').on(table.userId),
    index('im_members_user_recent_idx').on(
      table.userId,
      table.lastMessageAt.desc().nullsLast(),
      table.conversationId.desc().nullsFirst(),
    ),
  ],
);

/** A custom message's card (spec §3: title, imageUrl, id, type, price — e.g. an expert plan). */
export type ImCustomPayload = { title: string; imageUrl: string; id: number; type: string; price: number };

export const imMessages = pgTable(
  'im_messages',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    conversationId: integer('conversation_id')
      .notNull()
      .references(() => imConversations.id, { onDelete: 'cascade' }),
    senderId: integer('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: imMessageKind('kind').notNull(),
    /** Text messages: as shown, after sensitive words were masked. */
    text: varchar('text', { length: 500 }),
    /** Image messages: the sender's own `image` upload. */
    imageUrl: varchar('image_url', { length: 300 }),
    custom: jsonb('custom').$type<ImCustomPayload>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    /**
     * Taken down by staff on an upheld report (lib/im/takedown.ts): kept, never deleted; both parties see a
     * tombstone in its place, its sender with the reason. An operator's restore clears all three.
     */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    removedBy: integer('removed_by').references(() => users.id, { onDelete: 'set null' }),
    removalReason: varchar('removal_reason', { length: 200 }),
  },
  (table) => [
    index('im_messages_conversation_idx').on(table.conversationId, table.id),
    // The months the archive job moves to cold files (lib/jobs/archive.ts), as for chat lines and notices.
    index('im_messages_created_brin').using('brin', table.createdAt),
    check(
      'im_messages_shape',
      sql`(${table.kind} = 'text' and char_length(${table.text}) between 1 and 500)
        or (${table.kind} = 'image' and ${table.imageUrl} is not null)
        or (${table.kind} = 'custom' and ${table.custom} is not null)`,
    ),
  ],
);

/** `blockerId` receives nothing from `blockedId`. */
export const imBlocks = pgTable(
  'im_blocks',
  {
    blockerId: integer('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: integer('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    check('im_blocks_not_self', sql`${table.blockerId} <> ${table.blockedId}`),
  ],
);

export const NOTICE_KINDS = ['system', 'review', 'follow', 'reply'] as const;
export const noticeKind = pgEnum('notice_kind', NOTICE_KINDS);

/**
 * The message centre: one row per reader. `subject` names what the notice is about (a code the
 * screen translates, e.g. `report_upheld`), `params` the values its sentence needs (plain text).
 */
export const notices = pgTable(
  'notices',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: noticeKind('kind').notNull(),
    subject: varchar('subject', { length: 40 }).notNull(),
    /** Who caused it (the new follower, the replier), when someone did. */
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    /** Where the notice leads (a post, a room), a path of this site. */
    link: varchar('link', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
  },
  (table) => [
    index('notices_user_idx').on(table.userId, table.id),
    index('notices_unread_idx').on(table.userId, table.id).where(sql`${table.readAt} is null`),
    // The archive job's months (lib/jobs/archive.ts): appended in time order, so BRIN suffices.
    index('notices_created_brin').using('brin', table.createdAt),
  ],
);
