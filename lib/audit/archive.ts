// Moving the audit log's oldest months to cold storage (issue #45 item 5, lib/jobs/archive.ts) without losing
// the chain: a month goes only after the kept chain verified against the latest stored checkpoint, and it
// ends at a checkpoint of its own last entry (signed like any other: made here when there is none), so
// the cold file proves itself (its entries recompute from the hash before the first to that checkpoint's
// hash, `verifyArchivedEntries`) and the kept chain starts from that checkpoint (./service.ts). Entries
// leave only through the owner's function `audit_archive_delete` (migration `audit_archive_delete`): the
// oldest ones, up to an entry a checkpoint names; the trigger still refuses every other delete.
import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import {
  AUDIT_LOCK,
  type AuditSigner,
  type Checkpoint,
  checkpointSignature,
  writeCheckpoint,
} from './checkpoints';
import { auditCheckpoints, auditLog } from './schema';
import { entryHash, verifyAuditChain } from './service';

/** One month of the oldest entries, ready to be written: ids `firstId`..`lastId`, and the chain around them. */
export type AuditCut = {
  month: string;
  firstId: number;
  lastId: number;
  /** The chain before `firstId`: its position (0 at the start) and hash ('' at the start). */
  before: { seq: number; hash: string };
  /** The checkpoint of entry `lastId`. */
  checkpoint: Checkpoint;
};

/** The chain's link as stored in a cold file (COPY text decoded: every value a string or null). */
export type ArchivedEntry = Parameters<typeof entryHash>[1] & { id: number; prevHash: string; hash: string };

const monthOf = (at: Date) => at.toISOString().slice(0, 7);
const nextMonth = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));

/**
 * The oldest month of entries before `cutoff` (a month's first instant), when it can go: the chain kept
 * verifies against the latest stored checkpoint, which lies past the month's last entry. Its own
 * checkpoint is made now (under the chain's lock) unless one of that entry exists. Null when nothing is
 * due or the chain must wait (`waiting` says why).
 */
export async function auditArchiveCut(
  db: Db,
  cutoff: Date,
  now: Date,
  signer: AuditSigner | null,
): Promise<AuditCut | { waiting: string } | null> {
  const [first] = await db
    .select({ id: auditLog.id, at: auditLog.at, prevHash: auditLog.prevHash })
    .from(auditLog)
    .orderBy(asc(auditLog.id))
    .limit(1);
  if (!first || new Date(first.at) >= cutoff) return null;
  const end = nextMonth(new Date(first.at));
  const { rows } = await db.execute<{ last: string }>(
    sql`select max(${auditLog.id})::text as last from ${auditLog} where ${auditLog.at} < ${end.toISOString()}`,
  );
  const lastId = Number(rows[0]!.last);
  const report = await verifyAuditChain(db, { signer, pointAt: lastId });
  if (!report.ok || !report.point || report.checkpoint?.result !== 'matches')
    return { waiting: 'the kept audit chain does not verify against its latest checkpoint' };
  if (report.checkpoint.seq < report.point.seq)
    return { waiting: 'no checkpoint past the month yet (one is made every hour)' };
  const point = report.point;
  const checkpoint = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
    const [existing] = await tx
      .select()
      .from(auditCheckpoints)
      .where(eq(auditCheckpoints.entryId, lastId))
      .orderBy(asc(auditCheckpoints.id))
      .limit(1);
    if (existing && existing.seq === point.seq && existing.hash === point.hash)
      return {
        seq: existing.seq,
        entryId: existing.entryId,
        hash: existing.hash,
        at: new Date(existing.at).toISOString(),
        keyId: existing.keyId,
        signature: existing.signature,
      };
    return writeCheckpoint(tx, { seq: point.seq, entryId: lastId, hash: point.hash }, now, signer);
  });
  return {
    month: monthOf(new Date(first.at)),
    firstId: first.id,
    lastId,
    before: { seq: report.archived?.seq ?? 0, hash: first.prevHash },
    checkpoint,
  };
}

/**
 * Why the archived entries `entries` (in id order) do not prove themselves, null when they do: each links to
 * the one before (the first to `before.hash`), each hash recomputes, they are `checkpoint.seq -
 * before.seq` entries ending at the checkpoint's entry and hash, and the checkpoint is this portal's
 * (its signature valid, or unsigned when the portal has no key).
 */
export async function verifyArchivedEntries(
  entries: Iterable<ArchivedEntry> | AsyncIterable<ArchivedEntry>,
  chain: { before: { seq: number; hash: string }; checkpoint: Checkpoint },
  signer: AuditSigner | null,
): Promise<string | null> {
  let computed = chain.before.hash;
  let count = 0;
  let lastId = 0;
  for await (const entry of entries) {
    if (entry.prevHash !== computed) return `entry ${entry.id} does not link to the entry before it`;
    computed = entryHash(computed, entry);
    if (entry.hash !== computed) return `entry ${entry.id} does not hash to its stored hash (rewritten)`;
    count++;
    lastId = entry.id;
  }
  const { checkpoint } = chain;
  if (checkpointSignature(checkpoint, signer) === 'invalid')
    return `the checkpoint of entry ${checkpoint.seq} does not carry this portal's signature`;
  if (chain.before.seq + count !== checkpoint.seq)
    return `the file holds ${count} entries, the checkpoint counts ${checkpoint.seq - chain.before.seq}`;
  if (lastId !== checkpoint.entryId || computed !== checkpoint.hash)
    return `the entries do not lead to the checkpoint's hash at entry ${checkpoint.seq}`;
  return null;
}

/**
 * The entries up to `lastId` (a checkpoint's entry) deleted, `batch` per statement, all in one transaction,
 * through `audit_archive_delete`: a function of the tables' owner, so the portal's role needs no DELETE
 * right on the log (docs/operations.md revokes it); it refuses an entry no checkpoint names.
 */
export async function deleteArchivedEntries(db: Db, lastId: number, batch: number) {
  return db.transaction(async (tx) => {
    let deleted = 0;
    for (;;) {
      const { rows } = await tx.execute<{ deleted: number }>(
        sql`select audit_archive_delete(${lastId}, ${batch}) as deleted`,
      );
      const count = Number(rows[0]!.deleted);
      deleted += count;
      if (count < batch) return deleted;
    }
  });
}

/** An audit entry as a cold file's COPY text gives it (lib/ops/cold-file.ts `readCopyRows`). */
export function archivedEntryOf(row: Record<string, string | null>): ArchivedEntry {
  const json = (text: string | null) => (text === null ? null : JSON.parse(text));
  return {
    id: Number(row.id),
    // `2026-01-05 10:00:00.123+00` (COPY in UTC) as ISO 8601.
    at: new Date(`${row.at!.replace(' ', 'T').replace(/([+-]\d{2})$/, '$1:00')}`).toISOString(),
    actorId: Number(row.actor_id),
    actorRole: row.actor_role ?? '',
    address: row.address ?? '',
    action: row.action ?? '',
    targetType: row.target_type ?? '',
    targetId: row.target_id ?? '',
    before: json(row.before),
    after: json(row.after),
    reason: row.reason ?? '',
    prevHash: row.prev_hash ?? '',
    hash: row.hash ?? '',
  };
}
