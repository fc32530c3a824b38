// Appending to the audit log and proving it whole. Each entry's hash covers the previous entry's hash and
// the entry's own canonical content, and entries are appended one at a time under a transaction-level
// advisory lock, so concurrent writers cannot both chain onto the same predecessor (which would fork the
// chain). `verifyAuditChain` recomputes every hash in order, names the first row that does not match and
// holds the chain against a signed checkpoint (./checkpoints.ts): a cut tail, a rewritten entry, a forgery.
import { createHash } from 'node:crypto';
import { asc, gt, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import {
  AUDIT_LOCK,
  type AuditSigner,
  type Checkpoint,
  type CheckpointPolicy,
  checkpointAfterAppend,
  checkpointBefore,
  checkpointSignature,
  latestCheckpoint,
  logCheckpoint,
} from './checkpoints';
import { auditLog } from './schema';

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

/**
 * Appends one entry at the end of the chain (its own transaction); with a checkpoint policy, signs a
 * checkpoint when the chain reaches a multiple of `policy.every` entries (the portal's writer passes it).
 */
export async function appendAudit(db: Db, entry: AuditEntry, policy?: CheckpointPolicy) {
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
  const { row, checkpoint } = await db.transaction(async (tx) => {
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
    return { row: row!, checkpoint: policy ? await checkpointAfterAppend(tx, entry.at, policy) : null };
  });
  if (checkpoint) logCheckpoint(checkpoint);
  return row;
}

/**
 * What a checkpoint said against what the chain is now (`archived`: its entries moved to cold storage,
 * checked against the cold file instead, `npm run archive:restore -- --verify FILE`).
 */
export type CheckpointResult = 'matches' | 'cut_tail' | 'rewritten' | 'bad_signature' | 'archived';

export type ChainReport = {
  /** The chain recomputes and agrees with the checkpoint (if any). */
  ok: boolean;
  entries: number;
  /** The first entry whose link or hash does not match. */
  brokenAt?: number;
  /** Whether the portal has a signing key: `unsigned` checkpoints prove nothing against the database's owner. */
  signing: 'signed' | 'unsigned';
  /**
   * The entries before the kept ones moved to cold storage (./archive.ts): the chain starts from this
   * checkpoint (its `seq` and hash) instead of from nothing. Null when the log holds its first entry.
   */
  archived: null | { seq: number; entryId: number; signature: 'valid' | 'invalid' | 'unsigned' };
  /** The chain at entry `pointAt` (when asked and kept): its position and hash. */
  point?: { seq: number; hash: string };
  checkpoint: null | {
    seq: number;
    hash: string;
    at: string;
    keyId: string;
    source: 'stored' | 'given';
    signature: 'valid' | 'invalid' | 'unsigned';
    result: CheckpointResult;
  };
};

export type ChainCheckOptions = {
  /** A checkpoint to hold the chain against (e.g. a copy from the logs); default the latest stored one. */
  checkpoint?: Omit<Checkpoint, 'entryId'>;
  /** The portal's signer: its public key verifies checkpoints. */
  signer?: AuditSigner | null;
  batch?: number;
  /** An entry id whose position and hash the report gives (`point`). */
  pointAt?: number;
};

/**
 * Where the kept chain starts: from nothing while the log holds its first entry (whose link is ''), else from
 * the checkpoint of the last entry moved to cold storage (the newest checkpoint before the oldest kept
 * entry; with no entry left, the newest of all).
 */
async function chainStart(db: Db) {
  const [first] = await db
    .select({ id: auditLog.id, prevHash: auditLog.prevHash })
    .from(auditLog)
    .orderBy(asc(auditLog.id))
    .limit(1);
  if (first?.prevHash === '') return null;
  return checkpointBefore(db, first?.id);
}

/**
 * Recomputes the chain from its start (the first entry, or the checkpoint its archived part ends at): the
 * first entry whose link or hash does not match breaks it. Against a checkpoint (after checking its
 * signature): fewer entries than its `seq` is a cut tail; the chain not leading to its hash at `seq` is a
 * rewritten entry; a checkpoint before the kept entries is `archived` (its cold file proves it).
 */
export async function verifyAuditChain(db: Db, options: ChainCheckOptions = {}): Promise<ChainReport> {
  const signer = options.signer ?? null;
  const batch = options.batch ?? 1000;
  const given = options.checkpoint;
  const checkpoint = given ?? (await latestCheckpoint(db));
  const start = await chainStart(db);
  let computed = start?.hash ?? '';
  let entries = start?.seq ?? 0;
  let lastId = start?.entryId ?? 0;
  let hashAtSeq: string | undefined = start && checkpoint?.seq === start.seq ? start.hash : undefined;
  let point: ChainReport['point'];
  let brokenAt: number | undefined;
  for (;;) {
    const rows = await db
      .select()
      .from(auditLog)
      .where(gt(auditLog.id, lastId))
      .orderBy(asc(auditLog.id))
      .limit(batch);
    for (const row of rows) {
      const expected = entryHash(computed, row);
      if (brokenAt === undefined && (row.prevHash !== computed || row.hash !== expected)) brokenAt = row.id;
      computed = expected;
      lastId = row.id;
      entries++;
      if (entries === checkpoint?.seq) hashAtSeq = computed;
      if (row.id === options.pointAt) point = { seq: entries, hash: computed };
    }
    if (rows.length < batch) break;
  }
  // The archived part's end must be this portal's signed checkpoint, as any other checkpoint.
  const archived = start && {
    seq: start.seq,
    entryId: start.entryId,
    signature: checkpointSignature(start, signer),
  };
  const report: ChainReport = {
    ok: brokenAt === undefined && archived?.signature !== 'invalid',
    entries,
    ...(brokenAt === undefined ? {} : { brokenAt }),
    signing: signer ? 'signed' : 'unsigned',
    archived,
    ...(point ? { point } : {}),
    checkpoint: null,
  };
  if (!checkpoint) return report;
  const signature = checkpointSignature(checkpoint, signer);
  const result: CheckpointResult =
    signature === 'invalid' || archived?.signature === 'invalid'
      ? 'bad_signature'
      : entries < checkpoint.seq
        ? 'cut_tail'
        : start && checkpoint.seq < start.seq
          ? 'archived'
          : hashAtSeq !== checkpoint.hash
            ? 'rewritten'
            : 'matches';
  return {
    ...report,
    ok: report.ok && result === 'matches',
    checkpoint: {
      seq: checkpoint.seq,
      hash: checkpoint.hash,
      at: checkpoint.at,
      keyId: checkpoint.keyId,
      source: given ? 'given' : 'stored',
      signature,
      result,
    },
  };
}
