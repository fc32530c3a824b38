// The invitation program (spec §1 distribution and invite centre, §7 `api/Distribution/Invitation`):
// who joined through whose code, from which address and device, and the reward's state. One level
// only: an invitation row links an invitee to the inviter whose code they used, nothing further up.
import {
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

/**
 * waiting: no qualifying event yet; held: qualified but a fraud signal needs an operator; paid;
 * rejected: an operator refused it; capped: qualified after the inviter's lifetime cap was reached.
 */
export const inviteRewardStatus = pgEnum('invite_reward_status', [
  'waiting',
  'held',
  'paid',
  'rejected',
  'capped',
]);

export const invitations = pgTable(
  'invitations',
  {
    inviteeId: integer('invitee_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    inviterId: integer('inviter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /**
     * The sign-up's client address and its browser's verified known-device id (empty: none, itself a
     * fraud signal), with the user that browser last signed in as (the inviter's own browser is one).
     */
    address: varchar('address', { length: 64 }).notNull().default(''),
    device: varchar('device', { length: 64 }).notNull().default(''),
    deviceUserId: integer('device_user_id'),
    status: inviteRewardStatus('status').notNull().default('waiting'),
    /** What qualified it: `recharge` or `active_days`; the fraud signal that held it. */
    reason: varchar('reason', { length: 32 }),
    holdReason: varchar('hold_reason', { length: 32 }),
    reward: integer('reward').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (table) => [
    index('invitations_inviter_idx').on(table.inviterId, table.createdAt),
    index('invitations_status_idx').on(table.status),
  ],
);

/** The days (portal time zone) a user opened a live room: "active on three different days". */
export const watchDays = pgTable(
  'watch_days',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
  },
  (table) => [primaryKey({ columns: [table.userId, table.day] })],
);

/** One row (id 1): the program's rules an operator may change (lib/invites/rules.ts). */
export const inviteSettings = pgTable('invite_settings', {
  id: smallint('id').primaryKey(),
  rules: jsonb('rules').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
