// Escrow reconciles, always (issue #40 item 2): one open item of every holding kind made through its
// domain's own services — a guess's stakes, a plan purchase, a shop order in flight, a red envelope with
// unclaimed shares, a horn message in review, a pending withdrawal — and the ledger check says OK; then
// each kind is corrupted on a copy of that database and the check names the item that disagrees, an
// escrow move no holding claims, and the guess a settlement under a late stake leaves coins for.
import { sql } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { applyForWithdrawal, bindBankCard } from '@/lib/earnings/service';
import { buyPlan, publishPlan } from '@/lib/experts/plans';
import { experts } from '@/lib/experts/schema';
import { openGuess, settleByManager, stakeGuess } from '@/lib/guess/service';
import { guessUpkeep } from '@/lib/guess/upkeep';
import { sendHorn, setHornReview } from '@/lib/horn/service';
import { ensureRoom } from '@/lib/live/service';
import { claimEnvelope, createEnvelope } from '@/lib/red-envelopes/service';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { goods } from '@/lib/shop/schema';
import { exchangeGoods, saveAddress } from '@/lib/shop/service';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeUser } from '@/lib/testing/factories';
import { checkLedger, type LedgerReport } from '@/lib/wallet/check';
import { runOperation } from '@/lib/wallet/ledger';
import { HOLDINGS } from './holdings';

// Paid plans from an expert's first one: this file is about escrow, not the pricing record.
process.env.EXPERT_PRICING_MIN_GRADED = '0';
process.env.EXPERT_PRICING_MIN_HIT_RATE = '0';

const START = new Date('2026-11-24T12:00:00Z');
const at = (seconds: number) => new Date(START.getTime() + seconds * 1000);
const PASSWORD = '246810';

let template: TestDb;
/** The open items the template holds, by kind. */
const item = {
  guess: 0,
  stake: 0,
  purchase: 0,
  exchange: 0,
  envelope: 0,
  claimed: 0,
  horn: 0,
  withdrawal: 0,
};
/** The check on the template itself, once every item is made. */
let baseline: LedgerReport;
const people = { anchor: 0, viewer: 0, lateRoom: 0, lateAnchor: 0 };

async function footballMatch(db: TestDb['db']) {
  const [league] = await db
    .insert(competitions)
    .values({
      code: 'escrow.1',
      sport: 'football',
      kind: 'league',
      region: 'test',
      sourceName: 'Escrow League',
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
      { sport: 'football', sourceName: 'Harbour City', crestColors: ['#000000', '#ffffff'] },
      { sport: 'football', sourceName: 'Valley Rovers', crestColors: ['#ffffff', '#000000'] },
    ])
    .returning();
  const [match] = await db
    .insert(matches)
    .values({
      seasonId: season!.id,
      source: 'test',
      round: '1',
      homeTeamId: home!.id,
      awayTeamId: away!.id,
      externalId: 'escrow-later',
      kickoffAt: at(6 * 3600),
    })
    .returning();
  return match!.id;
}

const outcomesOf = async (db: TestDb['db'], guessId: number) =>
  (
    await db.execute<{ id: number }>(
      sql`select id from guess_outcomes where guess_id = ${guessId} order by position`,
    )
  ).rows.map((row) => Number(row.id));

