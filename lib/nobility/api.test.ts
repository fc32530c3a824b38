// Nobility through the API: tiers, opening with the payment password, renewing from the end, a
// higher tier, refusals that move nothing, expiry, and the privileges in room chat (badge beside the
// name, speaking in fans-only mode) plus gift lines stored in the chat.
import { eq, sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { users } from '@/lib/accounts/schema';
import { seedGiftCatalog } from '@/lib/gifts/catalog';
import { ensureRoom } from '@/lib/live/service';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf, mintLeg, runOperation } from '@/lib/wallet/ledger';
import { activeNobility, markExpiredNobilities } from './service';
import { NOBILITY_MONTH_MS } from './tiers';

let testDb: TestDb;
let app: ApiApp;
const START = new Date('2026-11-24T12:00:00Z');
let now = START;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
  await seedGiftCatalog(testDb.db);
});
afterAll(() => testDb.close());
beforeEach(() => {
  now = START;
});

let counter = 0;
const key = () => `nob${++counter}`.padEnd(12, '0');
const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });

async function fund(userId: number, currency: 'star' | 'yellow', amount: number) {
  await runOperation(testDb.db, {
    key: `fund:${userId}:${++counter}`,
    kind: 'test_fund',
    userId,
    payload: {},
    now: START,
    prepare: async () => ({ legs: [mintLeg(userId, currency, amount)], result: {} }),
  });
}

async function buyer(yellow: number) {
  const made = await makeSignedInUser(testDb.db);
  await testDb.db
    .update(users)
    .set({ paymentPasswordHash: await hashPassword('246810') })
    .where(eq(users.id, made.user.id));
  if (yellow) await fund(made.user.id, 'yellow', yellow);
  return made;
}

