// Scheduled backups against the real database: a due backup is written to the schedule's folder, read back
// and verified (files and a restore beside the database), not taken again before its interval, and the
// oldest beyond the keep count removed; a target that cannot be written is recorded as failed, and
// /api/ready reports it (and an overdue schedule) while staying ready; an S3-compatible bucket (s3rver, in
// this process) takes the same backups, listed and rotated through its API.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { setBackupStatusReader } from '@/lib/ops/backup-status';
import { createApiApp } from '@/lib/server/api-app';
import { s3Bucket } from '@/lib/storage/s3';
import { saveBackupSchedule } from '@/lib/system/backup-settings';
import { backupRuns } from '@/lib/system/schema';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';
import { backupHealth, backupIfDue, lastBackups, runBackup } from './backup';

jest.setTimeout(180_000);

const HOUR = 3600_000;
const at = (hours: number) => new Date(NOON.getTime() + hours * HOUR);

let testDb: TestDb;
let actorId: number;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'scheduled-backup-test-'));

beforeAll(async () => {
  testDb = await createTestDb();
  actorId = (await makeUser(testDb.db, { role: 'operator' })).id;
});
afterAll(async () => {
  setBackupStatusReader(undefined);
  await testDb.close();
  fs.rmSync(work, { recursive: true, force: true });
});
beforeEach(async () => {
  await testDb.db.delete(backupRuns);
});

const schedule = (target: object, now = NOON) =>
  saveBackupSchedule(
    testDb.db,
    { enabled: true, intervalHours: 1, keep: 2, target: 'folder', ...target } as never,
    { now, actorId },
  );

it('writes a due backup to the folder, verified; waits for the interval; keeps the newest two', async () => {
  const folder = path.join(work, 'folder');
  await schedule({ folder });
  const first = await backupIfDue(testDb.db, NOON);
  expect(first).toMatchObject({ due: true, ok: true });
  const { last } = await lastBackups(testDb.db);
  expect(last).toMatchObject({ ok: true, verified: true, trigger: 'schedule', target: `folder:${folder}` });
  expect(fs.readdirSync(folder)).toEqual([last!.file]);
  expect(fs.statSync(path.join(folder, last!.file!)).size).toBe(last!.bytes);

  // Not again within the interval.
  expect(await backupIfDue(testDb.db, at(0.5))).toEqual({ due: false });
  expect(await backupIfDue(testDb.db, at(1))).toMatchObject({ due: true, ok: true });
  expect(await backupIfDue(testDb.db, at(2))).toMatchObject({ due: true, ok: true });
  const runs = await testDb.db.select().from(backupRuns).orderBy(backupRuns.id);
  expect(runs.map((run) => [run.ok, run.verified, run.removed])).toEqual([
    [true, true, 0],
    [true, true, 0],
    [true, true, 1],
  ]);
  // The two newest are kept, the first removed; a file of another name is never touched.
  expect(fs.readdirSync(folder).sort()).toEqual([runs[1]!.file, runs[2]!.file].sort());
  expect(await backupHealth(testDb.db, at(2.5))).toMatchObject({ status: 'ok' });
  // Two intervals without a success: overdue.
  expect(await backupHealth(testDb.db, at(4.5))).toMatchObject({ status: 'overdue' });
});

