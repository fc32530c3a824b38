// Data that ages (issue #45 item 5), on the real database with a passed clock: with the retention off nothing
// moves; on, whole months older than it are in verified cold files at the backup's folder and gone from
// their tables while newer rows, lines awaiting review and lines with an open report stay (and of private
// messages, each conversation's newest and reported ones); a crash after a
// file was verified (and in the middle of its deletion) resumes without duplicate or loss, a half-written
// file is written again; the audit log is archived up to a signed checkpoint of each month's end, its cold
// file proves itself against it (and a rewritten one does not), and the kept chain still verifies and
// still catches a rewritten entry; a cold file comes back with restoreColdFile, a damaged one is refused.
import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { asc, eq, sql } from 'drizzle-orm';
import { type AuditSigner, auditSignerOf, makeCheckpoint } from '@/lib/audit/checkpoints';
import { auditLog } from '@/lib/audit/schema';
import { appendAudit, entryHash, verifyAuditChain } from '@/lib/audit/service';
import { chatMessages } from '@/lib/chat/schema';
import { imConversations, imMessages, notices } from '@/lib/im/schema';
import { reportReasons, reports } from '@/lib/moderation/schema';
import { discard, RestoreRefused, RowDigest } from '@/lib/ops/backup';
import { readCopyRows, restoreColdFile, withProvenColdFile } from '@/lib/ops/cold-file';
import { backupSchedule, saveBackupSchedule } from '@/lib/system/backup-settings';
import { saveRetention } from '@/lib/system/retention-settings';
import { COLD_TABLES, coldArchives } from '@/lib/system/schema';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';
import { AGING_TABLES, archiveAged, auditCheck, coldTarget, deleteArchived, writeArchive } from './archive';

jest.setTimeout(120_000);

let testDb: TestDb;
let userId: number;
let signer: AuditSigner;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'archive-test-'));
const folder = path.join(work, 'backups');
const cold = path.join(folder, 'cold');
/** The passed clock: 2026-06-15. Chat and notices keep 3 months (before 2026-03), the audit log 12 (before 2025-06). */
const NOW = NOON;
const at = (iso: string) => new Date(iso);

beforeAll(async () => {
  testDb = await createTestDb();
  userId = (await makeUser(testDb.db, { role: 'operator' })).id;
  signer = auditSignerOf(
    generateKeyPairSync('ed25519').privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  );
});
afterAll(async () => {
  await testDb.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const chatLine = (createdAt: string, content: string, reviewStatus: 'pending' | 'approved' = 'approved') =>
  ({ channelKind: 'live', channelId: 1, userId, content, createdAt: at(createdAt), reviewStatus }) as const;

async function seed() {
  const lines = await testDb.db
    .insert(chatMessages)
    .values([
      chatLine('2026-01-03T10:00:00Z', 'jan plain'),
      chatLine('2026-01-10T10:00:00Z', 'jan awaiting review', 'pending'),
      chatLine('2026-01-20T10:00:00Z', 'jan reported'),
      chatLine('2026-01-31T23:59:59.999Z', 'jan last instant'),
      chatLine('2026-02-14T10:00:00Z', 'feb one'),
      chatLine('2026-02-28T10:00:00Z', 'feb two'),
      chatLine('2026-03-01T00:00:00Z', 'march: kept'),
      chatLine('2026-05-20T10:00:00Z', 'may: kept'),
    ])
    .returning();
  const [reason] = await testDb.db
    .insert(reportReasons)
    .values({ code: 'archive-test', names: { en: 'Spam' } })
    .returning();
  const reported = lines.find((line) => line.content === 'jan reported')!;
  await testDb.db
    .insert(reports)
    .values({ reporterId: userId, targetType: 'chat', targetId: reported.id, reasonId: reason!.id });
  await testDb.db.insert(notices).values(
    ['2026-01-05T08:00:00Z', '2026-01-25T08:00:00Z', '2026-06-01T08:00:00Z'].map((createdAt) => ({
      userId,
      kind: 'system' as const,
      subject: 'test',
      createdAt: at(createdAt),
    })),
  );
  const policy = { signer, every: 1000 };
  for (const [n, when] of [
    '2025-03-02T09:00:00Z',
    '2025-03-15T09:00:00Z',
    '2025-03-31T09:00:00Z',
    '2025-04-01T09:00:00Z',
    '2025-04-30T09:00:00Z',
    '2026-06-01T09:00:00Z',
    '2026-06-10T09:00:00Z',
  ].entries())
    await appendAudit(
      testDb.db,
      { at: at(when), actorId: userId, actorRole: 'operator', action: '/api/admin/test', after: { n } },
      policy,
    );
  await makeCheckpoint(testDb.db, NOW, signer);
  return lines;
}

const contents = async (table: typeof chatMessages | typeof notices) =>
  (await testDb.db.select().from(table).orderBy(asc(table.id))).map((row) => row.id);

/** The rows of a cold file at the target (proved first), as COPY fields. */
async function rowsOf(name: string) {
  return withProvenColdFile(
    path.join(cold, name),
    { tables: COLD_TABLES, check: auditCheck(signer) },
    async ({ manifest, rowsFile }) => {
      const rows: Record<string, string | null>[] = [];
      for await (const row of readCopyRows(rowsFile, manifest.tables[0]!.columns)) rows.push(row);
      return rows;
    },
  );
}

const behindTheBack = (work: Parameters<TestDb['db']['transaction']>[0]) =>
  testDb.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await work(tx);
  });

