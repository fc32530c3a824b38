// The money model (issue #40 item 3): fast-check's model commands drive random sequences of money
// actions against the real database — fun-guesses (open, stake, lock, settle, cancel, dispute, void or
// uphold, release), expert plans (buy, kick-off and grade, void, dispute, release), shop exchanges of
// physical goods (exchange, ship, deliver, cancel), recharges (confirm, cancel) and red envelopes (send,
// grab, expire) — one action at a time or two racing each other, each from a node whose clock is a few
// milliseconds off. After every step it checks: each currency conserved, every balance its transfers and
// escrow exactly the open items of every holding (`checkLedger` with `HOLDINGS`); a key replayed moves
// nothing and answers as it first did; every answer says what the database now holds.
// 100 sequences in `npm test`; FUZZ=full (CI) runs 300 with a new seed each time.
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { disputePlan, releasePlan } from '@/lib/experts/disputes';
import { buyPlan, publishPlan, voidPlan } from '@/lib/experts/plans';
import { expertPlans, experts, planDisputes, planPurchases } from '@/lib/experts/schema';
import { gradeDuePlans } from '@/lib/experts/settlement';
import { disputeGuess, voidDisputedGuess } from '@/lib/guess/disputes';
import { guesses, guessOutcomes, guessStakes } from '@/lib/guess/schema';
import {
  cancelGuess,
  lockGuess,
  openGuess,
  releaseGuess,
  settleByManager,
  stakeGuess,
} from '@/lib/guess/service';
import { ensureRoom } from '@/lib/live/service';
import { redEnvelopeShares } from '@/lib/red-envelopes/schema';
import { claimEnvelope, createEnvelope, refundExpiredEnvelopes } from '@/lib/red-envelopes/service';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { goods, goodsExchanges } from '@/lib/shop/schema';
import { exchangeGoods, moveExchange, saveAddress } from '@/lib/shop/service';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser, makeUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { seedChargeRules } from '@/lib/wallet/recharge';
import { payOrders } from '@/lib/wallet/schema';
import { type ApiApp, createApiApp } from './api-app';
import { HOLDINGS } from './holdings';

process.env.EXPERT_PRICING_MIN_GRADED = '0';
process.env.EXPERT_PRICING_MIN_HIT_RATE = '0';

const FULL = process.env.FUZZ === 'full';
const RUNS = FULL ? 300 : 100;
const MAX_STEPS = 12;

let testDb: TestDb;
let app: ApiApp;
let clock = new Date('2027-01-01T00:00:00Z');
const call = apiCaller(() => app);
let leagueSeason: number;
let homeTeam: number;
let awayTeam: number;
let ruleId: number;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => clock });
  await seedChargeRules(testDb.db);
  const [rule] = await testDb.db
    .execute<{ id: number }>(
      sql`select id from charge_rules where price_currency = 'CNY' order by diamonds limit 1`,
    )
    .then((result) => result.rows);
  ruleId = rule!.id;
  const [league] = await testDb.db
    .insert(competitions)
    .values({
      code: 'model.1',
      sport: 'football',
      kind: 'league',
      region: 'test',
      sourceName: 'Model',
      source: 'test',
    })
    .returning();
  const [season] = await testDb.db
    .insert(seasons)
    .values({ competitionId: league!.id, key: '2027', sourceName: '2027' })
    .returning();
  leagueSeason = season!.id;
  const [home, away] = await testDb.db
    .insert(teams)
    .values([
      { sport: 'football', sourceName: 'Model Home', crestColors: ['#000000', '#ffffff'] },
      { sport: 'football', sourceName: 'Model Away', crestColors: ['#ffffff', '#000000'] },
    ])
    .returning();
  homeTeam = home!.id;
  awayTeam = away!.id;
});
afterAll(() => testDb.close());

/** One sequence's people and things, made fresh for it ten days after the last one. */
type World = {
  anchor: number;
  roomId: number;
  viewers: { id: number; token: string; address: number }[];
  matchId: number;
  kickoff: Date;
  plans: number[];
  goodsId: number;
  guesses: { id: number; outcomes: number[] }[];
  envelopes: number[];
  exchanges: number[];
  orders: { no: string; token: string }[];
  /** Keyed actions that succeeded: replayed later, they must answer the same and move nothing. */
  replays: { name: string; answer: unknown; again: () => Promise<unknown> }[];
  serial: number;
  /** Exchanges cancelled so far: each puts one back in stock, so a racing exchange's "sold out" may be followed by stock. */
  restocks: number;
};

