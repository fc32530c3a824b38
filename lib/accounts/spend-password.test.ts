// The payment password on every spend a person starts (expert plan, shop exchange, paid horn, red envelope,
// paid fan club join, a gift at the operator's threshold): without one set the spend goes through without
// `pay_password`; with one set, none or a wrong one is refused before any money moves, the right one spends.
// A gift below the threshold never asks.
import { eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { getConfig } from '@/lib/config';
import { publishPlan } from '@/lib/experts/plans';
import { experts } from '@/lib/experts/schema';
import { seedGiftCatalog } from '@/lib/gifts/catalog';
import { gifts } from '@/lib/gifts/schema';
import { ensureRoom } from '@/lib/live/service';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { goods } from '@/lib/shop/schema';
import { GIFT_CONFIRM_STARS_DEFAULT } from '@/lib/system/settings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser } from '@/lib/testing/factories';
import { balancesOf } from '@/lib/wallet/ledger';

// Any expert may price a plan here (no graded record needed).
process.env.EXPERT_PRICING_MIN_GRADED = '0';
process.env.EXPERT_PRICING_MIN_HIT_RATE = '0';

let testDb: TestDb;
let app: ApiApp;
const NOW = new Date('2026-11-24T12:00:00Z');
const call = apiCaller(() => app);
const PIN = '246810';
const en = (token: string) => ({ lang: 'en', token });
let counter = 0;
const key = () => `pin${++counter}`.padEnd(12, '0');

let anchor: { user: { id: number }; token: string };
let roomId: number;
let giftIds: Record<string, number>;
let goodsId: number;
let planId: number;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOW });
  const db = testDb.db;
  await seedGiftCatalog(db);
  giftIds = Object.fromEntries(
    (await db.select({ id: gifts.id, code: gifts.code }).from(gifts)).map((gift) => [gift.code, gift.id]),
  );
  anchor = await makeSignedInUser(db, { isAnchor: true });
  roomId = (await ensureRoom(db, anchor.user.id)).id;
  const club = await call('/api/Fansclub/setting', {
    json: { name: 'PIN', price: 50 },
    headers: en(anchor.token),
  });
  expect(club.body.code).toBe(0);
  const [row] = await db
    .insert(goods)
    .values({
      code: 'pin_test',
      names: { 'zh-CN': '测试商品', en: 'Test item' },
      descriptions: { 'zh-CN': '说明', en: 'About it' },
      kind: 'gift',
      giftId: giftIds.rose!,
      price: 10,
      stock: 100,
      perUserLimit: 50,
    })
    .returning();
  goodsId = row!.id;

  const [league] = await db
    .insert(competitions)
    .values({
      code: 'pin.1',
      sport: 'football',
      kind: 'league',
      region: 'test',
      sourceName: 'PIN League',
      source: 'test',
    })
    .returning();
  const [season] = await db
    .insert(seasons)
    .values({ competitionId: league!.id, key: '2026', sourceName: '2026' })
    .returning();
  const [home, away] = await db
    .insert(teams)
    .values([
      { sport: 'football', sourceName: 'PIN City', crestColors: ['#000000', '#ffffff'] },
      { sport: 'football', sourceName: 'PIN Rovers', crestColors: ['#ffffff', '#000000'] },
    ])
    .returning();
  const [match] = await db
    .insert(matches)
    .values({
      seasonId: season!.id,
      source: 'test',
      externalId: 'pin-1',
      round: '1',
      homeTeamId: home!.id,
      awayTeamId: away!.id,
      kickoffAt: new Date(NOW.getTime() + 3 * 3_600_000),
    })
    .returning();
  const expert = await makeSignedInUser(db);
  await db
    .insert(experts)
    .values({ userId: expert.user.id, sports: ['football'], experience: '十年足球分析', approvedAt: NOW });
  // One plan on sale: each buyer below is a new user.
  const { plan } = await publishPlan(
    db,
    expert.user.id,
    {
      matchId: match!.id,
      title: 'PIN plan',
      selections: [{ market: 'football_1x2', pick: 'home' }],
      reasoning: '主队近期主场状态出色，客队客场三连败，看主胜。',
      price: 20,
      refundIfLost: false,
    },
    NOW,
  );
  planId = plan.id;
});
afterAll(() => testDb.close());

type Spend = {
  name: string;
  run: (token: string, password?: string) => Promise<{ code: number; msg: string }>;
};
const withPin = (body: Record<string, unknown>, password?: string) =>
  password === undefined ? body : { ...body, pay_password: password };
const post = async (path: string, token: string, body: Record<string, unknown>) =>
  (await call(path, { json: body, headers: en(token) })).body;

