// Who is handling a queue item (issue #41, "我来处理"): a staff member takes an item so colleagues see it is
// in hand. One row per item of a source; the item's decision is still the queue's (anyone with the role
// may decide it). A row outlives its item harmlessly: it is read only for items still waiting.
import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { users } from '@/lib/accounts/schema';

export const reviewClaims = pgTable(
  'review_claims',
  {
    /** The queue source's key (`report`, `withdrawal`, …). */
    source: varchar('source', { length: 32 }).notNull(),
    /** The item's id in its source (for reports, the case's first report). */
    itemId: integer('item_id').notNull(),
    staffId: integer('staff_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    claimedAt: timestamp('claimed_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.source, table.itemId] })],
);