let worlds = 0;
async function makeWorld(): Promise<World> {
  worlds += 1;
  clock = new Date(Date.UTC(2027, 0, 1) + worlds * 10 * 86_400_000);
  const anchor = await makeUser(testDb.db, { isAnchor: true });
  const { id: roomId } = await ensureRoom(testDb.db, anchor.id);
  const viewers = [];
  for (let i = 0; i < 3; i++) {
    const viewer = await makeSignedInUser(testDb.db);
    await fundUser(testDb.db, viewer.user.id, 'coin', 1_000, clock);
    await fundUser(testDb.db, viewer.user.id, 'star', 1_000, clock);
    const address = await saveAddress(
      testDb.db,
      viewer.user.id,
      { name: '张三', phone: '13800000000', region: '上海市', detail: '体育场路 1 号' },
      clock,
    );
    viewers.push({ id: viewer.user.id, token: viewer.token, address: address.id });
  }
  const kickoff = new Date(clock.getTime() + 30 * 60_000);
  const [match] = await testDb.db
    .insert(matches)
    .values({
      seasonId: leagueSeason,
      homeTeamId: homeTeam,
      awayTeamId: awayTeam,
      externalId: `model-${worlds}`,
      source: 'test',
      round: '1',
      kickoffAt: kickoff,
    })
    .returning();
  const plans = [];
  // Two experts (one plan per expert and match): one plan refunds a miss (不中退款), one does not.
  for (const refundIfLost of [true, false]) {
    const expert = await makeUser(testDb.db);
    await testDb.db
      .insert(experts)
      .values({ userId: expert.id, sports: ['football'], experience: 'model', approvedAt: clock });
    const plan = await publishPlan(
      testDb.db,
      expert.id,
      {
        matchId: match!.id,
        title: `主胜稳了 ${worlds}`,
        selections: [{ market: 'football_1x2', pick: 'home' }],
        reasoning: '主队近况更好，客队客场作战能力一般，本场看好主队拿下三分。',
        price: 58,
        refundIfLost,
      },
      clock,
    );
    plans.push(plan.plan.id);
  }
  const [item] = await testDb.db
    .insert(goods)
    .values({
      code: `model-${worlds}`,
      kind: 'physical',
      names: { 'zh-CN': '球衣' },
      descriptions: { 'zh-CN': '主队球衣' },
      price: 120,
      stock: 2,
      perUserLimit: 3,
    })
    .returning();
  // A guess on the air from the start, so the first steps can stake.
  const guess = await openGuess(testDb.db, {
    userId: anchor.id,
    roomId,
    question: '下一个进球是谁？',
    outcomes: ['红队', '蓝队'],
    windowSeconds: 1800,
    now: clock,
  });
  const outcomes = await testDb.db
    .select({ id: guessOutcomes.id })
    .from(guessOutcomes)
    .where(eq(guessOutcomes.guessId, guess.id))
    .orderBy(guessOutcomes.position);
  return {
    anchor: anchor.id,
    roomId,
    viewers,
    matchId: match!.id,
    kickoff,
    plans,
    goodsId: item!.id,
    guesses: [{ id: guess.id, outcomes: outcomes.map((row) => row.id) }],
    envelopes: [],
    exchanges: [],
    orders: [],
    replays: [],
    serial: 0,
    restocks: 0,
  };
}

/** An answer: what came back, or the refusal's code. */
type Answer = { ok: true; value: unknown } | { ok: false; code: string };
const answer = (promise: Promise<unknown>): Promise<Answer> =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: { code?: string; message?: string }) => {
      if (!error.code || /^\d/.test(error.code)) throw error; // a database error is a failure, not a refusal
      return { ok: false as const, code: error.code };
    },
  );

