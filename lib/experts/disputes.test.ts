// Plan disputes end to end through the API, on three World Cup 2022 matches as the feed reported them:
// a buyer disputes (once, until 24 h after the grade), the expert's share waits in escrow while the window
// is open or a dispute waits, a moderator dismisses one (the share is released) and upholds another from
// the review queue (the plan voided: every held purchase refunded exactly, the grade kept, the plan out
// of the statistics), and the console lists and voids plans with the audit's before and after.
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { auditLog } from '@/lib/audit/schema';
import { defaultOpenfootballDir, readOpenfootball } from '@/lib/feeds/openfootball/import';
import type { MatchInfo } from '@/lib/feeds/provider';
import { notices } from '@/lib/im/schema';
import { storeFeedBatch } from '@/lib/scores/ingest';
import { matches } from '@/lib/scores/schema';
import { sitemapEntries } from '@/lib/seo/sitemap';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf } from '@/lib/wallet/ledger';
import { releaseDuePlans } from './disputes';
import { expertPlans, experts } from './schema';
import { gradeDuePlans } from './settlement';
import { expertRecord } from './stats';

// Paid plans from the first one: this file is about disputes, not the pricing record.
process.env.EXPERT_PRICING_MIN_GRADED = '0';
process.env.EXPERT_PRICING_MIN_HIT_RATE = '0';

let testDb: TestDb;
let app: ApiApp;
let now = new Date('2022-11-19T08:00:00Z');
const at = (iso: string) => {
  now = new Date(iso);
};
const call = apiCaller(() => app);
const headers = (token?: string) => ({ lang: 'en', ...(token ? { token } : {}) });
const get = <T = Record<string, unknown>>(url: string, token?: string) =>
  call<T>(url, { headers: headers(token) });
const post = <T = Record<string, unknown>>(url: string, json: unknown, token?: string) =>
  call<T>(url, { json, headers: headers(token) });

type User = Awaited<ReturnType<typeof makeSignedInUser>>;
let moderator: User;
let expert: User;
let a: User;
let b: User;
let c: User;
let stranger: User;
let fixtures: MatchInfo[] = [];
let batchBase: Omit<Awaited<ReturnType<typeof readOpenfootball>>[number]['batch'], 'matches'>;
const plan: Record<'qatar' | 'england' | 'senegal', number> = { qatar: 0, england: 0, senegal: 0 };

async function matchId(home: string, away: string) {
  const [row] = await testDb.db
    .select({ id: matches.id })
    .from(matches)
    .where(like(matches.externalId, `worldcup/%/${home}/${away}`));
  return row!.id;
}

const dispute = (id: number, token: string | undefined, body: Record<string, unknown> = {}) =>
  post<{ id: number; status: string }>(
    '/api/expert/plan/dispute',
    { id, reason_code: 'wrong_result', text: '比分和官方公布的不一致', ...body },
    token,
  );
const star = async (user: User) => (await balancesOf(testDb.db, user.user.id)).star;
const yellow = async () => (await balancesOf(testDb.db, expert.user.id)).yellow;
const subjectsOf = async (user: User) =>
  (await testDb.db.select().from(notices).where(eq(notices.userId, user.user.id))).map((row) => row.subject);

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
  const [parsed] = await readOpenfootball(path.join(defaultOpenfootballDir(), 'worldcup-2022/worldcup.json'));
  const { matches: real, ...rest } = parsed!.batch;
  fixtures = real ?? [];
  batchBase = rest;
  const announced = fixtures.map((match) => ({
    ...match,
    status: 'not_started' as const,
    period: 'not_started' as const,
    score: null,
    events: undefined,
  }));
  await testDb.db.transaction((tx) =>
    storeFeedBatch(tx, { ...rest, matches: announced }, new Date('2022-10-01T00:00:00Z')),
  );
  moderator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  expert = await makeSignedInUser(testDb.db, { nickname: '申诉测试专家' });
  await testDb.db
    .insert(experts)
    .values({ userId: expert.user.id, sports: ['football'], experience: '十年足球分析', approvedAt: now });
  [a, b, c, stranger] = await Promise.all([1, 2, 3, 4].map(() => makeSignedInUser(testDb.db)));
  for (const buyer of [a, b, c]) await fundUser(testDb.db, buyer!.user.id, 'star', 1_000);
  const publish = async (home: string, away: string, pick: string, price: number) => {
    const made = await post<{ id: number }>(
      '/api/expert/plan/publish',
      {
        match_id: await matchId(home, away),
        title: `${home} vs ${away} 分析`,
        selections: [{ market: 'football_1x2', pick }],
        reasoning: '两队近期状态与伤停情况对比明显，给出本场判断，赛后自动结算。',
        price,
      },
      expert.token,
    );
    expect(made.body.code).toBe(0);
    return made.body.data.id;
  };
  plan.qatar = await publish('Qatar', 'Ecuador', 'home', 100); // lost 0–2
  plan.england = await publish('England', 'Iran', 'home', 50); // won 6–2
  plan.senegal = await publish('Senegal', 'Netherlands', 'away', 80); // won 0–2
  const buy = async (user: User, id: number) =>
    expect((await post('/api/expert/plan/buy', { id }, user.token)).body.code).toBe(0);
  await buy(a!, plan.qatar);
  await buy(a!, plan.england);
  await buy(a!, plan.senegal);
  await buy(b!, plan.qatar);
  await buy(b!, plan.england);
  await buy(c!, plan.senegal);
}, 90_000);
afterAll(async () => {
  delete process.env.EXPERT_PRICING_MIN_GRADED;
  delete process.env.EXPERT_PRICING_MIN_HIT_RATE;
  await testDb.close();
});

