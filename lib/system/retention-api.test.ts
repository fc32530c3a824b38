// The console's retention of aged data: off by default; turning it on needs the backup's destination saved;
// bad months (0, a fraction, the audit log under 12, over 120) are refused with a translated message naming
// the field and change nothing; a saved one is audited with before and after; operators only.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { auditLog } from '@/lib/audit/schema';
import { createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';

jest.setTimeout(60_000);

let testDb: TestDb;
const call = apiCaller(() => createApiApp({ db: () => testDb.db, clock: () => NOON }));
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'retention-api-test-'));

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  await testDb.close();
  fs.rmSync(work, { recursive: true, force: true });
});

it('is off by default, needs a destination, refuses bad months in words and saves audited', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const headers = { token: operator.token, lang: 'en' };
  const shown = await call('/api/admin/retention', { headers });
  expect(shown.body.data).toEqual({
    retention: { chat: null, notices: null, audit: null, private: null, updatedAt: null },
    archives: [],
  });
  const on = { chat: 6, notices: 3, audit: 24, private: 12 };
  const early = await call('/api/admin/retention/save', { headers, json: on });
  expect(early.body).toMatchObject({
    code: 1,
    msg: 'Save where backups go (Scheduled backups) first: the archived files are stored there',
  });

  await call('/api/admin/backup/save', {
    headers,
    json: { enabled: false, intervalHours: 24, keep: 7, target: 'folder', folder: work },
  });
  for (const [json, message] of [
    [{ ...on, chat: 0 }, 'Room chat and danmaku (months) must be at least 1'],
    [{ ...on, notices: 1.5 }, "Notices (months) isn't valid"],
    [{ ...on, audit: 6 }, 'Audit log (months) must be at least 12'],
    [{ ...on, chat: 121 }, 'Room chat and danmaku (months) can be at most 120'],
    [{ ...on, notices: 'three' }, 'Notices (months) must be a number written in digits'],
    [{ ...on, private: 0 }, 'Private messages (months) must be at least 1'],
  ] as const) {
    const refused = await call('/api/admin/retention/save', { headers, json });
    expect([JSON.stringify(json), refused.body.code, refused.body.msg]).toEqual([
      JSON.stringify(json),
      1,
      message,
    ]);
  }
  const zh = await call('/api/admin/retention/save', {
    headers: { ...headers, lang: 'zh-CN' },
    json: { ...on, audit: 6 },
  });
  expect(zh.body.msg).toBe('审计日志（月）不能小于 12');
  expect((await call('/api/admin/retention', { headers })).body.data).toEqual(shown.body.data);

  const saved = await call('/api/admin/retention/save', {
    headers,
    json: { ...on, reason: 'a year of chat is enough' },
  });
  expect(saved.body).toMatchObject({ code: 0, data: { retention: on } });
  const [entry] = await testDb.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, '/api/admin/retention/save'));
  expect(entry).toMatchObject({
    targetType: 'retention',
    reason: 'a year of chat is enough',
    before: { chat: null, notices: null, audit: null },
    after: on,
  });

  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const forbidden = await call('/api/admin/retention/save', {
    headers: { token: moderator.token },
    json: on,
  });
  expect(forbidden.body.code).not.toBe(0);

  // A setting saved before private messages had a retention (or a client that does not send it): off for them.
  const older = await call('/api/admin/retention/save', {
    headers,
    json: { chat: 6, notices: 3, audit: 24 },
  });
  expect(older.body).toMatchObject({ code: 0, data: { retention: { ...on, private: null } } });
});
