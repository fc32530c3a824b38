// Moderation: room kick-outs, viewers' reports and the reasons they choose from.
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

export const roomKickouts = pgTable(
  'room_kickouts',
  {
    id: serial('id').primaryKey(),
    roomId: integer('room_id').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    index('room_kickouts_user_idx').on(table.userId, table.expiresAt),
    index('room_kickouts_room_idx').on(table.roomId, table.expiresAt),
  ],
);

/** Spec §7 `Reportuser/classifyList`: the reasons a viewer picks, named in every locale. */
export const reportReasons = pgTable('report_reasons', {
  id: serial('id').primaryKey(),
  /** Stable name the seed matches on, so seeding twice changes nothing. */
  code: varchar('code', { length: 32 }).notNull().unique(),
  names: jsonb('names').$type<Record<string, string>>().notNull(),
  /** "Other" says nothing by itself: a description is required. */
  needsContent: boolean('needs_content').notNull().default(false),
  sort: integer('sort').notNull().default(0),
  enabled: boolean('enabled').notNull().default(true),
});

export const reports = pgTable(
  'reports',
  {
    id: serial('id').primaryKey(),
    reporterId: integer('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    targetType: varchar('target_type', { length: 16 }).notNull(),
    targetId: integer('target_id').notNull(),
    reasonId: integer('reason_id')
      .notNull()
      .references(() => reportReasons.id),
    content: varchar('content', { length: 200 }).notNull().default(''),
    images: jsonb('images').$type<string[]>().notNull().default([]),
    /** open → dismissed | upheld, by an operator. */
    status: varchar('status', { length: 16 }).notNull().default('open'),
    handlerId: integer('handler_id').references(() => users.id, { onDelete: 'set null' }),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    note: varchar('note', { length: 200 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One open report per reporter and target; a handled one may be followed by a new report.
    uniqueIndex('reports_open_unique')
      .on(table.reporterId, table.targetType, table.targetId)
      .where(sql`status = 'open'`),
    index('reports_status_idx').on(table.status, table.createdAt),
  ],
);
