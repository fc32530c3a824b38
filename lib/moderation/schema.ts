// Room kick-outs: a viewer removed from a live room cannot re-enter it until the kick-out expires.
import { index, integer, pgTable, serial, timestamp } from 'drizzle-orm/pg-core';
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
  (table) => [index('room_kickouts_user_idx').on(table.userId, table.expiresAt)],
);
