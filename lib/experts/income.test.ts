// An expert's income centre and their payout, through the API: three paid plans sold, one won and released
// after the dispute window, one missed and refunded (不中退款), one still on sale with a dispute open; a paid
// plan nobody bought, and a free plan that is not a sale. Figures per plan and in total, paging, the refusal for non-experts, and
// the released yellow diamonds withdrawn through the same flow as anchors' (lib/earnings) and paid by finance
// in the review queue.

import { eq } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { getConfig } from '@/lib/config';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue } from '@/lib/testing/review';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf } from '@/lib/wallet/ledger';
import { releaseDuePlans } from './disputes';
import { expertIncome, type IncomePlan } from './income';
import { buyPlan, publishPlan } from './plans';
import { experts } from './schema';
import { gradeDuePlans } from './settlement';

// Paid plans from the first one: this file is about income, not the pricing record.
process.env.EXPERT_PRICING_MIN_GRADED = '0';
process.env.EXPERT_PRICING_MIN_HIT_RATE = '0';

const T0 = new Date('2026-06-01T08:00:00Z');
const after = (hours: number) => new Date(T0.getTime() + hours * 3600_000);
let now = T0;

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
type User = Awaited<ReturnType<typeof makeSignedInUser>>;
let expert: User;
let stranger: User;
let finance: User;
const plan = { won: 0, missed: 0, onSale: 0, unsold: 0 };

type Income = {
  total: number;
  page: number;
  size: number;
  share: number;
  totals: Record<string, number>;
  plans: IncomePlan[];
};
const income = (token: string, query = '', lang = 'en') =>
  call<Income>(`/api/expert/income${query}`, { headers: { lang, token } });

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
  const db = testDb.db;
  const [league] = await db
    .insert(competitions)
    .values({
      code: 'income.1',
      sport: 'football',
      kind: 'league',
      region: 'test',
      sourceName: 'Income League',
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
  const fixtures = await db
    .insert(matches)
    .values(
      [2, 3, 4, 5, 2.5].map((hours) => ({
        seasonId: season!.id,
        source: 'test',
        externalId: `income-${hours}`,
        round: '1',
        homeTeamId: home!.id,
        awayTeamId: away!.id,
        kickoffAt: after(hours),
      })),
    )
    .returning();

  const passwordHash = await hashPassword('246810');
  expert = await makeSignedInUser(db, { nickname: '收入测试专家', paymentPasswordHash: passwordHash });
  await db
    .insert(experts)
    .values({ userId: expert.user.id, sports: ['football'], experience: '十年足球分析', approvedAt: T0 });
  stranger = await makeSignedInUser(db);
  finance = await makeSignedInUser(db, { role: 'finance' });
  const publish = async (matchIndex: number, price: number, refundIfLost: boolean, minute: number) => {
    const { plan: row } = await publishPlan(
      db,
      expert.user.id,
      {
        matchId: fixtures[matchIndex]!.id,
        title: `收入测试方案 ${matchIndex + 1}`,
        selections: [{ market: 'football_1x2', pick: 'home' }],
        reasoning: '主队近期主场状态出色，客队客场三连败，看主胜。',
        price,
        refundIfLost,
      },
      new Date(T0.getTime() + minute * 60_000),
    );
    return row.id;
  };
  plan.won = await publish(0, 100, false, 1);
  plan.missed = await publish(1, 50, true, 2);
  plan.onSale = await publish(2, 80, false, 3);
  await publish(3, 0, false, 4);
  plan.unsold = await publish(4, 60, false, 5);

  const [a, b, c] = await Promise.all([1, 2, 3].map(() => makeSignedInUser(db)));
  for (const buyer of [a, b, c]) await fundUser(db, buyer!.user.id, 'star', 1_000);
  const buy = (planId: number, buyer: User) => buyPlan(db, { planId, userId: buyer.user.id, now: after(1) });
  await buy(plan.won, a!);
  await buy(plan.won, b!);
  await buy(plan.missed, a!);
  await buy(plan.onSale, b!);
  await buy(plan.onSale, c!);
  // A buyer disputes the plan still on sale (open plans may be disputed at any time).
  now = after(1);
  const disputed = await call(`/api/expert/plan/dispute`, {
    json: { id: plan.onSale, reason_code: 'misleading', text: '理由和比赛无关' },
    headers: { lang: 'en', token: c!.token },
  });
  expect(disputed.body.code).toBe(0);

  // The feed reports two results: home wins the first match, loses the second.
  await db
    .update(matches)
    .set({ status: 'finished', homeScore: 2, awayScore: 0 })
    .where(eq(matches.id, fixtures[0]!.id));
  await db
    .update(matches)
    .set({ status: 'finished', homeScore: 0, awayScore: 1 })
    .where(eq(matches.id, fixtures[1]!.id));
  await db
    .update(matches)
    .set({ status: 'finished', homeScore: 1, awayScore: 1 })
    .where(eq(matches.id, fixtures[4]!.id));
  await gradeDuePlans(db, after(3.5));
});
afterAll(() => testDb.close());

const share = () => getConfig().EXPERT_SHARE;
const byId = (body: Income, id: number) => body.plans.find((row) => row.id === id)!;

