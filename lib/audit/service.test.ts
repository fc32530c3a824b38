// The audit log: every staff write appends an entry with who, what, when and the values after; entries
// are append-only (the database refuses UPDATE, DELETE and TRUNCATE); concurrent appends keep one chain;
// a row changed behind the portal's back breaks verification at that row.
import { sql } from 'drizzle-orm';
import { createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { auditLog } from './schema';
import { appendAudit, verifyAuditChain } from './service';

let testDb: TestDb;
const call = apiCaller(() => createApiApp({ db: () => testDb.db, clock: () => NOON }));

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

const entry = (n: number) => ({
  at: NOON,
  actorId: 1,
  actorRole: 'operator',
  action: '/api/admin/test',
  targetType: 'test',
  targetId: n,
  after: { n, nested: { b: 2, a: 1 } },
  reason: `reason ${n}`,
});

it('appends an entry for a staff write, naming who did what to which target', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const added = await call('/api/admin/sensitiveWords/add', {
    headers: { token: moderator.token, lang: 'en' },
    json: { words: ['audited-word'] },
  });
  expect(added.body.code).toBe(0);
  const rows = await testDb.db.select().from(auditLog).where(sql`${auditLog.actorId} = ${moderator.user.id}`);
  expect(rows).toEqual([
    expect.objectContaining({
      actorRole: 'moderator',
      action: '/api/admin/sensitiveWords/add',
      targetType: 'sensitiveWords',
      after: { input: { words: ['audited-word'], policy: 'replace' }, output: { added: 1 } },
    }),
  ]);
  // A read and a refused write leave nothing.
  await call('/api/admin/sensitiveWords/list', { headers: { token: moderator.token } });
  await call('/api/admin/sensitiveWords/add', { headers: { token: moderator.token }, json: { words: [] } });
  expect(
    await testDb.db.select().from(auditLog).where(sql`${auditLog.actorId} = ${moderator.user.id}`),
  ).toHaveLength(1);
});

it('keeps one chain under concurrent appends, and verifies it', async () => {
  await Promise.all(Array.from({ length: 30 }, (_, n) => appendAudit(testDb.db, entry(n))));
  const report = await verifyAuditChain(testDb.db);
  expect(report).toMatchObject({ ok: true });
  const { rows } = await testDb.db.execute<{ forks: number }>(
    sql`select count(*)::int as forks from (select prev_hash from audit_log group by prev_hash having count(*) > 1) f`,
  );
  expect(rows[0]!.forks).toBe(0);
});

/** What the database said when it refused (drizzle wraps it). */
const refusal = (work: Promise<unknown>) =>
  work.then(
    () => 'accepted',
    (error: { cause?: Error }) => error.cause?.message ?? String(error),
  );

it('refuses UPDATE, DELETE and TRUNCATE, and finds a row changed behind its back', async () => {
  const row = await appendAudit(testDb.db, entry(100));
  await appendAudit(testDb.db, entry(101));
  expect(
    await refusal(testDb.db.execute(sql`update audit_log set reason = 'x' where id = ${row.id}`)),
  ).toMatch(/append-only/);
  expect(await refusal(testDb.db.execute(sql`delete from audit_log where id = ${row.id}`))).toMatch(
    /append-only/,
  );
  expect(await refusal(testDb.db.execute(sql`truncate audit_log`))).toMatch(/append-only/);
  expect(await verifyAuditChain(testDb.db)).toMatchObject({ ok: true });

  // Someone with the database's superuser turns the triggers off and edits a reason.
  await testDb.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update audit_log set reason = 'nothing to see' where id = ${row.id}`);
  });
  expect(await verifyAuditChain(testDb.db)).toMatchObject({ ok: false, brokenAt: row.id });
});