describe('disputing a plan', () => {
  it('refuses strangers, bad input and a second dispute; takes one per purchase before the grade', async () => {
    at('2022-11-20T10:00:00Z');
    expect((await dispute(plan.qatar, undefined)).status).toBe(401);
    const notBuyer = await dispute(plan.qatar, stranger.token);
    expect(notBuyer.body.msg).toBe('Only a buyer of this plan can dispute it');
    expect((await dispute(plan.qatar, a.token, { reason_code: 'bored' })).body.code).not.toBe(0);
    expect((await dispute(plan.qatar, a.token, { text: '长'.repeat(201) })).body.code).not.toBe(0);
    expect((await dispute(999_999, a.token)).body.msg).toBe("We couldn't find that plan");
    const made = await dispute(plan.qatar, a.token);
    expect(made.body).toMatchObject({ code: 0, data: { status: 'open' } });
    expect((await dispute(plan.qatar, a.token, { reason_code: 'misleading' })).body.msg).toBe(
      'You already disputed this plan',
    );
  });

  it('keeps the expert’s share in escrow until the window closes with nothing open; refuses disputes after it', async () => {
    const real = fixtures.filter((match) =>
      ['Qatar v Ecuador', 'England v Iran', 'Senegal v Netherlands'].includes(
        `${match.homeTeam} v ${match.awayTeam}`,
      ),
    );
    at('2022-11-22T00:00:00Z');
    await testDb.db.transaction((tx) => storeFeedBatch(tx, { ...batchBase, matches: real }, now));
    expect((await gradeDuePlans(testDb.db, now)).sort()).toEqual(
      [plan.qatar, plan.england, plan.senegal].sort(),
    );
    // Graded, nothing paid yet: a lost plan without 不中退款 keeps its escrow too.
    expect(await yellow()).toBe(0);
    at('2022-11-22T01:00:00Z');
    expect((await dispute(plan.england, b.token, { reason_code: 'misleading', text: '' })).body.code).toBe(0);
    expect(await releaseDuePlans(testDb.db, now)).toEqual([]);
    // 25 h after the grade: the window has closed.
    at('2022-11-23T01:00:00Z');
    expect((await dispute(plan.senegal, c.token)).body.msg).toBe(
      'The dispute window for this plan has closed',
    );
    // Only the plan without a dispute is released: Senegal's 80 + 80 at the expert's 70 %.
    expect(await releaseDuePlans(testDb.db, now)).toEqual([plan.senegal]);
    expect(await yellow()).toBe(112);
    expect(await releaseDuePlans(testDb.db, now)).toEqual([]);
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });
});

describe('deciding disputes in the review queue', () => {
  type Item = { id: number; user_id: number; summary: string; context: { id: number; link: string } };
  const queue = async () =>
    (await get<{ total: number; list: Item[] }>('/api/admin/review/expertPlan/list', moderator.token)).body
      .data;
  const decide = (ids: number[], approve: boolean, reason_code: string, reason = '') =>
    post<{ results: { id: number; ok: boolean }[] }>(
      '/api/admin/review/expertPlan/decide',
      { ids, approve, reason_code, reason },
      moderator.token,
    );

  it('dismisses a dispute: the expert is told and the share is released at once after the window', async () => {
    const waiting = await queue();
    expect(waiting.total).toBe(2);
    expect(waiting.list.map((item) => item.context.id)).toEqual([plan.qatar, plan.england]);
    expect(waiting.list[0]).toMatchObject({ summary: 'Graded on a wrong result', user_id: a.user.id });
    const england = waiting.list.find((item) => item.context.id === plan.england)!;
    // A reason from another list is refused, and nothing changes.
    expect((await decide([england.id], false, 'wrong_match')).body.code).not.toBe(0);
    expect((await decide([england.id], false, 'no_violation')).body.code).toBe(0);
    expect((await decide([england.id], false, 'no_violation')).body.msg).toBe(
      'This dispute was already decided',
    );
    expect(await subjectsOf(b)).toContain('review_rejected');
    expect(await subjectsOf(expert)).toContain('plan_dispute_dismissed');
    // England's 50 + 50 at 70 % join Senegal's 112.
    expect(await yellow()).toBe(112 + 70);
  });

  it('upholds a dispute: the plan is voided, every held purchase refunded exactly, the grade kept, stats without it', async () => {
    const [qatar] = (await queue()).list;
    const before = { a: await star(a), b: await star(b) };
    expect(
      (await decide([qatar!.id], true, 'wrong_result', '官方比分为 0:2，方案按错误结果结算')).body.code,
    ).toBe(0);
    expect(await star(a)).toBe(before.a + 100);
    expect(await star(b)).toBe(before.b + 100);
    expect(await yellow()).toBe(112 + 70);
    const [row] = await testDb.db.select().from(expertPlans).where(eq(expertPlans.id, plan.qatar));
    expect(row).toMatchObject({ status: 'voided', grade: 'lost' });
    const page = await get<{ status: string; void_reason: string; grade: string }>(
      `/api/expert/plan/info?id=${plan.qatar}`,
    );
    expect(page.body.data).toMatchObject({
      status: 'voided',
      grade: 'lost',
      void_reason: 'the result was judged wrongly · 官方比分为 0:2，方案按错误结果结算',
    });
    // The voided loss is out of the record: two graded plans, both won.
    const record = await expertRecord(testDb.db, expert.user.id);
    expect(record.all).toMatchObject({ graded: 2, hits: 2, hitRate: 1 });
    expect(await subjectsOf(a)).toContain('review_approved');
    expect(await subjectsOf(expert)).toContain('plan_voided');
    expect(await subjectsOf(a)).toContain('plan_refunded');
    expect((await queue()).total).toBe(0);
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });
});

