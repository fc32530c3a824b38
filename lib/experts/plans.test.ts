// Expert plans end to end through the API, on the World Cup 2022 as the feed reported it: the fixtures
// first (not started), each result later, as a live feed would. Covers applications and their review,
// the commitment fixed at publish and verified after the reveal, refusals to edit or delete, paid content
// absent from every answer before purchase, grading of every market from the real results (quarter lines,
// void), escrow settlement and refunds, and statistics and ranking from grades only.
import path from 'node:path';
import { and, eq, like, sql } from 'drizzle-orm';
import { defaultOpenfootballDir, readOpenfootball } from '@/lib/feeds/openfootball/import';
import type { MatchInfo } from '@/lib/feeds/provider';
import { notices } from '@/lib/im/schema';
import { storeFeedBatch } from '@/lib/scores/ingest';
import { matches } from '@/lib/scores/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { HOLDINGS } from '@/lib/server/holdings';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser } from '@/lib/testing/factories';
import { decideInQueue, queueList } from '@/lib/testing/review';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf } from '@/lib/wallet/ledger';
import { verifyChain } from './chain';
import { commitmentOf } from './commitment';
import { releaseDuePlans } from './disputes';
import { expertPlans, planCommitments } from './schema';
import { gradeDuePlans } from './settlement';

let testDb: TestDb;
let app: ApiApp;
let now = new Date('2022-11-01T00:00:00Z');
const call = apiCaller(() => app);
const at = (iso: string) => {
  now = new Date(iso);
};
let fixtures: MatchInfo[] = [];
let batchBase: Omit<Awaited<ReturnType<typeof readOpenfootball>>[number]['batch'], 'matches'>;

const headers = (token?: string, lang = 'en') => ({ lang, ...(token ? { token } : {}) });
const get = <T = Record<string, unknown>>(url: string, token?: string) =>
  call<T>(url, { headers: headers(token) });
const post = <T = Record<string, unknown>>(url: string, json: unknown, token?: string) =>
  call<T>(url, { json, headers: headers(token) });

/** A statement the database refuses, with its trigger's words (drizzle wraps the driver's error). */
async function refused(statement: Promise<unknown>, words: RegExp) {
  const error = (await statement.then(
    () => null,
    (caught: Error & { cause?: Error }) => caught,
  )) as (Error & { cause?: Error }) | null;
  expect(error?.cause?.message ?? error?.message).toMatch(words);
}

/** The feed reports these matches' results (`home v away`, as openfootball names them). */
async function resultsArrive(...pairs: string[]) {
  const real = fixtures.filter((match) => pairs.includes(`${match.homeTeam} v ${match.awayTeam}`));
  expect(real).toHaveLength(pairs.length);
  await testDb.db.transaction((tx) => storeFeedBatch(tx, { ...batchBase, matches: real }, now));
}

async function matchId(home: string, away: string) {
  const [row] = await testDb.db
    .select({ id: matches.id })
    .from(matches)
    .where(like(matches.externalId, `worldcup/%/${home}/${away}`));
  return row!.id;
}

let operator: Awaited<ReturnType<typeof makeSignedInUser>>;
let expert: Awaited<ReturnType<typeof makeSignedInUser>>;
let rookie: Awaited<ReturnType<typeof makeSignedInUser>>;
let buyer: Awaited<ReturnType<typeof makeSignedInUser>>;
let latecomer: Awaited<ReturnType<typeof makeSignedInUser>>;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
  const [parsed] = await readOpenfootball(path.join(defaultOpenfootballDir(), 'worldcup-2022/worldcup.json'));
  const { matches: real, ...rest } = parsed!.batch;
  fixtures = real ?? [];
  batchBase = rest;
  // The fixtures as announced before the tournament: no results yet.
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
  operator = await makeSignedInUser(testDb.db, { role: 'moderator' });
  expert = await makeSignedInUser(testDb.db, { nickname: '老炮儿' });
  rookie = await makeSignedInUser(testDb.db, { nickname: '新秀' });
  buyer = await makeSignedInUser(testDb.db);
  latecomer = await makeSignedInUser(testDb.db);
  await fundUser(testDb.db, buyer.user.id, 'star', 1_000);
  await fundUser(testDb.db, latecomer.user.id, 'star', 1_000);
}, 60_000);
afterAll(() => testDb.close());

