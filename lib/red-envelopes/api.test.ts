// Red envelopes through the API: creation into escrow, grabbing (once each, never past the amount),
// refusals that move nothing, idempotent retries, 1,000 concurrent claims across 20 envelopes by 50
// accounts, and the expiry refund run twice at once paying back exactly once.
import { sql } from 'drizzle-orm';
import { ensureRoom } from '@/lib/live/service';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf, mintLeg, runOperation } from '@/lib/wallet/ledger';
import { RED_ENVELOPE_TTL_MS, refundExpiredEnvelopes, splitShares } from './service';

let testDb: TestDb;
let app: ApiApp;
const START = new Date('2026-11-24T12:00:00Z');
let now = START;
const call = apiCaller(() => app);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
});
afterAll(() => testDb.close());
beforeEach(() => {
  now = START;
});

let counter = 0;
const key = () => `red${++counter}`.padEnd(12, '0');
const en = (token: string) => ({ lang: 'en', token });

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

async function room() {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  return ensureRoom(testDb.db, anchor.user.id);
}

type Created = { id: number; amount: number; shares: number; balance: number; replayed: boolean };
const insert = (token: string, body: Record<string, unknown>) =>
  call<Created>('/api/Redenvelope/insert', { json: body, headers: en(token) });
type Claimed = { envelope_id: number; amount: number; balance: number; replayed: boolean };
const receive = (token: string, body: Record<string, unknown>) =>
  call<Claimed>('/api/Redenvelope/receiveRed', { json: body, headers: en(token) });

it('splits into random shares of at least one diamond that add up', () => {
  for (const [amount, shares] of [
    [10, 10],
    [100, 7],
    [1, 1],
    [1000, 100],
  ] as const) {
    const split = splitShares(amount, shares);
    expect(split).toHaveLength(shares);
    expect(split.reduce((a, b) => a + b, 0)).toBe(amount);
    expect(Math.min(...split)).toBeGreaterThanOrEqual(1);
  }
});

