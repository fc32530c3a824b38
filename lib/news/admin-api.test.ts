// The operators' news desk: the list of every article (published, scheduled, taken down) with filters,
// sorting and paging; editing an article's versions; scheduling (invisible to readers until its time);
// categories; and the refusals that change nothing.
import { sql } from 'drizzle-orm';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { seedNewsCategories } from './categories';

let testDb: TestDb;
let app: ApiApp;
let now = new Date('2026-11-20T04:00:00Z');
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
  await seedNewsCategories(testDb.db);
});
afterAll(() => testDb.close());

type StaffItem = { id: number; title: string; state: string; locales: string[]; views: number };
type Listing = { list: StaffItem[]; total: number };

async function setup() {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const categories = await call<{ list: { id: number; slug: string }[] }>('/api/admin/news/categories', {
    headers: { token: operator.token },
  });
  const football = categories.body.data.list.find((category) => category.slug === 'football')!;
  return { token: operator.token, football };
}

const save = (token: string, body: object) =>
  call<{ id: number }>('/api/admin/news/save', { headers: { token, lang: 'zh-CN' }, json: body });

it('a scheduled article is hidden from readers until its time, then shows like any other', async () => {
  const { token, football } = await setup();
  const publishAt = new Date(now.getTime() + 3600_000);
  const made = await save(token, {
    classify_id: football.id,
    publish_at: publishAt.toISOString(),
    versions: [{ locale: 'zh-CN', title: '定时发布的前瞻', body: '**重点**：周末德比。' }],
  });
  expect(made.body.code).toBe(0);
  const id = made.body.data.id;
  const readerList = () =>
    call<{ list: { id: number }[] }>('/api/Portal_post/getList2', { headers: { lang: 'zh-CN' } });
  expect((await readerList()).body.data.list.map((item) => item.id)).not.toContain(id);
  const staff = await call<Listing>('/api/admin/news/list?state=scheduled', { headers: { token } });
  expect(staff.body.data.list.map((item) => item.id)).toContain(id);
  expect(staff.body.data.list.find((item) => item.id === id)?.state).toBe('scheduled');

  now = new Date(publishAt.getTime() + 1000);
  expect((await readerList()).body.data.list.map((item) => item.id)).toContain(id);
  const published = await call<Listing>('/api/admin/news/list?state=published', { headers: { token } });
  expect(published.body.data.list.find((item) => item.id === id)?.state).toBe('published');
});

it('an edit replaces the versions, keeps the publication time, and the audit keeps the article before', async () => {
  const { token, football } = await setup();
  const { id } = (
    await save(token, {
      classify_id: football.id,
      versions: [{ locale: 'zh-CN', title: '初稿标题', body: '初稿。' }],
    })
  ).body.data;
  const before = await call<{ published_at: string }>(`/api/admin/news/detail?id=${id}`, {
    headers: { token },
  });
  const edited = await save(token, {
    id,
    classify_id: football.id,
    versions: [
      { locale: 'zh-CN', title: '改过的标题', body: '改过。' },
      { locale: 'en', title: 'Edited title', body: 'Edited.' },
    ],
  });
  expect(edited.body).toMatchObject({ code: 0, data: { id } });
  const detail = await call<{ published_at: string; versions: { locale: string; title: string }[] }>(
    `/api/admin/news/detail?id=${id}`,
    { headers: { token } },
  );
  expect(detail.body.data.versions.map((version) => version.title)).toEqual(['改过的标题', 'Edited title']);
  expect(detail.body.data.published_at).toBe(before.body.data.published_at);
  const { rows } = await testDb.db.execute<{ before: { versions: { title: string }[] } }>(
    sql`select before from audit_log where action = '/api/admin/news/save' and target_id = ${String(id)}`,
  );
  expect(rows[0]!.before.versions[0]!.title).toBe('初稿标题');
  const en = await call<{ list: { id: number; title: string }[] }>('/api/Portal_post/getList2', {
    headers: { lang: 'en' },
  });
  expect(en.body.data.list.find((item) => item.id === id)?.title).toBe('Edited title');
});

it('filters by state and title, sorts and pages; take-down and restore', async () => {
  const { token, football } = await setup();
  const ids: number[] = [];
  for (const title of ['翻页一号', '翻页二号', '翻页三号'])
    ids.push(
      (await save(token, { classify_id: football.id, versions: [{ locale: 'zh-CN', title, body: title }] }))
        .body.data.id,
    );
  const page1 = await call<Listing>('/api/admin/news/list?search=翻页&size=2&sort=published_at&order=asc', {
    headers: { token },
  });
  expect(page1.body.data.total).toBe(3);
  expect(page1.body.data.list).toHaveLength(2);
  const page2 = await call<Listing>('/api/admin/news/list?search=翻页&size=2&page=2&order=asc', {
    headers: { token },
  });
  expect(page2.body.data.list).toHaveLength(1);
  const down = await call('/api/admin/news/delete', { headers: { token }, json: { id: ids[0] } });
  expect(down.body.code).toBe(0);
  const removed = await call<Listing>('/api/admin/news/list?state=removed&search=翻页', {
    headers: { token },
  });
  expect(removed.body.data.list.map((item) => item.id)).toEqual([ids[0]]);
  const back = await call('/api/admin/news/restore', { headers: { token }, json: { id: ids[0] } });
  expect(back.body).toMatchObject({ code: 0, data: { deleted: false } });
  const again = await call('/api/admin/news/restore', { headers: { token }, json: { id: ids[0] } });
  expect(again.body.code).toBe(1);
});

it('refuses bad input and non-operators, changing nothing', async () => {
  const { token, football } = await setup();
  const user = await makeSignedInUser(testDb.db);
  const article = { classify_id: football.id, versions: [{ locale: 'zh-CN', title: '标题', body: '正文' }] };
  expect((await save(user.token, article)).status).toBe(403);
  expect((await call('/api/admin/news/list', { headers: { token: user.token } })).status).toBe(403);
  const before = (await call<Listing>('/api/admin/news/list', { headers: { token } })).body.data.total;
  expect((await save(token, { ...article, versions: [] })).body.code).toBe(1);
  expect((await save(token, { ...article, publish_at: 'tomorrow' })).body.code).toBe(1);
  expect((await save(token, { ...article, id: 99_999_999 })).status).toBe(404);
  expect((await save(token, { ...article, classify_id: 99_999 })).body.code).toBe(1);
  expect((await call<Listing>('/api/admin/news/list', { headers: { token } })).body.data.total).toBe(before);
  expect((await call('/api/admin/news/list?sort=title', { headers: { token } })).body.code).toBe(1);
});

it('operators add a category of their own (the rest: lib/news/categories.test.ts)', async () => {
  const { token } = await setup();
  const names = { 'zh-CN': '网球', 'zh-TW': '網球', en: 'Tennis', vi: 'Quần vợt' };
  const made = await call<{ id: number }>('/api/admin/news/categorySave', {
    headers: { token },
    json: { slug: 'tennis', names },
  });
  expect(made.body.code).toBe(0);
  const list = await call<{ list: { name: string }[] }>('/api/Headlines/classifyList', {
    headers: { lang: 'en' },
  });
  expect(list.body.data.list.map((category) => category.name)).toContain('Tennis');
  const bad = await call('/api/admin/news/categorySave', {
    headers: { token },
    json: { slug: 'A B', names },
  });
  expect(bad.body.code).toBe(1);
});