describe('becoming an expert', () => {
  it('refuses bad applications and non-staff reviewers, then reviews with a reason in the applicant’s language', async () => {
    const tooLong = await post(
      '/api/expert/apply',
      { sports: ['football'], experience: 'x'.repeat(201), contact: 'wx: laopao' },
      expert.token,
    );
    expect(tooLong.body.code).toBe(1);
    expect(
      (
        await post(
          '/api/expert/apply',
          { sports: [], experience: '十年足球分析经验', contact: 'wx' },
          expert.token,
        )
      ).body.code,
    ).toBe(1);
    const applied = await post(
      '/api/expert/apply',
      {
        sports: ['football'],
        experience: '十年欧洲足球数据分析，专注亚盘与大小球。',
        contact: 'wx: laopao88',
      },
      expert.token,
    );
    expect(applied.body).toMatchObject({ code: 0, data: { status: 'pending' } });
    expect(
      (
        await post(
          '/api/expert/apply',
          { sports: ['football'], experience: '十年欧洲足球数据分析，专注亚盘。', contact: 'wx: laopao88' },
          expert.token,
        )
      ).body.msg,
    ).toBe('Your expert application is still being reviewed');
    // The console's one review queue decides applications (lib/experts/review-source.ts).
    const queue = await queueList(call, operator.token, 'expertApplication');
    const mine = queue.body.data.list.find((row) => row.user_id === expert.user.id)!;
    expect((await queueList(call, buyer.token, 'expertApplication')).status).toBe(403);
    expect(
      (await decideInQueue(call, operator.token, 'expertApplication', mine.id, false, { reasonCode: 'nope' }))
        .body.code,
    ).toBe(1);
    const refused = await decideInQueue(call, operator.token, 'expertApplication', mine.id, false, {
      reasonCode: 'incomplete',
      note: '微信号搜不到',
    });
    expect(refused.body.data.results).toMatchObject([
      { id: mine.id, ok: true, after: { status: 'refused' } },
    ]);
    const [notice] = await testDb.db.select().from(notices).where(eq(notices.userId, expert.user.id));
    expect(notice).toMatchObject({
      subject: 'review_rejected',
      params: { item: 'expertApplication', reason: 'incomplete', note: '微信号搜不到' },
    });
    expect((await get('/api/expert/application', expert.token)).body.data).toMatchObject({
      status: 'refused',
      reason_code: 'incomplete',
    });
    // Applying again after a refusal; approved this time.
    await post(
      '/api/expert/apply',
      {
        sports: ['football'],
        experience: '十年欧洲足球数据分析，专注亚盘与大小球。',
        contact: 'wx: laopao_88',
      },
      expert.token,
    );
    await post(
      '/api/expert/apply',
      { sports: ['football', 'basketball'], experience: '两年篮球与足球比分预测经验。', contact: 'qq 12345' },
      rookie.token,
    );
    const waiting = (await queueList(call, operator.token, 'expertApplication')).body.data.list;
    const approved = await decideInQueue(
      call,
      operator.token,
      'expertApplication',
      waiting.map((row) => row.id),
      true,
    );
    expect(approved.body.data.results.map((result) => result.after)).toEqual(
      waiting.map(() => expect.objectContaining({ status: 'approved' })),
    );
    expect((await get(`/api/expert/info?id=${expert.user.id}`)).body.data).toMatchObject({
      nickname: '老炮儿',
      sports: ['football'],
    });
  });
});

type Published = { id: number; commitment: string; chain_seq: number };
const REASONING = '卡塔尔揭幕战压力巨大，厄瓜多尔中场对抗更强，看客队不败。';
const plans: Record<string, number> = {};

async function publish(token: string, home: string, away: string, body: Record<string, unknown>) {
  const id = await matchId(home, away);
  return post<Published>(
    '/api/expert/plan/publish',
    { match_id: id, title: `${home} vs ${away} 分析`, reasoning: REASONING, price: 0, ...body },
    token,
  );
}