beforeAll(async () => {
  template = await createTestDb();
  const { db } = template;
  const anchor = await makeUser(db, { isAnchor: true, paymentPasswordHash: await hashPassword(PASSWORD) });
  const viewer = await makeUser(db);
  const buyer = await makeUser(db);
  people.anchor = anchor.id;
  people.viewer = viewer.id;
  await fundUser(db, viewer.id, 'coin', 10_000);
  await fundUser(db, viewer.id, 'star', 1_000);
  await fundUser(db, buyer.id, 'star', 1_000);
  await fundUser(db, buyer.id, 'coin', 1_000);
  await fundUser(db, anchor.id, 'yellow', 500);
  const room = await ensureRoom(db, anchor.id);

  // A guess with a stake held.
  const guess = await openGuess(db, {
    userId: anchor.id,
    roomId: room.id,
    question: 'Who scores first?',
    outcomes: ['Red', 'Blue'],
    windowSeconds: 600,
    now: START,
  });
  item.guess = guess.id;
  const [red] = await outcomesOf(db, guess.id);
  const staked = await stakeGuess(db, {
    userId: viewer.id,
    guessId: guess.id,
    outcomeId: red!,
    amount: 300,
    key: 'escrow-stake-1',
    now: at(10),
  });
  item.stake = Number(
    (
      await db.execute<{ id: number }>(
        sql`select id from guess_stakes where operation_id = ${staked.operationId}`,
      )
    ).rows[0]!.id,
  );

  // A plan purchase held until the grade.
  const expert = await makeUser(db);
  await db
    .insert(experts)
    .values({ userId: expert.id, sports: ['football'], experience: '十年足球分析', approvedAt: START });
  const plan = await publishPlan(
    db,
    expert.id,
    {
      matchId: await footballMatch(db),
      title: '港城主场不败分析',
      selections: [{ market: 'football_1x2', pick: 'home' }],
      reasoning: '两队近期状态与伤停情况对比明显，给出本场判断，赛后自动结算。',
      price: 60,
      refundIfLost: false,
    },
    START,
  );
  item.purchase = (
    await buyPlan(db, { planId: plan.plan.id, userId: buyer.id, now: at(20) })
  ).result.purchase;

  // A physical exchange waiting to be shipped.
  const [scarf] = await db
    .insert(goods)
    .values({
      code: 'escrow_scarf',
      kind: 'physical',
      names: { 'zh-CN': '围巾', en: 'Scarf' },
      descriptions: { 'zh-CN': '实物', en: 'Shipped home' },
      price: 200,
      stock: 5,
      perUserLimit: 1,
    })
    .returning();
  const address = await saveAddress(
    db,
    buyer.id,
    { name: '张三', phone: '13800138000', region: '上海市', detail: '人民路 1 号' },
    START,
  );
  item.exchange = (
    await exchangeGoods(db, {
      userId: buyer.id,
      goodsId: scarf!.id,
      quantity: 1,
      addressId: address.id,
      key: 'escrow-scarf',
      now: at(30),
    })
  ).result.id;

  // A red envelope with one share claimed and two left.
  const envelope = await createEnvelope(db, {
    senderId: viewer.id,
    roomId: room.id,
    amount: 90,
    shares: 3,
    key: 'escrow-red',
    now: at(40),
  });
  item.envelope = envelope.result.id;
  item.claimed = (
    await claimEnvelope(db, { userId: buyer.id, envelopeId: item.envelope, key: 'escrow-claim', now: at(50) })
  ).result.amount;

  // A paid horn message waiting for review.
  await setHornReview(db, true, START);
  item.horn = (
    await sendHorn(db, {
      userId: viewer.id,
      content: '全场加油！',
      key: 'escrow-horn',
      price: 50,
      now: at(60),
    })
  ).result.id;

  // A withdrawal waiting for finance.
  await bindBankCard(
    db,
    anchor.id,
    { bankName: '招商银行', cardNumber: '6222020200112233446', realName: '李四' },
    START,
  );
  item.withdrawal = (
    await applyForWithdrawal(
      db,
      anchor.id,
      { amount: 120, method: 'bank', paymentPassword: PASSWORD, key: 'escrow-withdraw' },
      { min: 100, feePercent: 2 },
      at(70),
    )
  ).result.id;

  // A second room, for the settlement under a late stake.
  const lateAnchor = await makeUser(db, { isAnchor: true });
  people.lateAnchor = lateAnchor.id;
  people.lateRoom = (await ensureRoom(db, lateAnchor.id)).id;
  baseline = await checkLedger(db, HOLDINGS);
  await template.release();
}, 60_000);

afterAll(() => template.close());

/** A copy of the template for one case, closed after it. */
async function onCopy(work: (db: TestDb['db']) => Promise<void>) {
  const copy = await createTestDb({ template: template.name });
  try {
    await work(copy.db);
  } finally {
    await copy.close();
  }
}

const problemsOf = async (db: TestDb['db']) => (await checkLedger(db, HOLDINGS)).problems;

it('reconciles one open item of every holding kind and says OK', () => {
  expect(baseline.problems).toEqual([]);
  expect(baseline.ok).toBe(true);
  expect(baseline.holdings).toEqual([
    { kind: 'guess', items: 1, amounts: [{ currency: 'coin', amount: 300 }] },
    { kind: 'plan purchase', items: 1, amounts: [{ currency: 'star', amount: 60 }] },
    { kind: 'shop order', items: 1, amounts: [{ currency: 'coin', amount: 200 }] },
    // 90 in three shares, one claimed.
    { kind: 'red envelope', items: 1, amounts: [{ currency: 'star', amount: 90 - item.claimed }] },
    { kind: 'horn message', items: 1, amounts: [{ currency: 'star', amount: 50 }] },
    { kind: 'withdrawal', items: 1, amounts: [{ currency: 'yellow', amount: 120 }] },
  ]);
});