describe('the sitemap', () => {
  it('lists every plan’s page, voided or graded, the experts’ profiles and their articles in their language', async () => {
    const paths = (await sitemapEntries(testDb.db, 'en', now)).map((entry) => entry.path);
    for (const id of Object.values(plan)) expect(paths).toContain(`/specialist-detail?id=${id}`);
    expect(paths).toContain(`/specialist-info?id=${expert.user.id}`);
    expect(paths).toContain('/specialist-news');
    const article = await post<{ id: number }>(
      '/api/expert/article/publish',
      {
        sport: 'football',
        title: '揭幕战复盘',
        body: '## 看点\n\n卡塔尔在揭幕战中完全被压制，厄瓜多尔的边路冲击和定位球都占优，**瓦伦西亚**梅开二度。',
      },
      expert.token,
    );
    expect(article.body.code).toBe(0);
    expect((await sitemapEntries(testDb.db, 'en', now)).map((entry) => entry.path)).toContain(
      `/specialist-news?id=${article.body.data.id}`,
    );
    expect((await sitemapEntries(testDb.db, 'vi', now)).map((entry) => entry.path)).not.toContain(
      `/specialist-news?id=${article.body.data.id}`,
    );
  });
});

describe('the console’s plans', () => {
  it('lists plans with buyers and escrow by state, and voids only what is not released', async () => {
    const list = async (query: string) =>
      (
        await get<{ total: number; list: { id: number; held_escrow: number; buyers: number }[] }>(
          `/api/admin/expertPlan/list${query}`,
          moderator.token,
        )
      ).body.data;
    expect((await list('')).total).toBe(3);
    expect((await list('?state=voided')).list.map((row) => row.id)).toEqual([plan.qatar]);
    expect((await list('?state=released')).list.map((row) => row.id).sort()).toEqual(
      [plan.england, plan.senegal].sort(),
    );
    expect((await list(`?expert=${expert.user.id}&state=released`)).list[0]).toMatchObject({
      buyers: 2,
      held_escrow: 0,
    });
    expect((await list('?expert=nobody-like-this')).total).toBe(0);
    expect((await list('?date=2022-11-21')).total).toBe(2);
    expect((await get('/api/admin/expertPlan/list?state=lost', moderator.token)).body.code).not.toBe(0);
    const voiding = (id: number, reason_code: string, reason = '') =>
      post('/api/admin/expertPlan/void', { id, reason_code, reason }, moderator.token);
    expect((await voiding(plan.senegal, 'other')).body.msg).toBe(
      'Write the reason in your own words when you choose “Other”',
    );
    expect((await voiding(plan.senegal, 'misleading', '抄袭')).body.msg).toBe(
      "This plan is already voided, or its expert's share was released",
    );
    expect((await voiding(plan.qatar, 'misleading')).body.code).not.toBe(0);
    // A fresh plan on sale, with a buyer: voided from the console, refunded, audited before and after.
    at('2022-11-23T02:00:00Z');
    const made = await post<{ id: number }>(
      '/api/expert/plan/publish',
      {
        match_id: await matchId('Wales', 'England'),
        title: 'Wales vs England 分析',
        selections: [{ market: 'football_1x2', pick: 'away' }],
        reasoning: '英格兰整体实力占优，威尔士需要拿分但进攻乏力，看客胜。',
        price: 30,
      },
      expert.token,
    );
    const fresh = made.body.data.id;
    expect((await post('/api/expert/plan/buy', { id: fresh }, c.token)).body.code).toBe(0);
    const held = await star(c);
    expect((await voiding(fresh, 'wrong_match', '比赛时间有误')).body.code).toBe(0);
    expect(await star(c)).toBe(held + 30);
    const [entry] = await testDb.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, 'expertPlan'), eq(auditLog.targetId, String(fresh))));
    expect(entry).toMatchObject({
      before: { status: 'open' },
      after: { status: 'voided', void_reason: '[wrong_match] 比赛时间有误' },
    });
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });
});
