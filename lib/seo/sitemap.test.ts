// The sitemap and feeds: absolute URLs on the public origin, every language version of an article
// with its hreflang alternates, and nothing taken down.

import { siteOrigin } from '@/lib/i18n/metadata';
import { listCategories, seedNewsCategories } from '@/lib/news/categories';
import { articlesForIndex, removeArticle, writeArticle } from '@/lib/news/service';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';
import { rssXml, sitemapEntries, sitemapIndexXml, sitemapXml } from './sitemap';

let testDb: TestDb;
const NOW = new Date('2026-11-24T10:00:00Z');

beforeAll(async () => {
  testDb = await createTestDb();
  await seedNewsCategories(testDb.db);
});
afterAll(() => testDb.close());

it('lists every locale’s sitemap in the index', () => {
  const xml = sitemapIndexXml('https://live.example.com', NOW);
  for (const locale of ['zh-CN', 'zh-TW', 'en', 'vi'])
    expect(xml).toContain(`<loc>https://live.example.com/sitemaps/${locale}.xml</loc>`);
});

it('gives public pages and articles absolute URLs with their language alternates', async () => {
  const operator = await makeUser(testDb.db, { role: 'operator' });
  const [category] = await listCategories(testDb.db, 'zh-CN');
  const both = await writeArticle(
    testDb.db,
    operator.id,
    {
      categoryId: category!.id,
      versions: [
        { locale: 'zh-CN', title: '中文标题 & 更多', summary: '摘要', body: '正文' },
        { locale: 'en', title: 'English title', summary: 'Summary', body: 'Body' },
      ],
    },
    NOW,
  );
  const gone = await writeArticle(
    testDb.db,
    operator.id,
    { categoryId: category!.id, versions: [{ locale: 'en', title: 'Gone', summary: '', body: 'x' }] },
    NOW,
  );
  await removeArticle(testDb.db, gone.id, NOW);
  const origin = siteOrigin();
  const en = sitemapXml('en', await sitemapEntries(testDb.db, 'en', NOW));
  expect(en).toContain(`<loc>${origin}/en/main</loc>`);
  expect(en).toContain(`<loc>${origin}/en/anchor?type=0</loc>`);
  expect(en).toContain(`<loc>${origin}/en/detail?id=${both.id}</loc>`);
  expect(en).toContain(`hreflang="zh-CN" href="${origin}/detail?id=${both.id}"`);
  expect(en).toContain(`hreflang="x-default" href="${origin}/detail?id=${both.id}"`);
  expect(en).not.toContain(`detail?id=${gone.id}<`);
  const vi = sitemapXml('vi', await sitemapEntries(testDb.db, 'vi', NOW));
  expect(vi).toContain(`<loc>${origin}/vi/news</loc>`);
  expect(vi).not.toContain(`/vi/detail?id=${both.id}`);
  expect(en).not.toMatch(/<loc>\//);

  const rss = rssXml({
    locale: 'zh-CN',
    title: '体育资讯',
    description: 'd',
    items: await articlesForIndex(testDb.db, 'zh-CN', 10, NOW),
  });
  expect(rss).toContain('<title>中文标题 &amp; 更多</title>');
  expect(rss).toContain(`<link>${origin}/detail?id=${both.id}</link>`);
});
