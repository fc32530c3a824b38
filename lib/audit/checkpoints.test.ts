// Signed checkpoints of the audit chain (issue #46): made every AUDIT_CHECKPOINT_EVERY entries and by the
// hourly job, signed with the configured Ed25519 key, served with its public key at `/api/audit/head` (the
// signature verifies from the answer alone); the chain check holds the log against a checkpoint and finds
// a rewritten entry (even with every later hash recomputed, as a superuser would), a cut tail and a forgery.
import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import {
  auditSigner,
  auditSignerOf,
  type Checkpoint,
  checkpointMessage,
  configuredCheckpointPolicy,
  makeCheckpoint,
} from './checkpoints';
import { checkpointQuery } from './copy';
import { appendAudit, entryHash } from './service';

const { privateKey } = generateKeyPairSync('ed25519');
process.env.AUDIT_SIGNING_KEY = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
process.env.AUDIT_CHECKPOINT_EVERY = '5';

let testDb: TestDb;
const call = apiCaller(() => createApiApp({ db: () => testDb.db, clock: () => NOON }));
let operator: Awaited<ReturnType<typeof makeSignedInUser>>;
const headers = (lang = 'en') => ({ token: operator.token, lang });

type Head = {
  signing: string;
  keyId: string;
  publicKey: string;
  message: string;
  checkpoint: Checkpoint | null;
};
type Verify = {
  ok: boolean;
  entries: number;
  brokenAt?: number;
  signing: string;
  checkpoint: { seq: number; source: string; signature: string; result: string } | null;
};

beforeAll(async () => {
  testDb = await createTestDb();
  operator = await makeSignedInUser(testDb.db, { role: 'operator' });
});
afterAll(() => testDb.close());

const entry = (n: number) => ({
  at: new Date(NOON.getTime() + n * 1000),
  actorId: operator.user.id,
  actorRole: 'operator',
  action: '/api/admin/test',
  targetType: 'test',
  targetId: n,
  after: { n },
  reason: `reason ${n}`,
});

const chain = async () =>
  (
    await testDb.db.execute<{ id: string; hash: string }>(
      sql`select id::text, hash from audit_log order by audit_log.id`,
    )
  ).rows;
const storedCheckpoints = async () =>
  (
    await testDb.db.execute<{ seq: number; entry_id: string; hash: string }>(
      sql`select seq::int, entry_id::text, hash from audit_checkpoints order by seq`,
    )
  ).rows;

/** What a superuser can do: turn the append-only triggers off for one transaction. */
const behindTheBack = (work: Parameters<TestDb['db']['transaction']>[0]) =>
  testDb.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await work(tx);
  });

let copy: Checkpoint;

it('reads the key as PEM or base64 PKCS#8 and names it by its public key', () => {
  const der = privateKey.export({ type: 'pkcs8', format: 'der' }).toString('base64');
  expect(auditSignerOf(der).keyId).toBe(auditSigner()!.keyId);
  expect(auditSigner()!.keyId).toMatch(/^[0-9a-f]{16}$/);
});

it('signs a checkpoint with the first entry and every N entries, and the hourly job signs the head', async () => {
  // The portal's writer (a staff write through the API) makes the first one.
  const added = await call('/api/admin/sensitiveWords/add', {
    headers: headers(),
    json: { words: ['checkpointed-word'] },
  });
  expect(added.body.code).toBe(0);
  for (let n = 2; n <= 12; n++) await appendAudit(testDb.db, entry(n), configuredCheckpointPolicy());
  const rows = await chain();
  expect(rows).toHaveLength(12);
  const stored = await storedCheckpoints();
  expect(stored.map((each) => Number(each.seq))).toEqual([1, 5, 10]);
  for (const each of stored) {
    const row = rows[Number(each.seq) - 1]!;
    expect([each.entry_id, each.hash]).toEqual([row.id, row.hash]);
  }

  const hourly = await makeCheckpoint(testDb.db, NOON, auditSigner());
  expect(hourly).toMatchObject({ seq: 12, hash: rows[11]!.hash, at: NOON.toISOString() });
  // Nothing appended since: no new checkpoint.
  expect(await makeCheckpoint(testDb.db, NOON, auditSigner())).toBeNull();
});

it('serves the latest checkpoint with the public key, and its signature verifies from the answer alone', async () => {
  const head = await fetch('/api/audit/head');
  expect(head.signing).toBe('signed');
  expect(head.checkpoint).toMatchObject({ seq: 12, keyId: head.keyId });
  const { seq, hash, at, signature } = head.checkpoint!;
  const message = head.message.replace('{seq}', String(seq)).replace('{hash}', hash).replace('{at}', at);
  expect(verify(null, Buffer.from(message), head.publicKey, Buffer.from(signature, 'base64'))).toBe(true);
  copy = head.checkpoint!;

  const older = await fetch('/api/audit/head?seq=7');
  expect(older.checkpoint?.seq).toBe(5);

  // What the console does with a pasted copy: the head's answer, or the log line's object.
  const line = JSON.stringify({
    level: 30,
    audit_checkpoint: { ...copy, signed: true },
    msg: 'audit checkpoint',
  });
  for (const pasted of [JSON.stringify({ code: 0, data: head }), line]) {
    const query = checkpointQuery(pasted)!;
    expect(query).toEqual({ seq: '12', hash, at, key_id: head.keyId, signature });
    const checked = await call<Verify>(`/api/admin/audit/verify?${new URLSearchParams(query)}`, {
      headers: headers(),
    });
    expect(checked.body.data.checkpoint).toMatchObject({ source: 'given', result: 'matches' });
  }
  expect(checkpointQuery('not json')).toBeNull();
  expect(checkpointQuery('{"level":30}')).toBeNull();
});