it('moves whole aged months to verified cold files, resumes after a crash, keeps held lines and the chain', async () => {
  const lines = await seed();
  const id = (content: string) => lines.find((line) => line.content === content)!.id;
  const chatBefore = await contents(chatMessages);

  // Off by default: nothing moves, nothing is written.
  expect(await archiveAged(testDb.db, NOW, { signer })).toMatchObject({ off: true, archived: [] });
  expect(await contents(chatMessages)).toEqual(chatBefore);
  expect(fs.existsSync(cold)).toBe(false);

  await saveBackupSchedule(
    testDb.db,
    { enabled: false, intervalHours: 24, keep: 7, target: 'folder', folder },
    { now: NOW, actorId: userId },
  );
  await saveRetention(
    testDb.db,
    { chat: 3, notices: 3, audit: 12, private: null },
    { now: NOW, actorId: userId },
  );
  const target = coldTarget(await backupSchedule(testDb.db));

  // A crash: January's chat file written and verified, then the node died after deleting one row of it.
  const january = await writeArchive(
    testDb.db,
    target,
    {
      table: 'chat_messages',
      month: '2026-01',
      part: 1,
      time: { column: 'created_at', from: at('2026-01-01T00:00:00Z'), to: at('2026-02-01T00:00:00Z') },
      held: AGING_TABLES[0]!.held,
    },
    { now: NOW, signer },
  );
  expect(january).toMatchObject({
    rows: 2,
    state: 'verified',
    keptIds: [id('jan awaiting review'), id('jan reported')],
  });
  expect(await deleteArchived(testDb.db, january!, { now: NOW, batch: 1, maxBatches: 1 })).toEqual({
    deleted: 1,
    done: false,
  });
  const januaryFile = fs.statSync(path.join(cold, january!.file));
  // Another crash, before its record: January's notices half-written at the target.
  fs.writeFileSync(path.join(cold, 'cold-notices-2026-01-p1.tar.gz'), 'half a file');

  const summary = await archiveAged(testDb.db, NOW, { signer, batch: 1 });
  expect(summary).toMatchObject({
    resumed: 1,
    archived: [
      { table: 'chat_messages', month: '2026-02', part: 1, rows: 2 },
      { table: 'notices', month: '2026-01', part: 1, rows: 2 },
      { table: 'audit_log', month: '2025-03', part: 1, rows: 3 },
      { table: 'audit_log', month: '2025-04', part: 1, rows: 2 },
    ],
  });
  expect(summary.waiting).toBeUndefined();
  // January was not written again.
  expect(fs.statSync(path.join(cold, january!.file)).mtimeMs).toBe(januaryFile.mtimeMs);

  // What stays: newer rows and the held lines; what went is in the files, each row once.
  expect(await contents(chatMessages)).toEqual(
    [id('jan awaiting review'), id('jan reported'), id('march: kept'), id('may: kept')].sort((a, b) => a - b),
  );
  const inFiles = [
    ...(await rowsOf('cold-chat_messages-2026-01-p1.tar.gz')),
    ...(await rowsOf('cold-chat_messages-2026-02-p1.tar.gz')),
  ].map((row) => row.content);
  expect(inFiles.sort()).toEqual(['feb one', 'feb two', 'jan last instant', 'jan plain']);
  expect((await rowsOf('cold-notices-2026-01-p1.tar.gz')).length).toBe(2);
  expect((await testDb.db.select().from(notices)).map((row) => row.createdAt)).toEqual([
    at('2026-06-01T08:00:00Z'),
  ]);
  const records = await testDb.db.select().from(coldArchives).orderBy(asc(coldArchives.id));
  expect(records.map((record) => [record.tableName, record.month, record.state])).toEqual([
    ['chat_messages', '2026-01', 'deleted'],
    ['chat_messages', '2026-02', 'deleted'],
    ['notices', '2026-01', 'deleted'],
    ['audit_log', '2025-03', 'deleted'],
    ['audit_log', '2025-04', 'deleted'],
  ]);

  // Again the same day: nothing more to do.
  expect(await archiveAged(testDb.db, NOW, { signer })).toMatchObject({ archived: [], resumed: 0 });

  // The audit chain: two entries kept, verified from the checkpoint of the last archived one.
  const chain = await verifyAuditChain(testDb.db, { signer });
  expect(chain).toMatchObject({
    ok: true,
    entries: 7,
    archived: { seq: 5, signature: 'valid' },
    checkpoint: { seq: 7, result: 'matches', signature: 'valid' },
  });
  expect((await testDb.db.select().from(auditLog)).length).toBe(2);
  const archivedAudit = await rowsOf('cold-audit_log-2025-04-p1.tar.gz');
  expect(archivedAudit.map((row) => JSON.parse(row.after!).n)).toEqual([3, 4]);

  // Released lines go in a later part of their month.
  await testDb.db.update(reports).set({ status: 'dismissed' });
  await testDb.db.update(chatMessages).set({ reviewStatus: 'approved' });
  expect(await archiveAged(testDb.db, NOW, { signer })).toMatchObject({
    archived: [{ table: 'chat_messages', month: '2026-01', part: 2, rows: 2 }],
  });
  expect(await contents(chatMessages)).toEqual([id('march: kept'), id('may: kept')]);
});

