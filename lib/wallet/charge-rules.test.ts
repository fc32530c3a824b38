// Recharge packages kept by finance: added, changed (orders already made keep their price), hidden;
// a second package of the same currency and amount, bad input and other roles refused.
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db });
});
afterAll(() => testDb.close());

type Rule = { id: number; diamonds: number; price_minor: number };
const publicList = async () =>
  (await call<{ list: Rule[] }>('/api/chargerules/getList?currency=CNY')).body.data.list;

it('finance adds a package, changes its price and hides it; readers see each change at once', async () => {
  const { token } = await makeSignedInUser(testDb.db, { role: 'finance' });
  const save = (json: object) =>
    call<{ id: number; active: boolean }>('/api/admin/chargeRules/save', { headers: { token }, json });
  const made = await save({ diamonds: 777, bonus: 7, price_minor: 7700, price_currency: 'CNY' });
  expect(made.body).toMatchObject({ code: 0, data: { active: true } });
  const id = made.body.data.id;
  expect((await publicList()).find((rule) => rule.id === id)).toMatchObject({
    diamonds: 777,
    price_minor: 7700,
  });
  await save({ id, diamonds: 777, bonus: 7, price_minor: 6600, price_currency: 'CNY' });
  expect((await publicList()).find((rule) => rule.id === id)?.price_minor).toBe(6600);
  await save({ id, diamonds: 777, price_minor: 6600, price_currency: 'CNY', active: false });
  expect((await publicList()).find((rule) => rule.id === id)).toBeUndefined();
  const staff = await call<{ list: { id: number; active: boolean }[] }>('/api/admin/chargeRules/list', {
    headers: { token },
  });
  expect(staff.body.data.list.find((rule) => rule.id === id)?.active).toBe(false);
});

it('refuses a duplicate package, bad input and roles other than finance and operators', async () => {
  const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const rule = { diamonds: 888, price_minor: 8800, price_currency: 'CNY' };
  const save = (token: string, json: object) =>
    call('/api/admin/chargeRules/save', { headers: { token, lang: 'en' }, json });
  expect((await save(finance.token, rule)).body.code).toBe(0);
  const twice = await save(finance.token, rule);
  expect(twice.body.code).toBe(1);
  for (const bad of [
    { ...rule, diamonds: 0 },
    { ...rule, price_currency: 'USD' },
    { ...rule, price_minor: -1 },
  ])
    expect((await save(finance.token, bad)).body.code).toBe(1);
  expect((await save(moderator.token, { ...rule, diamonds: 889 })).status).toBe(403);
  expect((await save(finance.token, { ...rule, id: 999_999, diamonds: 890 })).status).toBe(404);
});
