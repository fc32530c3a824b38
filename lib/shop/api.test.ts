// The exchange shop through the API: goods and limits, 200 concurrent exchanges of 10 in stock, gifts
// into the backpack, nobility trial days, physical goods with an address moved by an operator (and
// refunded when cancelled), three months of records, bad input that moves nothing, and coins that
// never leave through any other money call.
import { eq, sql } from 'drizzle-orm';
import { seedGiftCatalog } from '@/lib/gifts/catalog';
import { gifts } from '@/lib/gifts/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf, mintLeg, runOperation } from '@/lib/wallet/ledger';
import { goods } from './schema';
import { seedShopCatalogue } from './seed';

let testDb: TestDb;
let app: ApiApp;
const START = new Date('2026-11-24T12:00:00Z');
let now = START;
const call = apiCaller(() => app);
let counter = 0;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
  await seedGiftCatalog(testDb.db);
});
afterAll(() => testDb.close());
beforeEach(() => {
  now = START;
});

const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });

async function fundCoins(userId: number, amount: number) {
  await runOperation(testDb.db, {
    key: `fund:${userId}:${++counter}`,
    kind: 'test_fund',
    userId,
    payload: {},
    now: START,
    prepare: async () => ({ legs: [mintLeg(userId, 'coin', amount)], result: {} }),
  });
}

async function makeGoods(
  values: Partial<typeof goods.$inferInsert> & { kind: 'gift' | 'nobility_trial' | 'physical' },
) {
  const [rose] = await testDb.db.select({ id: gifts.id }).from(gifts).where(eq(gifts.code, 'rose'));
  const [row] = await testDb.db
    .insert(goods)
    .values({
      code: `test_${++counter}`,
      names: { 'zh-CN': '测试商品', en: 'Test item' },
      descriptions: { 'zh-CN': '说明', en: 'About it' },
      price: 10,
      stock: 100,
      perUserLimit: 5,
      giftId: values.kind === 'gift' ? rose!.id : null,
      ...values,
    })
    .returning();
  return row!;
}

type Exchanged = { id: number; status: string; cost: number; balance: number; replayed: boolean };
const exchange = (token: string, body: Record<string, unknown>) =>
  call<Exchanged>('/api/goods/exchange', { json: body, headers: en(token) });
const stockOf = async (id: number) =>
  (await testDb.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, id)))[0]!.stock;

it('lists the seeded catalogue in the caller’s language with what they may still exchange', async () => {
  await seedShopCatalogue(testDb.db);
  const buyer = await makeSignedInUser(testDb.db);
  const list = await call<{ list: { code: string; name: string; price: number; remaining: number }[] }>(
    '/api/goods/goodsList',
    { json: {}, headers: en(buyer.token) },
  );
  expect(list.body.code).toBe(0);
  const codes = list.body.data.list.map((item) => item.code);
  expect(codes).toEqual(expect.arrayContaining(['gift_rose_10', 'knight_trial_3', 'team_scarf']));
  expect(list.body.data.list.find((item) => item.code === 'team_scarf')).toMatchObject({
    name: 'Home-team supporter scarf',
    remaining: 1,
  });
  const zh = await call<{ list: { code: string; name: string }[] }>('/api/goods/goodsList', {
    json: {},
    headers: { lang: 'zh-CN' },
  });
  expect(zh.body.data.list.find((item) => item.code === 'team_scarf')?.name).toBe('主队助威围巾');
});

