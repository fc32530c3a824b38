// The shop's free horn messages and chat badge colours through the API: delivered the moment they are
// exchanged and listed in the records; a free horn is taken after a noble's monthly ones and before any
// charge (never twice under concurrency, given back when review rejects it), a horn with none left
// charges as before; the colour worn frames the sender's name on the next chat line (a gift line too),
// pushed and listed.
import { eq } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { getConfig } from '@/lib/config';
import { seedGiftCatalog } from '@/lib/gifts/catalog';
import { gifts } from '@/lib/gifts/schema';
import { sendGift } from '@/lib/gifts/service';
import { setHornReview } from '@/lib/horn/service';
import { liveRooms } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue } from '@/lib/testing/review';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf } from '@/lib/wallet/ledger';
import { goods } from './schema';
import { seedShopCatalogue } from './seed';

let testDb: TestDb;
let app: ApiApp;
const NOW = new Date('2026-11-24T12:00:00Z');
const call = apiCaller(() => app);
const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });
let goodsId: Map<string, number>;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOW });
  await seedGiftCatalog(testDb.db);
  await seedShopCatalogue(testDb.db);
  const rows = await testDb.db.select({ id: goods.id, code: goods.code }).from(goods);
  goodsId = new Map(rows.map((row) => [row.code, row.id]));
});
afterAll(() => testDb.close());

const exchange = (token: string, code: string) =>
  call<{ status: string; cost: number }>('/api/goods/exchange', {
    json: { id: goodsId.get(code) },
    headers: en(token),
  });
const records = async (token: string) =>
  (
    await call<{ list: { name: string; kind: string; status: string; quantity: number }[] }>(
      '/api/goods/exchangeRecords',
      { json: {}, headers: en(token) },
    )
  ).body.data.list;
let sent = 0;
const horn = (token: string) =>
  call<{ free: boolean; price: number; balance: number }>('/api/Member/sneHorn', {
    json: { content: `Come and watch the derby ${++sent}` },
    headers: en(token),
  });
const quota = async (token: string) =>
  (
    await call<{ free_left: number; credits: number; price: number }>('/api/Member/hornQuota', {
      headers: en(token),
    })
  ).body.data;
const stars = async (userId: number) => (await balancesOf(testDb.db, userId)).star;

async function fan(coins: number, starDiamonds = 0) {
  const user = await makeSignedInUser(testDb.db);
  if (coins) await fundUser(testDb.db, user.user.id, 'coin', coins);
  if (starDiamonds) await fundUser(testDb.db, user.user.id, 'star', starDiamonds);
  return user;
}

describe('free horn messages', () => {
  const price = () => getConfig().HORN_PRICE;

  it('are delivered on exchange, listed, and used before any charge; with none left a horn charges', async () => {
    const buyer = await fan(300, 1000);
    expect((await quota(buyer.token)).credits).toBe(0);
    const done = await exchange(buyer.token, 'horn_3');
    expect(done.body).toMatchObject({ code: 0, data: { status: 'delivered', cost: 300 } });
    expect(await records(buyer.token)).toEqual([
      expect.objectContaining({ name: 'Horn messages ×3', kind: 'horn', status: 'delivered', quantity: 1 }),
    ]);
    expect(await quota(buyer.token)).toMatchObject({ credits: 3, free_left: 0 });
    for (const left of [2, 1, 0]) {
      const free = await horn(buyer.token);
      expect(free.body).toMatchObject({ code: 0, data: { free: true, price: 0, balance: 1000 } });
      expect((await quota(buyer.token)).credits).toBe(left);
    }
    const paid = await horn(buyer.token);
    expect(paid.body.data).toMatchObject({ free: false, price: price(), balance: 1000 - price() });
    // Someone who never exchanged any pays as before.
    const other = await fan(0, 1000);
    expect((await horn(other.token)).body.data).toMatchObject({ free: false, price: price() });
    expect(await stars(other.user.id)).toBe(1000 - price());
  });

  it('come after a noble’s monthly messages, and concurrent sends never take one twice', async () => {
    const noble = await fan(300 + 800, 1000);
    expect((await exchange(noble.token, 'knight_trial_3')).body.code).toBe(0);
    expect((await exchange(noble.token, 'horn_3')).body.code).toBe(0);
    const before = await quota(noble.token);
    expect(before.free_left).toBeGreaterThan(0);
    expect((await horn(noble.token)).body.data).toMatchObject({ free: true, price: 0 });
    expect((await quota(noble.token)).credits).toBe(3);

    const buyer = await fan(300, 1000);
    expect((await exchange(buyer.token, 'horn_3')).body.code).toBe(0);
    const burst = await Promise.all(Array.from({ length: 6 }, () => horn(buyer.token)));
    expect(burst.every((answer) => answer.body.code === 0)).toBe(true);
    expect(burst.filter((answer) => answer.body.data.free)).toHaveLength(3);
    expect(await stars(buyer.user.id)).toBe(1000 - 3 * price());
    expect((await quota(buyer.token)).credits).toBe(0);
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });

  it('a free message that review rejects is given back', async () => {
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    const buyer = await fan(300, 100);
    expect((await exchange(buyer.token, 'horn_3')).body.code).toBe(0);
    await setHornReview(testDb.db, true, NOW);
    try {
      const pending = await call<{ id: number; free: boolean }>('/api/Member/sneHorn', {
        json: { content: 'Wait for review' },
        headers: en(buyer.token),
      });
      expect(pending.body.data.free).toBe(true);
      expect((await quota(buyer.token)).credits).toBe(2);
      const review = await decideInQueue(call, operator.token, 'horn', pending.body.data.id, false);
      expect(review.body.data.results[0]).toMatchObject({ ok: true });
      expect((await quota(buyer.token)).credits).toBe(3);
      expect(await stars(buyer.user.id)).toBe(100);
    } finally {
      await setHornReview(testDb.db, false, NOW);
    }
  });
});