/** How often each action was accepted or refused (MODEL_STATS=1 prints it): proof the sequences reach deep states. */
const stats = new Map<string, { ok: number; refused: Record<string, number> }>();
async function tally(name: string, promise: Promise<unknown>) {
  const got = await answer(promise);
  const entry = stats.get(name) ?? { ok: 0, refused: {} };
  if (got.ok) entry.ok += 1;
  else entry.refused[got.code] = (entry.refused[got.code] ?? 0) + 1;
  stats.set(name, entry);
  return got;
}

/** One of the people who staked on a guess or bought a plan (disputes come from them), else undefined. */
async function stakerOf(table: 'guess_stakes' | 'plan_purchases', column: string, id: number, n: number) {
  const { rows } = await testDb.db.execute<{ user_id: number }>(
    sql`select distinct user_id from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id} order by user_id`,
  );
  return pick(rows, n)?.user_id;
}

/** One of the sequence's guesses in a state (`where` over `guesses`), so later steps reach deep states. */
async function guessWhere(world: World, where: ReturnType<typeof sql>, n: number) {
  const ids = world.guesses.map((guess) => guess.id);
  const { rows } = await testDb.db.execute<{ id: number }>(
    sql`select id from guesses where id = any(${sql.param(ids)}::int[]) and ${where} order by id`,
  );
  const id = pick(rows, n)?.id;
  return world.guesses.find((guess) => guess.id === id);
}

const pick = <T>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined);
const skewed = (ms: number) => new Date(clock.getTime() + ms);

/**
 * One action: it acts, then checks its answer against what the database holds once every action of the
 * step is done (`verify`), and may leave a replay of its key.
 */
type Action = {
  name: string;
  act: (world: World) => Promise<(() => Promise<void>) | undefined>;
};

const weighted = (weight: number, arbitrary: fc.Arbitrary<Action>) => ({ weight, arbitrary });
const skewArb = fc.integer({ min: -16, max: 16 });
const nArb = fc.nat(20);