it('moves aged private messages, keeping each conversation’s newest message and reported ones', async () => {
  const other = await makeUser(testDb.db);
  const pairKey = (a: number, b: number) => `${Math.min(a, b)}:${Math.max(a, b)}`;
  const third = await makeUser(testDb.db);
  const [busy, quiet] = await testDb.db
    .insert(imConversations)
    .values([
      { kind: 'c2c', pairKey: pairKey(userId, other.id), createdAt: at('2026-01-01T00:00:00Z') },
      { kind: 'c2c', pairKey: pairKey(userId, third.id), createdAt: at('2026-01-01T00:00:00Z') },
    ])
    .returning();
  const pm = (conversationId: number, createdAt: string, text: string) => ({
    conversationId,
    senderId: userId,
    kind: 'text' as const,
    text,
    createdAt: at(createdAt),
  });
  const sent = await testDb.db
    .insert(imMessages)
    .values([
      pm(busy!.id, '2026-01-05T10:00:00Z', 'jan hello'),
      pm(busy!.id, '2026-01-06T10:00:00Z', 'jan reported'),
      pm(quiet!.id, '2026-01-07T10:00:00Z', 'jan, the only one'),
      pm(busy!.id, '2026-05-01T10:00:00Z', 'may, the newest'),
    ])
    .returning();
  const id = (text: string) => sent.find((message) => message.text === text)!.id;
  for (const [conversation, last] of [
    [busy!.id, 'may, the newest'],
    [quiet!.id, 'jan, the only one'],
  ] as const)
    await testDb.db
      .update(imConversations)
      .set({ lastMessageId: id(last) })
      .where(eq(imConversations.id, conversation));
  const [reason] = await testDb.db.select().from(reportReasons).limit(1);
  await testDb.db
    .insert(reports)
    .values({ reporterId: other.id, targetType: 'pm', targetId: id('jan reported'), reasonId: reason!.id });

  // Off for private messages (as every retention saved before they had one): nothing of theirs moves.
  expect(await archiveAged(testDb.db, NOW, { signer })).toMatchObject({ archived: [] });
  await saveRetention(
    testDb.db,
    { chat: 3, notices: 3, audit: 12, private: 3 },
    { now: NOW, actorId: userId },
  );
  expect(await archiveAged(testDb.db, NOW, { signer })).toMatchObject({
    archived: [{ table: 'im_messages', month: '2026-01', part: 1, rows: 1 }],
  });
  const left = await testDb.db.select({ text: imMessages.text }).from(imMessages).orderBy(asc(imMessages.id));
  expect(left.map((message) => message.text)).toEqual([
    'jan reported',
    'jan, the only one',
    'may, the newest',
  ]);
  expect((await rowsOf('cold-im_messages-2026-01-p1.tar.gz')).map((row) => row.text)).toEqual(['jan hello']);
});

