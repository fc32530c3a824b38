// Policy pages written by operators per language: saved, listed, reset to the shipped text; bad input
// and other roles refused.
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { legalPage } from './legal';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db });
});
afterAll(() => testDb.close());

it('an operator writes the about page in one language, and resets it', async () => {
  const { token } = await makeSignedInUser(testDb.db, { role: 'operator' });
  const page = { document: 'aboutUs', locale: 'en', title: 'About the club', body: 'We stream.\n\nWe chat.' };
  const saved = await call('/api/admin/legal/save', { headers: { token }, json: page });
  expect(saved.body).toMatchObject({ code: 0, data: { document: 'aboutUs', locale: 'en' } });
  expect(await legalPage(testDb.db, 'aboutUs', 'en')).toMatchObject({ title: 'About the club' });
  expect(await legalPage(testDb.db, 'aboutUs', 'zh-CN')).toBeNull();
  const list = await call<{ list: { document: string; locale: string }[] }>('/api/admin/legal/list', {
    headers: { token },
  });
  expect(list.body.data.list).toEqual([expect.objectContaining({ document: 'aboutUs', locale: 'en' })]);
  const reset = await call('/api/admin/legal/reset', {
    headers: { token },
    json: { document: 'aboutUs', locale: 'en' },
  });
  expect(reset.body.code).toBe(0);
  expect(await legalPage(testDb.db, 'aboutUs', 'en')).toBeNull();
});

it('refuses bad input and other roles, storing nothing', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const page = { document: 'privacy', locale: 'vi', title: 'Chính sách', body: 'Nội dung.' };
  expect(
    (await call('/api/admin/legal/save', { headers: { token: moderator.token }, json: page })).status,
  ).toBe(403);
  for (const bad of [
    { ...page, document: 'cookies' },
    { ...page, locale: 'fr' },
    { ...page, title: '' },
    { ...page, body: ' ' },
  ])
    expect(
      (await call('/api/admin/legal/save', { headers: { token: operator.token }, json: bad })).body.code,
    ).toBe(1);
  expect(await legalPage(testDb.db, 'privacy', 'vi')).toBeNull();
});
