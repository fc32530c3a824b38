// The console's backup schedule: saved and shown (the S3 secret only as "set": never answered, never in
// the audit log, sealed in the database), audited with before/after; bad input (an interval or keep count
// of 0, an S3 target without its bucket or secret, a relative or unreachable folder) is refused with a
// translated message and changes nothing; "back up now" starts a backup (audited) whose verified run the
// console then reads.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq, like } from 'drizzle-orm';
import { auditLog } from '@/lib/audit/schema';
import { createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { systemSettings } from './schema';

jest.setTimeout(120_000);

let testDb: TestDb;
const call = apiCaller(() => createApiApp({ db: () => testDb.db, clock: () => NOON }));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-api-test-'));
const SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.close();
  fs.rmSync(work, { recursive: true, force: true });
});

const s3 = {
  enabled: true,
  intervalHours: 12,
  keep: 14,
  target: 's3',
  s3Endpoint: 'https://s3.ap-east-1.example.com/',
  s3Bucket: 'portal-backups',
  s3Prefix: 'nightly/',
  s3Region: 'ap-east-1',
  s3AccessKeyId: 'AKIAIOSFODNN7EXAMPLE',
};

it('saves a folder schedule and an S3 one whose secret is write-only, audited without it', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const headers = { token: operator.token, lang: 'en' };
  const shown = await call('/api/admin/backup', { headers });
  expect(shown.body.data).toMatchObject({
    schedule: { enabled: false, target: 'folder', s3SecretSet: false, updatedAt: null },
    runs: [],
    status: 'off',
  });
  // Nowhere chosen yet: "back up now" is refused, nothing written.
  const early = await call('/api/admin/backup/run', { headers, json: {} });
  expect(early.body).toMatchObject({ code: 1, msg: 'Save the backup settings (where backups go) first' });

  const folder = path.join(work, 'nightly');
  const saved = await call('/api/admin/backup/save', {
    headers,
    json: { enabled: true, intervalHours: 6, keep: 3, target: 'folder', folder, reason: 'off-site soon' },
  });
  expect(saved.body).toMatchObject({ code: 0, data: { schedule: { enabled: true, folder, keep: 3 } } });
  expect(fs.existsSync(folder)).toBe(true);

  const secret = await call('/api/admin/backup/save', { headers, json: { ...s3, s3Secret: SECRET } });
  expect(secret.body.code).toBe(0);
  const view = await call<{ schedule: Record<string, unknown> }>('/api/admin/backup', { headers });
  expect(view.body.data.schedule).toMatchObject({
    target: 's3',
    s3Endpoint: 'https://s3.ap-east-1.example.com',
    s3SecretSet: true,
    // The folder stays for when the target goes back to it.
    folder,
  });
  expect(JSON.stringify(view.body)).not.toContain(SECRET);
  // Saved again without the secret (the form never has it): kept.
  expect((await call('/api/admin/backup/save', { headers, json: { ...s3, keep: 10 } })).body.code).toBe(0);
  expect(
    (await call<{ schedule: object }>('/api/admin/backup', { headers })).body.data.schedule,
  ).toMatchObject({ keep: 10, s3SecretSet: true });

  const entries = await testDb.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, '/api/admin/backup/save'))
    .orderBy(auditLog.id);
  expect(entries).toHaveLength(3);
  expect(entries[0]).toMatchObject({ targetType: 'backup', targetId: 'schedule', reason: 'off-site soon' });
  expect(entries[0]!.before).toMatchObject({ enabled: false });
  expect(entries[0]!.after).toMatchObject({ enabled: true, intervalHours: 6, keep: 3, folder });
  expect(entries[1]!.after).toMatchObject({ target: 's3', s3SecretSet: true, s3SecretChanged: true });
  expect(entries[2]!.after).toMatchObject({ keep: 10, s3SecretChanged: false });
  const [stored] = await testDb.db
    .select()
    .from(systemSettings)
    .where(eq(systemSettings.key, 'backupSchedule'));
  for (const text of [JSON.stringify(entries), JSON.stringify(stored)]) expect(text).not.toContain(SECRET);
});

