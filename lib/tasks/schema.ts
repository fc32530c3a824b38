// Coins' earning side (issue 30 part A): the operator's rules, daily sign-ins, claimed task rewards,
// what the server saw that no other table keeps (shares, follows ever made) and watch time from the
// room presence the socket gateway sees. Coins themselves live in the ledger (`coin` currency).
import { sql } from 'drizzle-orm';
import {
  bigint,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/** One row (id 1): the rules an operator may change (rewards, caps, the day's time zone). */
export const taskSettings = pgTable('task_settings', {
  id: smallint('id').primaryKey(),
  rules: jsonb('rules').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One sign-in per user and local day; `streak` counts consecutive days, the cycle day is derived. */
export const signIns = pgTable(
  'sign_ins',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `YYYY-MM-DD` in the rules' time zone. */
    day: varchar('day', { length: 10 }).notNull(),
    streak: integer('streak').notNull(),
    reward: integer('reward').notNull(),
    operationId: bigint('operation_id', { mode: 'number' }).notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    check('sign_ins_positive', sql`${table.streak} >= 1 and ${table.reward} >= 0`),
  ],
);

/** A task's reward taken: once per task and period (the local day, or `once` for one-off tasks). */
export const taskClaims = pgTable(
  'task_claims',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    task: varchar('task', { length: 24 }).notNull(),
    period: varchar('period', { length: 10 }).notNull(),
    /** The local day of the claim (the daily cap counts by it). */
    day: varchar('day', { length: 10 }).notNull(),
    reward: integer('reward').notNull(),
    operationId: bigint('operation_id', { mode: 'number' }).notNull(),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.task, table.period] }),
    index('task_claims_day_idx').on(table.userId, table.day),
  ],
);

/**
 * Events no other table keeps: `share` of a room (period = the local day) and `follow` of an anchor
 * (period `ever`, so follow-unfollow-follow is one).
 */
export const taskMarks = pgTable(
  'task_marks',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 12 }).notNull(),
    subjectId: integer('subject_id').notNull(),
    period: varchar('period', { length: 10 }).notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.kind, table.period, table.subjectId] })],
);

/** Seconds a signed-in viewer spent in live rooms on a local day, from the gateway's heartbeats. */
export const watchTime = pgTable(
  'watch_time',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: varchar('day', { length: 10 }).notNull(),
    seconds: integer('seconds').notNull().default(0),
    lastBeatAt: timestamp('last_beat_at', { withTimezone: true }).notNull(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.day] }),
    check('watch_time_seconds', sql`${table.seconds} >= 0`),
  ],
);