const actions: fc.WeightedArbitrary<Action>[] = [
  weighted(
    3,
    fc.constant({
      name: 'open guess',
      act: async (world) => {
        const made = await tally(
          'open guess',
          openGuess(testDb.db, {
            userId: world.anchor,
            roomId: world.roomId,
            question: '点球大战谁赢？',
            outcomes: ['红队', '蓝队', '平局'],
            windowSeconds: 1800,
            now: clock,
          }),
        );
        if (made.ok) {
          const { id } = made.value as { id: number };
          const outcomes = await testDb.db
            .select({ id: guessOutcomes.id })
            .from(guessOutcomes)
            .where(eq(guessOutcomes.guessId, id))
            .orderBy(guessOutcomes.position);
          world.guesses.push({ id, outcomes: outcomes.map((row) => row.id) });
        }
        return undefined;
      },
    }),
  ),
  weighted(
    8,
    fc
      .record({ v: nArb, g: nArb, o: nArb, amount: fc.integer({ min: 1, max: 300 }), skew: skewArb })
      .map(({ v, g, o, amount, skew }) => ({
        name: `stake ${amount}`,
        act: async (world) => {
          const viewer = pick(world.viewers, v)!;
          const guess = await guessWhere(world, sql`status = 'open'`, g);
          if (!guess) return undefined;
          const key = `model-stake-${++world.serial}`;
          const run = () =>
            stakeGuess(testDb.db, {
              userId: viewer.id,
              guessId: guess.id,
              outcomeId: guess.outcomes[o % guess.outcomes.length]!,
              amount,
              key,
              now: skewed(skew),
            });
          const got = await tally('stake', run());
          return async () => {
            if (!got.ok) return;
            world.replays.push({ name: 'stake', answer: got.value, again: run });
            // An accepted stake is in the guess: held while staking is open, else counted or refunded.
            const [row] = await testDb.db
              .select({ stake: guessStakes, guess: guesses })
              .from(guessStakes)
              .innerJoin(guesses, eq(guesses.id, guessStakes.guessId))
              .where(eq(guessStakes.operationId, (got.value as { operationId: number }).operationId));
            expect(row).toBeDefined();
            if (row!.guess.status === 'open') expect(row!.stake.status).toBe('held');
          };
        },
      })),
  ),
  weighted(
    1,
    fc.record({ g: nArb, skew: skewArb }).map(({ g, skew }) => ({
      name: 'lock',
      act: async (world) => {
        const guess = await guessWhere(world, sql`status = 'open'`, g);
        if (guess)
          await lockGuess(testDb.db, {
            guessId: guess.id,
            at: skewed(skew),
            reason: 'anchor',
            now: skewed(skew),
          });
        return undefined;
      },
    })),
  ),
  weighted(
    4,
    fc.record({ g: nArb, o: nArb, skew: skewArb }).map(({ g, o, skew }) => ({
      name: 'settle',
      act: async (world) => {
        const guess = await guessWhere(world, sql`status in ('open', 'locked')`, g);
        if (!guess) return undefined;
        const got = await tally(
          'settle',
          settleByManager(testDb.db, {
            userId: world.anchor,
            guessId: guess.id,
            outcomeId: guess.outcomes[o % guess.outcomes.length]!,
            now: skewed(skew),
          }),
        );
        return async () => {
          if (!got.ok) return;
          // The pool the answer names is what the counted stakes hold, and no late stake counts.
          const { paid } = got.value as { paid: number };
          const [sums] = (
            await testDb.db.execute<{ counted: string; late: string }>(sql`
            select coalesce(sum(s.amount) filter (where s.placed_at <= g.locked_at), 0) as counted,
                   count(*) filter (where s.placed_at > g.locked_at and s.status <> 'void') as late
            from guess_stakes s join guesses g on g.id = s.guess_id where g.id = ${guess.id}`)
          ).rows;
          expect(Number(sums!.late)).toBe(0);
          expect(paid).toBe(Number(sums!.counted));
        };
      },
    })),
  ),
  weighted(
    1,
    fc.record({ g: nArb }).map(({ g }) => ({
      name: 'cancel',
      act: async (world) => {
        const guess = pick(world.guesses, g);
        if (guess)
          await tally('cancel', cancelGuess(testDb.db, { guessId: guess.id, reason: 'anchor', now: clock }));
        return undefined;
      },
    })),
  ),
  weighted(
    4,
    fc.record({ v: nArb, g: nArb, skew: skewArb }).map(({ v, g, skew }) => ({
      name: 'dispute guess',
      act: async (world) => {
        const guess = await guessWhere(world, sql`status = 'settled' and paid_at is null`, g);
        if (!guess) return undefined;
        const got = await tally(
          'dispute guess',
          disputeGuess(testDb.db, {
            userId: (await stakerOf('guess_stakes', 'guess_id', guess.id, v)) ?? pick(world.viewers, v)!.id,
            guessId: guess.id,
            reasonCode: 'wrong_result',
            text: '',
            now: skewed(skew),
          }),
        );
        return async () => {
          // An accepted dispute holds the payouts: the guess is not paid while it is open.
          if (!got.ok) return;
          const [row] = await testDb.db.select().from(guesses).where(eq(guesses.id, guess.id));
          if (row!.disputeStatus === 'open') expect(row!.paidAt).toBeNull();
        };
      },
    })),
  ),
  weighted(
    3,
    fc.record({ g: nArb, uphold: fc.boolean() }).map(({ g, uphold }) => ({
      name: uphold ? 'uphold guess' : 'void guess',
      act: async (world) => {
        const guess = await guessWhere(world, sql`dispute_status = 'open'`, g);
        if (!guess) return undefined;
        await tally(
          'uphold guess',
          uphold
            ? releaseGuess(testDb.db, { guessId: guess.id, now: clock, uphold: true })
            : voidDisputedGuess(testDb.db, {
                guessId: guess.id,
                reasonCode: 'wrong_result',
                note: '',
                now: clock,
              }),
        );
        return undefined;
      },
    })),
  ),
  weighted(
    3,
    fc.record({ g: nArb, skew: skewArb }).map(({ g, skew }) => ({
      name: 'release guess',
      act: async (world) => {
        const guess = await guessWhere(world, sql`status = 'settled' and paid_at is null`, g);
        if (guess)
          await tally('release guess', releaseGuess(testDb.db, { guessId: guess.id, now: skewed(skew) }));
        return undefined;
      },
    })),
  ),
  weighted(
    3,
    fc.record({ v: nArb, p: nArb, skew: skewArb }).map(({ v, p, skew }) => ({
      name: 'buy plan',
      act: async (world) => {
        const planId = pick(world.plans, p)!;
        const buyer = pick(world.viewers, v)!;
        const run = () => buyPlan(testDb.db, { planId, userId: buyer.id, now: skewed(skew) });
        const got = await tally('buy plan', run());
        return async () => {
          const [purchase] = await testDb.db
            .select()
            .from(planPurchases)
            .where(sql`${planPurchases.planId} = ${planId} and ${planPurchases.userId} = ${buyer.id}`);
          if (got.ok) {
            world.replays.push({ name: 'buy plan', answer: got.value, again: run });
            expect(purchase).toBeDefined();
          } else if (got.code === 'PLAN_SALES_CLOSED' || got.code === 'INSUFFICIENT_BALANCE')
            // A refused buy bought nothing (a purchase there is an earlier one, answered "already bought").
            expect(purchase === undefined || purchase.createdAt < skewed(skew)).toBe(true);
        };
      },
    })),
  ),
  weighted(
    1,
    fc.record({ home: fc.nat(3), away: fc.nat(3) }).map(({ home, away }) => ({
      name: `full time ${home}-${away}`,
      act: async (world) => {
        if (clock <= world.kickoff) clock = new Date(world.kickoff.getTime() + 2 * 3600_000);
        await testDb.db
          .update(matches)
          .set({
            status: 'finished',
            homeScore: home,
            awayScore: away,
            homeFullTime: home,
            awayFullTime: away,
          })
          .where(eq(matches.id, world.matchId));
        await gradeDuePlans(testDb.db, clock);
        return undefined;
      },
    })),
  ),
  weighted(
    1,
    fc.record({ p: nArb }).map(({ p }) => ({
      name: 'void plan',
      act: async (world) => {
        const planId = pick(world.plans, p)!;
        const got = await tally(
          'void plan',
          testDb.db.transaction((tx) =>
            voidPlan(tx, {
              planId,
              operatorId: world.anchor,
              reasonCode: 'other',
              note: '',
              reason: '作废',
              now: clock,
            }),
          ),
        );
        return async () => {
          if (!got.ok) return;
          // A voided plan's buyers have their stars back.
          const held = await testDb.db
            .select()
            .from(planPurchases)
            .where(sql`${planPurchases.planId} = ${planId} and ${planPurchases.status} <> 'refunded'`);
          expect(held).toEqual([]);
        };
      },
    })),
  ),
  weighted(
    3,
    fc.record({ v: nArb, p: nArb, skew: skewArb }).map(({ v, p, skew }) => ({
      name: 'dispute plan',
      act: async (world) => {
        const planId = pick(world.plans, p)!;
        await tally(
          'dispute plan',
          disputePlan(testDb.db, {
            planId,
            userId: (await stakerOf('plan_purchases', 'plan_id', planId, v)) ?? pick(world.viewers, v)!.id,
            reasonCode: 'wrong_result',
            text: '',
            now: skewed(skew),
          }),
        );
        return undefined;
      },
    })),
  ),
  weighted(
    2,
    fc.record({ p: nArb, skew: skewArb }).map(({ p, skew }) => ({
      name: 'release plan',
      act: async (world) => {
        await tally('release plan', releasePlan(testDb.db, pick(world.plans, p)!, skewed(skew)));
        return undefined;
      },
    })),
  ),
  weighted(
    2,
    fc.record({ v: nArb }).map(({ v }) => ({
      name: 'exchange',
      act: async (world) => {
        const viewer = pick(world.viewers, v)!;
        const key = `model-x-${++world.serial}`.padEnd(12, '0');
        const restocksBefore = world.restocks;
        const run = () =>
          exchangeGoods(testDb.db, {
            userId: viewer.id,
            goodsId: world.goodsId,
            quantity: 1,
            addressId: viewer.address,
            key,
            now: clock,
          });
        const got = await tally('exchange', run());
        if (got.ok) {
          world.replays.push({ name: 'exchange', answer: got.value, again: run });
          const [row] = await testDb.db
            .select({ id: goodsExchanges.id })
            .from(goodsExchanges)
            .where(eq(goodsExchanges.userId, viewer.id))
            .orderBy(sql`${goodsExchanges.id} desc`)
            .limit(1);
          world.exchanges.push(row!.id);
        }
        return async () => {
          const [item] = await testDb.db
            .select({ stock: goods.stock })
            .from(goods)
            .where(eq(goods.id, world.goodsId));
          // Sold out means none was left, unless a cancellation racing it has since put one back.
          if (!got.ok && got.code === 'GOODS_SOLD_OUT')
            expect(item!.stock).toBeLessThanOrEqual(world.restocks - restocksBefore);
        };
      },
    })),
  ),
  weighted(
    2,
    fc
      .record({ x: nArb, status: fc.constantFrom('shipped', 'delivered', 'cancelled' as const) })
      .map(({ x, status }) => ({
        name: `exchange ${status}`,
        act: async (world) => {
          const id = pick(world.exchanges, x);
          if (!id) return undefined;
          const moved = await tally(
            'exchange',
            moveExchange(testDb.db, {
              id,
              status: status as 'shipped' | 'delivered' | 'cancelled',
              operatorId: world.anchor,
              now: clock,
            }),
          );
          if (moved.ok && status === 'cancelled') world.restocks += 1;
          return undefined;
        },
      })),
  ),
  weighted(
    2,
    fc.record({ v: nArb }).map(({ v }) => ({
      name: 'recharge order',
      act: async (world) => {
        const viewer = pick(world.viewers, v)!;
        const made = await call<{ order: { order_no: string } }>(
          `/api/chargerules/payUrl?id=${ruleId}&channel=sandbox`,
          {
            headers: { token: viewer.token, lang: 'en', host: 'portal.test' },
          },
        );
        expect(made.body.code).toBe(0);
        world.orders.push({ no: made.body.data.order.order_no, token: viewer.token });
        return undefined;
      },
    })),
  ),
  weighted(
    3,
    fc.record({ o: nArb, decision: fc.constantFrom('confirm', 'cancel') }).map(({ o, decision }) => ({
      name: `recharge ${decision}`,
      act: async (world) => {
        const order = pick(world.orders, o);
        if (!order) return undefined;
        const got = await call<{ status: string }>('/api/pay/sandbox/decide', {
          json: { order_no: order.no, decision },
          headers: { token: order.token, lang: 'en' },
        });
        return async () => {
          // The answer is the order as it ended, whichever of confirm and cancel committed first.
          if (got.body.code !== 0) return;
          const [row] = await testDb.db.select().from(payOrders).where(eq(payOrders.orderNo, order.no));
          if (decision === 'cancel' && got.body.data.status === 'cancelled')
            expect(row!.status).toBe('cancelled');
          if (decision === 'confirm') expect(['paid', 'paid_after_cancel']).toContain(row!.status);
        };
      },
    })),
  ),
  weighted(
    2,
    fc
      .record({ v: nArb, amount: fc.integer({ min: 10, max: 200 }), shares: fc.integer({ min: 1, max: 4 }) })
      .map(({ v, amount, shares }) => ({
        name: 'send envelope',
        act: async (world) => {
          const viewer = pick(world.viewers, v)!;
          const key = `model-red-${++world.serial}`;
          const run = () =>
            createEnvelope(testDb.db, {
              senderId: viewer.id,
              roomId: world.roomId,
              amount,
              shares,
              key,
              now: clock,
            });
          const got = await tally('send envelope', run());
          if (got.ok) {
            world.envelopes.push((got.value as { result: { id: number } }).result.id);
            world.replays.push({ name: 'envelope', answer: got.value, again: run });
          }
          return undefined;
        },
      })),
  ),
  weighted(
    3,
    fc.record({ v: nArb, e: nArb, skew: skewArb }).map(({ v, e, skew }) => ({
      name: 'grab envelope',
      act: async (world) => {
        const envelopeId = pick(world.envelopes, e);
        if (!envelopeId) return undefined;
        const viewer = pick(world.viewers, v)!;
        const got = await tally(
          'grab envelope',
          claimEnvelope(testDb.db, {
            userId: viewer.id,
            envelopeId,
            key: `grab-${++world.serial}`,
            now: skewed(skew),
          }),
        );
        return async () => {
          const [share] = await testDb.db
            .select()
            .from(redEnvelopeShares)
            .where(
              sql`${redEnvelopeShares.envelopeId} = ${envelopeId} and ${redEnvelopeShares.claimedBy} = ${viewer.id}`,
            );
          // A grab answered with an amount holds that share; a refused one took none (unless an earlier grab did).
          if (got.ok) expect(share?.amount).toBe((got.value as { result: { amount: number } }).result.amount);
          else if (got.code !== 'RED_ENVELOPE_CLAIMED') expect(share).toBeUndefined();
        };
      },
    })),
  ),
  weighted(
    1,
    fc.constant({
      name: 'expire envelopes',
      act: async () => {
        await refundExpiredEnvelopes(testDb.db, clock);
        return undefined;
      },
    }),
  ),
];

