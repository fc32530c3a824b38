// The settle preview (`api/guess/settle_preview`): what a settlement on an outcome would pay, equal to what
// the settlement then pays; refused, translated and moving nothing, for a viewer, an unknown outcome, a
// guess already settled, a guest and bad ids.
import { roomAdmins } from '@/lib/chat/schema';
import { ensureRoom } from '@/lib/live/service';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser } from '@/lib/testing/factories';
import { balancesOf } from '@/lib/wallet/ledger';
import type { GuessPanelItem } from './api';
import { GUESS_DISPUTE_WINDOW_MS } from './service';
import { guessUpkeep } from './upkeep';

let testDb: TestDb;
let app: ApiApp;
const START = new Date('2026-11-24T12:00:00Z');
const now = START;
const call = apiCaller(() => app);
let counter = 0;
const key = () => `preview${++counter}`.padEnd(12, '0');
const en = (token: string) => ({ lang: 'en', token });

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
});
afterAll(() => testDb.close());

type Preview = {
  pool: number;
  winning_pool: number;
  losing_pool: number;
  stakers: number;
  winners: number;
  refund_all: boolean;
  paid_to_winners: number;
  top: { user_id: number; nickname: string; stake: number; payout: number }[];
};
const preview = (token: string | null, query: string) =>
  call<Preview>(`/api/guess/settle_preview?${query}`, { headers: token ? en(token) : { lang: 'en' } });

async function viewer(nickname: string) {
  const user = await makeSignedInUser(testDb.db, { nickname });
  await fundUser(testDb.db, user.user.id, 'coin', 1000);
  return user;
}

async function guessWithStakes() {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const { id: roomId } = await ensureRoom(testDb.db, anchor.user.id);
  const made = await call<{ id: number }>('/api/guess/open', {
    json: {
      room_id: roomId,
      question: 'Who scores next?',
      outcomes: ['Home', 'Away', 'Nobody'],
      window_seconds: 300,
    },
    headers: en(anchor.token),
  });
  expect(made.body.code).toBe(0);
  const panel = await call<{ list: GuessPanelItem[] }>(`/api/guess/room?room_id=${roomId}`, {
    headers: { lang: 'en' },
  });
  const [home, away, nobody] = panel.body.data.list[0]!.outcomes.map((outcome) => outcome.id) as [
    number,
    number,
    number,
  ];
  const [a, b, c] = await Promise.all([viewer('Ann'), viewer('Bo'), viewer('Cy')]);
  for (const [who, outcome, amount] of [
    [a, home, 10],
    [b, home, 15],
    [b, home, 5],
    [c, away, 10],
  ] as const) {
    const staked = await call('/api/guess/stake', {
      json: { guess_id: made.body.data.id, outcome_id: outcome, amount, key: key() },
      headers: en(who.token),
    });
    expect(staked.body.code).toBe(0);
  }
  return { anchor, roomId, guessId: made.body.data.id, home, away, nobody, a, b, c };
}

it('previews the payouts the settlement then pays, for the anchor and a room administrator', async () => {
  const { anchor, roomId, guessId, home, nobody, a, b } = await guessWithStakes();
  const seen = await preview(anchor.token, `guess_id=${guessId}&outcome_id=${home}`);
  // L = 10, W = 30: Ann 10 + 3.33, Bo's 15 + 5 share 6.67; the coin left goes to the larger remainder.
  expect(seen.body).toMatchObject({
    code: 0,
    data: {
      pool: 40,
      winning_pool: 30,
      losing_pool: 10,
      stakers: 3,
      winners: 2,
      refund_all: false,
      paid_to_winners: 40,
      top: [
        { user_id: b.user.id, nickname: 'Bo', stake: 20, payout: 27 },
        { user_id: a.user.id, nickname: 'Ann', stake: 10, payout: 13 },
      ],
    },
  });
  // Nobody backed "Nobody": every stake would go back.
  const empty = await preview(anchor.token, `guess_id=${guessId}&outcome_id=${nobody}`);
  expect(empty.body.data).toMatchObject({ winners: 0, refund_all: true, paid_to_winners: 0, top: [] });

  const admin = await makeSignedInUser(testDb.db);
  await testDb.db.insert(roomAdmins).values({ roomId, userId: admin.user.id, appointedAt: START });
  expect((await preview(admin.token, `guess_id=${guessId}&outcome_id=${home}`)).body.data).toEqual(
    seen.body.data,
  );

  // The preview moved nothing; the settlement pays what it showed.
  expect((await balancesOf(testDb.db, b.user.id)).coin).toBe(980);
  const settled = await call('/api/guess/settle', {
    json: { guess_id: guessId, outcome_id: home },
    headers: en(anchor.token),
  });
  expect(settled.body).toMatchObject({ code: 0, data: { paid: 40 } });
  await guessUpkeep(testDb.db, new Date(START.getTime() + GUESS_DISPUTE_WINDOW_MS));
  expect((await balancesOf(testDb.db, b.user.id)).coin).toBe(980 + 27);
  expect((await balancesOf(testDb.db, a.user.id)).coin).toBe(990 + 13);
});

it('refuses a viewer, an unknown outcome, a settled guess, a guest and bad ids', async () => {
  const { anchor, guessId, home, away, c } = await guessWithStakes();
  const query = `guess_id=${guessId}&outcome_id=${home}`;
  expect((await preview(c.token, query)).body).toMatchObject({
    code: 1,
    msg: 'Only the anchor or a room administrator can manage guesses',
  });
  const other = await guessWithStakes();
  expect((await preview(anchor.token, `guess_id=${guessId}&outcome_id=${other.home}`)).body).toMatchObject({
    code: 1,
    msg: 'That option is not part of this guess',
  });
  expect((await preview(anchor.token, `guess_id=999999&outcome_id=${home}`)).body).toMatchObject({
    code: 1,
    msg: 'Guess not found',
  });
  expect((await preview(null, query)).body.code).toBe(700);
  expect((await preview(anchor.token, `guess_id=abc&outcome_id=${home}`)).body.code).toBe(1);
  expect((await preview(anchor.token, `guess_id=${guessId}`)).body.code).toBe(1);

  const settled = await call('/api/guess/settle', {
    json: { guess_id: guessId, outcome_id: away },
    headers: en(anchor.token),
  });
  expect(settled.body.code).toBe(0);
  expect((await preview(anchor.token, query)).body).toMatchObject({
    code: 1,
    msg: 'This guess was already settled or called off',
  });
});
