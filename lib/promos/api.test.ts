// Banners, advertisements and activities: absent until an operator adds them, shown in their window
// and language, upkeep for operators only, unsafe addresses refused.
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { promos } from './schema';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
});
afterAll(() => testDb.close());

type Shown = { id: number; title: string; image: string; url: string | null };
const operator = () => makeSignedInUser(testDb.db, { role: 'operator' });
const lists = async (lang: string) => ({
  banners: (await call<Shown[]>('/api/Banner/getBannerList', { method: 'POST', headers: { lang } })).body
    .data,
  ads: (await call<Shown[]>('/api/banner/getAdvertisement', { method: 'POST', headers: { lang } })).body.data,
  activities: (await call<Shown[]>('/api/Activity_Config/getActivityUrl', { headers: { lang } })).body.data,
});

it('shows nothing on a fresh install', async () => {
  expect(await lists('zh-CN')).toEqual({ banners: [], ads: [], activities: [] });
});

it('lets an operator create, update and delete each kind; shows those in their window, in order', async () => {
  const { token } = await operator();
  const save = (json: object) => call<{ id: number }>('/api/admin/promo/save', { headers: { token }, json });
  const banner = await save({
    kind: 'banner',
    title: { 'zh-CN': '欧冠之夜', en: 'Champions League night' },
    imageUrl: '/uploads/image/banner.webp',
    linkUrl: '/live?id=1',
    sort: 2,
  });
  expect(banner.body.code).toBe(0);
  await save({
    kind: 'banner',
    title: { 'zh-CN': '置顶' },
    imageUrl: 'https://cdn.example.com/top.jpg',
    sort: 1,
  });
  await save({
    kind: 'banner',
    title: { 'zh-CN': '过期' },
    imageUrl: '/uploads/a.webp',
    endsAt: '2026-06-01T00:00:00Z',
  });
  await save({
    kind: 'banner',
    title: { 'zh-CN': '未开始' },
    imageUrl: '/uploads/b.webp',
    startsAt: '2026-07-01T00:00:00Z',
  });
  await save({ kind: 'banner', title: { 'zh-CN': '停用' }, imageUrl: '/uploads/c.webp', enabled: false });
  await save({
    kind: 'ad',
    title: { en: 'Kit sale' },
    imageUrl: '/uploads/ad.webp',
    linkUrl: 'https://shop.example.com',
  });
  await save({
    kind: 'activity',
    title: { vi: 'Dự đoán' },
    imageUrl: '/uploads/act.webp',
    linkUrl: '/member?type=18',
  });

  const en = await lists('en');
  expect(en.banners.map((item) => item.title)).toEqual(['置顶', 'Champions League night']);
  expect(en.banners[1]).toMatchObject({ image: '/uploads/image/banner.webp', url: '/live?id=1' });
  expect(en.ads).toEqual([expect.objectContaining({ title: 'Kit sale', url: 'https://shop.example.com' })]);
  expect(en.activities).toEqual([expect.objectContaining({ title: 'Dự đoán', url: '/member?type=18' })]);

  const updated = await save({
    id: banner.body.data.id,
    kind: 'banner',
    title: { en: 'Final' },
    imageUrl: '/uploads/f.webp',
    sort: 0,
  });
  expect(updated.body.code).toBe(0);
  expect((await lists('en')).banners[0]!.title).toBe('Final');
  const all = await call<unknown[]>('/api/admin/promo/list?kind=banner', { headers: { token } });
  expect(all.body.data).toHaveLength(5);

  const removed = await call('/api/admin/promo/delete', {
    headers: { token },
    json: { id: banner.body.data.id },
  });
  expect(removed.body.code).toBe(0);
  expect((await lists('en')).banners.map((item) => item.title)).toEqual(['置顶']);
  const missing = await call('/api/admin/promo/delete', {
    headers: { token, lang: 'en' },
    json: { id: banner.body.data.id },
  });
  expect(missing.body).toMatchObject({ code: 1, msg: 'This banner, ad or activity doesn’t exist' });
});

it('refuses unsafe links, missing pictures and titles, unknown kinds, and plain users', async () => {
  const { token } = await operator();
  const before = (await testDb.db.select().from(promos)).length;
  const bad = [
    { kind: 'banner', title: { en: 'x' }, imageUrl: '/uploads/x.webp', linkUrl: 'javascript:alert(1)' },
    { kind: 'banner', title: { en: 'x' }, imageUrl: 'data:text/html,<script>' },
    { kind: 'banner', title: {}, imageUrl: '/uploads/x.webp' },
    { kind: 'popup', title: { en: 'x' }, imageUrl: '/uploads/x.webp' },
    { kind: 'ad', title: { en: 'x' } },
  ];
  for (const json of bad) {
    const reply = await call('/api/admin/promo/save', { headers: { token, lang: 'en' }, json });
    expect(reply.body.code).toBe(1);
  }
  const unsafe = await call('/api/admin/promo/save', { headers: { token, lang: 'en' }, json: bad[0] });
  expect(unsafe.body.msg).toContain('http(s)');

  const plain = await makeSignedInUser(testDb.db);
  for (const path of ['/api/admin/promo/save', '/api/admin/promo/delete']) {
    const reply = await call(path, {
      headers: { token: plain.token },
      json: { id: 1, ...bad[0], linkUrl: '/x' },
    });
    expect(reply.status).toBe(403);
  }
  expect((await call('/api/admin/promo/list', { headers: { token: plain.token } })).status).toBe(403);
  expect((await testDb.db.select().from(promos)).length).toBe(before);
});