it('refuses bad settings with a message that names the field, changing nothing', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const before = (await call('/api/admin/backup', { headers: { token: operator.token } })).body.data;
  const blocker = path.join(work, 'a-file');
  fs.writeFileSync(blocker, '');
  const folder = { enabled: true, intervalHours: 24, keep: 7, target: 'folder', folder: work };
  for (const [json, message] of [
    [{ ...folder, intervalHours: 0 }, 'Every (hours) must be at least 1'],
    [{ ...folder, keep: 0 }, 'Keep (backups) must be at least 1'],
    [{ ...folder, intervalHours: 1.5 }, "Every (hours) isn't valid"],
    [{ ...s3, s3Bucket: '' }, 'Bucket is required'],
    [{ ...s3, s3Bucket: undefined }, 'Bucket is required'],
    [{ ...s3, s3Bucket: 'Not_A_Bucket' }, "Bucket isn't valid"],
    [{ ...s3, s3Prefix: '../up' }, "Prefix isn't valid"],
    [{ ...s3, s3AccessKeyId: 'AKIAOTHER' }, 'Enter the secret access key of this access key ID'],
    [{ ...folder, folder: '' }, 'Folder on the server is required'],
    [{ ...folder, folder: 'backups' }, 'The folder must be an absolute path on the server (backups)'],
    [
      { ...folder, folder: path.join(blocker, 'backups') },
      `The server cannot write to the folder ${path.join(blocker, 'backups')}`,
    ],
  ] as const) {
    const refused = await call('/api/admin/backup/save', {
      headers: { token: operator.token, lang: 'en' },
      json,
    });
    expect([JSON.stringify(json), refused.body.code, refused.body.msg]).toEqual([
      JSON.stringify(json),
      1,
      message,
    ]);
  }
  const zh = await call('/api/admin/backup/save', {
    headers: { token: operator.token, lang: 'zh-CN' },
    json: { ...folder, keep: 0 },
  });
  expect(zh.body.msg).toBe('保留份数不能小于 1');
  expect((await call('/api/admin/backup', { headers: { token: operator.token } })).body.data).toEqual(before);

  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const forbidden = await call('/api/admin/backup/save', {
    headers: { token: moderator.token },
    json: folder,
  });
  expect(forbidden.body.code).not.toBe(0);
});

it('backs up now: a verified file in the folder, the run answered and audited', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const headers = { token: operator.token, lang: 'en' };
  const folder = path.join(work, 'now');
  await call('/api/admin/backup/save', {
    headers,
    json: { enabled: false, intervalHours: 24, keep: 7, target: 'folder', folder },
  });
  const ran = await call('/api/admin/backup/run', { headers, json: { reason: 'before the upgrade' } });
  expect(ran.body).toMatchObject({ code: 0, data: { started: true } });
  // Another, while it runs, is refused.
  const second = await call('/api/admin/backup/run', { headers, json: {} });
  expect(second.body).toMatchObject({ code: 1, msg: 'A backup is already running. Try again in a moment.' });
  // The console follows the run until it is recorded (bounded: a busy machine's backup takes seconds).
  let runs: { ok: boolean; file: string; verified: boolean; trigger: string; actorId: number }[] = [];
  for (let tries = 0; tries < 600 && runs.length === 0; tries++) {
    await new Promise((resolve) => setTimeout(resolve, 200));
    runs = (await call<{ runs: typeof runs }>('/api/admin/backup', { headers })).body.data.runs;
  }
  expect(runs[0]).toMatchObject({ ok: true, verified: true, trigger: 'manual', actorId: operator.user.id });
  expect(fs.readdirSync(folder)).toEqual([runs[0]!.file]);
  const [entry] = await testDb.db
    .select()
    .from(auditLog)
    .where(like(auditLog.action, '/api/admin/backup/run'));
  expect(entry).toMatchObject({ targetType: 'backup', reason: 'before the upgrade' });
});
