// The audit log's operator routes: the filtered list, the chain check naming the row it breaks at, the
// export of a day range; bad input is refused. (Refused roles: lib/api/staff-routes.test.ts.)
import { sql } from 'drizzle-orm';
import { createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { appendAudit } from './service';

let testDb: TestDb;
const call = apiCaller(() => createApiApp({ db: () => testDb.db, clock: () => NOON }));
let operator: Awaited<ReturnType<typeof makeSignedInUser>>;
const headers = () => ({ token: operator.token, lang: 'en' });

type Entry = {
  id: number;
  action: string;
  actorName: string;
  targetId: string;
  before: unknown;
  after: unknown;
};

beforeAll(async () => {
  testDb = await createTestDb();
  operator = await makeSignedInUser(testDb.db, { role: 'operator', nickname: 'auditor' });
  // Oldest first, as the chain grows: entry n is n days before NOON.
  for (let n = 4; n >= 0; n--)
    await appendAudit(testDb.db, {
      at: new Date(NOON.getTime() - n * 86_400_000),
      actorId: operator.user.id,
      actorRole: 'operator',
      action: n % 2 ? '/api/admin/gifts/save' : '/api/admin/news/insert',
      targetType: n % 2 ? 'gifts' : 'news',
      targetId: String(n),
      before: { price: n },
      after: { price: n + 1 },
      reason: `reason ${n}`,
    });
});
afterAll(() => testDb.close());

it('lists entries newest first with filters, sorting and paging', async () => {
  const all = await call<{ rows: Entry[]; total: number }>('/api/admin/audit/list', { headers: headers() });
  expect(all.body.code).toBe(0);
  expect(all.body.data.total).toBe(5);
  expect(all.body.data.rows.map((row) => row.targetId)).toEqual(['0', '1', '2', '3', '4']);
  expect(all.body.data.rows[0]).toMatchObject({
    actorName: 'auditor',
    before: { price: 0 },
    after: { price: 1 },
  });

  const gifts = await call<{ rows: Entry[]; total: number }>(
    '/api/admin/audit/list?target=gifts&sort=at&dir=asc&size=20',
    { headers: headers() },
  );
  expect(gifts.body.data.rows.map((row) => row.targetId)).toEqual(['3', '1']);

  const byName = await call<{ total: number }>('/api/admin/audit/list?actor=audit&action=news', {
    headers: headers(),
  });
  expect(byName.body.data.total).toBe(3);

  // Days are read in the zone asked for: NOON's day in Shanghai holds entry 0 only.
  const day = NOON.toISOString().slice(0, 10);
  const oneDay = await call<{ rows: Entry[] }>(
    `/api/admin/audit/list?from=${day}&to=${day}&time_zone=Asia/Shanghai`,
    { headers: headers() },
  );
  expect(oneDay.body.data.rows.map((row) => row.targetId)).toEqual(['0']);

  const paged = await call<{ rows: Entry[]; total: number }>('/api/admin/audit/list?size=20&page=2', {
    headers: headers(),
  });
  expect(paged.body.data).toEqual({ rows: [], total: 5 });
});

it('refuses bad list input', async () => {
  for (const query of ['size=7', 'sort=hash', 'from=yesterday', 'time_zone=Mars/Base', 'role=user']) {
    const refused = await call(`/api/admin/audit/list?${query}`, { headers: headers() });
    expect([query, refused.status, refused.body.code]).toEqual([query, 400, 1]);
  }
});

it('exports a day range as CSV or JSON, and refuses a range the wrong way round', async () => {
  const to = NOON.toISOString().slice(0, 10);
  const from = new Date(NOON.getTime() - 2 * 86_400_000).toISOString().slice(0, 10);
  const csv = await call<{ filename: string; body: string; count: number }>(
    `/api/admin/audit/export?from=${from}&to=${to}&time_zone=UTC`,
    { headers: headers() },
  );
  expect(csv.body.data).toMatchObject({ filename: `audit-${from}-${to}.csv`, count: 3 });
  const lines = csv.body.data.body.split('\r\n');
  expect(lines[0]).toBe(
    'id,at,actorId,actorRole,actorName,address,action,targetType,targetId,reason,before,after',
  );
  expect(lines[1]).toContain('"{""price"":2}"');
  const json = await call<{ body: string }>(`/api/admin/audit/export?from=${from}&to=${to}&format=json`, {
    headers: headers(),
  });
  expect(JSON.parse(json.body.data.body)).toHaveLength(3);
  const backwards = await call(`/api/admin/audit/export?from=${to}&to=${from}`, { headers: headers() });
  expect(backwards.body.code).toBe(1);
  const missing = await call('/api/admin/audit/export', { headers: headers() });
  expect(missing.body.code).toBe(1);
});

it('verifies the chain, then names the row changed behind its back', async () => {
  const ok = await call<{ ok: boolean; entries: number }>('/api/admin/audit/verify', { headers: headers() });
  // No AUDIT_SIGNING_KEY here and no checkpoint yet: the check says so.
  expect(ok.body.data).toMatchObject({ ok: true, entries: 5, signing: 'unsigned', checkpoint: null });
  const [second] = (
    await testDb.db.execute<{ id: number }>(sql`select id from audit_log order by id offset 1 limit 1`)
  ).rows;
  await testDb.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(sql`update audit_log set after = '{"price": 100}' where id = ${second!.id}`);
  });
  const broken = await call<{ ok: boolean; brokenAt: number; broken: Entry }>('/api/admin/audit/verify', {
    headers: headers(),
  });
  expect(broken.body.data).toMatchObject({ ok: false, brokenAt: Number(second!.id) });
  expect(broken.body.data.broken).toMatchObject({ id: Number(second!.id), after: { price: 100 } });
});
