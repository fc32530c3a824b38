// Fan clubs through the API: free and paid joins (balance moved, the anchor's share, experience,
// the ledger still balancing), refusals that move nothing, leaving, intimacy from gifts and from
// watch time with a fixed clock (daily cap, gaps, not-live rooms), the badge on chat lines, the
// ranking, the member's list and the anchor's settings.
import { eq, sql } from 'drizzle-orm';
import { seedGiftCatalog } from '@/lib/gifts/catalog';
import { liveRooms } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { addWords } from '@/lib/sensitive/words';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf, mintLeg, runOperation } from '@/lib/wallet/ledger';
import { FAN_LEVEL_THRESHOLDS, fanLevelOf, nameWidth } from './levels';

let testDb: TestDb;
let app: ApiApp;
// 12:00 UTC = 20:00 in UTC+8: the watch cap's day ends four hours later.
const START = new Date('2026-11-24T12:00:00Z');
let now = START;
const call = apiCaller(() => app);
const at = (ms: number) => new Date(START.getTime() + ms);
const MIN = 60_000;

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
const key = () => `fan${++counter}`.padEnd(12, '0');
const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });

async function fund(userId: number, amount: number) {
  await runOperation(testDb.db, {
    key: `fund:${userId}:${++counter}`,
    kind: 'test_fund',
    userId,
    payload: {},
    now: START,
    prepare: async () => ({ legs: [mintLeg(userId, 'star', amount)], result: {} }),
  });
}

async function anchorWithRoom(settings?: { name: string; price: number }) {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const room = await ensureRoom(testDb.db, anchor.user.id);
  if (settings) {
    const saved = await call('/api/Fansclub/setting', { json: settings, headers: en(anchor.token) });
    expect(saved.body.code).toBe(0);
  }
  return { ...anchor, room };
}

type Info = {
  name: string;
  price: number;
  members: number;
  mine: { intimacy: number; level: number; today_watch: number; next_level_at: number | null } | null;
};
const info = (anchorId: number, token?: string) =>
  call<Info>(`/api/Fansclub/info?anchor_id=${anchorId}`, { headers: en(token) });
const join = (token: string, body: Record<string, unknown>) =>
  call<{ paid: number; anchor_income: number; balance: number | null; replayed: boolean; name: string }>(
    '/api/fansclub_user/join',
    { json: body, headers: en(token) },
  );
const beat = (token: string, roomId: number) =>
  call<{ member: boolean; added: number; mine: { intimacy: number; today_watch: number } | null }>(
    '/api/fansclub_user/watch',
    { json: { room_id: roomId }, headers: en(token) },
  );
const setLive = (roomId: number, live: boolean) =>
  testDb.db
    .update(liveRooms)
    .set({ status: live ? 'live' : 'idle' })
    .where(eq(liveRooms.id, roomId));

it('levels and name widths follow the documented table', () => {
  expect(fanLevelOf(0)).toBe(1);
  expect(fanLevelOf(99)).toBe(1);
  expect(fanLevelOf(100)).toBe(2);
  expect(fanLevelOf(FAN_LEVEL_THRESHOLDS.at(-1)!)).toBe(20);
  expect(fanLevelOf(10_000_000)).toBe(20);
  expect(nameWidth('球迷团')).toBe(6);
  expect(nameWidth('Kickof')).toBe(6);
});

it('joins a free club by default, named after the anchor; joining twice is refused', async () => {
  const anchor = await anchorWithRoom();
  const fan = await makeSignedInUser(testDb.db);
  const before = await info(anchor.user.id, fan.token);
  expect(before.body.data).toMatchObject({
    price: 0,
    members: 0,
    mine: null,
    name: anchor.user.nickname.slice(0, 6),
  });

  const joined = await join(fan.token, { anchor_id: anchor.user.id, price: 0 });
  expect(joined.body).toMatchObject({ code: 0, data: { paid: 0, balance: null } });
  const after = await info(anchor.user.id, fan.token);
  expect(after.body.data).toMatchObject({ members: 1, mine: { intimacy: 0, level: 1, next_level_at: 100 } });

  const twice = await join(fan.token, { anchor_id: anchor.user.id });
  expect(twice.body).toMatchObject({ code: 1, msg: "You're already in this fan club" });
  expect((await info(anchor.user.id)).body.data.members).toBe(1);
});

