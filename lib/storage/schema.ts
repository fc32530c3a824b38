// Every accepted upload and its owner, so a stored file is only ever used by the user who sent it.
import { index, integer, pgTable, real, serial, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';

export const uploads = pgTable(
  'uploads',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: varchar('purpose', { length: 16 }).notNull(),
    key: varchar('key', { length: 80 }).notNull().unique(),
    url: varchar('url', { length: 300 }).notNull(),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    /** Videos only: length in seconds and the JPEG frame stored beside them. */
    durationS: real('duration_s'),
    posterUrl: varchar('poster_url', { length: 300 }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('uploads_user_idx').on(table.userId)],
);
