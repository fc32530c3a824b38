// Granting staff roles: an operator sets and takes back a role, audited with before/after and the reason;
// the new role works on the holder's next request; bad input, an unknown account, the operator's own
// account and an unchanged role are refused and change nothing. (Refused roles: staff-routes.test.ts.)
import { eq } from 'drizzle-orm';
import { auditLog } from '@/lib/audit/schema';
import { createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { users } from '../schema';

let testDb: TestDb;
const call = apiCaller(() => createApiApp({ db: () => testDb.db, clock: () => NOON }));

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

it('grants a role that works at once, lists and finds staff, and takes the role back', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const person = await makeSignedInUser(testDb.db, { nickname: 'newmod' });
  const headers = { token: operator.token, lang: 'en' };

  const found = await call<{ id: number; role: string }>(`/api/admin/staff/lookup?q=${person.user.mobile}`, {
    headers,
  });
  expect(found.body.data).toMatchObject({ id: person.user.id, role: 'user' });
  expect((await call('/api/admin/staff/lookup?q=999999999', { headers })).body.data).toBeNull();

  const before = await call('/api/admin/sensitiveWords/list', { headers: { token: person.token } });
  expect(before.status).toBe(403);
  const granted = await call('/api/admin/staff/grant', {
    headers,
    json: {
      user_id: person.user.id,
      role: 'moderator',
      reason_code: 'new_duty',
      reason: 'joins the review team',
    },
  });
  expect(granted.body).toMatchObject({ code: 0, data: { user_id: person.user.id, role: 'moderator' } });
  const after = await call('/api/admin/sensitiveWords/list', { headers: { token: person.token } });
  expect(after.body.code).toBe(0);

  const listed = await call<{ rows: { id: number; role: string }[] }>(
    '/api/admin/staff/list?role=moderator&q=newmod',
    {
      headers,
    },
  );
  expect(listed.body.data.rows).toEqual([expect.objectContaining({ id: person.user.id, role: 'moderator' })]);

  const [entry] = await testDb.db
    .select()
    .from(auditLog)
    .where(eq(auditLog.action, '/api/admin/staff/grant'));
  expect(entry).toMatchObject({
    actorId: operator.user.id,
    targetType: 'user',
    targetId: String(person.user.id),
    before: { role: 'user' },
    after: { role: 'moderator' },
    reason: 'new_duty · joins the review team',
  });

  const revoked = await call('/api/admin/staff/grant', {
    headers,
    json: { user_id: person.user.id, role: 'user', reason_code: 'left_team' },
  });
  expect(revoked.body.code).toBe(0);
  expect((await call('/api/admin/sensitiveWords/list', { headers: { token: person.token } })).status).toBe(
    403,
  );
});

it('refuses bad input, unknown accounts, the caller itself and an unchanged role', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
  const headers = { token: operator.token, lang: 'en' };
  const refusals: [object, RegExp][] = [
    [{ user_id: finance.user.id, role: 'admin', reason_code: 'x' }, /role/i],
    [{ user_id: finance.user.id, role: 'moderator' }, /reason is required/i],
    [{ user_id: 2_000_000_000, role: 'moderator', reason_code: 'x' }, /doesn't exist/],
    [{ user_id: operator.user.id, role: 'user', reason_code: 'x' }, /your own role/],
    [{ user_id: finance.user.id, role: 'finance', reason_code: 'x' }, /already has that role/],
  ];
  for (const [json, message] of refusals) {
    const refused = await call('/api/admin/staff/grant', { headers, json });
    expect(refused.body.code).toBe(1);
    expect(refused.body.msg).toMatch(message);
  }
  const [row] = await testDb.db.select({ role: users.role }).from(users).where(eq(users.id, finance.user.id));
  expect(row!.role).toBe('finance');
  expect((await call('/api/admin/staff/lookup?q=abc', { headers })).body.code).toBe(1);
  expect((await call('/api/admin/staff/list?size=3', { headers })).body.code).toBe(1);
});