async function transfers() {
  const { rows } = await testDb.db.execute<{ n: string }>(sql`select count(*) as n from wallet_transfers`);
  return Number(rows[0]!.n);
}

class Step implements fc.AsyncCommand<object, World> {
  constructor(
    readonly moves: Action[],
    readonly advanceMs: number,
    readonly replay: number,
  ) {}
  check = () => true;
  async run(_model: object, world: World) {
    clock = new Date(clock.getTime() + this.advanceMs);
    // One action, or two racing each other.
    const verifies = await Promise.all(this.moves.map((move) => move.act(world)));
    for (const verify of verifies) if (verify) await verify();
    const report = await checkLedger(testDb.db, HOLDINGS);
    expect(report.problems).toEqual([]);
    // A key already applied answers as it did and moves nothing.
    const replay = pick(world.replays, this.replay);
    if (replay) {
      const before = await transfers();
      const again = (await replay.again()) as { result?: unknown };
      expect(again.result ?? again).toEqual((replay.answer as { result?: unknown }).result ?? replay.answer);
      expect(await transfers()).toBe(before);
    }
    // No stake counts after its guess's lock; no plan is released while a dispute waits.
    const { rows } = await testDb.db.execute<{ late: string; released: string }>(sql`
      select (select count(*) from guess_stakes s join guesses g on g.id = s.guess_id
                where s.placed_at > g.locked_at and s.status <> 'void') as late,
             (select count(*) from ${expertPlans} p where p.released_at is not null and exists
                (select 1 from ${planDisputes} d where d.plan_id = p.id and d.status = 'open')) as released`);
    expect(rows[0]).toEqual({ late: '0', released: '0' });
  }
  toString() {
    return `${this.moves.map((move) => move.name).join(' ‖ ')} (+${this.advanceMs} ms)`;
  }
}