describe('free plans, graded from the results', () => {
  // Ten group games, each published the day before, graded after the feed reports the result.
  const free: [string, string, string, { market: string; pick: string; line?: number }[], string][] = [
    ['2022-11-19T12:00:00Z', 'Qatar', 'Ecuador', [{ market: 'football_1x2', pick: 'away' }], 'won'],
    [
      '2022-11-20T12:00:00Z',
      'England',
      'Iran',
      [{ market: 'football_handicap', pick: 'home', line: -3.75 }],
      'half_won',
    ],
    [
      '2022-11-20T12:01:00Z',
      'Senegal',
      'Netherlands',
      [{ market: 'football_total', pick: 'over', line: 2.25 }],
      'half_lost',
    ],
    [
      '2022-11-20T12:02:00Z',
      'USA',
      'Wales',
      [
        { market: 'football_1x2', pick: 'draw' },
        { market: 'football_total', pick: 'under', line: 2.5 },
      ],
      'won',
    ],
    ['2022-11-21T12:00:00Z', 'Argentina', 'Saudi Arabia', [{ market: 'football_1x2', pick: 'home' }], 'lost'],
    [
      '2022-11-21T12:01:00Z',
      'Mexico',
      'Poland',
      [{ market: 'football_handicap', pick: 'away', line: 0 }],
      'push',
    ],
    [
      '2022-11-24T12:00:00Z',
      'Wales',
      'Iran',
      [{ market: 'football_handicap', pick: 'away', line: 0.25 }],
      'won',
    ],
    [
      '2022-11-24T12:01:00Z',
      'Qatar',
      'Senegal',
      [{ market: 'football_total', pick: 'over', line: 3.5 }],
      'won',
    ],
    [
      '2022-11-24T12:02:00Z',
      'Netherlands',
      'Ecuador',
      [{ market: 'football_handicap', pick: 'home', line: -0.25 }],
      'half_lost',
    ],
    [
      '2022-11-24T12:03:00Z',
      'England',
      'USA',
      [{ market: 'football_total', pick: 'under', line: 0.75 }],
      'won',
    ],
  ];

  it('publishes with a commitment appended to the chain, and refuses bad plans', async () => {
    at('2022-11-19T11:00:00Z');
    const qatar = await matchId('Qatar', 'Ecuador');
    const three = await publish(expert.token, 'Qatar', 'Ecuador', {
      selections: [
        { market: 'football_1x2', pick: 'away' },
        { market: 'football_total', pick: 'over', line: 2.5 },
        { market: 'football_handicap', pick: 'away', line: 0.5 },
      ],
    });
    expect(three.body.code).toBe(1);
    const same = await publish(expert.token, 'Qatar', 'Ecuador', {
      selections: [
        { market: 'football_total', pick: 'over', line: 2.5 },
        { market: 'football_total', pick: 'under', line: 3.5 },
      ],
    });
    expect(same.body.msg).toBe('Each play type can be chosen once');
    expect(
      (
        await publish(expert.token, 'Qatar', 'Ecuador', {
          selections: [{ market: 'football_handicap', pick: 'home', line: -0.3 }],
        })
      ).body.msg,
    ).toBe('That play type, pick or line is not valid');
    expect(
      (
        await publish(expert.token, 'Qatar', 'Ecuador', {
          selections: [{ market: 'basketball_total', pick: 'over', line: 200.5 }],
        })
      ).body.code,
    ).toBe(1);
    expect(
      (
        await publish(expert.token, 'Qatar', 'Ecuador', {
          selections: [{ market: 'football_1x2', pick: 'away' }],
          price: 50,
        })
      ).body.msg,
    ).toBe('Paid plans unlock after 10 graded free plans with a hit rate of at least 40%');
    expect(
      (
        await publish(buyer.token, 'Qatar', 'Ecuador', {
          selections: [{ market: 'football_1x2', pick: 'away' }],
        })
      ).status,
    ).toBe(403);
    expect(await testDb.db.$count(expertPlans)).toBe(0);

    for (const [when, home, away, selections] of free) {
      at(when);
      const published = await publish(expert.token, home, away, { selections });
      expect(published.body.code).toBe(0);
      plans[`${home} v ${away}`] = published.body.data.id;
    }
    expect(
      (
        await publish(expert.token, 'Qatar', 'Ecuador', {
          selections: [{ market: 'football_1x2', pick: 'home' }],
        })
      ).body.msg,
    ).toBe('This match has kicked off: plans can no longer be published');
    const chain = await get<{
      head: { seq: number; hash: string };
      list: { plan_id: number; commitment: string }[];
    }>('/api/expert/chain');
    expect(chain.body.data.head.seq).toBe(10);
    expect(chain.body.data.list[0]).toMatchObject({ plan_id: plans['Qatar v Ecuador'], match_id: qatar });
    expect(await verifyChain(testDb.db)).toMatchObject({ ok: true, length: 10 });
  });

  it('has no route that edits or deletes a plan, and the database refuses both', async () => {
    const id = plans['Qatar v Ecuador']!;
    for (const method of ['PUT', 'PATCH', 'DELETE'])
      expect(
        (await call(`/api/expert/plan/info?id=${id}`, { method, headers: headers(expert.token) })).status,
      ).toBe(404);
    for (const route of ['/api/expert/plan/edit', '/api/expert/plan/delete', '/api/expert/plan/update'])
      expect((await post(route, { id, reasoning: 'changed' }, expert.token)).status).toBe(404);
    await refused(
      testDb.db.execute(sql`update expert_plans set reasoning = 'changed' where id = ${id}`),
      /cannot be edited/,
    );
    await refused(
      testDb.db.execute(
        sql`update expert_plans set published_at = published_at - interval '1 day' where id = ${id}`,
      ),
      /cannot be edited/,
    );
    await refused(testDb.db.execute(sql`delete from expert_plans where id = ${id}`), /cannot be deleted/);
    await refused(testDb.db.execute(sql`delete from plan_commitments`), /append-only/);
    await refused(testDb.db.execute(sql`update plan_commitments set commitment = 'x'`), /append-only/);
    await refused(testDb.db.execute(sql`truncate plan_commitments`), /append-only/);
  });

  it('grades each plan when the feed reports the result, and reveals content and nonce that verify', async () => {
    at('2022-11-20T21:00:00Z');
    // The result is not in yet: nothing is graded past kick-off alone.
    expect(await gradeDuePlans(testDb.db, now)).toEqual([]);
    await resultsArrive(...free.map(([, home, away]) => `${home} v ${away}`));
    at('2022-11-26T06:00:00Z');
    expect(await gradeDuePlans(testDb.db, now)).toHaveLength(10);
    for (const [, home, away, , grade] of free) {
      const plan = await get<{
        grade: string;
        access: string;
        reveal: { canonical: string; nonce: string };
        commitment: string;
        content: { selections: unknown[]; reasoning: string };
      }>(`/api/expert/plan/info?id=${plans[`${home} v ${away}`]}`);
      expect([`${home} v ${away}`, plan.body.data.grade]).toEqual([`${home} v ${away}`, grade]);
      expect(plan.body.data.access).toBe('revealed');
      const { canonical, nonce } = plan.body.data.reveal;
      expect(commitmentOf(canonical, nonce)).toBe(plan.body.data.commitment);
      expect(JSON.parse(canonical)).toMatchObject({
        selections: plan.body.data.content.selections,
        reasoning: REASONING,
      });
    }
    // Nothing the operators can call touches a grade: the trigger refuses it too.
    await refused(
      testDb.db.execute(
        sql`update expert_plans set grade = 'won' where id = ${plans['Argentina v Saudi Arabia']}`,
      ),
      /final/,
    );
  });

  it('counts the record from the grades only: hit rate, 连红, return, sample', async () => {
    const info = await get<{
      record: {
        windows: Record<
          string,
          {
            graded: number;
            hits: number;
            pushes: number;
            hitRate: number;
            streak: number;
            unitReturn: number;
          }
        >;
      };
    }>(`/api/expert/info?id=${expert.user.id}`);
    // won, half won, half lost, won, lost, push, won, won, half lost, won (newest first reversed).
    expect(info.body.data.record.windows.all).toMatchObject({
      graded: 10,
      hits: 6,
      pushes: 1,
      streak: 1,
      unitReturn: 3.5,
    });
    expect(info.body.data.record.windows.all.hitRate).toBeCloseTo(6 / 9);
    expect(info.body.data.record.windows['10']).toEqual(info.body.data.record.windows.all);
    expect(
      (await get<{ eligible: boolean }>('/api/expert/eligibility', expert.token)).body.data.eligible,
    ).toBe(true);
  });
});

