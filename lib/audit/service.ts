// Appending to the audit log and proving it whole. Each entry's hash covers the previous entry's hash and
// the entry's own canonical content, and entries are appended one at a time under a transaction-level
// advisory lock, so concurrent writers cannot both chain onto the same predecessor (which would fork the
// chain). `verifyAuditChain` recomputes every hash in order and names the first row that does not match.
import { createHash } from 'node:crypto';
import { asc, gt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { auditLog } from './schema';

/** The advisory lock every append takes (one chain, one writer at a time). */
const AUDIT_LOCK = 7_140_010;

export type AuditEntry = {
  at: Date;
  actorId: number;
  actorRole: string;
  address?: string;
  action: string;
  targetType?: string;
  targetId?: string | number;
  before?: unknown;
  after?: unknown;
  reason?: string;
};

type Row = typeof auditLog.$inferSelect;

/** JSON with object keys sorted at every depth: the same content always hashes the same. */
function canonical(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object')
    return `{${Object.keys(value as object)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonical((value as Record<string, unknown>)[key])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export function entryHash(prevHash: string, row: Omit<Row, 'id' | 'prevHash' | 'hash'>) {
  const content = canonical({
    at: new Date(row.at).toISOString(),
    actorId: row.actorId,
    actorRole: row.actorRole,
    address: row.address,
    action: row.action,
    targetType: row.targetType,
    targetId: row.targetId,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
  });
  return createHash('sha256').update(`${prevHash}\n${content}`).digest('hex');
}

/** Appends one entry at the end of the chain (its own transaction). */
export async function appendAudit(db: Db, entry: AuditEntry) {
  // Stored as JSON (jsonb normalises key order and number forms, so hash what it will give back).
  const json = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));
  const content = {
    at: entry.at.toISOString(),
    actorId: entry.actorId,
    actorRole: entry.actorRole,
    address: (entry.address ?? '').slice(0, 64),
    action: entry.action.slice(0, 120),
    targetType: (entry.targetType ?? '').slice(0, 40),
    targetId: String(entry.targetId ?? '').slice(0, 64),
    before: json(entry.before),
    after: json(entry.after),
    reason: entry.reason ?? '',
  };
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
    // A new statement after the lock: under READ COMMITTED it sees the entry of whoever held it before.
    const [last] = await tx
      .select({ hash: auditLog.hash })
      .from(auditLog)
      .orderBy(sql`${auditLog.id} desc`)
      .limit(1);
    const prevHash = last?.hash ?? '';
    const [row] = await tx
      .insert(auditLog)
      .values({ ...content, prevHash, hash: entryHash(prevHash, content) })
      .returning();
    return row!;
  });
}

export type ChainReport = { ok: true; entries: number } | { ok: false; entries: number; brokenAt: number };

/** Recomputes the chain in order; the first entry whose link or hash does not match breaks it. */
export async function verifyAuditChain(db: Db, batch = 1000): Promise<ChainReport> {
  let prevHash = '';
  let lastId = 0;
  let entries = 0;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, lastId))
      .orderBy(asc(auditLog.id))
      .limit(batch);
    for (const row of rows) {
      if (row.prevHash !== prevHash || row.hash !== entryHash(prevHash, row))
        return { ok: false, entries, brokenAt: row.id };
      prevHash = row.hash;
      lastId = row.id;
      entries++;
    }
    if (rows.length < batch) return { ok: true, entries };
  }
}