it('creates an envelope into escrow, lists it in the room, and pays each grabber once', async () => {
  const { id: roomId } = await room();
  const sender = await makeSignedInUser(testDb.db);
  const a = await makeSignedInUser(testDb.db);
  const b = await makeSignedInUser(testDb.db);
  await fund(sender.user.id, 500);
  const created = await insert(sender.token, { room_id: roomId, amount: 100, num: 2, key: key() });
  expect(created.body).toMatchObject({
    code: 0,
    data: { amount: 100, shares: 2, balance: 400, replayed: false },
  });
  const envelopeId = created.body.data.id;

  const open = await call<{ list: { id: number; left: number }[] }>(
    `/api/Redenvelope/getRedInfo?room_id=${roomId}`,
  );
  expect(open.body.data.list).toEqual([expect.objectContaining({ id: envelopeId, left: 2 })]);

  const first = await receive(a.token, { red_id: envelopeId, key: key() });
  expect(first.body.code).toBe(0);
  const second = await receive(b.token, { red_id: envelopeId, key: key() });
  expect(first.body.data.amount + second.body.data.amount).toBe(100);
  expect((await balancesOf(testDb.db, a.user.id)).star).toBe(first.body.data.amount);

  const info = await call<{ info: { claimed_shares: number; mine: number; claims: { user_id: number }[] } }>(
    `/api/Redenvelope/getRedInfo?red_id=${envelopeId}`,
    { headers: en(a.token) },
  );
  expect(info.body.data.info).toMatchObject({ claimed_shares: 2, mine: first.body.data.amount });

  const late = await makeSignedInUser(testDb.db);
  const empty = await receive(late.token, { red_id: envelopeId, key: key() });
  expect(empty.body).toMatchObject({ code: 1, msg: 'Too slow — the red envelope is empty' });
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('refuses bad input and moves nothing', async () => {
  const { id: roomId } = await room();
  const sender = await makeSignedInUser(testDb.db);
  await fund(sender.user.id, 50);
  const cases: [Record<string, unknown>, string][] = [
    [{ amount: 100, num: 1 }, 'Not enough balance. Please top up first'],
    [{ amount: -5, num: 1 }, 'The amount must be a whole number above zero'],
    [{ amount: 2.5, num: 1 }, 'The amount must be a whole number above zero'],
    [{ amount: 10, num: 0 }, 'A red envelope has 1–100 shares'],
    [
      { amount: 10, num: 11 },
      'Each share needs at least 1 star diamond; raise the amount or lower the shares',
    ],
  ];
  for (const [body, msg] of cases) {
    const refused = await insert(sender.token, { room_id: roomId, key: key(), ...body });
    expect(refused.body).toMatchObject({ code: 1, msg });
  }
  expect((await balancesOf(testDb.db, sender.user.id)).star).toBe(50);

  // The same key with another payload is refused; with the same payload it replays.
  const same = key();
  const made = await insert(sender.token, { room_id: roomId, amount: 10, num: 2, key: same });
  const replay = await insert(sender.token, { room_id: roomId, amount: 10, num: 2, key: same });
  expect(replay.body.data).toMatchObject({ id: made.body.data.id, replayed: true });
  const conflict = await insert(sender.token, { room_id: roomId, amount: 20, num: 2, key: same });
  expect(conflict.body.msg).toBe(
    'This request key was already used for a different operation; nothing was changed',
  );
  expect((await balancesOf(testDb.db, sender.user.id)).star).toBe(40);

  // Claiming twice, an unknown envelope, an expired one.
  const grabber = await makeSignedInUser(testDb.db);
  const grabbed = await receive(grabber.token, { red_id: made.body.data.id, key: key() });
  expect(grabbed.body.code).toBe(0);
  const twice = await receive(grabber.token, { red_id: made.body.data.id, key: key() });
  expect(twice.body).toMatchObject({ code: 1, msg: 'You already grabbed this red envelope' });
  expect((await balancesOf(testDb.db, grabber.user.id)).star).toBe(grabbed.body.data.amount);
  const missing = await receive(grabber.token, { red_id: 99_999_999, key: key() });
  expect(missing.body).toMatchObject({ code: 1, msg: 'Red envelope not found' });
  now = new Date(START.getTime() + RED_ENVELOPE_TTL_MS);
  const other = await makeSignedInUser(testDb.db);
  const expired = await receive(other.token, { red_id: made.body.data.id, key: key() });
  expect(expired.body).toMatchObject({ code: 1, msg: 'This red envelope has expired' });
  expect((await balancesOf(testDb.db, other.user.id)).star).toBe(0);
  const guest = await call('/api/Redenvelope/receiveRed', { json: { red_id: made.body.data.id } });
  expect(guest.body.code).toBe(700);
});

it('1,000 concurrent claims on 20 envelopes by 50 accounts never over-pay', async () => {
  const { id: roomId } = await room();
  const senders = await Promise.all(Array.from({ length: 4 }, () => makeSignedInUser(testDb.db)));
  for (const sender of senders) await fund(sender.user.id, 5 * 300);
  const envelopes: number[] = [];
  for (let i = 0; i < 20; i++) {
    const sender = senders[i % 4]!;
    const made = await insert(sender.token, { room_id: roomId, amount: 300, num: 30, key: key() });
    expect(made.body.code).toBe(0);
    envelopes.push(made.body.data.id);
  }
  const claimers = await Promise.all(Array.from({ length: 50 }, () => makeSignedInUser(testDb.db)));
  const before = await checkLedger(testDb.db, HOLDINGS);
  expect(before.problems).toEqual([]);
  // Every claimer tries every envelope: 50 × 20 = 1,000 claims; each envelope has only 30 shares.
  const attempts = claimers.flatMap((claimer) =>
    envelopes.map((envelope) => receive(claimer.token, { red_id: envelope, key: key() })),
  );
  const results = await Promise.all(attempts);
  const ok = results.filter((result) => result.body.code === 0);
  const empty = results.filter((result) => result.body.msg === 'Too slow — the red envelope is empty');
  expect(ok.length + empty.length).toBe(1000);
  expect(ok.length).toBe(20 * 30);
  const paid = ok.reduce((sum, result) => sum + result.body.data.amount, 0);
  expect(paid).toBe(20 * 300);
  const after = await checkLedger(testDb.db, HOLDINGS);
  expect(after.problems).toEqual([]);
  const star = (report: typeof after) => report.currencies.find((c) => c.currency === 'star')!;
  expect(star(after).held).toBe(star(before).held);
  const { rows } = await testDb.db.execute<{ n: number }>(
    sql`select count(*)::int as n from wallet_accounts where balance < 0 and kind <> 'mint'`,
  );
  expect(rows[0]!.n).toBe(0);
  const got = await Promise.all(
    claimers.map(async (claimer) => (await balancesOf(testDb.db, claimer.user.id)).star),
  );
  expect(got.reduce((a, b) => a + b, 0)).toBe(20 * 300);
}, 240_000);

it('two expiry runs at once refund the remainder exactly once', async () => {
  const { id: roomId } = await room();
  const sender = await makeSignedInUser(testDb.db);
  const grabber = await makeSignedInUser(testDb.db);
  await fund(sender.user.id, 100);
  const made = await insert(sender.token, { room_id: roomId, amount: 100, num: 5, key: key() });
  const grabbed = await receive(grabber.token, { red_id: made.body.data.id, key: key() });
  const left = 100 - grabbed.body.data.amount;

  const before = new Date(START.getTime() + RED_ENVELOPE_TTL_MS - 1);
  expect(await refundExpiredEnvelopes(testDb.db, before)).toBe(0);
  const at = new Date(START.getTime() + RED_ENVELOPE_TTL_MS);
  const runs = await Promise.all([
    refundExpiredEnvelopes(testDb.db, at),
    refundExpiredEnvelopes(testDb.db, at),
  ]);
  expect(runs[0]! + runs[1]!).toBeGreaterThanOrEqual(left);
  expect((await balancesOf(testDb.db, sender.user.id)).star).toBe(left);
  // Again later: nothing more.
  await refundExpiredEnvelopes(testDb.db, new Date(at.getTime() + 60_000));
  expect((await balancesOf(testDb.db, sender.user.id)).star).toBe(left);
  const info = await call<{ info: { expired: boolean; refunded: number } }>(
    `/api/Redenvelope/getRedInfo?red_id=${made.body.data.id}`,
  );
  expect(info.body.data.info).toMatchObject({ expired: true, refunded: left });
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});
