// Fun-guess through the API on fixed clocks: opening with validated, translated refusals; stakes in
// coins that managers may not place; pari-mutuel payouts that add up exactly; void refunds; 200
// concurrent stakes and a settlement with a clean ledger; the 24 h auto-cancel; locks at kick-off and
// at a goal moved earlier by the room's stream delay; the records of three months.
import { eq, sql } from 'drizzle-orm';
import { roomAdmins } from '@/lib/chat/schema';
import { broadcasts, liveRooms } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import {
  hlsDelayMs,
  recordStreamDelay,
  roomStreamDelayMs,
  STREAM_DELAY_FALLBACK_MS,
} from '@/lib/live/stream-delay';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf } from '@/lib/wallet/ledger';
import type { GuessPanelItem } from './api';
import { parimutuel } from './payout';
import { GUESS_DISPUTE_WINDOW_MS, GUESS_UNRESOLVED_MS, settleGuess } from './service';
import { guessUpkeep, lockGuessesOnGoals } from './upkeep';

let testDb: TestDb;
let app: ApiApp;
const START = new Date('2026-11-24T12:00:00Z');
let now = START;
const call = apiCaller(() => app);
const at = (ms: number) => new Date(START.getTime() + ms);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
});
afterAll(() => testDb.close());
beforeEach(() => {
  now = START;
});

let counter = 0;
const key = () => `guess${++counter}`.padEnd(12, '0');
const en = (token: string) => ({ lang: 'en', token });

async function room() {
  const anchor = await makeSignedInUser(testDb.db, { isAnchor: true });
  const made = await ensureRoom(testDb.db, anchor.user.id);
  return { anchor, roomId: made.id };
}

async function viewer(coins = 1000) {
  const user = await makeSignedInUser(testDb.db);
  await fundUser(testDb.db, user.user.id, 'coin', coins);
  return user;
}

const open = (token: string, body: Record<string, unknown>) =>
  call<{ id: number; closes_at: string }>('/api/guess/open', { json: body, headers: en(token) });
const stake = (token: string, body: Record<string, unknown>) =>
  call<{ total: number; balance: number }>('/api/guess/stake', {
    json: { key: key(), ...body },
    headers: en(token),
  });
const panel = async (roomId: number, token?: string) =>
  (
    await call<{ can_manage: boolean; room_match_sport: string | null; list: GuessPanelItem[] }>(
      `/api/guess/room?room_id=${roomId}`,
      {
        headers: token ? en(token) : { lang: 'en' },
      },
    )
  ).body.data;
const coins = async (userId: number) => (await balancesOf(testDb.db, userId)).coin;

async function openQuestion(token: string, roomId: number, labels = ['Red', 'Blue', 'Green']) {
  const made = await open(token, {
    room_id: roomId,
    question: 'Who wins the shoot-out?',
    outcomes: labels,
    window_seconds: 300,
  });
  expect(made.body.code).toBe(0);
  const guess = (await panel(roomId)).list.find((item) => item.id === made.body.data.id)!;
  return { id: guess.id, outcomes: guess.outcomes.map((outcome) => outcome.id) };
}

describe('pari-mutuel payouts', () => {
  it('pays winners their stake plus a share of the losing pool, the remainder by largest remainders', () => {
    const stakes = [
      { id: 1, outcomeId: 10, amount: 10 },
      { id: 2, outcomeId: 10, amount: 20 },
      { id: 3, outcomeId: 11, amount: 7 },
      { id: 4, outcomeId: 12, amount: 3 },
    ];
    const results = new Map([
      [10, 'won' as const],
      [11, 'lost' as const],
      [12, 'lost' as const],
    ]);
    const paid = parimutuel(stakes, results);
    // L = 10, W = 30: shares 3.33 and 6.67; the one coin left goes to the larger remainder (stake 2).
    expect(paid.get(1)).toEqual({ status: 'won', payout: 13 });
    expect(paid.get(2)).toEqual({ status: 'won', payout: 27 });
    expect(paid.get(3)).toEqual({ status: 'lost', payout: 0 });
  });

  it('sums exactly on random pools, ties going to the earlier stake; no winner means every stake back', () => {
    let seed = 7;
    const random = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    for (let round = 0; round < 300; round++) {
      const stakes = Array.from({ length: 1 + random(40) }, (_, i) => ({
        id: i + 1,
        outcomeId: random(4),
        amount: 1 + random(round % 2 ? 100_000 : 9),
      }));
      const results = new Map(
        [0, 1, 2, 3].map((o) => [o, (['won', 'lost', 'lost', 'void'] as const)[(o + round) % 4]!]),
      );
      const paid = parimutuel(stakes, results);
      const total = stakes.reduce((sum, stake) => sum + stake.amount, 0);
      expect([...paid.values()].reduce((sum, p) => sum + p.payout, 0)).toBe(total);
    }
    const tie = parimutuel(
      [
        { id: 5, outcomeId: 1, amount: 1 },
        { id: 6, outcomeId: 1, amount: 1 },
        { id: 7, outcomeId: 2, amount: 1 },
      ],
      new Map([
        [1, 'won'],
        [2, 'lost'],
      ]),
    );
    expect([tie.get(5)!.payout, tie.get(6)!.payout]).toEqual([2, 1]);
    const nobody = parimutuel(
      [{ id: 1, outcomeId: 2, amount: 9 }],
      new Map([
        [1, 'won'],
        [2, 'lost'],
      ]),
    );
    expect(nobody.get(1)).toEqual({ status: 'void', payout: 9 });
  });
});

