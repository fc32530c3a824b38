// Signed checkpoints of the audit chain (issue #46): "after `seq` entries the head was `hash`", signed with
// an Ed25519 key from the configuration that the database never sees, logged as one structured line and
// served at `/api/audit/head`, so copies live outside the database. A superuser can still rewrite or cut
// the log and recompute every hash, but not sign a checkpoint that agrees: the chain check against any
// copy shows the cut tail or the rewritten entry (./service.ts `verifyAuditChain`).
import { createHash, createPublicKey, type KeyObject, sign, verify } from 'node:crypto';
import { desc, eq, lt, lte, sql } from 'drizzle-orm';
import { getConfig } from '@/lib/config';
import { readEd25519PrivateKey } from '@/lib/config/schema';
import type { Db, DbOrTx } from '@/lib/db';
import { log } from '@/lib/log';
import { auditCheckpoints, auditLog } from './schema';

/** The advisory lock every append and every checkpoint takes (one chain, one writer at a time). */
export const AUDIT_LOCK = 7_140_010;

export type AuditSigner = { keyId: string; publicKey: string; privateKey: KeyObject };

/** The signer of an Ed25519 private key (PEM or base64 PKCS#8); its id is the public key's sha-256, 16 hex. */
export function auditSignerOf(privateKeyText: string): AuditSigner {
  const privateKey = readEd25519PrivateKey(privateKeyText);
  const publicKey = createPublicKey(privateKey);
  const der = publicKey.export({ type: 'spki', format: 'der' });
  return {
    keyId: createHash('sha256').update(der).digest('hex').slice(0, 16),
    publicKey: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    privateKey,
  };
}

let configured: { text: string | undefined; signer: AuditSigner | null } | undefined;

/** The portal's signer (AUDIT_SIGNING_KEY), null when none is configured: checkpoints are then unsigned. */
export function auditSigner(): AuditSigner | null {
  const text = getConfig().AUDIT_SIGNING_KEY;
  if (!configured || configured.text !== text)
    configured = { text, signer: text ? auditSignerOf(text) : null };
  return configured.signer;
}

/** How appends make checkpoints: signed by `signer` (or not), one every `every` entries. */
export type CheckpointPolicy = { signer: AuditSigner | null; every: number };
export const configuredCheckpointPolicy = (): CheckpointPolicy => ({
  signer: auditSigner(),
  every: getConfig().AUDIT_CHECKPOINT_EVERY,
});

export type Checkpoint = {
  seq: number;
  entryId: number;
  hash: string;
  /** ISO 8601, exactly as signed. */
  at: string;
  keyId: string;
  signature: string;
};

/** What a checkpoint's signature covers (UTF-8), as `/api/audit/head` describes it. */
export const CHECKPOINT_MESSAGE_FORMAT = 'kickoff-audit-checkpoint/v1\n{seq}\n{hash}\n{at}';
export const checkpointMessage = (checkpoint: Pick<Checkpoint, 'seq' | 'hash' | 'at'>) =>
  Buffer.from(
    CHECKPOINT_MESSAGE_FORMAT.replace('{seq}', String(checkpoint.seq))
      .replace('{hash}', checkpoint.hash)
      .replace('{at}', checkpoint.at),
  );

/**
 * Whether `checkpoint` was signed by `signer`'s key: `unsigned` when the portal has no key (nothing can be
 * told), `invalid` for a missing signature, another key's or a wrong one.
 */
export function checkpointSignature(
  checkpoint: Pick<Checkpoint, 'seq' | 'hash' | 'at' | 'keyId' | 'signature'>,
  signer: AuditSigner | null,
): 'valid' | 'invalid' | 'unsigned' {
  if (!signer) return 'unsigned';
  if (checkpoint.keyId !== signer.keyId || !checkpoint.signature) return 'invalid';
  try {
    const signature = Buffer.from(checkpoint.signature, 'base64');
    return verify(null, checkpointMessage(checkpoint), createPublicKey(signer.privateKey), signature)
      ? 'valid'
      : 'invalid';
  } catch {
    return 'invalid';
  }
}

const checkpointOf = (row: typeof auditCheckpoints.$inferSelect): Checkpoint => ({
  seq: row.seq,
  entryId: row.entryId,
  hash: row.hash,
  at: new Date(row.at).toISOString(),
  keyId: row.keyId,
  signature: row.signature,
});

