// Matches a signed-in user follows on the scores screens (the favourites tab, the star on each row,
// and the goal alerts limited to favourites). Owned rows: always read with the user's id.
import { index, integer, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../accounts/schema';
import { matches } from './schema';

export const matchFavourites = pgTable(
  'match_favourites',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    matchId: integer('match_id')
      .notNull()
      .references(() => matches.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.matchId] }),
    index('match_favourites_match_idx').on(table.matchId),
  ],
);
