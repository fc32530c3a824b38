// Headline categories kept by operators: a built-in one renamed per language, reordered and switched off (the
// readers' list follows at once, start-up keeps the operator's names), one of their own added and deleted;
// deleting one that holds articles (or a built-in one) is refused in the operator's language and changes
// nothing; bad input likewise; the audit keeps before and after; other roles are refused.
import { sql } from 'drizzle-orm';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { seedNewsCategories } from './categories';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => new Date('2026-11-20T04:00:00Z') });
  await seedNewsCategories(testDb.db);
});
afterAll(() => testDb.close());

type Category = {
  id: number;
  slug: string;
  names: Record<string, string>;
  sort: number;
  active: boolean;
  built_in: boolean;
  articles: number;
};
const names = (en: string) => ({ 'zh-CN': `${en}中`, 'zh-TW': `${en}繁`, en, vi: `${en} vi` });
const staffList = async (token: string) =>
  (await call<{ list: Category[] }>('/api/admin/news/categories', { headers: { token } })).body.data.list;
const readers = async (lang = 'en') =>
  (
    await call<{ list: { slug: string; name: string }[] }>('/api/Headlines/classifyList', {
      headers: { lang },
    })
  ).body.data.list;
const saveCategory = (token: string, json: object, lang = 'en') =>
  call<Category>('/api/admin/news/categorySave', { headers: { token, lang }, json });
const deleteCategory = (token: string, slug: string, lang = 'en') =>
  call('/api/admin/news/categoryDelete', { headers: { token, lang }, json: { slug } });

it('a built-in category is renamed per language, reordered and switched off; start-up keeps the change; the audit keeps before and after', async () => {
  const { token } = await makeSignedInUser(testDb.db, { role: 'operator' });
  const saved = await saveCategory(token, { slug: 'esports', names: names('Gaming'), sort: 0 });
  expect(saved.body).toMatchObject({ code: 0, data: { slug: 'esports', built_in: true, sort: 0 } });
  expect((await readers())[0]).toMatchObject({ slug: 'esports', name: 'Gaming' });
  expect((await readers('vi'))[0]).toMatchObject({ name: 'Gaming vi' });

  await seedNewsCategories(testDb.db);
  expect((await readers())[0]).toMatchObject({ slug: 'esports', name: 'Gaming' });

  await saveCategory(token, { slug: 'esports', names: names('Gaming'), sort: 0, active: false });
  expect((await readers()).map((row) => row.slug)).not.toContain('esports');
  expect((await staffList(token)).find((row) => row.slug === 'esports')).toMatchObject({ active: false });

  const { rows } = await testDb.db.execute<{ before: Category; after: Category; target_type: string }>(
    sql`select before, after, target_type from audit_log
        where action = '/api/admin/news/categorySave' and target_id = 'esports' order by id desc limit 1`,
  );
  expect(rows[0]).toMatchObject({
    target_type: 'newsCategory',
    before: { active: true, names: { en: 'Gaming' } },
    after: { active: false },
  });
});

it('an own category is added and deleted while empty; one with articles is refused in the caller’s language and stays', async () => {
  const { token } = await makeSignedInUser(testDb.db, { role: 'operator' });
  const made = await saveCategory(token, { slug: 'tennis', names: names('Tennis') });
  expect(made.body).toMatchObject({ code: 0, data: { built_in: false, articles: 0 } });
  expect((await readers()).map((row) => row.name)).toContain('Tennis');
  expect((await deleteCategory(token, 'tennis')).body).toMatchObject({ code: 0, data: { deleted: true } });
  expect((await readers()).map((row) => row.name)).not.toContain('Tennis');
  const { rows } = await testDb.db.execute<{ before: Category }>(
    sql`select before from audit_log where action = '/api/admin/news/categoryDelete' and target_id = 'tennis'`,
  );
  expect(rows[0]!.before).toMatchObject({ slug: 'tennis', names: { en: 'Tennis' } });

  const golf = (await saveCategory(token, { slug: 'golf', names: names('Golf') })).body.data;
  const article = await call('/api/admin/news/save', {
    headers: { token },
    json: { classify_id: golf.id, versions: [{ locale: 'en', title: 'The Open', body: 'A round.' }] },
  });
  expect(article.body.code).toBe(0);
  const refused = await deleteCategory(token, 'golf', 'zh-CN');
  expect(refused.body).toMatchObject({ code: 1, msg: '该分类下还有 1 篇资讯，不能删除，可以停用' });
  expect((await deleteCategory(token, 'golf')).body.msg).toBe(
    'This category still holds 1 article, so it cannot be deleted; switch it off instead',
  );
  expect((await staffList(token)).find((row) => row.slug === 'golf')).toMatchObject({ articles: 1 });
  const builtIn = await deleteCategory(token, 'football', 'vi');
  expect(builtIn.body).toMatchObject({
    code: 1,
    msg: 'Không thể xóa chuyên mục có sẵn; hãy đổi tên hoặc tắt chuyên mục',
  });
  expect((await deleteCategory(token, 'nothing-here')).status).toBe(404);
});

it('refuses bad input in the caller’s language and changes nothing; other roles are refused', async () => {
  const { token } = await makeSignedInUser(testDb.db, { role: 'operator' });
  const before = await staffList(token);
  for (const bad of [
    { slug: 'A B', names: names('Bad') },
    { slug: 'bad', names: { ...names('Bad'), en: '' } },
    { slug: 'bad', names: names('Bad'), sort: 1000 },
    { slug: 'football', names: names('x'.repeat(40)) },
  ]) {
    const refused = await saveCategory(token, bad, 'zh-TW');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/[\u4e00-\u9fff]/);
  }
  expect(await staffList(token)).toEqual(before);
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  expect((await saveCategory(moderator.token, { slug: 'darts', names: names('Darts') })).status).toBe(403);
  expect((await deleteCategory(moderator.token, 'football')).status).toBe(403);
});
