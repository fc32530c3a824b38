// The leases of running job ticks (lib/jobs/queue.ts). A node takes a tick's lease in the transaction that
// fetches the tick from pg-boss, renews it while the tick runs and gives it back in the transaction that
// completes the tick, so an active tick always has one. A tick is orphaned only when its lease ran out or
// its node is gone (the node's session lock, keyed by `node`, is free).
import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';

export const jobLeases = pgTable(
  'job_leases',
  {
    /** The pg-boss id of the tick (lib/jobs/queue.ts `tickId`). */
    tickId: uuid('tick_id').primaryKey(),
    /** The job's name (its pg-boss queue). */
    name: text('name').notNull(),
    /** The holding node's key: the node holds the session advisory lock (NODE_LOCKS, node) while it lives. */
    node: integer('node').notNull(),
    /** Database time; renewed by the holder every third of the lease while the tick runs. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('job_leases_name_idx').on(table.name)],
);