it('names the item of each kind that disagrees with escrow', () =>
  onCopy(async (db) => {
    await db.execute(sql`update guess_stakes set amount = amount + 50 where id = ${item.stake}`);
    await db.execute(sql`update plan_purchases set status = 'refunded' where id = ${item.purchase}`);
    await db.execute(sql`update goods_exchanges set status = 'delivered' where id = ${item.exchange}`);
    await db.execute(sql`
      update red_envelope_shares set claimed_at = now()
      where id = (select min(id) from red_envelope_shares where envelope_id = ${item.envelope} and claimed_at is null)`);
    await db.execute(sql`update horn_messages set status = 'succeeded' where id = ${item.horn}`);
    await db.execute(sql`update withdrawals set amount = 110 where id = ${item.withdrawal}`);
    const problems = await problemsOf(db);
    const shard = '\\(shard \\d\\)';
    expect(problems.slice(0, 6)).toEqual([
      expect.stringMatching(
        new RegExp(
          `^guess ${item.guess}: escrow holds 300 coin for it ${shard}, its held stakes and unpaid payouts explain 350$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^plan purchase ${item.purchase}: escrow holds 60 star for it ${shard}, its held price explain 0$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^shop order ${item.exchange}: escrow holds 200 coin for it ${shard}, its cost while in flight explain 0$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^red envelope ${item.envelope}: escrow holds ${90 - item.claimed} star for it ${shard}, its unclaimed shares explain \\d+$`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^horn message ${item.horn}: escrow holds 50 star for it ${shard}, its price while in review explain 0$`,
        ),
      ),
      `withdrawal ${item.withdrawal}: escrow holds 120 yellow for it (shard ${people.anchor % 8}), its amount while pending or approved explain 110`,
    ]);
    // Each shard concerned no longer holds what its open items explain either.
    for (const problem of problems.slice(6))
      expect(problem).toMatch(
        /^escrow shard \d \((coin|star|yellow)\) holds \d+, its open items explain \d+$/,
      );
    expect(problems.length).toBeGreaterThan(6);
  }));

it('names an operation that moved escrow money no holding claims, and one that two items claim', () =>
  onCopy(async (db) => {
    const stray = await runOperation(db, {
      key: 'stray-escrow-move',
      kind: 'test_stray',
      userId: people.viewer,
      payload: {},
      now: at(100),
      shard: 5,
      prepare: async () => ({
        legs: [{ from: { user: people.viewer }, to: { system: 'escrow' }, currency: 'coin', amount: 7 }],
        result: {},
      }),
    });
    // The stake now says the plan purchase's operation put it in escrow.
    await db.execute(sql`
      update guess_stakes set operation_id = (
        select o.id from wallet_operations o where o.idempotency_key like 'plan-buy:%')
      where id = ${item.stake}`);
    const problems = await problemsOf(db);
    expect(problems).toContainEqual(
      `operation ${stray.operationId} (stray-escrow-move, test_stray) moved 7 coin into escrow shard 5, and no holding claims it`,
    );
    expect(problems).toContainEqual(
      expect.stringMatching(
        new RegExp(
          `^operation \\d+ \\(plan-buy:\\d+:\\d+\\) is claimed by guess ${item.guess} and plan purchase ${item.purchase}$`,
        ),
      ),
    );
    expect(problems).toContainEqual(
      expect.stringMatching(/^escrow shard 5 \(coin\) holds \d+, its open items explain \d+$/),
    );
  }));

it('finds nothing stranded by a settlement under a late stake, held and after its release (the stake is refunded)', () =>
  onCopy(async (db) => {
    const late = await makeUser(db);
    await fundUser(db, late.id, 'coin', 1_000);
    const guess = await openGuess(db, {
      userId: people.lateAnchor,
      roomId: people.lateRoom,
      question: 'Corner before half-time?',
      outcomes: ['Yes', 'No'],
      windowSeconds: 600,
      now: at(200),
    });
    const [yes, no] = await outcomesOf(db, guess.id);
    await stakeGuess(db, {
      userId: people.viewer,
      guessId: guess.id,
      outcomeId: yes!,
      amount: 100,
      key: 'late-1',
      now: at(210),
    });
    // Placed at a later instant than the settlement below (another node's clock, a slow request).
    await stakeGuess(db, {
      userId: late.id,
      guessId: guess.id,
      outcomeId: no!,
      amount: 100,
      key: 'late-2',
      now: at(290),
    });
    await settleByManager(db, { userId: people.lateAnchor, guessId: guess.id, outcomeId: no!, now: at(250) });
    // The settlement locked at its own instant and refunded the later stake (issue #40): escrow holds
    // exactly the counted stakes' payouts, then nothing once they are released.
    expect(await problemsOf(db)).toEqual([]);
    await guessUpkeep(db, at(250 + 11 * 60));
    expect(await problemsOf(db)).toEqual([]);
  }));
