// Operators' pins and blocks on the hot-search list: a pinned term takes its position, a blocked one
// never shows, removing either gives the term back to the counts; bad input refused.
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { recordSearch } from './service';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
});
afterAll(() => testDb.close());

const hot = async () =>
  (await call<{ short_name_zh: string }[]>('/api/Search/index')).body.data.map((row) => row.short_name_zh);

it('pins a term at its place and blocks another; removing a block gives the term back', async () => {
  const { token } = await makeSignedInUser(testDb.db, { role: 'operator' });
  for (const [term, times] of [
    ['梅西', 3],
    ['德比', 2],
    ['不雅词', 5],
  ] as const)
    for (let i = 0; i < times; i++) await recordSearch(testDb.db, term, NOON);
  expect(await hot()).toEqual(['不雅词', '梅西', '德比']);

  const blocked = await call<{ id: number }>('/api/admin/hotSearch/save', {
    headers: { token },
    json: { term: '不雅词', blocked: true },
  });
  expect(blocked.body.code).toBe(0);
  const pinned = await call('/api/admin/hotSearch/save', {
    headers: { token },
    json: { term: '世界杯', position: 1 },
  });
  expect(pinned.body.code).toBe(0);
  expect(await hot()).toEqual(['世界杯', '梅西', '德比']);

  const removed = await call('/api/admin/hotSearch/delete', {
    headers: { token },
    json: { id: blocked.body.data.id },
  });
  expect(removed.body.code).toBe(0);
  expect(await hot()).toEqual(['世界杯', '不雅词', '梅西', '德比']);
  const admin = await call<{ overrides: { term: string }[]; today: { term: string }[] }>(
    '/api/admin/hotSearch/list',
    {
      headers: { token },
    },
  );
  expect(admin.body.data.overrides.map((row) => row.term)).toEqual(['世界杯']);
});

it('refuses a pin without a position, an over-long term and other roles', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const user = await makeSignedInUser(testDb.db);
  const save = (token: string, json: object) =>
    call('/api/admin/hotSearch/save', { headers: { token }, json });
  expect((await save(operator.token, { term: '球' })).body.code).toBe(1);
  expect((await save(operator.token, { term: '一二三四五六七八九十一', position: 2 })).body.code).toBe(1);
  expect((await save(operator.token, { term: '球', position: 11 })).body.code).toBe(1);
  expect((await save(user.token, { term: '球', position: 2 })).status).toBe(403);
  expect(
    (await call('/api/admin/hotSearch/delete', { headers: { token: operator.token }, json: { id: 999_999 } }))
      .status,
  ).toBe(404);
});
