// The operations dashboard's own record: how many viewers the live rooms had, once a minute (the jobs'
// `ops-viewer-samples`), for the peak concurrency of a day. Nothing else keeps a figure over time.
import { integer, pgTable, timestamp } from 'drizzle-orm/pg-core';

export const viewerSamples = pgTable('viewer_samples', {
  /** The minute sampled (truncated), one row per minute for the cluster. */
  at: timestamp('at', { withTimezone: true }).primaryKey(),
  /** Sockets in live rooms on every node at that minute. */
  viewers: integer('viewers').notNull(),
  rooms: integer('rooms').notNull(),
});