describe('chat badge colours', () => {
  type Line = { id: number; user_id: number; content: string; badge_color?: string };
  type Badges = { list: string[]; chosen: string | null };
  const badges = async (token: string) =>
    (await call<Badges>('/api/goods/badgeColors', { headers: en(token) })).body.data;
  const wear = (token: string, color: string | null) =>
    call<Badges>('/api/goods/wearBadgeColor', { json: { color }, headers: en(token) });
  let roomId = 0;
  let said = 0;
  const say = async (token: string) =>
    (
      await call<Line>('/api/live/sendChatSensitive', {
        json: { room_id: roomId, content: `What a save ${++said}` },
        headers: en(token),
      })
    ).body.data;
  const listed = async (id: number) =>
    (
      await call<{ list: Line[] }>('/api/Barrage/getList', { json: { room_id: roomId }, headers: en() })
    ).body.data.list.find((line) => line.id === id);

  beforeAll(async () => {
    const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
    const room = await ensureRoom(testDb.db, anchor.user.id);
    await testDb.db.update(liveRooms).set({ status: 'live' }).where(eq(liveRooms.id, room.id));
    roomId = room.id;
  });

  it('an exchanged colour is worn at once and frames the name on the next chat line', async () => {
    const buyer = await fan(1250);
    const plain = await say(buyer.token);
    expect(plain.badge_color).toBeUndefined();
    expect(await badges(buyer.token)).toEqual({ list: [], chosen: null });
    expect((await exchange(buyer.token, 'badge_gold')).body.data.status).toBe('delivered');
    expect(await records(buyer.token)).toEqual([
      expect.objectContaining({ name: 'Chat badge · Gold', kind: 'badge_color', status: 'delivered' }),
    ]);
    expect(await badges(buyer.token)).toEqual({ list: ['gold'], chosen: 'gold' });
    const gold = await say(buyer.token);
    expect(gold.badge_color).toBe('gold');
    expect((await listed(gold.id))?.badge_color).toBe('gold');
    // A second colour is owned but the worn one stays until the user changes it.
    expect((await exchange(buyer.token, 'badge_jade')).body.code).toBe(0);
    expect(await badges(buyer.token)).toEqual({ list: ['gold', 'jade'], chosen: 'gold' });
    expect((await wear(buyer.token, 'jade')).body.data).toEqual({ list: ['gold', 'jade'], chosen: 'jade' });
    const jade = await say(buyer.token);
    expect(jade.badge_color).toBe('jade');
    // Lines are drawn with the colour worn now (like the nobility badge).
    expect((await listed(gold.id))?.badge_color).toBe('jade');
    // A gift line carries it too: pushed with the send and listed after a reload.
    expect((await exchange(buyer.token, 'gift_rose_10')).body.code).toBe(0);
    const [rose] = await testDb.db.select({ id: gifts.id }).from(gifts).where(eq(gifts.code, 'rose'));
    const [sender] = await testDb.db.select().from(users).where(eq(users.id, buyer.user.id));
    const gift = await sendGift(testDb.db, {
      senderId: buyer.user.id,
      sender: sender!,
      roomId,
      giftId: rose!.id,
      count: 1,
      fromBackpack: true,
      key: 'badge-gift-0001',
      anchorShare: getConfig().GIFT_ANCHOR_SHARE,
      now: NOW,
    });
    expect(gift.result.chat?.badge_color).toBe('jade');
    expect((await listed(gift.result.chat!.id))?.badge_color).toBe('jade');
    expect((await wear(buyer.token, null)).body.data.chosen).toBeNull();
    expect((await say(buyer.token)).badge_color).toBeUndefined();
  });

  it('refuses a colour not owned or unknown, and a colour owned already, moving nothing', async () => {
    const buyer = await fan(600);
    const notOwned = await wear(buyer.token, 'azure');
    expect(notOwned.body).toMatchObject({
      code: 1,
      msg: 'You don’t own that badge colour yet. Exchange it in the shop first'.replace('’', "'"),
    });
    expect((await wear(buyer.token, 'pink')).status).toBe(400);
    expect((await exchange(buyer.token, 'badge_azure')).body.code).toBe(0);
    // An operator's goods of a colour the buyer owns (a second listing, a limit above one).
    const [again] = await testDb.db
      .insert(goods)
      .values({
        code: 'test_azure_again',
        kind: 'badge_color',
        badgeColor: 'azure',
        names: { en: 'Azure again' },
        descriptions: { en: 'Again' },
        price: 1,
        stock: 10,
        perUserLimit: 5,
      })
      .returning();
    await fundUser(testDb.db, buyer.user.id, 'coin', 1);
    const owned = await call('/api/goods/exchange', { json: { id: again!.id }, headers: en(buyer.token) });
    expect(owned.body.msg).toBe('You already own this badge colour. Wear it from “My chat badges”');
    expect((await balancesOf(testDb.db, buyer.user.id)).coin).toBe(1);
    const [stock] = await testDb.db.select({ stock: goods.stock }).from(goods).where(eq(goods.id, again!.id));
    expect(stock!.stock).toBe(10);
    expect((await call('/api/goods/badgeColors', { headers: en() })).body.code).toBe(700);
  });
});