async function fetch(path: string) {
  // Public: no token.
  const answer = await call<Head>(path);
  expect(answer.body.code).toBe(0);
  return answer.body.data;
}

const verifyAgainst = async (checkpoint?: Partial<Checkpoint>) => {
  const query = checkpoint
    ? `?${new URLSearchParams({
        seq: String(checkpoint.seq),
        hash: checkpoint.hash!,
        at: checkpoint.at!,
        ...(checkpoint.keyId ? { key_id: checkpoint.keyId } : {}),
        ...(checkpoint.signature ? { signature: checkpoint.signature } : {}),
      })}`
    : '';
  const answer = await call<Verify>(`/api/admin/audit/verify${query}`, { headers: headers() });
  expect(answer.body.code).toBe(0);
  return answer.body.data;
};

it('verifies the chain against the latest stored checkpoint or a copy, and refuses a forged one', async () => {
  expect(await verifyAgainst()).toMatchObject({
    ok: true,
    entries: 12,
    signing: 'signed',
    checkpoint: { seq: 12, source: 'stored', signature: 'valid', result: 'matches' },
  });
  expect(await verifyAgainst(copy)).toMatchObject({
    ok: true,
    checkpoint: { source: 'given', signature: 'valid', result: 'matches' },
  });

  const rows = await chain();
  // Another head under the real signature, another key's signature, no signature at all.
  const otherKey = generateKeyPairSync('ed25519').privateKey;
  const moved = { ...copy, seq: 9, hash: rows[8]!.hash };
  for (const forged of [
    { ...copy, hash: rows[10]!.hash },
    { ...moved, signature: sign(null, checkpointMessage(moved), otherKey).toString('base64') },
    { ...moved, keyId: '', signature: '' },
  ])
    expect(await verifyAgainst(forged)).toMatchObject({
      ok: false,
      checkpoint: { signature: 'invalid', result: 'bad_signature' },
    });
});

it('refuses a checkpoint given in part or malformed, in the reader language', async () => {
  const partial = await call('/api/admin/audit/verify?seq=5', { headers: headers() });
  expect([partial.status, partial.body.code, partial.body.msg]).toEqual([
    400,
    1,
    expect.stringContaining('Checkpoint hash'),
  ]);
  for (const query of ['seq=x', 'seq=0', `seq=1&hash=xyz&at=${NOON.toISOString()}`, 'at=yesterday']) {
    const refused = await call(`/api/admin/audit/verify?${query}`, { headers: headers() });
    expect([query, refused.status, refused.body.code]).toEqual([query, 400, 1]);
  }
  const head = await call('/api/audit/head?seq=abc', { headers: { lang: 'zh-CN' } });
  expect([head.status, head.body.code, head.body.msg]).toEqual([
    400,
    1,
    expect.stringContaining('检查点记录序号'),
  ]);
});

it('finds an entry rewritten with every later hash recomputed, then a cut tail, against the copy', async () => {
  // A superuser edits entry 3's reason and recomputes the chain after it: the plain check finds nothing.
  await behindTheBack(async (tx) => {
    const { rows } = await tx.execute<Record<string, unknown>>(sql`select * from audit_log order by id`);
    let prevHash = '';
    for (const [index, row] of rows.entries()) {
      const content = {
        at: row.at as string,
        actorId: row.actor_id as number,
        actorRole: row.actor_role as string,
        address: row.address as string,
        action: row.action as string,
        targetType: row.target_type as string,
        targetId: row.target_id as string,
        before: row.before,
        after: row.after,
        reason: index === 2 ? 'nothing to see' : (row.reason as string),
      };
      const hash = entryHash(prevHash, content);
      await tx.execute(
        sql`update audit_log set reason = ${content.reason}, prev_hash = ${prevHash}, hash = ${hash} where id = ${row.id}`,
      );
      prevHash = hash;
    }
  });
  const rewritten = await verifyAgainst(copy);
  expect(rewritten.brokenAt).toBeUndefined();
  expect(rewritten).toMatchObject({ ok: false, checkpoint: { result: 'rewritten' } });

  // Then the last three entries go.
  await behindTheBack(async (tx) => {
    await tx.execute(
      sql`delete from audit_log where id in (select id from audit_log order by id desc limit 3)`,
    );
  });
  expect(await verifyAgainst(copy)).toMatchObject({
    ok: false,
    entries: 9,
    checkpoint: { seq: 12, result: 'cut_tail' },
  });
});
