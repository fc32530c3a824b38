// Gifts through the API: catalog, backpack, sending with combos and shares, refusals that move
// nothing, idempotent retries, rankings, the anchor's list, and 1,000 concurrent sends.
import { randomInt } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SessionUser } from '@/lib/api/context';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { ensureRoom } from '@/lib/live/service';
import { sealRoom, unsealRoom } from '@/lib/moderation/seals';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf, mintLeg, runOperation } from '@/lib/wallet/ledger';
import { seedGiftCatalog } from './catalog';
import { batchStats } from './group-commit';
import { grantBackpack, sendGift } from './service';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
let giftIds: Record<string, number>;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db });
  await seedGiftCatalog(testDb.db);
  const { rows } = await testDb.db.execute<{ id: number; code: string }>(sql`select id, code from gifts`);
  giftIds = Object.fromEntries(rows.map((row) => [row.code, row.id]));
});
afterAll(() => testDb.close());

const en = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });
let keyCounter = 0;
/** Unique per process without the clock: a random start, then a counter. */
const KEY_BASE = randomInt(1_000_000_000);
const key = () => `k${KEY_BASE}x${++keyCounter}`.padEnd(8, '0');

async function fund(userId: number, amount: number) {
  await runOperation(testDb.db, {
    key: `fund:${userId}:${amount}:${++keyCounter}`,
    kind: 'test_fund',
    userId,
    payload: {},
    now: NOON,
    prepare: async () => ({ legs: [mintLeg(userId, 'star', amount)], result: {} }),
  });
}

async function anchorRoom() {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const room = await ensureRoom(testDb.db, anchor.user.id);
  return { ...anchor, room };
}

type Sent = {
  send_id: number;
  combo: number;
  value: number;
  count: number;
  balance: number;
  replayed: boolean;
};
const send = (token: string, query: Record<string, string | number>) =>
  call<Sent>(
    `/api/member/handselGift?${new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]))}`,
    {
      headers: en(token),
    },
  );

it('lists the catalog in the request language with the combo counts', async () => {
  const zh = await call<{
    list: { code: string; name: string; price: number; tier: string }[];
    counts: number[];
  }>('/api/Gift/getList');
  expect(zh.body.data.list[0]).toMatchObject({ code: 'rose', name: '玫瑰', price: 1, tier: 'small' });
  expect(zh.body.data.counts).toEqual([1, 10, 66, 520]);
  const vi = await call<{ list: { name: string }[] }>('/api/Gift/getList', { headers: { lang: 'vi' } });
  expect(vi.body.data.list.at(-1)!.name).toBe('Tên lửa');
});

it('sends a gift: the sender pays, the anchor earns the share in yellow, the sender gains experience', async () => {
  const { room, user: anchor, token: anchorToken } = await anchorRoom();
  const viewer = await makeSignedInUser(testDb.db);
  await fund(viewer.user.id, 1000);
  const first = await send(viewer.token, {
    room_id: room.id,
    gift_id: giftIds.football!,
    num: 10,
    key: key(),
  });
  expect(first.body).toMatchObject({
    code: 0,
    data: { value: 100, combo: 1, balance: 900, replayed: false },
  });
  const second = await send(viewer.token, {
    room_id: room.id,
    gift_id: giftIds.football!,
    num: 10,
    key: key(),
  });
  expect(second.body.data.combo).toBe(2);
  expect(await balancesOf(testDb.db, viewer.user.id)).toMatchObject({ star: 800, exp: 2000 });
  expect((await balancesOf(testDb.db, anchor.id)).yellow).toBe(100);
  const { rows } = await testDb.db.execute<{ experience: number }>(
    sql`select experience from users where id = ${viewer.user.id}`,
  );
  expect(rows[0]!.experience).toBe(2000);

  const ranking = await call<{ list: { user_id: number; value: number }[] }>(
    `/api/Gift/roomContribution?room_id=${room.id}&type=total`,
  );
  expect(ranking.body.data.list).toEqual([expect.objectContaining({ user_id: viewer.user.id, value: 200 })]);
  const global = await call<{ list: { user_id: number }[] }>('/api/Gift/contributionRank?type=day');
  expect(global.body.data.list.map((line) => line.user_id)).toContain(viewer.user.id);

  const received = await call<{
    total: number;
    income: number;
    list: { gift_code: string; sender_id: number }[];
  }>('/api/member/webgetAnchorgiftlist', { method: 'POST', json: {}, headers: en(anchorToken) });
  expect(received.body.data).toMatchObject({ total: 2, income: 100 });
  expect(received.body.data.list[0]).toMatchObject({ gift_code: 'football', sender_id: viewer.user.id });
});