it('measures the HLS delay from the live playlist', () => {
  const playlist =
    '#EXTM3U\n#EXTINF:2.000,\ns1.ts\n#EXTINF:2.000,\ns2.ts\n#EXTINF:2.080,\ns3.ts\n#EXTINF:1.960,\ns4.ts\n';
  expect(hlsDelayMs(playlist, 700)).toBe(2000 + 2080 + 1960 + 700);
  expect(hlsDelayMs('#EXTM3U\n', 0)).toBeNull();
});

it('opens, settles pari-mutuel to the coin, and neither the anchor nor an administrator can stake', async () => {
  const { anchor, roomId } = await room();
  const admin = await makeSignedInUser(testDb.db);
  await fundUser(testDb.db, admin.user.id, 'coin', 100);
  await testDb.db.insert(roomAdmins).values({ roomId, userId: admin.user.id, appointedAt: START });
  const [a, b, c, d] = await Promise.all([viewer(), viewer(), viewer(), viewer()]);
  // The administrator opens it; a second one at once is refused.
  const guess = await openQuestion(admin.token, roomId);
  const second = await open(anchor.token, {
    room_id: roomId,
    question: 'Again?',
    outcomes: ['Y', 'N'],
    window_seconds: 60,
  });
  expect(second.body).toMatchObject({ code: 1, msg: 'A guess is already open in this room: lock it first' });
  const [red, blue, green] = guess.outcomes as [number, number, number];

  for (const manager of [admin, anchor]) {
    const refused = await stake(manager.token, { guess_id: guess.id, outcome_id: red, amount: 5 });
    expect(refused.body).toMatchObject({
      code: 1,
      msg: "The anchor and room administrators cannot stake in their own room's guesses",
    });
  }
  expect(await coins(admin.user.id)).toBe(100);

  now = at(10_000);
  expect((await stake(a!.token, { guess_id: guess.id, outcome_id: red, amount: 10 })).body.code).toBe(0);
  expect((await stake(b!.token, { guess_id: guess.id, outcome_id: red, amount: 15 })).body.code).toBe(0);
  const added = await stake(b!.token, { guess_id: guess.id, outcome_id: red, amount: 5 });
  expect(added.body.data).toMatchObject({ total: 20, balance: 980 });
  const other = await stake(b!.token, { guess_id: guess.id, outcome_id: blue, amount: 5 });
  expect(other.body).toMatchObject({
    code: 1,
    msg: 'You can back one option per guess (adding to it is fine)',
  });
  expect((await stake(c!.token, { guess_id: guess.id, outcome_id: blue, amount: 7 })).body.code).toBe(0);
  expect((await stake(d!.token, { guess_id: guess.id, outcome_id: green, amount: 3 })).body.code).toBe(0);
  const poor = await viewer(2);
  const short = await stake(poor.token, { guess_id: guess.id, outcome_id: green, amount: 3 });
  expect(short.body).toMatchObject({ code: 1, msg: expect.stringContaining('coins') });
  expect(await coins(poor.user.id)).toBe(2);

  const seen = await panel(roomId, b!.token);
  expect(seen.list[0]).toMatchObject({
    status: 'open',
    mine: { outcome_id: red, amount: 20, status: 'held', payout: null },
  });
  expect(seen.list[0]!.outcomes.map((o) => [o.pool, o.people])).toEqual([
    [30, 2],
    [7, 1],
    [3, 1],
  ]);

  // The anchor locks, then names the winner.
  now = at(20_000);
  const locked = await call('/api/guess/lock', { json: { guess_id: guess.id }, headers: en(anchor.token) });
  expect(locked.body).toMatchObject({ code: 0, data: { locked: true } });
  const late = await stake(c!.token, { guess_id: guess.id, outcome_id: blue, amount: 1 });
  expect(late.body).toMatchObject({ code: 1, msg: 'Staking has closed on this guess' });
  const notYours = await call('/api/guess/settle', {
    json: { guess_id: guess.id, outcome_id: red },
    headers: en(a!.token),
  });
  expect(notYours.body).toMatchObject({
    code: 1,
    msg: 'Only the anchor or a room administrator can manage guesses',
  });
  const settled = await call('/api/guess/settle', {
    json: { guess_id: guess.id, outcome_id: red },
    headers: en(anchor.token),
  });
  expect(settled.body).toMatchObject({
    code: 0,
    data: { paid: 40, winners: 3, pay_at: at(20_000 + GUESS_DISPUTE_WINDOW_MS).toISOString() },
  });
  // The result shows at once; the coins stay in escrow until the dispute window ends.
  expect(await coins(a!.user.id)).toBe(990);
  await guessUpkeep(testDb.db, at(20_000 + GUESS_DISPUTE_WINDOW_MS - 1));
  expect(await coins(a!.user.id)).toBe(990);
  await guessUpkeep(testDb.db, at(20_000 + GUESS_DISPUTE_WINDOW_MS));
  // L = 10, W = 30: a 10 + 3.33, b's stakes 15 + 5 share 6.67; every coin of the pool is paid.
  expect(await coins(a!.user.id)).toBe(1000 - 10 + 13);
  expect(await coins(b!.user.id)).toBe(1000 - 20 + 27);
  expect(await coins(c!.user.id)).toBe(993);
  expect(await coins(d!.user.id)).toBe(997);
  const after = await panel(roomId, b!.token);
  expect(after.list[0]).toMatchObject({
    status: 'settled',
    paid_out: true,
    can_dispute: false,
    mine: { status: 'won', amount: 20, payout: 27 },
  });
  expect(after.list[0]!.outcomes.map((o) => o.result)).toEqual(['won', 'lost', 'lost']);
  const again = await call('/api/guess/settle', {
    json: { guess_id: guess.id, outcome_id: blue },
    headers: en(anchor.token),
  });
  expect(again.body).toMatchObject({ code: 1, msg: 'This guess was already settled or called off' });
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('refuses bad openings with translated messages and creates nothing', async () => {
  const { anchor, roomId } = await room();
  const base = { room_id: roomId, question: 'Next corner?', outcomes: ['Home', 'Away'], window_seconds: 60 };
  const cases: [Record<string, unknown>, string][] = [
    [{ window_seconds: 29 }, 'A guess runs between 30 seconds and 30 minutes'],
    [{ window_seconds: 1801 }, 'A guess runs between 30 seconds and 30 minutes'],
    [{ window_seconds: 45.5 }, 'A guess runs between 30 seconds and 30 minutes'],
    [{ outcomes: ['Only one'] }, 'A guess needs 2–10 options'],
    [{ outcomes: Array.from({ length: 11 }, (_, i) => `O${i}`) }, 'A guess needs 2–10 options'],
    [{ outcomes: ['Same', ' Same '] }, 'Two options have the same name'],
    [{ outcomes: ['Fine', ''] }, 'Every option needs a name of up to 30 characters'],
    [{ question: '  ' }, 'Enter a question of up to 60 characters'],
    [
      { play_types: ['football_1x2', 'football_total:2.5', 'football_handicap:-0.5'] },
      'Choose at most 2 play types for a match',
    ],
    [{ play_types: ['football_1x2'] }, 'This room is not bound to a match'],
  ];
  for (const [change, msg] of cases) {
    const refused = await open(anchor.token, { ...base, ...change });
    expect({ change, body: refused.body }).toMatchObject({ change, body: { code: 1, msg } });
  }
  const zh = await call('/api/guess/open', {
    json: { ...base, window_seconds: 10 },
    headers: { lang: 'zh-CN', token: anchor.token },
  });
  expect(zh.body.msg).toBe('竞猜时长需在 30 秒到 30 分钟之间');
  const stranger = await makeSignedInUser(testDb.db);
  expect((await open(stranger.token, base)).body.msg).toBe(
    'Only the anchor or a room administrator can manage guesses',
  );
  expect((await call('/api/guess/open', { json: base })).body.code).toBe(700);
  expect((await panel(roomId)).list).toEqual([]);
});

it('a void refunds every stake', async () => {
  const { anchor, roomId } = await room();
  const guess = await openQuestion(anchor.token, roomId, ['Yes', 'No']);
  const players = await Promise.all([viewer(50), viewer(50), viewer(50)]);
  for (const [i, player] of players.entries())
    expect(
      (await stake(player.token, { guess_id: guess.id, outcome_id: guess.outcomes[i % 2], amount: 10 + i }))
        .body.code,
    ).toBe(0);
  const cancelled = await call('/api/guess/cancel', {
    json: { guess_id: guess.id },
    headers: en(anchor.token),
  });
  expect(cancelled.body).toMatchObject({ code: 0, data: { refunded: 33 } });
  for (const player of players) expect(await coins(player.user.id)).toBe(50);
  const seen = await panel(roomId, players[0]!.token);
  expect(seen.list[0]).toMatchObject({
    status: 'cancelled',
    cancel_reason: 'anchor',
    mine: { status: 'void', payout: 10 },
  });
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('200 concurrent stakes and a settlement keep the ledger clean', async () => {
  const { anchor, roomId } = await room();
  const guess = await openQuestion(anchor.token, roomId);
  const players = await Promise.all(Array.from({ length: 200 }, () => viewer(100)));
  const before = await checkLedger(testDb.db, HOLDINGS);
  expect(before.problems).toEqual([]);
  const amounts = players.map((_, i) => 1 + ((i * 37) % 100));
  const results = await Promise.all(
    players.map((player, i) =>
      stake(player.token, { guess_id: guess.id, outcome_id: guess.outcomes[i % 3], amount: amounts[i] }),
    ),
  );
  expect(results.filter((result) => result.body.code === 0)).toHaveLength(200);
  const settled = await call<{ paid: number }>('/api/guess/settle', {
    json: { guess_id: guess.id, outcome_id: guess.outcomes[1] },
    headers: en(anchor.token),
  });
  const pool = amounts.reduce((sum, amount) => sum + amount, 0);
  expect(settled.body.data.paid).toBe(pool);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  await guessUpkeep(testDb.db, at(GUESS_DISPUTE_WINDOW_MS));
  const report = await checkLedger(testDb.db, HOLDINGS);
  expect(report.problems).toEqual([]);
  const coin = (r: typeof report) => r.currencies.find((c) => c.currency === 'coin')!;
  expect(coin(report).held).toBe(coin(before).held);
  const balances = await Promise.all(players.map((player) => coins(player.user.id)));
  expect(balances.reduce((sum, balance) => sum + balance, 0)).toBe(200 * 100);
  expect(balances.filter((balance, i) => i % 3 !== 1 && balance !== 100 - amounts[i]!)).toEqual([]);
  const { rows } = await testDb.db.execute<{ n: number }>(
    sql`select count(*)::int as n from guess_stakes where guess_id = ${guess.id} and status = 'held'`,
  );
  expect(rows[0]!.n).toBe(0);
}, 240_000);

it('cancels and refunds a guess left unresolved 24 h after it locked', async () => {
  const { anchor, roomId } = await room();
  const guess = await openQuestion(anchor.token, roomId, ['Yes', 'No']);
  const player = await viewer(40);
  await stake(player.token, { guess_id: guess.id, outcome_id: guess.outcomes[0], amount: 25 });
  // The window (300 s) ends; the job locks it at the window's end.
  now = at(300_000);
  await guessUpkeep(testDb.db, now);
  expect((await panel(roomId)).list[0]).toMatchObject({ status: 'locked', lock_reason: 'window' });
  await guessUpkeep(testDb.db, at(300_000 + GUESS_UNRESOLVED_MS - 1));
  expect((await panel(roomId)).list[0]!.status).toBe('locked');
  expect(await coins(player.user.id)).toBe(15);
  now = at(300_000 + GUESS_UNRESOLVED_MS);
  await guessUpkeep(testDb.db, now);
  expect((await panel(roomId, player.token)).list[0]).toMatchObject({
    status: 'cancelled',
    cancel_reason: 'unresolved',
    mine: { status: 'void', payout: 25 },
  });
  expect(await coins(player.user.id)).toBe(40);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

describe('a guess bound to a match', () => {
  let matchIds: { live: number; later: number };
  beforeAll(async () => {
    const db = testDb.db;
    const [league] = await db
      .insert(competitions)
      .values({
        code: 'guess.1',
        sport: 'football',
        kind: 'league',
        region: 'test',
        sourceName: 'Guess League',
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
        {
          sport: 'football',
          sourceName: 'Harbour City',
          names: { en: 'Harbour City' },
          crestColors: ['#000000', '#ffffff'],
        },
        { sport: 'football', sourceName: 'Valley Rovers', crestColors: ['#ffffff', '#000000'] },
      ])
      .returning();
    const common = {
      seasonId: season!.id,
      source: 'test',
      round: '1',
      homeTeamId: home!.id,
      awayTeamId: away!.id,
    };
    const [live, later] = await db
      .insert(matches)
      .values([
        {
          ...common,
          externalId: 'live',
          kickoffAt: at(-40 * 60_000),
          status: 'live',
          homeScore: 0,
          awayScore: 0,
          minute: 40,
        },
        { ...common, externalId: 'later', kickoffAt: at(10 * 60_000) },
      ])
      .returning();
    matchIds = { live: live!.id, later: later!.id };
  });

  async function boundRoom(
    matchId: number,
    { feedDelaySeconds = 0, measuredMs }: { feedDelaySeconds?: number; measuredMs?: number } = {},
  ) {
    const made = await room();
    await testDb.db.update(liveRooms).set({ matchId }).where(eq(liveRooms.id, made.roomId));
    const [broadcast] = await testDb.db
      .insert(broadcasts)
      .values({ roomId: made.roomId, title: 'live', category: 'football', startedAt: START })
      .returning();
    if (measuredMs !== undefined) await recordStreamDelay(testDb.db, broadcast!.id, measuredMs);
    if (feedDelaySeconds)
      await call('/api/chat/setRoomSettings', {
        json: { room_id: made.roomId, feed_delay_seconds: feedDelaySeconds },
        headers: en(made.anchor.token),
      });
    return made;
  }

  it('locks at a goal moved earlier by the stream delay: stakes after T − D are refunded, later ones refused', async () => {
    // D = the anchor's 2 s source delay + 6.5 s measured by the engine.
    const { anchor, roomId } = await boundRoom(matchIds.live, { feedDelaySeconds: 2, measuredMs: 6500 });
    const refused = await open(anchor.token, {
      room_id: roomId,
      question: 'Goals?',
      play_types: ['football_total:2.25'],
      window_seconds: 600,
    });
    expect(refused.body.msg).toBe('This play type is not offered for this match');
    const made = await open(anchor.token, {
      room_id: roomId,
      question: 'Who wins, how many goals?',
      play_types: ['football_1x2', 'football_total:2.5'],
      window_seconds: 600,
    });
    expect(made.body.code).toBe(0);
    const guess = (await panel(roomId)).list[0]!;
    expect(guess.outcomes.map((o) => [o.market, o.pick, o.line])).toEqual([
      ['football_1x2', 'home', null],
      ['football_1x2', 'draw', null],
      ['football_1x2', 'away', null],
      ['football_total', 'over', 2.5],
      ['football_total', 'under', 2.5],
    ]);
    expect(guess.match).toEqual({ home: 'Harbour City', away: 'Valley Rovers' });
    const [home, , away, , under] = guess.outcomes.map((o) => o.id);
    const [early, goals, before, inside] = await Promise.all([
      viewer(100),
      viewer(100),
      viewer(100),
      viewer(100),
    ]);
    now = at(5_000);
    await stake(early.token, { guess_id: guess.id, outcome_id: home, amount: 30 });
    await stake(goals.token, { guess_id: guess.id, outcome_id: under, amount: 10 });
    now = at(21_000);
    await stake(before.token, { guess_id: guess.id, outcome_id: away, amount: 20 });
    // T − D = 30 s − 8.5 s = 21.5 s: this stake is placed after it.
    now = at(25_000);
    await stake(inside.token, { guess_id: guess.id, outcome_id: home, amount: 40 });
    // The goal is stored at T = 30 s.
    const T = at(30_000);
    await testDb.db.update(matches).set({ homeScore: 1 }).where(eq(matches.id, matchIds.live));
    now = at(30_500);
    const afterGoal = await stake(inside.token, { guess_id: guess.id, outcome_id: home, amount: 1 });
    expect(afterGoal.body.msg).toBe('Staking has closed on this guess');
    expect(await lockGuessesOnGoals(testDb.db, T)).toBe(1);
    const locked = (await panel(roomId, inside.token)).list[0]!;
    expect(locked).toMatchObject({
      status: 'locked',
      lock_reason: 'goal',
      lock_delay_ms: 8500,
      locked_at: at(21_500).toISOString(),
      mine: { status: 'void', amount: 40, payout: 40 },
    });
    expect(await coins(inside.user.id)).toBe(100);
    // Full time 1-0: settled from the result by the job (lib/markets grades it), the voided stake out of
    // the pool. Home and under 2.5 both won: W = 40, L = 20 (away), shared 3 : 1.
    await testDb.db
      .update(matches)
      .set({ status: 'finished', homeFullTime: 1, awayFullTime: 0 })
      .where(eq(matches.id, matchIds.live));
    await guessUpkeep(testDb.db, at(3_600_000));
    expect((await panel(roomId, early.token)).list[0]).toMatchObject({
      status: 'settled',
      mine: { status: 'won', amount: 30, payout: 45 },
    });
    expect(await coins(goals.user.id)).toBe(105);
    expect(await coins(before.user.id)).toBe(80);
    expect(await coins(inside.user.id)).toBe(100);
    const manual = await call('/api/guess/settle', {
      json: { guess_id: guess.id, outcome_id: home },
      headers: en(anchor.token),
    });
    expect(manual.body.code).toBe(1);
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });

  it('an e-sports series in play offers who wins it: a map won locks the guess, the series settles it', async () => {
    const db = testDb.db;
    const [league] = await db
      .insert(competitions)
      .values({
        code: 'guess.e',
        sport: 'esports',
        kind: 'league',
        region: 'test',
        sourceName: 'E League',
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
        { sport: 'esports', sourceName: 'Nova Five', crestColors: ['#000000', '#ffffff'] },
        { sport: 'esports', sourceName: 'Iron Tide', crestColors: ['#ffffff', '#000000'] },
      ])
      .returning();
    const [series] = await db
      .insert(matches)
      .values({
        seasonId: season!.id,
        source: 'test',
        externalId: 'series',
        round: '1',
        homeTeamId: home!.id,
        awayTeamId: away!.id,
        kickoffAt: at(-20 * 60_000),
        status: 'live',
        homeScore: 0,
        awayScore: 0,
      })
      .returning();
    const { anchor, roomId } = await boundRoom(series!.id);
    expect((await panel(roomId, anchor.token)).room_match_sport).toBe('esports');
    const question = { room_id: roomId, question: 'Who takes the series?', window_seconds: 600 };
    for (const playTypes of [['football_1x2'], ['esports_winner', 'basketball_total:200.5']])
      expect((await open(anchor.token, { ...question, play_types: playTypes })).body.msg).toBe(
        'This play type is not offered for this match',
      );
    expect((await open(anchor.token, { ...question, play_types: ['esports_winner'] })).body.code).toBe(0);
    const guess = (await panel(roomId)).list[0]!;
    expect(guess.outcomes.map((o) => [o.market, o.pick])).toEqual([
      ['esports_winner', 'home'],
      ['esports_winner', 'away'],
    ]);
    const [fan, rival] = await Promise.all([viewer(100), viewer(100)]);
    now = at(5_000);
    await stake(fan.token, { guess_id: guess.id, outcome_id: guess.outcomes[0]!.id, amount: 30 });
    await stake(rival.token, { guess_id: guess.id, outcome_id: guess.outcomes[1]!.id, amount: 10 });
    // The first map goes to the home side: the guess locks as a goal would lock football's.
    await db.update(matches).set({ homeScore: 1 }).where(eq(matches.id, series!.id));
    expect(await lockGuessesOnGoals(db, at(120_000))).toBe(1);
    expect((await panel(roomId)).list[0]).toMatchObject({ status: 'locked', lock_reason: 'goal' });
    await db
      .update(matches)
      .set({ status: 'finished', homeScore: 2, awayScore: 1, homeFullTime: 2, awayFullTime: 1 })
      .where(eq(matches.id, series!.id));
    await guessUpkeep(db, at(3_600_000));
    expect((await panel(roomId, fan.token)).list[0]).toMatchObject({
      status: 'settled',
      mine: { status: 'won', amount: 30, payout: 40 },
    });
    expect(await coins(rival.user.id)).toBe(90);
    expect((await checkLedger(db, HOLDINGS)).problems).toEqual([]);
  });

  it('locks at kick-off, refusing stakes from then on; a room no engine measures counts the fallback delay', async () => {
    const { anchor, roomId } = await boundRoom(matchIds.later);
    const made = await open(anchor.token, {
      room_id: roomId,
      question: 'Result?',
      play_types: ['football_1x2'],
      window_seconds: 1800,
    });
    // The window is cut at the kick-off (10 minutes away).
    expect(made.body.data.closes_at).toBe(at(10 * 60_000).toISOString());
    const guess = (await panel(roomId)).list[0]!;
    const player = await viewer(100);
    now = at(10 * 60_000);
    const late = await stake(player.token, {
      guess_id: guess.id,
      outcome_id: guess.outcomes[0]!.id,
      amount: 5,
    });
    expect(late.body.msg).toBe('Staking has closed on this guess');
    await guessUpkeep(testDb.db, now);
    expect((await panel(roomId)).list[0]).toMatchObject({ status: 'locked', lock_reason: 'kickoff' });
    expect(await roomStreamDelayMs(testDb.db, roomId)).toBe(STREAM_DELAY_FALLBACK_MS);
  });
});

it("lists the viewer's guesses of the last three months", async () => {
  const { anchor, roomId } = await room();
  const guess = await openQuestion(anchor.token, roomId, ['Yes', 'No']);
  const player = await viewer(100);
  await stake(player.token, { guess_id: guess.id, outcome_id: guess.outcomes[1], amount: 12 });
  await call('/api/guess/settle', {
    json: { guess_id: guess.id, outcome_id: guess.outcomes[1] },
    headers: en(anchor.token),
  });
  const records = await call<{
    total: number;
    list: { question: string; status: string; amount: number; payout: number }[];
  }>('/api/guess/records', { headers: en(player.token) });
  expect(records.body.data).toMatchObject({
    total: 1,
    list: [
      {
        question: 'Who wins the shoot-out?',
        status: 'won',
        amount: 12,
        payout: 12,
        outcome: { label: 'No' },
      },
    ],
  });
  now = at(95 * 24 * 3600_000);
  const later = await call<{ total: number }>('/api/guess/records', { headers: en(player.token) });
  expect(later.body.data.total).toBe(0);
  expect((await call('/api/guess/records')).body.code).toBe(700);
});

describe('disputes of a settlement', () => {
  const dispute = (token: string, body: Record<string, unknown>, lang = 'en') =>
    call<{ dispute_status: string }>('/api/guess/dispute', { json: body, headers: { lang, token } });
  const decide = (token: string, body: Record<string, unknown>) =>
    call<{ results: { id: number; ok: boolean; before?: unknown; after?: unknown }[] }>(
      '/api/admin/review/guessDispute/decide',
      { json: body, headers: en(token) },
    );
  const noticesOf = async (userId: number) =>
    (
      await testDb.db.execute<{ subject: string; params: Record<string, string> }>(
        sql`select subject, params from notices where user_id = ${userId} order by id`,
      )
    ).rows;

  /** A guess the anchor settled at +60 s: a 10 on Yes (the named winner), b 30 on No, c 20 on No. */
  async function settledGuess() {
    const { anchor, roomId } = await room();
    const guess = await openQuestion(anchor.token, roomId, ['Yes', 'No']);
    const [a, b, c] = await Promise.all([viewer(100), viewer(100), viewer(100)]);
    now = at(10_000);
    for (const [player, outcome, amount] of [
      [a!, 0, 10],
      [b!, 1, 30],
      [c!, 1, 20],
    ] as const)
      expect(
        (await stake(player.token, { guess_id: guess.id, outcome_id: guess.outcomes[outcome], amount })).body
          .code,
      ).toBe(0);
    now = at(60_000);
    const settled = await call('/api/guess/settle', {
      json: { guess_id: guess.id, outcome_id: guess.outcomes[0] },
      headers: en(anchor.token),
    });
    expect(settled.body.code).toBe(0);
    return { anchor, roomId, guess, a: a!, b: b!, c: c!, payAt: at(60_000 + GUESS_DISPUTE_WINDOW_MS) };
  }

  it('a staker disputes once within the window; every other dispute is refused and changes nothing', async () => {
    const { roomId, guess, a, b, payAt } = await settledGuess();
    const stranger = await viewer(100);
    const base = { guess_id: guess.id, reason_code: 'wrong_result', text: 'No. 9 scored first' };
    const refusals: [string, Record<string, unknown>, string][] = [
      [stranger.token, base, 'Only viewers who staked in this guess can dispute it'],
      [b.token, { ...base, reason_code: 'bored' }, 'Choose why you dispute the result'],
      [b.token, { ...base, text: 'x'.repeat(201) }, expect.stringContaining('up to 200 characters')],
      [
        b.token,
        { ...base, reason_code: 'other', text: ' ' },
        expect.stringContaining('up to 200 characters'),
      ],
    ];
    for (const [token, body, msg] of refusals)
      expect((await dispute(token, body)).body).toMatchObject({ code: 1, msg });
    expect((await dispute(stranger.token, base, 'zh-CN')).body.msg).toBe('只有参与押注的观众才能申诉');
    expect((await panel(roomId, b.token)).list[0]).toMatchObject({
      status: 'settled',
      pay_at: payAt.toISOString(),
      paid_out: false,
      dispute_status: null,
      disputed_by_me: false,
      can_dispute: true,
      mine: { status: 'lost', payout: 0 },
    });

    now = at(120_000);
    expect((await dispute(b.token, base)).body).toMatchObject({ code: 0, data: { dispute_status: 'open' } });
    expect((await dispute(b.token, base)).body).toMatchObject({
      code: 1,
      msg: 'You have already disputed this guess',
    });
    expect((await panel(roomId, b.token)).list[0]).toMatchObject({
      dispute_status: 'open',
      disputed_by_me: true,
      can_dispute: false,
    });
    // An open dispute holds the release past the window.
    await guessUpkeep(testDb.db, at(60_000 + GUESS_DISPUTE_WINDOW_MS + 1));
    expect(await coins(a.user.id)).toBe(90);
    // The window is over for everyone else.
    now = payAt;
    expect((await dispute(a.token, { ...base, reason_code: 'not_happened' })).body).toMatchObject({
      code: 1,
      msg: 'The time to dispute has passed: the result was paid out or reviewed',
    });
    const { rows } = await testDb.db.execute<{ n: number }>(
      sql`select count(*)::int as n from guess_disputes where guess_id = ${guess.id}`,
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses disputes of a guess still open or settled from the match feed', async () => {
    const { anchor, roomId } = await room();
    const guess = await openQuestion(anchor.token, roomId, ['Yes', 'No']);
    const player = await viewer(50);
    await stake(player.token, { guess_id: guess.id, outcome_id: guess.outcomes[1], amount: 5 });
    const body = { guess_id: guess.id, reason_code: 'wrong_result' };
    expect((await dispute(player.token, body)).body.msg).toBe('This guess has not been settled yet');
    // What the match feed does: a settlement paid at once, never held.
    await settleGuess(testDb.db, {
      guessId: guess.id,
      results: new Map([
        [guess.outcomes[0]!, 'won'],
        [guess.outcomes[1]!, 'lost'],
      ]),
      now,
    });
    expect((await dispute(player.token, body)).body.msg).toBe(
      'A guess settled from the match result cannot be disputed',
    );
    expect((await panel(roomId, player.token)).list[0]).toMatchObject({ pay_at: null, paid_out: true });
  });

  it('upheld: the payouts are released as settled and everyone concerned is told why', async () => {
    const { anchor, guess, a, b, c } = await settledGuess();
    const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
    now = at(90_000);
    await dispute(b.token, { guess_id: guess.id, reason_code: 'wrong_result', text: 'Replay says No' });
    await dispute(c.token, { guess_id: guess.id, reason_code: 'unclear_question' });
    const listed = await call<{ list: { id: number; summary: string; fields: Record<string, string> }[] }>(
      '/api/admin/review/guessDispute/list',
      { headers: en(moderator.token) },
    );
    const item = listed.body.data.list.find((row) => row.id === guess.id)!;
    expect(item).toMatchObject({
      summary: 'Who wins the shoot-out?',
      fields: {
        outcomes: 'Yes: 10 coins · 1 · No: 50 coins · 2',
        guess_result: 'Yes',
        pool: 60,
        disputes: expect.stringContaining('The wrong answer was named — Replay says No'),
      },
    });
    expect(item.fields.disputes).toContain('The question was ambiguous');
    const upheld = await decide(moderator.token, {
      ids: [guess.id],
      approve: false,
      reason_code: 'result_confirmed',
      reason: 'Yes was right',
    });
    expect(upheld.body.data.results[0]).toMatchObject({
      ok: true,
      before: { dispute_status: 'open', disputes: 2 },
      after: { dispute_status: 'upheld', paid: 60 },
    });
    expect(await coins(a.user.id)).toBe(150);
    expect(await coins(b.user.id)).toBe(70);
    expect((await noticesOf(b.user.id)).at(-1)).toMatchObject({
      subject: 'guess_dispute_upheld',
      params: { reason: 'result_confirmed', note: 'Yes was right', title: 'Who wins the shoot-out?' },
    });
    expect((await noticesOf(anchor.user.id)).at(-1)).toMatchObject({ subject: 'guess_upheld' });
    const { rows } = await testDb.db.execute<{ before: unknown; after: unknown }>(
      sql`select before, after from audit_log where action = '/api/admin/review/guessDispute/decide' order by id desc limit 1`,
    );
    expect(rows[0]).toMatchObject({ after: [{ id: guess.id, dispute_status: 'upheld' }] });
    // Decided: nothing more to dispute or decide, and the job pays nothing twice.
    expect((await dispute(a.token, { guess_id: guess.id, reason_code: 'not_happened' })).body.code).toBe(1);
    expect(
      (await decide(moderator.token, { ids: [guess.id], approve: true, reason_code: 'wrong_result' })).body,
    ).toMatchObject({ code: 1, msg: 'This dispute has already been decided' });
    await guessUpkeep(testDb.db, at(3_600_000));
    expect(await coins(a.user.id)).toBe(150);
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });

  it('voided: every stake comes back exactly, and viewers see the reviewer’s reason', async () => {
    const { anchor, roomId, guess, a, b, c } = await settledGuess();
    const operator = await makeSignedInUser(testDb.db, { role: 'operator' });
    now = at(90_000);
    await dispute(b.token, { guess_id: guess.id, reason_code: 'not_happened', text: 'Not kicked yet' });
    const voided = await decide(operator.token, {
      ids: [guess.id],
      approve: true,
      reason_code: 'not_happened',
      reason: 'The shoot-out was never played',
    });
    expect(voided.body.data.results[0]).toMatchObject({
      ok: true,
      after: { status: 'cancelled', dispute_status: 'voided', refunded: 60 },
    });
    for (const player of [a, b, c]) expect(await coins(player.user.id)).toBe(100);
    const seen = (await panel(roomId, a.token)).list[0]!;
    expect(seen).toMatchObject({
      status: 'cancelled',
      cancel_reason: 'disputed',
      void_reason: { code: 'not_happened', note: 'The shoot-out was never played' },
      mine: { status: 'void', payout: 10 },
    });
    expect(seen.outcomes.map((outcome) => outcome.result)).toEqual(['void', 'void']);
    const records = await call<{ list: { guess_status: string; void_reason: unknown; payout: number }[] }>(
      '/api/guess/records',
      { headers: en(a.token) },
    );
    expect(records.body.data.list[0]).toMatchObject({
      guess_status: 'cancelled',
      payout: 10,
      void_reason: { code: 'not_happened' },
    });
    expect((await noticesOf(b.user.id)).at(-1)).toMatchObject({ subject: 'guess_dispute_voided' });
    expect((await noticesOf(anchor.user.id)).at(-1)).toMatchObject({ subject: 'guess_voided' });
    await guessUpkeep(testDb.db, at(3_600_000));
    for (const player of [a, b, c]) expect(await coins(player.user.id)).toBe(100);
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });
});
