// The nobility tiers kept by finance: a price change applies to the next purchase (renewals pay the renewal
// price), a tier off sale leaves the list and is refused; bad input is refused in the caller's language and
// changes nothing; the audit keeps the row before and after; other roles are refused.
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { users } from '@/lib/accounts/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';

let testDb: TestDb;
let app: ApiApp;
const NOW = new Date('2026-11-24T12:00:00Z');
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOW });
});
afterAll(() => testDb.close());

type Tier = { tier: number; code: string; monthly_price: number; renewal_price: number; active: boolean };
const onSale = async () => (await call<{ list: Tier[] }>('/api/Guard/getList')).body.data.list;
const staffList = async (token: string) =>
  (await call<{ list: Tier[] }>('/api/admin/nobility/tiers', { headers: { token } })).body.data.list;
const save = (token: string, json: object) =>
  call<Tier>('/api/admin/nobility/saveTier', { headers: { token, lang: 'zh-CN' }, json });

async function buyer(yellow: number) {
  const made = await makeSignedInUser(testDb.db);
  await testDb.db
    .update(users)
    .set({ paymentPasswordHash: await hashPassword('246810') })
    .where(eq(users.id, made.user.id));
  await runOperation(testDb.db, {
    key: `fund:${made.user.id}`,
    kind: 'test_fund',
    userId: made.user.id,
    payload: {},
    now: NOW,
    prepare: async () => ({ legs: [mintLeg(made.user.id, 'yellow', yellow)], result: {} }),
  });
  return made;
}
const buy = (token: string, tier: number, key: string) =>
  call<{ price: number; renewed: boolean }>(
    `/api/guard_user/buy?tier=${tier}&months=1&pay_password=246810&key=${key}`,
    { headers: { token, lang: 'en' } },
  );

it('lists the tiers seeded from the prices the code held, with their privileges', async () => {
  const { token } = await makeSignedInUser(testDb.db, { role: 'finance' });
  const list = await staffList(token);
  expect(list.map((tier) => [tier.code, tier.monthly_price, tier.renewal_price, tier.active])).toEqual([
    ['knight', 300, 300, true],
    ['baron', 1_000, 1_000, true],
    ['viscount', 3_000, 3_000, true],
    ['earl', 10_000, 10_000, true],
    ['duke', 30_000, 30_000, true],
  ]);
  expect(list[0]).toMatchObject({ privileges: ['entry', 'badge', 'horn', 'seat', 'speak'] });
});

it('a new price applies to the next purchase, a renewal pays the renewal price; the audit keeps before and after', async () => {
  const { token } = await makeSignedInUser(testDb.db, { role: 'finance' });
  const noble = await buyer(10_000);
  expect((await buy(noble.token, 3, 'catalog-first')).body.data).toMatchObject({ price: 3_000 });

  const saved = await save(token, { tier: 3, monthly_price: 3_500, renewal_price: 2_800, sort: 3 });
  expect(saved.body).toMatchObject({ code: 0, data: { monthly_price: 3_500, renewal_price: 2_800 } });
  expect((await onSale()).find((tier) => tier.tier === 3)).toMatchObject({
    monthly_price: 3_500,
    renewal_price: 2_800,
  });
  // The purchase already made keeps its price; the renewal pays the new renewal price.
  const { rows: paid } = await testDb.db.execute<{ price: number }>(
    sql`select price from nobility_purchases where user_id = ${noble.user.id} order by id`,
  );
  expect(paid.map((row) => row.price)).toEqual([3_000]);
  expect((await buy(noble.token, 3, 'catalog-renew')).body.data).toMatchObject({
    renewed: true,
    price: 2_800,
  });
  const newcomer = await buyer(10_000);
  expect((await buy(newcomer.token, 3, 'catalog-new')).body.data).toMatchObject({ price: 3_500 });

  const { rows } = await testDb.db.execute<{ before: Tier; after: Tier; target_type: string }>(
    sql`select before, after, target_type from audit_log
        where action = '/api/admin/nobility/saveTier' and target_id = 'viscount' order by id desc limit 1`,
  );
  expect(rows[0]).toMatchObject({
    target_type: 'nobilityTier',
    before: { monthly_price: 3_000, renewal_price: 3_000 },
    after: { monthly_price: 3_500, renewal_price: 2_800 },
  });
});

it('a tier off sale leaves the list and cannot be bought', async () => {
  const { token } = await makeSignedInUser(testDb.db, { role: 'operator' });
  await save(token, { tier: 5, monthly_price: 30_000, renewal_price: 30_000, sort: 5, active: false });
  expect((await onSale()).map((tier) => tier.code)).not.toContain('duke');
  const rich = await buyer(100_000);
  const refused = await buy(rich.token, 5, 'catalog-off');
  expect(refused.body).toMatchObject({ code: 1, msg: 'There is no such nobility tier' });
  await save(token, { tier: 5, monthly_price: 30_000, renewal_price: 30_000, sort: 5, active: true });
  expect((await onSale()).map((tier) => tier.code)).toContain('duke');
});

it('refuses bad input in the caller’s language and changes nothing; other roles are refused', async () => {
  const finance = await makeSignedInUser(testDb.db, { role: 'finance' });
  const before = await staffList(finance.token);
  const good = { tier: 1, monthly_price: 300, renewal_price: 300, sort: 1 };
  for (const bad of [
    { ...good, monthly_price: 0 },
    { ...good, renewal_price: 10_000_001 },
    { ...good, monthly_price: 12.5 },
    { ...good, tier: 6 },
  ]) {
    const refused = await save(finance.token, bad);
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe(1);
    expect(refused.body.msg).toMatch(/[\u4e00-\u9fff]/);
  }
  expect(await staffList(finance.token)).toEqual(before);
  for (const role of ['moderator', 'user'] as const) {
    const other = await makeSignedInUser(testDb.db, { role });
    expect((await save(other.token, good)).status).toBe(403);
  }
});