it('a retry with the same key returns the first result and moves nothing; another payload is refused', async () => {
  const { room } = await anchorRoom();
  const viewer = await makeSignedInUser(testDb.db);
  await fund(viewer.user.id, 100);
  const k = key();
  const first = await send(viewer.token, { room_id: room.id, gift_id: giftIds.whistle!, num: 1, key: k });
  const again = await send(viewer.token, { room_id: room.id, gift_id: giftIds.whistle!, num: 1, key: k });
  expect(again.body.data).toMatchObject({ send_id: first.body.data.send_id, replayed: true, balance: 95 });
  const other = await send(viewer.token, { room_id: room.id, gift_id: giftIds.whistle!, num: 10, key: k });
  expect(other.body).toMatchObject({
    code: 1,
    msg: 'This request key was already used for a different operation; nothing was changed',
  });
  expect((await balancesOf(testDb.db, viewer.user.id)).star).toBe(95);
});

it('refuses bad input with a translated message and moves nothing', async () => {
  const { room, token: anchorToken } = await anchorRoom();
  const viewer = await makeSignedInUser(testDb.db);
  await fund(viewer.user.id, 10);
  const cases: [Record<string, string | number>, string, string][] = [
    [
      { room_id: room.id, gift_id: giftIds.trophy!, num: 1 },
      viewer.token,
      'Not enough balance. Please top up first',
    ],
    [
      { room_id: room.id, gift_id: giftIds.rose!, num: 3 },
      viewer.token,
      'Gifts are sent 1, 10, 66 or 520 at a time',
    ],
    [
      { room_id: room.id, gift_id: giftIds.rose!, num: -1 },
      viewer.token,
      'Gifts are sent 1, 10, 66 or 520 at a time',
    ],
    [
      { room_id: room.id, gift_id: giftIds.rose!, num: 1, type: 1 },
      viewer.token,
      "You don't have enough of this gift in your backpack",
    ],
    [
      { room_id: room.id, gift_id: giftIds.rose!, num: 1 },
      anchorToken,
      "Streamers can't send gifts to themselves",
    ],
    [
      { room_id: room.id, gift_id: 999999, num: 1 },
      viewer.token,
      "That gift doesn't exist or is no longer offered",
    ],
  ];
  for (const [query, token, msg] of cases) {
    const response = await send(token, { ...query, key: key() });
    expect(response.body).toMatchObject({ code: 1, msg });
  }
  const fractional = await send(viewer.token, {
    room_id: room.id,
    gift_id: giftIds.rose!,
    num: '1.5',
    key: key(),
  });
  expect(fractional.body.code).toBe(1);
  expect(await balancesOf(testDb.db, viewer.user.id)).toMatchObject({ star: 10, exp: 0 });
  const guest = await call(`/api/member/handselGift?room_id=${room.id}&gift_id=${giftIds.rose}`);
  expect(guest.body.code).toBe(700);
  // A GET that writes is still guarded against other sites.
  const crossSite = await call(`/api/member/handselGift?room_id=${room.id}&gift_id=${giftIds.rose}&num=1`, {
    headers: { cookie: `token=${viewer.token}`, 'sec-fetch-site': 'cross-site' },
  });
  expect(crossSite.status).toBe(403);
  expect((await balancesOf(testDb.db, viewer.user.id)).star).toBe(10);
});

