// The staff's audit log: one row per operator action, append-only (a trigger refuses UPDATE, DELETE and
// TRUNCATE) and hash-chained (each row stores the hash of the one before), so a row changed or removed
// behind the portal's back is found by `verifyAuditChain`.
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    actorId: integer('actor_id').notNull(),
    actorRole: varchar('actor_role', { length: 16 }).notNull(),
    address: varchar('address', { length: 64 }).notNull().default(''),
    /** What was done: the declared path of the route (e.g. `/api/admin/review/withdrawal/decide`). */
    action: varchar('action', { length: 120 }).notNull(),
    targetType: varchar('target_type', { length: 40 }).notNull().default(''),
    targetId: varchar('target_id', { length: 64 }).notNull().default(''),
    before: jsonb('before'),
    after: jsonb('after'),
    reason: text('reason').notNull().default(''),
    /** The previous row's `hash` ('' for the first row). */
    prevHash: varchar('prev_hash', { length: 64 }).notNull(),
    /** sha-256 of `prevHash` and this row's canonical content. */
    hash: varchar('hash', { length: 64 }).notNull(),
  },
  (table) => [
    index('audit_log_at_idx').on(table.at),
    index('audit_log_actor_idx').on(table.actorId, table.at),
    index('audit_log_target_idx').on(table.targetType, table.targetId),
  ],
);