const advanceArb = fc.oneof(
  { weight: 12, arbitrary: fc.constant(0) },
  { weight: 4, arbitrary: fc.constantFrom(1_000, 2 * 60_000) },
  { weight: 2, arbitrary: fc.constant(11 * 60_000) },
  { weight: 1, arbitrary: fc.constant(25 * 3600_000) },
);
const stepArb = fc
  .record({
    moves: fc.array(fc.oneof(...actions), { minLength: 1, maxLength: 2 }),
    advance: advanceArb,
    replay: fc.nat(50),
  })
  .map(({ moves, advance, replay }) => new Step(moves, advance, replay));

it(`keeps every currency, escrow, key and answer true over ${RUNS} random sequences`, async () => {
  let steps = 0;
  await fc.assert(
    fc.asyncProperty(fc.commands([stepArb], { maxCommands: MAX_STEPS, size: 'max' }), async (commands) => {
      const world = await makeWorld();
      steps += [...commands].length;
      await fc.asyncModelRun(() => ({ model: {}, real: world }), commands);
    }),
    { numRuns: RUNS, seed: FULL ? undefined : 40_2026, endOnFailure: true },
  );
  expect(steps).toBeGreaterThan(RUNS);
  if (process.env.MODEL_STATS) console.log(steps, 'steps', Object.fromEntries(stats));
}, 600_000);