it('sends from the backpack without spending diamonds', async () => {
  const { room, user: anchor } = await anchorRoom();
  const viewer = await makeSignedInUser(testDb.db);
  await grantBackpack(testDb.db, viewer.user.id, giftIds.football!, 12);
  const pack = await call<{ list: { code: string; quantity: number }[] }>('/api/Gift/getUserGiftList', {
    headers: en(viewer.token),
  });
  expect(pack.body.data.list).toEqual([expect.objectContaining({ code: 'football', quantity: 12 })]);
  const sent = await send(viewer.token, {
    room_id: room.id,
    gift_id: giftIds.football!,
    num: 10,
    type: 1,
    key: key(),
  });
  expect(sent.body).toMatchObject({ code: 0, data: { value: 100, balance: 0 } });
  expect((await balancesOf(testDb.db, anchor.id)).yellow).toBe(50);
  const after = await call<{ list: { quantity: number }[] }>('/api/Gift/getUserGiftList', {
    headers: en(viewer.token),
  });
  expect(after.body.data.list[0]!.quantity).toBe(2);
});

it('operators manage the catalog; others may not', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const viewer = await makeSignedInUser(testDb.db);
  const body = {
    code: 'corner_flag',
    names: { 'zh-CN': '角旗', 'zh-TW': '角旗', en: 'Corner flag', vi: 'Cờ góc' },
    price: 20,
    tier: 'small',
  };
  expect((await call('/api/admin/gifts/save', { json: body, headers: en(viewer.token) })).status).toBe(403);
  const saved = await call<{ id: number }>('/api/admin/gifts/save', {
    json: body,
    headers: en(operator.token),
  });
  expect(saved.body.code).toBe(0);
  const bad = await call('/api/admin/gifts/save', {
    json: { ...body, price: 0 },
    headers: en(operator.token),
  });
  expect(bad.body.code).toBe(1);
  const list = await call<{ list: { code: string }[] }>('/api/Gift/getList', { headers: en() });
  expect(list.body.data.list.map((gift) => gift.code)).toContain('corner_flag');
});

it('a catalog change reaches the next send at once (the cached catalog is invalidated), and a new gift too', async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const { room } = await anchorRoom();
  const viewer = await makeSignedInUser(testDb.db);
  await fund(viewer.user.id, 1000);
  const names = { 'zh-CN': '口哨', 'zh-TW': '口哨', en: 'Pea whistle', vi: 'Còi nhỏ' };
  const save = (price: number, active = true) =>
    call<{ id: number }>('/api/admin/gifts/save', {
      json: { code: 'pea_whistle', names, price, tier: 'small', active },
      headers: en(operator.token),
    });
  // A gift added after the catalog was cached is found (an unknown id reloads the catalog).
  const { id } = (await save(3)).body.data;
  const first = await send(viewer.token, { room_id: room.id, gift_id: id, num: 10, key: key() });
  expect(first.body.data).toMatchObject({ value: 30, balance: 970 });
  await save(7);
  const second = await send(viewer.token, { room_id: room.id, gift_id: id, num: 10, key: key() });
  expect(second.body.data).toMatchObject({ value: 70, balance: 900 });
  await save(7, false);
  const hidden = await send(viewer.token, { room_id: room.id, gift_id: id, num: 1, key: key() });
  expect(hidden.body.code).toBe(1);
  expect((await balancesOf(testDb.db, viewer.user.id)).star).toBe(900);
});