it('a paid join moves the price through the ledger: anchor share, experience, replay, no double pay', async () => {
  const anchor = await anchorWithRoom({ name: '开球团', price: 100 });
  const fan = await makeSignedInUser(testDb.db);
  await fund(fan.user.id, 250);
  const k = key();
  const joined = await join(fan.token, { anchor_id: anchor.user.id, price: 100, key: k });
  expect(joined.body).toMatchObject({
    code: 0,
    data: { name: '开球团', paid: 100, anchor_income: 50, balance: 150, replayed: false },
  });
  const replay = await join(fan.token, { anchor_id: anchor.user.id, price: 100, key: k });
  expect(replay.body.data).toMatchObject({ replayed: true, balance: 150 });
  const again = await join(fan.token, { anchor_id: anchor.user.id, price: 100, key: key() });
  expect(again.body.msg).toBe("You're already in this fan club");

  const fanBalances = await balancesOf(testDb.db, fan.user.id);
  expect(fanBalances).toMatchObject({ star: 150, exp: 1_000 });
  expect((await balancesOf(testDb.db, anchor.user.id)).yellow).toBe(50);
  const check = await checkLedger(testDb.db, HOLDINGS);
  expect(check.problems).toEqual([]);

  // The wallet statement names it.
  const { rows } = await testDb.db.execute<{ kind: string }>(
    sql`select kind from wallet_operations where user_id = ${fan.user.id} and kind = 'fan_club'`,
  );
  expect(rows).toHaveLength(1);
});