const SPENDS: Spend[] = [
  {
    name: 'expert plan',
    run: async (token, password) => post('/api/expert/plan/buy', token, withPin({ id: planId }, password)),
  },
  {
    name: 'shop exchange',
    run: (token, password) =>
      post('/api/goods/exchange', token, withPin({ id: goodsId, key: key() }, password)),
  },
  {
    name: 'paid horn',
    run: (token, password) =>
      post('/api/Member/sneHorn', token, withPin({ content: `hello ${counter}`, key: key() }, password)),
  },
  {
    name: 'red envelope',
    run: (token, password) =>
      post(
        '/api/Redenvelope/insert',
        token,
        withPin({ room_id: roomId, amount: 10, num: 2, key: key() }, password),
      ),
  },
  {
    name: 'paid fan club join',
    // Leaving first: each run joins again.
    run: async (token, password) => {
      await post('/api/fansclub_user/leave', token, { anchor_id: anchor.user.id });
      return post(
        '/api/fansclub_user/join',
        token,
        withPin({ anchor_id: anchor.user.id, price: 50, key: key() }, password),
      );
    },
  },
  {
    name: 'gift at the threshold',
    run: (token, password) =>
      post(
        '/api/member/handselGift',
        token,
        withPin({ room_id: roomId, gift_id: giftIds.trophy!, num: 1, key: key() }, password),
      ),
  },
];

async function spender(pin: boolean) {
  const made = await makeSignedInUser(testDb.db, pin ? { paymentPasswordHash: await hashPassword(PIN) } : {});
  await fundUser(testDb.db, made.user.id, 'star', 10_000, NOW);
  await fundUser(testDb.db, made.user.id, 'coin', 1_000, NOW);
  return made;
}

it('prices the horn and the trophy so that they are paid spends at the threshold', async () => {
  expect(getConfig().HORN_PRICE).toBeGreaterThan(0);
  const [trophy] = await testDb.db.select({ price: gifts.price }).from(gifts).where(eq(gifts.code, 'trophy'));
  expect(trophy!.price).toBeGreaterThanOrEqual(GIFT_CONFIRM_STARS_DEFAULT);
});

describe.each(SPENDS)('$name', ({ run }) => {
  it('goes through without a password when none is set', async () => {
    const { user, token } = await spender(false);
    const before = await balancesOf(testDb.db, user.id);
    expect(await run(token)).toMatchObject({ code: 0 });
    const after = await balancesOf(testDb.db, user.id);
    expect(after.star + after.coin).toBeLessThan(before.star + before.coin);
  });

  it('with one set: refused without it or with a wrong one (nothing moves), spends with the right one', async () => {
    const { user, token } = await spender(true);
    const before = await balancesOf(testDb.db, user.id);
    expect(await run(token)).toMatchObject({ code: 1, msg: 'Please enter your payment PIN' });
    expect(await run(token, '')).toMatchObject({ code: 1, msg: 'Please enter your payment PIN' });
    expect(await run(token, '111111')).toMatchObject({ code: 1, msg: 'Wrong payment PIN. 4 tries left' });
    expect(await balancesOf(testDb.db, user.id)).toEqual(before);
    expect(await run(token, PIN)).toMatchObject({ code: 0 });
    const after = await balancesOf(testDb.db, user.id);
    expect(after.star + after.coin).toBeLessThan(before.star + before.coin);
  });
});

it('five wrong tries across spends lock every spend', async () => {
  const { user, token } = await spender(true);
  const before = await balancesOf(testDb.db, user.id);
  for (const [index, spend] of SPENDS.slice(0, 4).entries())
    expect((await spend.run(token, '000000')).msg).toBe(`Wrong payment PIN. ${4 - index} tries left`);
  const locked = await SPENDS[4]!.run(token, '000000');
  expect(locked.msg).toMatch(/^Too many wrong payment PINs/);
  expect((await SPENDS[5]!.run(token, PIN)).msg).toMatch(/^Too many wrong payment PINs/);
  expect((await SPENDS[1]!.run(token)).msg).toMatch(/^Too many wrong payment PINs/);
  expect(await balancesOf(testDb.db, user.id)).toEqual(before);
});

it('a gift below the threshold and a free fan club need no password', async () => {
  const { user, token } = await spender(true);
  const rose = await post('/api/member/handselGift', token, {
    room_id: roomId,
    gift_id: giftIds.rose!,
    num: 10,
    key: key(),
  });
  expect(rose).toMatchObject({ code: 0 });
  expect((await balancesOf(testDb.db, user.id)).star).toBe(10_000 - 10);
  const free = await makeSignedInUser(testDb.db, { isAnchor: true });
  await ensureRoom(testDb.db, free.user.id);
  expect(await post('/api/fansclub_user/join', token, { anchor_id: free.user.id, key: key() })).toMatchObject(
    {
      code: 0,
    },
  );
});

it('the balances say whether a payment password is set', async () => {
  for (const pin of [false, true]) {
    const { token } = await spender(pin);
    const balances = await call<{ has_payment_password: boolean }>('/api/wallet/balance', {
      headers: en(token),
    });
    expect(balances.body.data.has_payment_password).toBe(pin);
  }
});