it('the platform share of gifts spreads over the revenue shards and sums exactly', async () => {
  const { room } = await anchorRoom();
  const viewer = await makeSignedInUser(testDb.db);
  await fund(viewer.user.id, 1000);
  const revenue = async () =>
    (
      await testDb.db.execute<{ shard: number; balance: string }>(
        sql`select shard, balance from wallet_accounts where kind = 'revenue' and currency = 'star'`,
      )
    ).rows.map((row) => ({ shard: row.shard, balance: Number(row.balance) }));
  const before = await revenue();
  for (let i = 0; i < 4; i++)
    expect(
      (await send(viewer.token, { room_id: room.id, gift_id: giftIds.football!, num: 10, key: key() })).body
        .code,
    ).toBe(0);
  const after = await revenue();
  const grown = after.filter(
    (row) => row.balance > (before.find((b) => b.shard === row.shard)?.balance ?? 0),
  );
  // Consecutive sends take consecutive shards (round robin), and the shards together hold every diamond.
  expect(grown.length).toBe(4);
  const sum = (rows: { balance: number }[]) => rows.reduce((total, row) => total + row.balance, 0);
  expect(sum(after) - sum(before)).toBe(400);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('1,000 concurrent sends from 50 accounts: nothing negative, nothing created or lost', async () => {
  const rooms = await Promise.all(Array.from({ length: 5 }, () => anchorRoom()));
  const senders = await Promise.all(Array.from({ length: 50 }, () => makeSignedInUser(testDb.db)));
  // Each sender can afford 15 footballs (10 each) but tries 20: some sends must be refused.
  for (const sender of senders) await fund(sender.user.id, 150);
  const before = await checkLedger(testDb.db, HOLDINGS);
  expect(before.problems).toEqual([]);
  const attempts = Array.from({ length: 1000 }, (_, i) => {
    const sender = senders[i % 50]!;
    const room = rooms[i % 5]!;
    return send(sender.token, { room_id: room.room.id, gift_id: giftIds.football!, num: 1, key: key() });
  });
  const results = await Promise.all(attempts);
  const ok = results.filter((r) => r.body.code === 0).length;
  const refused = results.filter((r) => r.body.msg === 'Not enough balance. Please top up first').length;
  expect(
    results
      .filter((r) => r.body.code !== 0 && r.body.msg !== 'Not enough balance. Please top up first')
      .map((r) => r.body.msg),
  ).toEqual([]);
  expect(ok + refused).toBe(1000);
  expect(ok).toBe(750);
  const after = await checkLedger(testDb.db, HOLDINGS);
  expect(after.problems).toEqual([]);
  for (const sender of senders) expect((await balancesOf(testDb.db, sender.user.id)).star).toBe(0);
  const yellow = await testDb.db.execute<{ total: string }>(
    sql`select sum(balance) as total from wallet_accounts where kind = 'user' and currency = 'yellow' and user_id = any(${sql.param(rooms.map((r) => r.user.id))}::int[])`,
  );
  expect(Number(yellow.rows[0]!.total)).toBe(750 * 5);
  const revenue = after.currencies.find((c) => c.currency === 'star')!;
  expect(revenue.held - before.currencies.find((c) => c.currency === 'star')!.held).toBe(0);
}, 240_000);

it('a burst in one room is written in batches, each send with its own refusal, combo, line and replay', async () => {
  const { room, user: anchor } = await anchorRoom();
  const senders = await Promise.all(Array.from({ length: 30 }, () => makeSignedInUser(testDb.db)));
  const [poor, packed, unpacked, ...paying] = senders;
  for (const sender of paying) await fund(sender.user.id, 100);
  await grantBackpack(testDb.db, packed!.user.id, giftIds.rose!, 1);
  const batchesBefore = { ...batchStats };
  const rose = (token: string, k: string, type = 0) =>
    send(token, { room_id: room.id, gift_id: giftIds.rose!, num: 10, type, key: k });
  // Every paying sender clicks twice at once (their second send waits for the first's batch) and
  // retries the first click at the same moment.
  const keys = paying.map(() => [key(), key()] as const);
  const [refusals, clicks] = await Promise.all([
    Promise.all([
      rose(poor!.token, key()),
      send(packed!.token, { room_id: room.id, gift_id: giftIds.rose!, num: 1, type: 1, key: key() }),
      rose(unpacked!.token, key(), 1),
    ]),
    Promise.all(
      paying.map((sender, i) =>
        Promise.all([
          rose(sender.token, keys[i]![0]),
          rose(sender.token, keys[i]![1]),
          rose(sender.token, keys[i]![0]),
        ]),
      ),
    ),
  ]);
  expect(refusals[0]!.body).toMatchObject({ code: 1, msg: 'Not enough balance. Please top up first' });
  expect(refusals[1]!.body).toMatchObject({ code: 0, data: { value: 1, balance: 0 } });
  expect(refusals[2]!.body).toMatchObject({
    code: 1,
    msg: "You don't have enough of this gift in your backpack",
  });
  for (const [first, second, retry] of clicks) {
    expect(second.body.data).toMatchObject({ value: 10, replayed: false });
    // The click and its retry: one of them sent, the other answered with its result.
    expect([first.body.data.replayed, retry.body.data.replayed].sort()).toEqual([false, true]);
    expect(retry.body.data.send_id).toBe(first.body.data.send_id);
    expect([first.body.data.combo, second.body.data.combo].sort()).toEqual([1, 2]);
    expect(Math.min(first.body.data.balance, second.body.data.balance)).toBe(80);
  }
  // Some sends shared a statement.
  expect(batchStats.sends - batchesBefore.sends).toBeGreaterThan(batchStats.batches - batchesBefore.batches);
  const accepted = paying.length * 2 + 1;
  const counts = await testDb.db.execute<{ sends: number; lines: number }>(sql`
    select (select count(*)::int from gift_sends where room_id = ${room.id}) as sends,
           (select count(*)::int from chat_messages where channel_id = ${room.id} and gift is not null) as lines`);
  expect(counts.rows[0]).toEqual({ sends: accepted, lines: accepted });
  expect((await balancesOf(testDb.db, anchor.id)).yellow).toBe(paying.length * 2 * 5);
  expect((await balancesOf(testDb.db, poor!.user.id)).star).toBe(0);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

/** The console's sanctions (lib/accounts/sanctions.ts) as the send reads them: the user's row. */
async function sanction(userId: number, kind: 'muted' | 'banned', until: string | null) {
  await testDb.db.execute(
    kind === 'muted'
      ? sql`update users set muted_until = ${until} where id = ${userId}`
      : sql`update users set banned_until = ${until} where id = ${userId}`,
  );
}
/** A send straight to the service: on the pool it joins the group commit, in a transaction it goes alone. */
const direct = (db: DbOrTx, viewer: { user: SessionUser }, roomId: number) =>
  sendGift(db, {
    senderId: viewer.user.id,
    sender: viewer.user,
    roomId,
    giftId: giftIds.rose!,
    count: 10,
    fromBackpack: false,
    key: key(),
    anchorShare: 50,
    now: NOON,
  });
const FAR = '2099-01-01T00:00:00.000Z';
// The end in the reader's zone (no zone of their own, no browser cookie: the portal's), the zone named.
const MUTED = "You are muted until Jan 1, 2099, 8:00 AM (Shanghai, UTC+8) and can't send gifts until then";
const SEALED = "This room is suspended, so gifts can't be sent for now";

it('refuses a muted or banned sender and a sealed room, each with its reason, on both write paths, moving nothing', async () => {
  const { room, user: anchor } = await anchorRoom();
  const viewer = await makeSignedInUser(testDb.db);
  await fund(viewer.user.id, 100);
  const ledgerBefore = await checkLedger(testDb.db, HOLDINGS);
  const rose = () => send(viewer.token, { room_id: room.id, gift_id: giftIds.rose!, num: 1, key: key() });

  await sanction(viewer.user.id, 'muted', FAR);
  expect((await rose()).body).toMatchObject({ code: 1, msg: MUTED });
  await sanction(viewer.user.id, 'muted', null);
  // A banned user's request stops at the session check; a send already past it (the ban given a
  // moment later) meets the ban where it is written: on the pool, the group commit.
  await sanction(viewer.user.id, 'banned', FAR);
  expect((await rose()).body.code).toBe(700);
  await expect(direct(testDb.db, viewer, room.id)).rejects.toMatchObject({
    code: 'GIFT_SENDER_BANNED',
    options: { values: { until: { instant: new Date(FAR) } } },
  });
  await sanction(viewer.user.id, 'banned', null);
  await sealRoom(testDb.db, { roomId: room.id, reason: 'test' }, NOON);
  expect((await rose()).body).toMatchObject({ code: 1, msg: SEALED });

  // The send alone (inside a caller's transaction, or a batch's fallback) refuses the same way.
  const alone = (roomId: number) => testDb.db.transaction((tx) => direct(tx, viewer, roomId));
  await expect(alone(room.id)).rejects.toEqual(new DomainError('GIFT_ROOM_SEALED'));
  await unsealRoom(testDb.db, room.id, NOON);
  await sanction(viewer.user.id, 'muted', FAR);
  await expect(alone(room.id)).rejects.toMatchObject({
    code: 'GIFT_SENDER_MUTED',
    options: { values: { until: { instant: new Date(FAR) } } },
  });
  await sanction(viewer.user.id, 'muted', null);
  await sanction(viewer.user.id, 'banned', FAR);
  await expect(alone(room.id)).rejects.toMatchObject({ code: 'GIFT_SENDER_BANNED' });
  await sanction(viewer.user.id, 'banned', null);

  // Nothing moved, nothing recorded, not even a key.
  expect(await balancesOf(testDb.db, viewer.user.id)).toMatchObject({ star: 100, exp: 0 });
  expect((await balancesOf(testDb.db, anchor.id)).yellow ?? 0).toBe(0);
  const { rows } = await testDb.db.execute<{ sends: number; ops: number }>(sql`
    select (select count(*)::int from gift_sends where sender_id = ${viewer.user.id}) as sends,
           (select count(*)::int from wallet_operations where user_id = ${viewer.user.id} and kind = 'gift') as ops`);
  expect(rows[0]).toEqual({ sends: 0, ops: 0 });
  const ledgerAfter = await checkLedger(testDb.db, HOLDINGS);
  expect(ledgerAfter.problems).toEqual([]);
  // (An empty account may have been opened for the sender: no money.)
  const money = (ledger: typeof ledgerBefore) => ledger.currencies.map(({ accounts: _, ...rest }) => rest);
  expect(money(ledgerAfter)).toEqual(money(ledgerBefore));
  // Lifted, the same sender sends again.
  expect((await rose()).body).toMatchObject({ code: 0, data: { balance: 99 } });
});

it('a burst with muted, banned and sealed-room sends among accepted ones: only those are refused, the rest land', async () => {
  const open = await anchorRoom();
  const sealed = await anchorRoom();
  await sealRoom(testDb.db, { roomId: sealed.room.id, reason: 'test' }, NOON);
  const senders = await Promise.all(Array.from({ length: 40 }, () => makeSignedInUser(testDb.db)));
  for (const sender of senders) await fund(sender.user.id, 100);
  const [muted, banned, ...paying] = senders;
  await sanction(muted!.user.id, 'muted', FAR);
  await sanction(banned!.user.id, 'banned', FAR);
  const batchesBefore = { ...batchStats };
  const rose = (token: string, roomId: number) =>
    send(token, { room_id: roomId, gift_id: giftIds.rose!, num: 10, key: key() });
  // Every paying sender sends to the open room and to the sealed one at the same moment; the muted and
  // the banned sender send to the open room among them.
  const [refusedSenders, clicks] = await Promise.all([
    Promise.all([
      rose(muted!.token, open.room.id).then((r) => r.body.msg),
      // Banned after their request passed the session check (see above): straight to the group commit.
      direct(testDb.db, banned!, open.room.id).catch((error: DomainError) => error.code),
    ]),
    Promise.all(
      paying.map((sender) =>
        Promise.all([rose(sender.token, open.room.id), rose(sender.token, sealed.room.id)]),
      ),
    ),
  ]);
  expect(refusedSenders).toEqual([MUTED, 'GIFT_SENDER_BANNED']);
  for (const [accepted, refused] of clicks) {
    expect(accepted.body).toMatchObject({ code: 0, data: { value: 10, balance: 90, replayed: false } });
    expect(refused.body).toMatchObject({ code: 1, msg: SEALED });
  }
  expect(batchStats.sends - batchesBefore.sends).toBeGreaterThan(batchStats.batches - batchesBefore.batches);
  const { rows } = await testDb.db.execute<{ open: number; sealed: number }>(sql`
    select (select count(*)::int from gift_sends where room_id = ${open.room.id}) as open,
           (select count(*)::int from gift_sends where room_id = ${sealed.room.id}) as sealed`);
  expect(rows[0]).toEqual({ open: paying.length, sealed: 0 });
  expect((await balancesOf(testDb.db, open.user.id)).yellow).toBe(paying.length * 5);
  for (const sender of [muted!, banned!])
    expect((await balancesOf(testDb.db, sender.user.id)).star).toBe(100);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it("a gift's own anchor share and picture: the send pays that share, the catalog shows the picture, the audit keeps the row before", async () => {
  const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
  const { room, user: anchor } = await anchorRoom();
  const viewer = await makeSignedInUser(testDb.db);
  await fund(viewer.user.id, 1000);
  const names = { 'zh-CN': '队旗', 'zh-TW': '隊旗', en: 'Team flag', vi: 'Cờ đội' };
  const save = (extra: object) =>
    call<{ id: number }>('/api/admin/gifts/save', {
      json: { code: 'team_flag', names, price: 10, tier: 'small', ...extra },
      headers: en(operator.token),
    });
  const { id } = (await save({ anchor_share: 80, image_url: '/uploads/image/flag.webp' })).body.data;
  const sent = await send(viewer.token, { room_id: room.id, gift_id: id, num: 10, key: key() });
  expect(sent.body.data).toMatchObject({ value: 100 });
  expect((await balancesOf(testDb.db, anchor.id)).yellow).toBe(80);
  const catalog = await call<{ list: { code: string; image: string | null }[] }>('/api/Gift/getList');
  expect(catalog.body.data.list.find((gift) => gift.code === 'team_flag')?.image).toBe(
    '/uploads/image/flag.webp',
  );

  // Omitted fields stay; null goes back to the portal's share and the drawing.
  await save({ price: 12 });
  const staff = await call<{ list: { code: string; anchorShare: number | null; imageUrl: string | null }[] }>(
    '/api/admin/gifts/list',
    { headers: en(operator.token) },
  );
  expect(staff.body.data.list.find((gift) => gift.code === 'team_flag')).toMatchObject({
    anchorShare: 80,
    imageUrl: '/uploads/image/flag.webp',
  });
  await save({ anchor_share: null, image_url: null });
  const { rows } = await testDb.db.execute<{ before: { price: number; anchorShare: number } }>(
    sql`select before from audit_log where action = '/api/admin/gifts/save' and target_id = 'team_flag' order by id desc limit 1`,
  );
  expect(rows[0]!.before).toMatchObject({ price: 12, anchorShare: 80 });

  const bad = await save({ anchor_share: 101 });
  expect(bad.body.code).toBe(1);
  const script = await save({ image_url: 'javascript:alert(1)' });
  expect(script.body.code).toBe(1);
});

it('a batch moves the system shards another transaction moved since its snapshot (the fault storm found them skipped)', async () => {
  const { room } = await anchorRoom();
  const viewer = await makeSignedInUser(testDb.db);
  await fund(viewer.user.id, 100);
  // A first send opens every account the batch uses.
  await direct(testDb.db, viewer, room.id);
  // Another transaction (another node's batch) moves every mint and revenue shard and commits only once
  // this batch waits for those rows: the batch's statement then meets rows newer than its snapshot.
  let sent: Promise<unknown> = Promise.resolve();
  await testDb.db.transaction(async (tx) => {
    await tx.execute(sql`update wallet_accounts set balance = balance where kind in ('mint', 'revenue')`);
    sent = direct(testDb.db, viewer, room.id);
    sent.catch(() => {});
    for (;;) {
      const { rows } = await testDb.db.execute<{ waiting: number }>(sql`
        select count(*)::int as waiting from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`);
      if (rows[0]!.waiting > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  });
  await sent;
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  expect(await balancesOf(testDb.db, viewer.user.id)).toMatchObject({ star: 80 });
});