type Bought = {
  tier: number;
  price: number;
  renewed: boolean;
  expires_at: string;
  balance: number;
  replayed: boolean;
};
const buy = (token: string, query: Record<string, string | number>) =>
  call<Bought>(
    `/api/guard_user/buy?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    { headers: en(token) },
  );

it('lists the five tiers with monthly prices in yellow diamonds', async () => {
  const list = await call<{ list: { tier: number; code: string; monthly_price: number }[]; mine: null }>(
    '/api/Guard/getList',
  );
  expect(list.body.data.list.map((tier) => tier.code)).toEqual([
    'knight',
    'baron',
    'viscount',
    'earl',
    'duke',
  ]);
  expect(list.body.data.list[0]!.monthly_price).toBe(300);
  expect(list.body.data.mine).toBeNull();
});

it('opens, renews from the end, upgrades from now; the user center shows it', async () => {
  const { user, token } = await buyer(10_000);
  const opened = await buy(token, { tier: 1, months: 1, pay_password: '246810', key: key() });
  expect(opened.body).toMatchObject({
    code: 0,
    data: { tier: 1, price: 300, renewed: false, balance: 9_700 },
  });
  expect(opened.body.data.expires_at).toBe(new Date(START.getTime() + NOBILITY_MONTH_MS).toISOString());

  now = new Date(START.getTime() + 10 * 24 * 3600 * 1000);
  const renewed = await buy(token, { tier: 1, months: 3, pay_password: '246810', key: key() });
  expect(renewed.body.data).toMatchObject({ renewed: true, price: 900 });
  expect(renewed.body.data.expires_at).toBe(new Date(START.getTime() + 4 * NOBILITY_MONTH_MS).toISOString());

  const upgraded = await buy(token, { tier: 2, months: 1, pay_password: '246810', key: key() });
  expect(upgraded.body.data).toMatchObject({ tier: 2, renewed: false, price: 1_000, balance: 7_800 });
  expect(upgraded.body.data.expires_at).toBe(new Date(now.getTime() + NOBILITY_MONTH_MS).toISOString());

  const mine = await call<{ mine: { tier: number; active: boolean; purchases: unknown[] } }>(
    '/api/Guard/getList',
    {
      headers: en(token),
    },
  );
  expect(mine.body.data.mine).toMatchObject({ tier: 2, active: true });
  expect(mine.body.data.mine.purchases).toHaveLength(3);
  expect((await balancesOf(testDb.db, user.id)).yellow).toBe(7_800);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);

  // Expiry ends it: checked against now, and the job marks it.
  const after = new Date(now.getTime() + NOBILITY_MONTH_MS);
  expect(await activeNobility(testDb.db, user.id, after)).toBeNull();
  expect(await markExpiredNobilities(testDb.db, after)).toBeGreaterThanOrEqual(1);
  expect(await markExpiredNobilities(testDb.db, after)).toBe(0);
  now = after;
  const ended = await call<{ mine: { tier: number; active: boolean } }>('/api/Guard/getList', {
    headers: en(token),
  });
  expect(ended.body.data.mine).toMatchObject({ tier: 0, active: false });
});

it('refuses bad input and moves nothing', async () => {
  const { user, token } = await buyer(500);
  const cases: [Record<string, string | number>, string][] = [
    [{ tier: 2, months: 1, pay_password: '246810' }, 'Not enough balance. Please top up first'],
    [{ tier: 1, months: 1, pay_password: '111111' }, 'Wrong payment PIN. 4 tries left'],
    [{ tier: 9, months: 1, pay_password: '246810' }, 'There is no such nobility tier'],
    [{ tier: 1, months: 2, pay_password: '246810' }, 'Choose 1, 3, 6 or 12 months'],
    [{ tier: 1, months: -1, pay_password: '246810' }, 'Choose 1, 3, 6 or 12 months'],
    [{ tier: 1, months: 1.5, pay_password: '246810' }, 'Choose 1, 3, 6 or 12 months'],
  ];
  for (const [query, msg] of cases) {
    const refused = await buy(token, { ...query, key: key() });
    expect(refused.body).toMatchObject({ code: 1, msg });
  }
  expect((await balancesOf(testDb.db, user.id)).yellow).toBe(500);
  expect(await activeNobility(testDb.db, user.id, now)).toBeNull();

  const noPin = await makeSignedInUser(testDb.db);
  const unset = await buy(noPin.token, { tier: 1, months: 1, pay_password: '246810', key: key() });
  expect(unset.body.msg).toBe('Please set a payment PIN in your profile first');

  // Same key: a replay returns the first result; another payload is refused.
  const same = key();
  await buy(token, { tier: 1, months: 1, pay_password: '246810', key: same });
  const replay = await buy(token, { tier: 1, months: 1, pay_password: '246810', key: same });
  expect(replay.body.data).toMatchObject({ replayed: true, balance: 200 });
  const conflict = await buy(token, { tier: 1, months: 3, pay_password: '246810', key: same });
  expect(conflict.body.msg).toBe(
    'This request key was already used for a different operation; nothing was changed',
  );
  const lower = await buyer(20_000);
  await buy(lower.token, { tier: 3, months: 1, pay_password: '246810', key: key() });
  const down = await buy(lower.token, { tier: 1, months: 1, pay_password: '246810', key: key() });
  expect(down.body.msg).toBe('Your nobility is a higher tier; a lower one can be opened once it ends');
  expect((await balancesOf(testDb.db, user.id)).yellow).toBe(200);
});

it('nobles wear a badge in chat and speak in fans-only mode; gift lines stay in the chat', async () => {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const room = await ensureRoom(testDb.db, anchor.user.id);
  const noble = await buyer(1_000);
  const plain = await makeSignedInUser(testDb.db);
  await buy(noble.token, { tier: 1, months: 1, pay_password: '246810', key: key() });

  const set = await call('/api/chat/setRoomSettings', {
    json: { fans_only: true },
    headers: en(anchor.token),
  });
  expect(set.body).toMatchObject({ code: 0, data: { fans_only: true } });
  const refused = await call('/api/live/sendChatSensitive', {
    json: { room_id: room.id, content: 'hello' },
    headers: en(plain.token),
  });
  expect(refused.body).toMatchObject({
    code: 1,
    msg: 'Only fans can chat in this room; follow the streamer to join in',
  });
  const state = await call<{ fans_only: boolean; may_speak: boolean }>(
    `/api/chat/viewerState?room_id=${room.id}`,
    {
      headers: en(plain.token),
    },
  );
  expect(state.body.data).toMatchObject({ fans_only: true, may_speak: false });
  const spoke = await call<{ noble: number }>('/api/live/sendChatSensitive', {
    json: { room_id: room.id, content: '贵族来了' },
    headers: en(noble.token),
  });
  expect(spoke.body).toMatchObject({ code: 0, data: { noble: 1 } });

  // A gift line: stored with the send, listed after a reload.
  await fund(noble.user.id, 'star', 100);
  const { rows } = await testDb.db.execute<{ id: number }>(sql`select id from gifts where code = 'rose'`);
  const sent = await call(
    `/api/member/handselGift?room_id=${room.id}&gift_id=${rows[0]!.id}&num=10&key=${key()}`,
    {
      headers: en(noble.token),
    },
  );
  expect(sent.body.code).toBe(0);
  const list = await call<{
    list: { content: string; noble?: number; gift?: { code: string; count: number } }[];
  }>(`/api/Barrage/getList?room_id=${room.id}`);
  expect(list.body.data.list.map((line) => line.content)).toEqual(['贵族来了', '送出 玫瑰 ×10']);
  expect(list.body.data.list[1]).toMatchObject({ noble: 1, gift: { code: 'rose', count: 10 } });

  const off = await call('/api/chat/setRoomSettings', {
    json: { fans_only: false },
    headers: en(anchor.token),
  });
  expect(off.body.data).toMatchObject({ fans_only: false });
  const plainSpeaks = await call('/api/live/sendChatSensitive', {
    json: { room_id: room.id, content: 'hi' },
    headers: en(plain.token),
  });
  expect(plainSpeaks.body.code).toBe(0);
});

it('the room online list answers without a gateway', async () => {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const room = await ensureRoom(testDb.db, anchor.user.id);
  const online = await call<{ guests: number; list: unknown[] }>(`/api/Guard/roomOnline?room_id=${room.id}`);
  expect(online.body).toMatchObject({ code: 0, data: { guests: 0, list: [] } });
  const bad = await call('/api/Guard/roomOnline?room_id=abc');
  expect(bad.body.code).toBe(1);
});