describe('paid plans', () => {
  const SECRET = '阿根廷背水一战，梅西状态回升，墨西哥防线老化，主胜稳。';

  it('sells a paid plan without ever sending its content to anyone who has not bought it', async () => {
    at('2022-11-26T10:00:00Z');
    const paid = async (
      home: string,
      away: string,
      price: number,
      refund: boolean,
      selections: unknown[],
    ) => {
      const published = await publish(expert.token, home, away, {
        price,
        refund_if_lost: refund,
        selections,
        reasoning: SECRET,
      });
      expect(published.body.code).toBe(0);
      plans[`${home} v ${away}`] = published.body.data.id;
      return published.body.data;
    };
    await paid('Argentina', 'Mexico', 100, true, [{ market: 'football_1x2', pick: 'home' }]);
    await paid('Poland', 'Saudi Arabia', 50, true, [{ market: 'football_1x2', pick: 'away' }]);
    await paid('Wales', 'England', 80, false, [{ market: 'football_handicap', pick: 'home', line: 0.75 }]);
    await paid('Iran', 'USA', 60, false, [{ market: 'football_total', pick: 'under', line: 1.5 }]);
    await paid('Ecuador', 'Senegal', 40, false, [{ market: 'football_1x2', pick: 'draw' }]);
    const id = plans['Argentina v Mexico']!;
    const answers = [
      await get(`/api/expert/plan/info?id=${id}`),
      await get(`/api/expert/plan/info?id=${id}`, buyer.token),
      await get(`/api/expert/plan/list`),
      await get(`/api/expert/plan/list?open=true&sport=football`, buyer.token),
      await get(`/api/expert/plan/list?expert_id=${expert.user.id}`, rookie.token),
      await get(`/api/expert/plan/list?match_id=${await matchId('Argentina', 'Mexico')}&order=buyers`),
      await get(`/api/expert/info?id=${expert.user.id}`),
      await get('/api/expert/chain'),
    ];
    for (const answer of answers) {
      const text = JSON.stringify(answer.body);
      expect(answer.body.code).toBe(0);
      expect(text).not.toContain('梅西');
    }
    // Wherever the paid plans appear, they are locked: no content, no reveal.
    for (const answer of answers.slice(0, 6)) {
      const data = answer.body.data as {
        id?: number;
        list?: { id: number; price: number; content: unknown; reveal: unknown }[];
      };
      for (const plan of data.list ?? [
        data as { id: number; price: number; content: unknown; reveal: unknown },
      ])
        if (plan.price > 0) expect([plan.id, plan.content, plan.reveal]).toEqual([plan.id, null, null]);
    }
    expect(answers[0]!.body.data).toMatchObject({
      access: 'locked',
      content: null,
      reveal: null,
      on_sale: true,
      markets: ['football_1x2'],
    });
    // The expert reads their own plan.
    expect((await get(`/api/expert/plan/info?id=${id}`, expert.token)).body.data).toMatchObject({
      access: 'owner',
      content: { reasoning: SECRET },
    });
  });

  it('buys through the ledger into escrow, once, and only before kick-off', async () => {
    at('2022-11-26T11:00:00Z');
    expect(
      (await post('/api/expert/plan/buy', { id: plans['Argentina v Mexico'] }, expert.token)).body.msg,
    ).toBe("You can't buy your own plan");
    expect(
      (await post('/api/expert/plan/buy', { id: plans['Qatar v Ecuador'] }, buyer.token)).body.code,
    ).toBe(1);
    for (const key of [
      'Argentina v Mexico',
      'Poland v Saudi Arabia',
      'Wales v England',
      'Iran v USA',
      'Ecuador v Senegal',
    ]) {
      const bought = await post<{ price: number; balance: number }>(
        '/api/expert/plan/buy',
        { id: plans[key] },
        buyer.token,
      );
      expect(bought.body.code).toBe(0);
    }
    const again = await post<{ replayed: boolean }>(
      '/api/expert/plan/buy',
      { id: plans['Argentina v Mexico'] },
      buyer.token,
    );
    expect(again.body.data.replayed).toBe(true);
    expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(1_000 - 330);
    const read = await get(`/api/expert/plan/info?id=${plans['Argentina v Mexico']}`, buyer.token);
    expect(read.body.data).toMatchObject({
      access: 'bought',
      content: { reasoning: SECRET, selections: [{ market: 'football_1x2', pick: 'home', line: null }] },
      reveal: null,
    });
    // Still locked for everyone else.
    expect(
      (await get(`/api/expert/plan/info?id=${plans['Argentina v Mexico']}`, latecomer.token)).body.data,
    ).toMatchObject({ access: 'locked', content: null });
    at('2022-11-26T16:00:00Z');
    expect(
      (await post('/api/expert/plan/buy', { id: plans['Poland v Saudi Arabia'] }, latecomer.token)).body.msg,
    ).toBe('Sales closed at kick-off');
    expect((await balancesOf(testDb.db, latecomer.user.id)).star).toBe(1_000);
  });

  it('lets an operator void an open plan with a reason on it, refunding its buyers; never a graded one', async () => {
    at('2022-11-27T09:00:00Z');
    const id = plans['Ecuador v Senegal']!;
    expect((await post('/api/admin/expertPlan/void', { id, reason: 'x' }, operator.token)).body.code).toBe(1);
    expect(
      (
        await post(
          '/api/admin/expertPlan/void',
          { id, reason_code: 'misleading', reason: '方案内容抄袭他人' },
          buyer.token,
        )
      ).status,
    ).toBe(403);
    expect(
      (
        await post(
          '/api/admin/expertPlan/void',
          { id, reason_code: 'misleading', reason: '方案内容抄袭他人' },
          operator.token,
        )
      ).body.data,
    ).toMatchObject({ status: 'voided' });
    expect((await get(`/api/expert/plan/info?id=${id}`)).body.data).toMatchObject({
      status: 'voided',
      void_reason: 'misleading content · 方案内容抄袭他人',
      content: null,
    });
    expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(1_000 - 330 + 40);
    expect(
      (
        await post(
          '/api/admin/expertPlan/void',
          { id: plans['Qatar v Ecuador'], reason_code: 'other', reason: '改判' },
          operator.token,
        )
      ).body.msg,
    ).toBe("This plan is already voided, or its expert's share was released");
  });

  it('pays the expert their share in yellow diamonds, refunds a miss with 不中退款, voids an abnormal match', async () => {
    at('2022-11-30T06:00:00Z');
    await resultsArrive(
      'Argentina v Mexico',
      'Poland v Saudi Arabia',
      'Wales v England',
      'Ecuador v Senegal',
    );
    // Iran v USA: the feed fell silent and the watchdog marked it abnormal.
    await testDb.db
      .update(matches)
      .set({ status: 'abnormal', statusNote: 'feed_silent' })
      .where(eq(matches.id, await matchId('Iran', 'USA')));
    expect((await gradeDuePlans(testDb.db, now)).sort()).toEqual(
      [plans['Argentina v Mexico'], plans['Poland v Saudi Arabia'], plans['Wales v England']].sort(),
    );
    const grade = async (key: string) =>
      (await get<{ grade: string; status: string }>(`/api/expert/plan/info?id=${plans[key]}`)).body.data;
    expect(await grade('Argentina v Mexico')).toMatchObject({ grade: 'won' });
    expect(await grade('Poland v Saudi Arabia')).toMatchObject({ grade: 'lost' });
    // Wales +0.75 losing 0–3: lost, and no refund promised.
    expect(await grade('Wales v England')).toMatchObject({ grade: 'lost' });
    expect(await grade('Iran v USA')).toMatchObject({ status: 'open' });
    // The lost 50 with 不中退款 back to the buyer at once; the expert's share waits for the dispute window.
    expect((await balancesOf(testDb.db, expert.user.id)).yellow).toBe(0);
    expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(1_000 - 330 + 40 + 50);
    at('2022-12-01T00:00:00Z');
    expect(await gradeDuePlans(testDb.db, now)).toEqual([plans['Iran v USA']]);
    expect(await grade('Iran v USA')).toMatchObject({ status: 'graded', grade: 'void' });
    expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(1_000 - 330 + 40 + 50 + 60);
    // Settling again moves nothing (each settlement has its idempotency key).
    await gradeDuePlans(testDb.db, now);
    expect((await balancesOf(testDb.db, buyer.user.id)).star).toBe(1_000 - 330 + 40 + 50 + 60);
    const refunds = await testDb.db
      .select()
      .from(notices)
      .where(and(eq(notices.userId, buyer.user.id), eq(notices.subject, 'plan_refunded')));
    expect(refunds).toHaveLength(3);
    // 24 h after the grade with no dispute: won 100 and lost-without-refund 80 pay the expert's 70 %.
    at('2022-12-01T06:00:00Z');
    expect((await releaseDuePlans(testDb.db, now)).length).toBeGreaterThanOrEqual(3);
    expect((await balancesOf(testDb.db, expert.user.id)).yellow).toBe(70 + 56);
    expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
  });
});