it('refuses a cold file that is damaged or whose audit entries were rewritten; restores a good one once', async () => {
  const name = 'cold-chat_messages-2026-02-p1.tar.gz';
  const good = path.join(cold, name);
  const damaged = path.join(work, name);
  const bytes = fs.readFileSync(good);
  bytes[bytes.length - 12]! ^= 0xff;
  fs.writeFileSync(damaged, bytes);
  const url = (testDb.db as unknown as { $client: { options: { connectionString: string } } }).$client.options
    .connectionString;
  const options = { tables: COLD_TABLES, check: auditCheck(signer) };
  await expect(restoreColdFile(url, damaged, options)).rejects.toBeInstanceOf(RestoreRefused);
  expect((await testDb.db.select().from(chatMessages)).length).toBe(2);

  // An audit file whose entry was rewritten (its COPY line and the manifest's checksum redone to match).
  const unpacked = path.join(work, 'audit');
  fs.mkdirSync(unpacked);
  execFileSync('tar', ['-xzf', path.join(cold, 'cold-audit_log-2025-04-p1.tar.gz'), '-C', unpacked]);
  const copy = path.join(unpacked, 'db', 'audit_log.copy');
  fs.writeFileSync(copy, fs.readFileSync(copy, 'utf8').replace('{"n": 3}', '{"n": 33}'));
  const digest = new RowDigest();
  await pipeline(fs.createReadStream(copy), digest, discard());
  const manifestFile = path.join(unpacked, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  manifest.tables[0].checksum = digest.checksum;
  fs.writeFileSync(manifestFile, JSON.stringify(manifest));
  const rewritten = path.join(work, 'rewritten-audit.tar.gz');
  execFileSync('tar', ['-czf', rewritten, '-C', unpacked, '.']);
  await expect(withProvenColdFile(rewritten, options, async () => 'used')).rejects.toThrow(
    /does not hash to its stored hash/,
  );

  // The good file comes back, checked; a second time it is refused (its rows are there).
  expect(await restoreColdFile(url, good, options)).toMatchObject({ rows: 2 });
  expect((await testDb.db.select().from(chatMessages)).map((row) => row.content).sort()).toEqual([
    'feb one',
    'feb two',
    'march: kept',
    'may: kept',
  ]);
  await expect(restoreColdFile(url, good, options)).rejects.toThrow(/in the database already/);
});

it('still catches a kept audit entry rewritten with every later hash recomputed', async () => {
  await behindTheBack(async (tx) => {
    const rows = await tx.select().from(auditLog).orderBy(asc(auditLog.id));
    let prevHash = rows[0]!.prevHash;
    for (const [index, row] of rows.entries()) {
      const content = { ...row, reason: index === 0 ? 'nothing to see' : row.reason };
      const hash = entryHash(prevHash, content);
      await tx
        .update(auditLog)
        .set({ reason: content.reason, prevHash, hash })
        .where(eq(auditLog.id, row.id));
      prevHash = hash;
    }
  });
  expect(await verifyAuditChain(testDb.db, { signer })).toMatchObject({
    ok: false,
    checkpoint: { seq: 7, result: 'rewritten' },
  });
});
