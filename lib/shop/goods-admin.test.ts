// The exchange shop's goods kept by finance: goods shipped home added with a picture, any goods' price,
// stock and picture changed (the shop shows it at once), hidden; bad input refused in the caller's language
// and changing nothing; the audit's before and after; other roles refused.
import { sql } from 'drizzle-orm';
import { seedGiftCatalog } from '@/lib/gifts/catalog';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { seedShopCatalogue } from './seed';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db });
  await seedGiftCatalog(testDb.db);
  await seedShopCatalogue(testDb.db);
});
afterAll(() => testDb.close());

type Staff = {
  id: number;
  code: string;
  kind: string;
  price: number;
  stock: number;
  image_url: string | null;
  gift_code: string | null;
  active: boolean;
};
type Shown = {
  id: number;
  code: string;
  name: string;
  price: number;
  stock: number;
  image: string;
  gift_code: string | null;
};
const texts = (en: string) => ({ 'zh-CN': `${en}中`, 'zh-TW': `${en}繁`, en, vi: `${en} vi` });
const staffList = async (token: string) =>
  (await call<{ list: Staff[] }>('/api/admin/goods/list', { headers: { token } })).body.data.list;
const shop = async () =>
  (await call<{ list: Shown[] }>('/api/goods/goodsList', { headers: { lang: 'en' } })).body.data.list;
const save = (token: string, json: object, lang = 'en') =>
  call<Staff>('/api/admin/goods/save', { headers: { token, lang }, json });
const cap = {
  code: 'fan_cap',
  names: texts('Fan cap'),
  descriptions: texts('Embroidered'),
  image_url: '/uploads/image/cap.webp',
  price: 800,
  stock: 30,
  per_user_limit: 2,
  sort: 1,
};

it('adds goods shipped home with a picture; the shop shows it at once', async () => {
  const { token } = await makeSignedInUser(testDb.db, { role: 'finance' });
  const made = await save(token, cap);
  expect(made.body).toMatchObject({
    code: 0,
    data: { kind: 'physical', image_url: cap.image_url, active: true },
  });
  expect((await shop()).find((row) => row.code === 'fan_cap')).toMatchObject({
    name: 'Fan cap',
    price: 800,
    stock: 30,
    image: '/uploads/image/cap.webp',
  });
  // A second one with the same key, or without a picture, is refused.
  expect((await save(token, cap)).body).toMatchObject({
    code: 1,
    msg: 'Another item already uses this key; choose another',
  });
  expect((await save(token, { ...cap, code: 'fan_mug', image_url: null })).body).toMatchObject({
    code: 1,
    msg: 'A new item needs a picture',
  });
});

it('changes a seeded goods: price, stock, picture, then hides it; the audit keeps before and after', async () => {
  const { token } = await makeSignedInUser(testDb.db, { role: 'operator' });
  const roses = (await staffList(token)).find((row) => row.code === 'gift_rose_10')!;
  expect(roses).toMatchObject({ kind: 'gift', gift_code: 'rose', image_url: null });
  const change = {
    id: roses.id,
    names: texts('Roses ×10'),
    descriptions: texts('Into your backpack'),
    price: 45,
    stock: 7,
    per_user_limit: 20,
    sort: 1,
    image_url: '/uploads/image/roses.webp',
  };
  expect((await save(token, change)).body).toMatchObject({ code: 0, data: { price: 45, stock: 7 } });
  expect((await shop()).find((row) => row.code === 'gift_rose_10')).toMatchObject({
    price: 45,
    stock: 7,
    image: '/uploads/image/roses.webp',
    gift_code: null,
  });
  const { rows } = await testDb.db.execute<{ before: Staff; after: Staff; target_type: string }>(
    sql`select before, after, target_type from audit_log
        where action = '/api/admin/goods/save' and target_id = 'gift_rose_10' order by id desc limit 1`,
  );
  expect(rows[0]).toMatchObject({
    target_type: 'goods',
    before: { price: roses.price, stock: roses.stock, image_url: null },
    after: { price: 45, stock: 7, image_url: '/uploads/image/roses.webp' },
  });

  await save(token, { ...change, active: false });
  expect((await shop()).map((row) => row.code)).not.toContain('gift_rose_10');
  expect((await staffList(token)).find((row) => row.code === 'gift_rose_10')?.active).toBe(false);
});

it('refuses bad input in the caller’s language and changes nothing; other roles are refused', async () => {
  const { token } = await makeSignedInUser(testDb.db, { role: 'finance' });
  const before = await staffList(token);
  const existing = before[0]!;
  const base = { ...cap, code: undefined, id: existing.id };
  for (const bad of [
    { ...base, price: 0 },
    { ...base, stock: -1 },
    { ...base, names: { ...cap.names, en: '' } },
    { ...base, image_url: 'javascript:alert(1)' },
    { ...cap, code: 'Bad Key' },
  ]) {
    const refused = await save(token, bad, 'zh-CN');
    expect(refused.status).toBe(400);
    expect(refused.body.msg).toMatch(/[\u4e00-\u9fff]/);
  }
  expect((await save(token, { ...base, id: 99_999_999 })).status).toBe(404);
  expect(await staffList(token)).toEqual(before);
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  expect((await save(moderator.token, { ...cap, code: 'fan_scarf' })).status).toBe(403);
  expect((await call('/api/admin/goods/list', { headers: { token: moderator.token } })).status).toBe(403);
});