/** The newest checkpoint (at or before entry `seq` when given), null before the first. */
export async function latestCheckpoint(db: DbOrTx, seq?: number): Promise<Checkpoint | null> {
  const [row] = await db
    .select()
    .from(auditCheckpoints)
    .where(seq === undefined ? undefined : lte(auditCheckpoints.seq, seq))
    .orderBy(desc(auditCheckpoints.seq), desc(auditCheckpoints.id))
    .limit(1);
  return row ? checkpointOf(row) : null;
}

/**
 * The newest checkpoint of an entry before entry `entryId` (of any when undefined): where the chain's kept
 * part starts once older entries moved to cold storage (./archive.ts).
 */
export async function checkpointBefore(db: DbOrTx, entryId?: number): Promise<Checkpoint | null> {
  const [row] = await db
    .select()
    .from(auditCheckpoints)
    .where(entryId === undefined ? undefined : lt(auditCheckpoints.entryId, entryId))
    .orderBy(desc(auditCheckpoints.entryId), desc(auditCheckpoints.seq), desc(auditCheckpoints.id))
    .limit(1);
  return row ? checkpointOf(row) : null;
}

/**
 * The chain's end as the portal counts it (under AUDIT_LOCK): the latest checkpoint's `seq` plus the
 * entries after it, so an append counts at most `every` rows, never the whole log.
 */
async function chainEnd(tx: DbOrTx, latest: Checkpoint | null) {
  const { rows } = await tx.execute<{ entries: number; last: string | null }>(
    sql`select count(*)::int as entries, max(${auditLog.id})::text as last from ${auditLog}
        where ${auditLog.id} > ${latest?.entryId ?? 0}`,
  );
  const { entries, last } = rows[0]!;
  if (!last) return latest ? { seq: latest.seq, entryId: latest.entryId, hash: latest.hash } : null;
  const [row] = await tx
    .select({ hash: auditLog.hash })
    .from(auditLog)
    .where(eq(auditLog.id, Number(last)));
  return { seq: (latest?.seq ?? 0) + entries, entryId: Number(last), hash: row!.hash };
}

export async function writeCheckpoint(
  tx: DbOrTx,
  end: { seq: number; entryId: number; hash: string },
  at: Date,
  signer: AuditSigner | null,
): Promise<Checkpoint> {
  const content = { ...end, at: at.toISOString() };
  const checkpoint = {
    ...content,
    keyId: signer?.keyId ?? '',
    signature: signer ? sign(null, checkpointMessage(content), signer.privateKey).toString('base64') : '',
  };
  await tx.insert(auditCheckpoints).values(checkpoint);
  return checkpoint;
}

/** The log line every checkpoint leaves (ship it anywhere: `grep audit_checkpoint`). */
export function logCheckpoint(checkpoint: Checkpoint) {
  log.info(
    { audit_checkpoint: { ...checkpoint, signed: Boolean(checkpoint.signature) } },
    checkpoint.signature ? 'audit checkpoint' : 'audit checkpoint (unsigned: AUDIT_SIGNING_KEY is unset)',
  );
}

/**
 * Inside an append's transaction (the lock held, `entryId` just written): a checkpoint when the chain's
 * length is a multiple of `every`, or when there is none yet.
 */
export async function checkpointAfterAppend(
  tx: DbOrTx,
  at: Date,
  policy: CheckpointPolicy,
): Promise<Checkpoint | null> {
  const latest = await latestCheckpoint(tx);
  const end = await chainEnd(tx, latest);
  if (!end || (latest && end.seq % policy.every !== 0)) return null;
  return writeCheckpoint(tx, end, at, policy.signer);
}

/** The hourly checkpoint (job `audit-checkpoint`): the chain's head at `now`, unless nothing was appended. */
export async function makeCheckpoint(db: Db, now: Date, signer: AuditSigner | null) {
  const checkpoint = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${AUDIT_LOCK})`);
    const latest = await latestCheckpoint(tx);
    const end = await chainEnd(tx, latest);
    if (!end || end.seq === latest?.seq) return null;
    return writeCheckpoint(tx, end, now, signer);
  });
  if (checkpoint) logCheckpoint(checkpoint);
  return checkpoint;
}
