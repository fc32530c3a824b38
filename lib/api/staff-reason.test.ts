// Every staff write carries a reason (issue #41): a staff route without a reason of its own accepts the
// staff member's `reason_code` and words and the audit entry records them; a reason too long is refused
// with nothing written.
import { desc, eq } from 'drizzle-orm';
import { auditLog } from '@/lib/audit/schema';
import { sensitiveWords } from '@/lib/sensitive/schema';
import { createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';

let testDb: TestDb;
const app = createApiApp({ db: () => testDb.db, clock: () => NOON });
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

const add = (token: string, json: object) =>
  call<{ added: number }>('/api/admin/sensitiveWords/add', { headers: { lang: 'en', token }, json });

it('records the reason of a staff write whose route takes none of its own', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const added = await add(moderator.token, {
    words: ['理由样本词'],
    reason_code: 'spam',
    reason: 'seen in three rooms today',
  });
  expect(added.body).toMatchObject({ code: 0, data: { added: 1 } } as never);
  const [entry] = await testDb.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
  expect(entry).toMatchObject({
    action: '/api/admin/sensitiveWords/add',
    reason: 'spam · seen in three rooms today',
  });
  expect(entry!.after).toMatchObject({ output: { added: 1 } });
});

it('refuses a reason too long and writes nothing', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const before = await testDb.db.select().from(auditLog);
  const refused = await add(moderator.token, { words: ['过长理由词'], reason: 'x'.repeat(501) });
  expect(refused.status).toBe(400);
  expect(refused.body.code).toBe(1);
  expect(await testDb.db.select().from(sensitiveWords).where(eq(sensitiveWords.word, '过长理由词'))).toEqual(
    [],
  );
  expect(await testDb.db.select().from(auditLog)).toHaveLength(before.length);
});