it('200 concurrent exchanges of a good with 10 in stock give exactly 10', async () => {
  const item = await makeGoods({ kind: 'gift', stock: 10, perUserLimit: 1, price: 5 });
  const buyers = await Promise.all(Array.from({ length: 200 }, () => makeSignedInUser(testDb.db)));
  await Promise.all(buyers.map((buyer) => fundCoins(buyer.user.id, 5)));
  const results = await Promise.all(buyers.map((buyer) => exchange(buyer.token, { id: item.id })));
  const ok = results.filter((result) => result.body.code === 0);
  expect(ok).toHaveLength(10);
  expect(new Set(results.filter((r) => r.body.code !== 0).map((r) => r.body.msg))).toEqual(
    new Set(['This item is out of stock. Have a look at the others']),
  );
  expect(await stockOf(item.id)).toBe(0);
  const spent = await Promise.all(
    buyers.map(async (buyer) => (await balancesOf(testDb.db, buyer.user.id)).coin),
  );
  expect(spent.filter((coin) => coin === 0)).toHaveLength(10);
  expect(spent.filter((coin) => coin === 5)).toHaveLength(190);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('a gift goes into the backpack at once; the per-user limit holds, also under concurrency', async () => {
  const item = await makeGoods({ kind: 'gift', giftCount: 3, price: 10, perUserLimit: 2 });
  const buyer = await makeSignedInUser(testDb.db);
  await fundCoins(buyer.user.id, 100);
  const first = await exchange(buyer.token, { id: item.id, key: 'exchange-0001' });
  expect(first.body).toMatchObject({ code: 0, data: { status: 'delivered', cost: 10, balance: 90 } });
  const replay = await exchange(buyer.token, { id: item.id, key: 'exchange-0001' });
  expect(replay.body.data).toMatchObject({ id: first.body.data.id, replayed: true });
  const backpack = await call<{ list: { code: string; quantity: number }[] }>('/api/Gift/getUserGiftList', {
    headers: en(buyer.token),
  });
  expect(backpack.body.data.list).toEqual([expect.objectContaining({ code: 'rose', quantity: 3 })]);
  // Five at once with one left of the limit: exactly one goes through.
  const burst = await Promise.all(Array.from({ length: 5 }, () => exchange(buyer.token, { id: item.id })));
  expect(burst.filter((r) => r.body.code === 0)).toHaveLength(1);
  expect(burst.find((r) => r.body.code !== 0)?.body.msg).toBe(
    'Each fan can exchange at most 2 of this item, and you have reached it',
  );
  expect((await balancesOf(testDb.db, buyer.user.id)).coin).toBe(80);
  expect(await stockOf(item.id)).toBe(98);
});

it('a nobility trial adds days to the same tier and refuses another tier in force', async () => {
  const trial = await makeGoods({ kind: 'nobility_trial', nobilityTier: 1, trialDays: 3, price: 50 });
  const other = await makeGoods({ kind: 'nobility_trial', nobilityTier: 2, trialDays: 3, price: 50 });
  const buyer = await makeSignedInUser(testDb.db);
  await fundCoins(buyer.user.id, 200);
  expect((await exchange(buyer.token, { id: trial.id })).body.code).toBe(0);
  expect((await exchange(buyer.token, { id: trial.id })).body.code).toBe(0);
  const { rows } = await testDb.db.execute<{ tier: number; expires_at: Date }>(
    sql`select tier, expires_at from nobilities where user_id = ${buyer.user.id}`,
  );
  expect(rows[0]!.tier).toBe(1);
  expect(new Date(rows[0]!.expires_at).getTime() - START.getTime()).toBe(6 * 24 * 3600 * 1000);
  const refused = await exchange(buyer.token, { id: other.id });
  expect(refused.body.msg).toBe('You already hold another nobility rank. Exchange the trial after it ends');
  expect((await balancesOf(testDb.db, buyer.user.id)).coin).toBe(100);
  expect(await stockOf(other.id)).toBe(100);
});

it('physical goods need an address; an operator ships and delivers, or cancels with the coins refunded', async () => {
  const item = await makeGoods({ kind: 'physical', price: 300, stock: 2, perUserLimit: 1 });
  const buyer = await makeSignedInUser(testDb.db);
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  await fundCoins(buyer.user.id, 1000);
  expect((await exchange(buyer.token, { id: item.id })).body.msg).toBe(
    'Physical items need a delivery address',
  );
  const bad = await call('/api/goods/saveAddress', {
    json: { name: '', phone: 'x', region: '广东省深圳市', detail: '南山区' },
    headers: en(buyer.token),
  });
  expect(bad.body.code).toBe(1);
  const saved = await call<{ id: number }>('/api/goods/saveAddress', {
    json: { name: '王小明', phone: '13800001234', region: '广东省深圳市', detail: '南山区科技园 1 号' },
    headers: en(buyer.token),
  });
  expect(saved.body.code).toBe(0);
  const stranger = await makeSignedInUser(testDb.db);
  await fundCoins(stranger.user.id, 1000);
  expect((await exchange(stranger.token, { id: item.id, address_id: saved.body.data.id })).body.code).toBe(1);

  const placed = await exchange(buyer.token, { id: item.id, address_id: saved.body.data.id });
  expect(placed.body.data).toMatchObject({ status: 'pending', balance: 700 });
  const move = (id: number, status: string, token = operator.token) =>
    call<{ status: string }>('/api/admin/goods/exchangeStatus', { json: { id, status }, headers: en(token) });
  expect((await move(placed.body.data.id, 'shipped', buyer.token)).status).toBe(403);
  expect((await move(placed.body.data.id, 'delivered')).body.msg).toContain('cannot move that way');
  expect((await move(placed.body.data.id, 'shipped')).body.data.status).toBe('shipped');
  const pending = await call<{ list: { id: number; status: string; address: { name: string } }[] }>(
    '/api/admin/goods/exchanges?status=shipped',
    { headers: en(operator.token) },
  );
  expect(pending.body.data.list).toEqual([
    expect.objectContaining({
      id: placed.body.data.id,
      address: expect.objectContaining({ name: '王小明' }),
    }),
  ]);
  expect((await move(placed.body.data.id, 'cancelled')).body.data.status).toBe('cancelled');
  expect((await move(placed.body.data.id, 'cancelled')).body.data.status).toBe('cancelled');
  expect((await balancesOf(testDb.db, buyer.user.id)).coin).toBe(1000);
  expect(await stockOf(item.id)).toBe(2);
  expect((await move(placed.body.data.id, 'delivered')).body.code).toBe(1);

  // The limit came back with the refund; this one is delivered and its coins burnt.
  const second = await exchange(buyer.token, { id: item.id, address_id: saved.body.data.id });
  await move(second.body.data.id, 'shipped');
  expect((await move(second.body.data.id, 'delivered')).body.data.status).toBe('delivered');
  expect((await move(second.body.data.id, 'cancelled')).body.code).toBe(1);
  expect((await balancesOf(testDb.db, buyer.user.id)).coin).toBe(700);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('records cover three months; bad input and missing coins move nothing', async () => {
  const item = await makeGoods({ kind: 'gift', price: 40 });
  const buyer = await makeSignedInUser(testDb.db);
  await fundCoins(buyer.user.id, 50);
  now = new Date('2026-07-01T00:00:00Z');
  expect((await exchange(buyer.token, { id: item.id })).body.code).toBe(0);
  now = START;
  expect((await exchange(buyer.token, { id: item.id })).body.msg).toBe(
    'Not enough coins. Earn more in the task centre',
  );
  expect((await exchange(buyer.token, { id: 'abc' })).body.code).toBe(1);
  expect((await exchange(buyer.token, { id: item.id, num: 0 })).body.code).toBe(1);
  expect((await exchange(buyer.token, { id: 999_999 })).body.msg).toBe(
    "That item doesn't exist or is no longer offered",
  );
  const guest = await call('/api/goods/exchange', { json: { id: item.id }, headers: en() });
  expect(guest.body.code).toBe(700);
  expect((await balancesOf(testDb.db, buyer.user.id)).coin).toBe(10);
  expect(await stockOf(item.id)).toBe(99);
  await fundCoins(buyer.user.id, 40);
  expect((await exchange(buyer.token, { id: item.id })).body.code).toBe(0);
  const records = await call<{ list: { name: string; status: string; cost: number }[] }>(
    '/api/goods/exchangeRecords',
    { json: {}, headers: en(buyer.token) },
  );
  expect(records.body.data.list).toEqual([
    expect.objectContaining({ name: 'Test item', status: 'delivered', cost: 40 }),
  ]);
});

it('coins never leave through any money call', async () => {
  const holder = await makeSignedInUser(testDb.db);
  await fundCoins(holder.user.id, 5000);
  const key = () => `coins-${++counter}`.padEnd(12, '0');
  const calls = [
    call(`/api/Member/sneHorn?${new URLSearchParams({ content: 'hello', key: key() })}`, {
      headers: en(holder.token),
    }),
    call('/api/guard_user/buy', {
      json: { tier: 1, months: 1, pay_password: '123456', pay_with: 'star', key: key() },
      headers: en(holder.token),
    }),
    call('/api/guard_user/buy', {
      json: { tier: 1, months: 1, pay_password: '123456', pay_with: 'yellow', key: key() },
      headers: en(holder.token),
    }),
    call('/api/Balance/conversionBalance', {
      json: { amount: 100, confirm: 1, key: key() },
      headers: en(holder.token),
    }),
    call('/api/Balance/applyForWithdrawal', {
      json: { amount: 100, pay_password: '123456', key: key() },
      headers: en(holder.token),
    }),
    call('/api/Redenvelope/insert', {
      json: { room_id: 1, amount: 100, num: 2, key: key() },
      headers: en(holder.token),
    }),
    call('/api/member/handselGift', {
      json: { room_id: 1, gift_id: 1, num: 1, key: key() },
      headers: en(holder.token),
    }),
  ];
  for (const result of await Promise.all(calls)) expect(result.body.code).not.toBe(0);
  expect((await balancesOf(testDb.db, holder.user.id)).coin).toBe(5000);
  // Across the whole database, coins only ever moved through the shop, its refunds, rewards and
  // fun-guess stakes (coins in, coins back: lib/guess).
  const { rows } = await testDb.db.execute<{ kind: string }>(sql`
    select distinct o.kind from wallet_transfers t join wallet_operations o on o.id = t.operation_id
    where t.currency = 'coin'`);
  for (const row of rows)
    expect([
      'test_fund',
      'shop_exchange',
      'shop_refund',
      'invite_reward',
      'reward',
      'guess_stake',
      'guess_settle',
      'guess_refund',
    ]).toContain(row.kind);
});
