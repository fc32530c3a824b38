// The shared store of stored limiters (rate-limiter-flexible's Drizzle store): one row per limited key,
// its points spent in the current window and when that window (or a block) ends.
import { index, integer, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar('key', { length: 255 }).primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);
