// Fan clubs (粉丝团, issue 12 item 7): one club per anchor — its badge name and join price — and its
// members with their intimacy (亲密度) and today's watch-time account. Levels come from intimacy
// (`levels.ts`); leaving deletes the member row, so intimacy starts again on a new join.
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

export const fanClubs = pgTable(
  'fan_clubs',
  {
    anchorId: integer('anchor_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The badge's name (display width ≤ 6: three CJK characters or six letters). */
    name: varchar('name', { length: 12 }).notNull(),
    /** Star diamonds a join costs; 0 = free. */
    joinPrice: integer('join_price').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  },
  (table) => [check('fan_clubs_price_range', sql`${table.joinPrice} between 0 and 100000`)],
);

export const fanClubMembers = pgTable(
  'fan_club_members',
  {
    anchorId: integer('anchor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    intimacy: integer('intimacy').notNull().default(0),
    /** The ledger operation of a paid join (null for a free one). */
    operationId: bigint('operation_id', { mode: 'number' }),
    /** Star diamonds paid to join. */
    paid: integer('paid').notNull().default(0),
    joinedAt: timestamp('joined_at', { withTimezone: true }).notNull(),
    /** The UTC+8 day (days since 1970-01-01) the watch counters below belong to. */
    watchDay: integer('watch_day').notNull().default(0),
    /** Seconds watched that day, counted between heartbeats at most `WATCH_BEAT_MAX_GAP_MS` apart. */
    watchSeconds: integer('watch_seconds').notNull().default(0),
    /** Intimacy earned by watching that day (≤ the daily cap). */
    watchIntimacy: integer('watch_intimacy').notNull().default(0),
    lastBeatAt: timestamp('last_beat_at', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.anchorId, table.userId] }),
    index('fan_club_members_rank_idx').on(table.anchorId, table.intimacy.desc()),
    index('fan_club_members_user_idx').on(table.userId),
    check(
      'fan_club_members_nonnegative',
      sql`${table.intimacy} >= 0 and ${table.paid} >= 0 and ${table.watchSeconds} >= 0 and ${table.watchIntimacy} >= 0`,
    ),
  ],
);