it('records a target it cannot write as failed, retries later, and /api/ready says so while staying ready', async () => {
  const folder = path.join(work, 'gone');
  await schedule({ folder });
  // The folder is replaced by a file after it was saved (a disk unmounted, a path taken).
  fs.rmSync(folder, { recursive: true, force: true });
  fs.writeFileSync(folder, 'not a folder');
  expect(await backupIfDue(testDb.db, NOON)).toMatchObject({ due: true, ok: false });
  const { last, lastSuccess } = await lastBackups(testDb.db);
  expect(last).toMatchObject({ ok: false, verified: false, file: null });
  expect(last!.error).toMatch(/ENOTDIR|EEXIST/);
  expect(lastSuccess).toBeNull();

  const call = apiCaller(() => createApiApp({ db: () => testDb.db, clock: () => NOON }));
  setBackupStatusReader(() => backupHealth(testDb.db, at(0.1)));
  const ready = await call('/api/ready');
  expect(ready.status).toBe(200);
  expect(ready.body.data).toMatchObject({ status: 'ready', backup: 'failed' });
  // A failed run is tried again after an hour (here, the interval), not every minute.
  expect(await backupIfDue(testDb.db, at(0.5))).toEqual({ due: false });

  // Fixed, it succeeds and readiness is ok again; a schedule that was turned off says off.
  fs.rmSync(folder);
  expect(await backupIfDue(testDb.db, at(1))).toMatchObject({ due: true, ok: true });
  setBackupStatusReader(() => backupHealth(testDb.db, at(1.1)));
  expect((await call('/api/ready')).body.data).toMatchObject({ backup: 'ok' });
  setBackupStatusReader(() => backupHealth(testDb.db, at(3.5)));
  expect((await call('/api/ready')).body.data).toMatchObject({ status: 'ready', backup: 'overdue' });
  await saveBackupSchedule(
    testDb.db,
    { enabled: false, intervalHours: 1, keep: 2, target: 'folder', folder },
    { now: at(3.5), actorId },
  );
  expect((await call('/api/ready')).body.data).toMatchObject({ backup: 'off' });
  expect(await backupIfDue(testDb.db, at(5))).toEqual({ due: false });
});

it('refuses a second backup while one runs anywhere', async () => {
  await schedule({ folder: path.join(work, 'busy') });
  const [one, two] = await Promise.allSettled([
    runBackup(testDb.db, { now: NOON, trigger: 'manual', actorId }),
    runBackup(testDb.db, { now: NOON, trigger: 'manual', actorId }),
  ]);
  const outcomes = [one.status, two.status].sort();
  expect(outcomes).toEqual(['fulfilled', 'rejected']);
  const refused = [one, two].find((outcome) => outcome.status === 'rejected') as PromiseRejectedResult;
  expect(refused.reason).toMatchObject({ code: 'BACKUP_RUNNING' });
});

describe('to an S3-compatible bucket', () => {
  let server: S3rver;
  let endpoint: string;
  const directory = path.join(work, 's3rver');

  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'portal-backups', configs: [] }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
  });
  afterAll(() => server.close());

  it('writes, reads back and verifies each backup there, keeping the newest one', async () => {
    const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
    await saveBackupSchedule(
      testDb.db,
      {
        enabled: true,
        intervalHours: 6,
        keep: 1,
        target: 's3',
        s3Endpoint: endpoint,
        s3Bucket: 'portal-backups',
        s3Prefix: 'nightly',
        s3Region: 'us-east-1',
        s3AccessKeyId: credentials.accessKeyId,
        s3Secret: credentials.secretAccessKey,
      },
      { now: NOON, actorId },
    );
    for (const hours of [0, 6])
      expect(await backupIfDue(testDb.db, at(hours))).toMatchObject({ due: true, ok: true });
    const runs = await testDb.db.select().from(backupRuns).orderBy(backupRuns.id);
    expect(runs.every((run) => run.verified && run.target === 's3:portal-backups/nightly/')).toBe(true);
    const bucket = s3Bucket({ endpoint, bucket: 'portal-backups', region: 'us-east-1', ...credentials });
    const held = await bucket.list('nightly/');
    expect(runs.map((run) => run.removed)).toEqual([0, 1]);
    expect(held).toEqual([
      expect.objectContaining({ key: `nightly/${runs[1]!.file}`, size: runs[1]!.bytes }),
    ]);
  });

  it('records a bucket that refuses as a failed run', async () => {
    await saveBackupSchedule(
      testDb.db,
      {
        enabled: true,
        intervalHours: 6,
        keep: 2,
        target: 's3',
        s3Endpoint: endpoint,
        s3Bucket: 'no-such-bucket',
        s3Region: 'us-east-1',
        s3AccessKeyId: 'S3RVER',
        s3Secret: 'S3RVER',
      },
      { now: NOON, actorId },
    );
    const run = await runBackup(testDb.db, { now: NOON, trigger: 'manual', actorId });
    expect(run).toMatchObject({ ok: false, verified: false, file: null });
    expect(run.error).toMatch(/^S3 PUT nightly\/portal-.*: HTTP 404$|^S3 PUT portal-.*: HTTP 404$/);
  });
});
