// The staff's audit log: one row per operator action, append-only (a trigger refuses UPDATE, DELETE and
// TRUNCATE) and hash-chained (each row stores the hash of the one before), so a row changed or removed
// behind the portal's back is found by `verifyAuditChain`.
import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

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
    // The review queue's decided view and the log's action filter: one action's entries, newest first.
    index('audit_log_action_idx').on(table.action, table.id),
  ],
);

/**
 * Signed checkpoints of the chain (./checkpoints.ts): after `seq` entries the chain's head was `hash` (the
 * hash of entry `entryId`). Kept here for the console and `/api/audit/head`; what makes them worth
 * anything is the signature, made with a key the database never sees, and the copies kept elsewhere.
 */
export const auditCheckpoints = pgTable(
  'audit_checkpoints',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    /** How many entries the chain had (1-based position of `entryId` in it). */
    seq: bigint('seq', { mode: 'number' }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).notNull(),
    hash: varchar('hash', { length: 64 }).notNull(),
    at: timestamp('at', { withTimezone: true, mode: 'string' }).notNull(),
    /** The signing key's id (sha-256 of its public key, 16 hex), '' when unsigned. */
    keyId: varchar('key_id', { length: 16 }).notNull().default(''),
    /** Ed25519 over `checkpointMessage`, base64; '' when no key is configured. */
    signature: text('signature').notNull().default(''),
  },
  (table) => [index('audit_checkpoints_seq_idx').on(table.seq)],
);