it('refuses bad input and moves nothing', async () => {
  const anchor = await anchorWithRoom({ name: 'ABC', price: 100 });
  const poor = await makeSignedInUser(testDb.db);
  await fund(poor.user.id, 40);
  const short = await join(poor.token, { anchor_id: anchor.user.id, price: 100, key: key() });
  expect(short.body).toMatchObject({ code: 1, msg: 'Not enough balance. Please top up first' });
  expect((await balancesOf(testDb.db, poor.user.id)).star).toBe(40);
  expect((await info(anchor.user.id, poor.token)).body.data).toMatchObject({ members: 0, mine: null });

  const changed = await join(poor.token, { anchor_id: anchor.user.id, price: 0, key: key() });
  expect(changed.body.msg).toBe(
    'The streamer just changed the joining price (now 100 star diamonds). Please check and join again',
  );
  const own = await join(anchor.token, { anchor_id: anchor.user.id });
  expect(own.body.msg).toBe("Streamers can't join their own fan club");
  const notAnchor = await join(poor.token, { anchor_id: poor.user.id + 100_000 });
  expect(notAnchor.body.msg).toBe('There is no such fan club');
  expect((await join(poor.token, { anchor_id: 'abc' })).body.code).toBe(1);
  expect((await join(poor.token, { anchor_id: -1 })).body.code).toBe(1);
  expect((await join(poor.token, { anchor_id: anchor.user.id, key: 'short' })).body.code).toBe(1);
  const guest = await call('/api/fansclub_user/join', { json: { anchor_id: anchor.user.id } });
  expect(guest.body.code).toBe(700);
  expect((await info(0)).body.code).toBe(1);

  const leave = await call('/api/fansclub_user/leave', {
    json: { anchor_id: anchor.user.id },
    headers: en(poor.token),
  });
  expect(leave.body.msg).toBe("You're not in this fan club");
  expect((await balancesOf(testDb.db, poor.user.id)).star).toBe(40);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('the anchor names the club and sets the price; bad names and prices are refused', async () => {
  const anchor = await anchorWithRoom();
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  await addWords(testDb.db, ['坏蛋'], operator.user.id, START);
  const set = (body: Record<string, unknown>, token = anchor.token) =>
    call<{ name: string; price: number }>('/api/Fansclub/setting', { json: body, headers: en(token) });
  expect((await set({ name: '球迷团', price: 6 })).body).toMatchObject({
    code: 0,
    data: { name: '球迷团', price: 6 },
  });
  expect((await set({ name: 'Kick06', price: 0 })).body.data).toMatchObject({ name: 'Kick06', price: 0 });
  const nameError = 'The badge name must be 1–3 Chinese characters or 1–6 letters and digits';
  expect((await set({ name: '四个汉字', price: 0 })).body.msg).toBe(nameError);
  expect((await set({ name: 'Kickoff', price: 0 })).body.msg).toBe(nameError);
  expect((await set({ name: '  ', price: 0 })).body.msg).toBe(nameError);
  expect((await set({ name: 'a b', price: 0 })).body.msg).toBe(nameError);
  expect((await set({ name: '坏蛋', price: 0 })).body.code).toBe(1);
  const priceError = 'The joining price must be a whole number of star diamonds from 0 to 100000';
  expect((await set({ name: 'OK', price: -1 })).body.msg).toBe(priceError);
  expect((await set({ name: 'OK', price: 1.5 })).body.msg).toBe(priceError);
  expect((await set({ name: 'OK', price: 100_001 })).body.msg).toBe(priceError);
  const viewer = await makeSignedInUser(testDb.db);
  expect((await set({ name: 'OK', price: 0 }, viewer.token)).body.code).toBe(1);

  const own = await call<{ name: string; price: number; members: number }>('/api/Fansclub/getSetting', {
    headers: en(anchor.token),
  });
  expect(own.body.data).toMatchObject({ name: 'Kick06', price: 0, members: 0 });
});

it('gifts add 10 intimacy per star diamond, raise the level and put the badge on chat lines', async () => {
  const anchor = await anchorWithRoom({ name: '红军', price: 0 });
  const fan = await makeSignedInUser(testDb.db);
  const other = await makeSignedInUser(testDb.db);
  await fund(fan.user.id, 1_000);
  await fund(other.user.id, 1_000);
  await join(fan.token, { anchor_id: anchor.user.id });
  const { rows } = await testDb.db.execute<{ id: number }>(sql`select id from gifts where code = 'whistle'`);
  const send = (token: string) =>
    call(`/api/member/handselGift?room_id=${anchor.room.id}&gift_id=${rows[0]!.id}&num=10&key=${key()}`, {
      headers: en(token),
    });
  expect((await send(fan.token)).body.code).toBe(0);
  expect((await send(other.token)).body.code).toBe(0);
  const mine = (await info(anchor.user.id, fan.token)).body.data.mine!;
  expect(mine).toMatchObject({ intimacy: 500, level: 3 });

  const spoke = await call<{ fan?: { name: string; level: number } }>('/api/live/sendChatSensitive', {
    json: { room_id: anchor.room.id, content: '加油' },
    headers: en(fan.token),
  });
  expect(spoke.body.data.fan).toEqual({ name: '红军', level: 3 });
  const plain = await call<{ fan?: unknown }>('/api/live/sendChatSensitive', {
    json: { room_id: anchor.room.id, content: 'hi' },
    headers: en(other.token),
  });
  expect(plain.body.data.fan).toBeUndefined();
  const list = await call<{ list: { user_id: number; content: string; fan?: { level: number } }[] }>(
    `/api/Barrage/getList?room_id=${anchor.room.id}`,
  );
  const lines = list.body.data.list.filter((line) => line.user_id === fan.user.id);
  expect(lines.map((line) => line.fan?.level)).toEqual([3, 3]);
  // The gift line carries the badge as the send left it (level 3 after 500 intimacy).
  expect(lines[0]!.content).toBe('送出 哨子 ×10');

  const ranking = await call<{ list: { user_id: number; intimacy: number; level: number }[] }>(
    `/api/Fansclub/rankList?anchor_id=${anchor.user.id}`,
  );
  expect(ranking.body.data.list).toEqual([
    expect.objectContaining({ user_id: fan.user.id, intimacy: 500, level: 3, rank: 1 }),
  ]);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('watch time earns 10 per 5 minutes while live, gaps over 150 s count nothing, 120 a day at most', async () => {
  const anchor = await anchorWithRoom();
  const fan = await makeSignedInUser(testDb.db);
  const stranger = await makeSignedInUser(testDb.db);
  await join(fan.token, { anchor_id: anchor.user.id });
  await setLive(anchor.room.id, true);

  expect((await beat(stranger.token, anchor.room.id)).body.data).toEqual({
    member: false,
    added: 0,
    mine: null,
  });
  // Beats every minute for 4 minutes: nothing yet; the fifth minute earns 10.
  for (let minute = 0; minute <= 4; minute += 1) {
    now = at(minute * MIN);
    const answer = await beat(fan.token, anchor.room.id);
    expect(answer.body.data.added).toBe(0);
  }
  now = at(5 * MIN);
  expect((await beat(fan.token, anchor.room.id)).body.data).toMatchObject({
    added: 10,
    mine: { intimacy: 10, today_watch: 10 },
  });
  // Two tabs beating at once never count twice: a beat right after another adds its few seconds only.
  now = at(5 * MIN + 1_000);
  expect((await beat(fan.token, anchor.room.id)).body.data.added).toBe(0);
  // A gap of 10 minutes (page closed) counts nothing.
  now = at(16 * MIN);
  expect((await beat(fan.token, anchor.room.id)).body.data.added).toBe(0);
  // Two hours of beats: capped at 120 for the day.
  let total = 10;
  for (let minute = 17; minute <= 16 + 120; minute += 1) {
    now = at(minute * MIN);
    total += (await beat(fan.token, anchor.room.id)).body.data.added;
  }
  expect(total).toBe(120);
  expect((await info(anchor.user.id, fan.token)).body.data.mine).toMatchObject({
    intimacy: 120,
    today_watch: 120,
  });

  // The next UTC+8 day (00:00 is 16:00 UTC) starts a new allowance.
  now = new Date('2026-11-24T16:00:30Z');
  await beat(fan.token, anchor.room.id);
  for (let minute = 1; minute <= 5; minute += 1) {
    now = new Date(Date.parse('2026-11-24T16:00:30Z') + minute * MIN);
    await beat(fan.token, anchor.room.id);
  }
  expect((await info(anchor.user.id, fan.token)).body.data.mine).toMatchObject({
    intimacy: 130,
    today_watch: 10,
  });

  // A room that is not live counts nothing.
  await setLive(anchor.room.id, false);
  for (let minute = 6; minute <= 20; minute += 1) {
    now = new Date(Date.parse('2026-11-24T16:00:30Z') + minute * MIN);
    expect((await beat(fan.token, anchor.room.id)).body.data.added).toBe(0);
  }
  expect((await beat(fan.token, 2_000_000_000)).body.code).toBe(1);
  expect(
    (await call('/api/fansclub_user/watch', { json: { room_id: 'x' }, headers: en(fan.token) })).body.code,
  ).toBe(1);
});

it('leaving ends the membership and its intimacy; the user center lists clubs', async () => {
  const anchorA = await anchorWithRoom({ name: '甲队', price: 0 });
  const anchorB = await anchorWithRoom({ name: 'BTeam', price: 0 });
  const fan = await makeSignedInUser(testDb.db);
  await join(fan.token, { anchor_id: anchorA.user.id });
  await join(fan.token, { anchor_id: anchorB.user.id });
  const mineList = await call<{ list: { name: string; level: number; room_id: number }[] }>(
    '/api/fansclub_user/myList',
    { headers: en(fan.token) },
  );
  expect(mineList.body.data.list.map((club) => club.name).sort()).toEqual(['BTeam', '甲队']);
  expect(mineList.body.data.list.find((club) => club.name === '甲队')!.room_id).toBe(anchorA.room.id);

  const left = await call('/api/fansclub_user/leave', {
    json: { anchor_id: anchorA.user.id },
    headers: en(fan.token),
  });
  expect(left.body).toMatchObject({ code: 0, data: { left: true } });
  expect((await info(anchorA.user.id, fan.token)).body.data).toMatchObject({ members: 0, mine: null });
  const after = await call<{ list: { name: string }[] }>('/api/fansclub_user/myList', {
    headers: en(fan.token),
  });
  expect(after.body.data.list.map((club) => club.name)).toEqual(['BTeam']);
  expect((await call('/api/fansclub_user/myList')).body.code).toBe(700);
});