describe('rankings', () => {
  it('ranks by the Wilson lower bound and lists nobody with fewer than 5 graded plans', async () => {
    at('2022-12-01T12:00:00Z');
    // The rookie: three free plans, all won — a perfect but short record.
    const picks: [string, string, string, string][] = [
      ['2022-12-01T12:00:00Z', 'Japan', 'Spain', 'home'],
      ['2022-12-01T12:01:00Z', 'Costa Rica', 'Germany', 'away'],
      ['2022-12-01T12:02:00Z', 'Croatia', 'Belgium', 'draw'],
    ];
    for (const [when, home, away, pick] of picks) {
      at(when);
      expect(
        (await publish(rookie.token, home, away, { selections: [{ market: 'football_1x2', pick }] })).body
          .code,
      ).toBe(0);
    }
    at('2022-12-03T00:00:00Z');
    await resultsArrive('Japan v Spain', 'Costa Rica v Germany', 'Croatia v Belgium');
    expect(await gradeDuePlans(testDb.db, now)).toHaveLength(3);
    const rookieInfo = await get<{ record: { windows: { all: { graded: number; hits: number } } } }>(
      `/api/expert/info?id=${rookie.user.id}`,
    );
    expect(rookieInfo.body.data.record.windows.all).toMatchObject({ graded: 3, hits: 3 });
    const ranking = await get<{ list: { expertId: number; record: { graded: number; wilson: number } }[] }>(
      '/api/expert/ranking?window=all&sport=football',
    );
    expect(ranking.body.data.list.map((row) => row.expertId)).toEqual([expert.user.id]);
    expect(ranking.body.data.list[0]!.record.graded).toBe(13);
    expect((await get('/api/expert/ranking?window=5')).body.code).toBe(1);
    // The chain still verifies, entry by entry, and nothing in it moved.
    expect(await verifyChain(testDb.db)).toMatchObject({ ok: true, length: 18 });
    expect(await testDb.db.$count(planCommitments)).toBe(18);
  });

  it('declares no operator route that writes a grade or a statistic', async () => {
    const doc = (await (await app.request('/api/openapi.json')).json()) as { paths: Record<string, unknown> };
    const paths = Object.keys(doc.paths);
    const expertAdmin = paths.filter((p) => /^\/api\/admin\/expert/i.test(p)).sort();
    expect(expertAdmin).toEqual(['/api/admin/expertPlan/list', '/api/admin/expertPlan/void']);
  });
});