it('shows each paid plan’s sales, escrow and refunds while the won plan waits out its dispute window', async () => {
  now = after(3.5);
  const answer = await income(expert.token);
  expect(answer.body.code).toBe(0);
  const data = answer.body.data;
  // The free plan is no sale; newest first.
  expect(data.plans.map((row) => row.id)).toEqual([plan.unsold, plan.onSale, plan.missed, plan.won]);
  // Graded with no buyer: no money moved, nothing to release.
  expect(byId(data, plan.unsold)).toMatchObject({ buyers: 0, gross: 0, state: 'unsold', release_at: null });
  expect(byId(data, plan.won)).toMatchObject({
    price: 100,
    buyers: 2,
    gross: 200,
    held: 200,
    released: 0,
    refunded: 0,
    state: 'in_window',
    release_at: after(27.5).toISOString(),
    match: { home: 'Harbour City', away: 'Valley Rovers', competition: 'Income League' },
  });
  expect(byId(data, plan.missed)).toMatchObject({
    buyers: 1,
    gross: 50,
    held: 0,
    refunded: 50,
    refunds: 1,
    state: 'refunded',
  });
  expect(byId(data, plan.onSale)).toMatchObject({
    buyers: 2,
    gross: 160,
    held: 160,
    open_disputes: 1,
    disputes: 1,
    state: 'on_sale',
  });
  expect(data.totals).toEqual({
    plans: 4,
    buyers: 5,
    gross: 410,
    held: 360,
    refunded: 50,
    refunds: 1,
    released: 0,
    open_disputes: 1,
    disputes: 1,
  });
  expect(data.share).toBe(share());
});

it('counts the expert’s share once released, from the ledger, and pages the plans', async () => {
  await releaseDuePlans(testDb.db, after(28));
  now = after(28);
  const expected = 2 * Math.floor((100 * share()) / 100);
  expect(expected).toBeGreaterThan(0);
  const data = (await income(expert.token)).body.data;
  expect(byId(data, plan.won)).toMatchObject({ held: 0, released: expected, state: 'released' });
  // Its kick-off passed with no result yet; the refunded plan stays refunded once released.
  expect(byId(data, plan.onSale).state).toBe('awaiting_result');
  expect(byId(data, plan.missed)).toMatchObject({ state: 'refunded', released: 0 });
  expect(data.totals).toMatchObject({ held: 160, released: expected, refunded: 50 });
  expect((await balancesOf(testDb.db, expert.user.id)).yellow).toBe(expected);

  const first = (await income(expert.token, '?page=1&size=2')).body.data;
  expect(first).toMatchObject({ total: 4, page: 1, size: 2 });
  expect(first.plans.map((row) => row.id)).toEqual([plan.unsold, plan.onSale]);
  const second = (await income(expert.token, '?page=2&size=2')).body.data;
  expect(second.plans.map((row) => row.id)).toEqual([plan.missed, plan.won]);
  // Totals do not depend on the page.
  expect(second.totals).toEqual(first.totals);
  expect((await income(expert.token, '?page=9&size=2')).body.data.plans).toEqual([]);
  // Bad paging is refused with a message, not clamped silently.
  const bad = await income(expert.token, '?page=0');
  expect(bad.body.code).toBe(1);
});

it('refuses anyone who is not an expert, translated, in the service and the API', async () => {
  await expect(
    expertIncome(testDb.db, stranger.user.id, { page: 1, locale: 'en', now: after(28) }),
  ).rejects.toMatchObject({ code: 'NOT_EXPERT' });
  const refused = await income(stranger.token, '', 'zh-CN');
  expect(refused.status).toBe(403);
  expect(refused.body.msg).toBe('只有专家才能这样做，请先申请成为专家');
  expect((await call('/api/expert/income')).body.code).toBe(700);
});

it('the expert withdraws the released share through the anchors’ flow and finance pays it', async () => {
  const yellow = (await balancesOf(testDb.db, expert.user.id)).yellow;
  const bound = await call('/api/Bank_card/bindAliPay', {
    json: { account: 'expert@example.com', real_name: '收入测试' },
    headers: { lang: 'en', token: expert.token },
  });
  expect(bound.body.code).toBe(0);
  const applied = await call<{ id: number; status: string }>('/api/Balance/applyForWithdrawal', {
    json: { amount: yellow, type: 'alipay', pay_password: '246810', key: 'income-test-1' },
    headers: { lang: 'en', token: expert.token },
  });
  expect(applied.body).toMatchObject({ code: 0, data: { status: 'pending' } });
  expect((await balancesOf(testDb.db, expert.user.id)).yellow).toBe(0);
  const approved = await decideInQueue(call, finance.token, 'withdrawal', applied.body.data.id, true);
  expect(approved.body.data.results[0]).toMatchObject({ ok: true, after: { status: 'approved' } });
  const paid = await call('/api/admin/withdrawals/pay', {
    json: { id: applied.body.data.id, payout_reference: 'ALIPAY-INCOME-1' },
    headers: { lang: 'en', token: finance.token },
  });
  expect(paid.body).toMatchObject({ code: 0, data: { status: 'paid' } });
  const list = await call<{ list: { status: string }[] }>('/api/Balance/withdrawalList', {
    headers: { lang: 'en', token: expert.token },
  });
  expect(list.body.data.list[0]!.status).toBe('paid');
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
});
