// A buy and the console's void of the same plan sent together (issue 40 item 6) take turns on the plan's
// row: a buy after the void is refused as void ("方案已作废"), a void after a buy refunds that purchase in
// its own transaction. Either way the buyer ends with every star diamond back and the ledger balances.

import { eq } from 'drizzle-orm';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf } from '@/lib/wallet/ledger';
import { experts, planPurchases } from './schema';

process.env.EXPERT_PRICING_MIN_GRADED = '0';
process.env.EXPERT_PRICING_MIN_HIT_RATE = '0';

const NOW = new Date('2026-06-01T04:00:00Z');
let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
const en = (token: string) => ({ lang: 'en', token });
let matchId = 0;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOW });
  const [league] = await testDb.db
    .insert(competitions)
    .values({
      code: 'race.1',
      sport: 'football',
      kind: 'league',
      region: 'test',
      sourceName: 'Race League',
      source: 'test',
    })
    .returning();
  const [season] = await testDb.db
    .insert(seasons)
    .values({ competitionId: league!.id, key: '2026', sourceName: '2026' })
    .returning();
  const [home, away] = await testDb.db
    .insert(teams)
    .values([
      { sport: 'football', sourceName: 'Race City', crestColors: ['#000000', '#ffffff'] },
      { sport: 'football', sourceName: 'Race Rovers', crestColors: ['#ffffff', '#000000'] },
    ])
    .returning();
  const [match] = await testDb.db
    .insert(matches)
    .values({
      seasonId: season!.id,
      source: 'test',
      round: '1',
      homeTeamId: home!.id,
      awayTeamId: away!.id,
      externalId: 'race-ahead',
      kickoffAt: new Date(NOW.getTime() + 2 * 24 * 3600_000),
    })
    .returning();
  matchId = match!.id;
});
afterAll(async () => {
  delete process.env.EXPERT_PRICING_MIN_GRADED;
  delete process.env.EXPERT_PRICING_MIN_HIT_RATE;
  await testDb.close();
});

async function paidPlan() {
  const expert = await makeSignedInUser(testDb.db);
  await testDb.db
    .insert(experts)
    .values({ userId: expert.user.id, sports: ['football'], experience: '十年足球分析', approvedAt: NOW });
  const published = await call<{ id: number }>('/api/expert/plan/publish', {
    headers: en(expert.token),
    json: {
      match_id: matchId,
      title: 'Race plan',
      selections: [{ market: 'football_1x2', pick: 'home' }],
      reasoning: '两队近期状态与伤停情况对比明显，给出本场判断，赛后自动结算。',
      price: 50,
    },
  });
  expect(published.body.code).toBe(0);
  return published.body.data.id;
}

it('20 buy/void pairs sent together: whichever commits first wins, and the loser says what happened', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const pairs = await Promise.all(
    Array.from({ length: 20 }, async () => {
      const buyer = await makeSignedInUser(testDb.db);
      await fundUser(testDb.db, buyer.user.id, 'star', 100);
      return { buyer, planId: await paidPlan() };
    }),
  );
  const answers = await Promise.all(
    pairs.map(({ buyer, planId }) =>
      Promise.all([
        call('/api/expert/plan/buy', { headers: en(buyer.token), json: { id: planId } }),
        call('/api/admin/expertPlan/void', {
          headers: en(moderator.token),
          json: { id: planId, reason_code: 'other', reason: 'voided in a race' },
        }),
      ]),
    ),
  );
  for (const [i, [buy, voided]] of answers.entries()) {
    const { buyer, planId } = pairs[i]!;
    expect(voided.body).toMatchObject({ code: 0, data: { status: 'voided' } });
    const purchases = await testDb.db.select().from(planPurchases).where(eq(planPurchases.planId, planId));
    if (buy.body.code === 0) {
      // The void came second and refunded this purchase.
      expect(purchases.map((row) => row.status)).toEqual(['refunded']);
    } else {
      expect(buy.body.msg).toBe('This plan has been voided and can no longer be bought');
      expect(purchases).toEqual([]);
    }
    expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(100);
  }
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});

it('a buy after the void is refused as void, in the buyer’s language', async () => {
  const moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  const buyer = await makeSignedInUser(testDb.db);
  await fundUser(testDb.db, buyer.user.id, 'star', 100);
  const planId = await paidPlan();
  await call('/api/admin/expertPlan/void', {
    headers: en(moderator.token),
    json: { id: planId, reason_code: 'other', reason: 'voided first' },
  });
  const refused = await call('/api/expert/plan/buy', {
    headers: { lang: 'zh-CN', token: buyer.token },
    json: { id: planId },
  });
  expect(refused.body).toMatchObject({ code: 1, msg: '方案已作废，不能再购买' });
  expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(100);
});
