// Commitments bind what is shown (issue #40 item 7): a plan's picks, reasoning and price are read from
// its committed text, so columns changed behind the trigger's back change nothing a buyer reads or
// grading uses, and a plan whose text no longer hashes to its commitment is neither shown, sold nor
// graded. The whole chain downloads as one streamed NDJSON file that the offline script verifies.
import { spawnSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeSignedInUser } from '@/lib/testing/factories';
import { verifyChainCopy } from '@/scripts/verify-chain';
import { appendCommitment, CHAIN_STREAM_PAGE, chainHead, chainNdjson, verifyChain } from './chain';
import { commitmentOf, ndjsonValues, planContentOf, walkChain, walkFromPlan } from './commitment';
import { columnsDiffering } from './committed';
import { expertPlans, experts, planCommitments } from './schema';
import { gradeDuePlans } from './settlement';

// Paid plans from the first one: this file is about commitments, not the pricing record.
process.env.EXPERT_PRICING_MIN_GRADED = '0';
process.env.EXPERT_PRICING_MIN_HIT_RATE = '0';

const PUBLISHED = new Date('2026-03-01T10:00:00.000Z');
const KICKOFF = new Date('2026-03-02T19:00:00.000Z');
const AFTER_MATCH = new Date('2026-03-02T22:00:00.000Z');
const REASONING = '主队三中卫体系克制对手边路，客队连续客场作战体能下滑，看主胜。';

let testDb: TestDb;
let app: ApiApp;
let now = PUBLISHED;
const call = apiCaller(() => app);
const headers = (token?: string, lang = 'en') => ({ lang, ...(token ? { token } : {}) });

type User = Awaited<ReturnType<typeof makeSignedInUser>>;
let expert: User;
let buyer: User;
let stranger: User;
const matchIds: number[] = [];

type PlanAnswer = {
  title: string;
  price: number;
  access: string;
  committed: boolean;
  markets: string[];
  on_sale: boolean;
  content: { selections: { market: string; pick: string; line: number | null }[]; reasoning: string } | null;
  reveal: { canonical: string; nonce: string } | null;
  commitment: string;
  chain_seq: number;
};
const planInfo = (id: number, token?: string) =>
  call<PlanAnswer>(`/api/expert/plan/info?id=${id}`, { headers: headers(token) });

/** Changes a plan's columns as someone with the database's keys could, past the trigger that refuses it. */
async function tamper(id: number, set: ReturnType<typeof sql>) {
  await testDb.db.transaction(async (tx) => {
    await tx.execute(sql`alter table expert_plans disable trigger user`);
    await tx.execute(sql`update expert_plans set ${set} where id = ${id}`);
    await tx.execute(sql`alter table expert_plans enable trigger user`);
  });
}

async function publish(matchId: number, pick: string, price: number) {
  const made = await call<{ id: number }>('/api/expert/plan/publish', {
    json: {
      match_id: matchId,
      title: `主胜有把握 ${matchId}`,
      selections: [{ market: 'football_1x2', pick }],
      reasoning: REASONING,
      price,
      refund_if_lost: false,
    },
    headers: headers(expert.token),
  });
  expect(made.body.code).toBe(0);
  return made.body.data.id;
}

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => now });
  const db = testDb.db;
  const [league] = await db
    .insert(competitions)
    .values({
      code: 'commit.1',
      sport: 'football',
      kind: 'league',
      region: 'test',
      sourceName: 'Commitment League',
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
  const made = await db
    .insert(matches)
    .values(
      [1, 2, 3].map((n) => ({
        seasonId: season!.id,
        source: 'test',
        externalId: `commit-${n}`,
        round: '1',
        homeTeamId: home!.id,
        awayTeamId: away!.id,
        kickoffAt: KICKOFF,
      })),
    )
    .returning();
  matchIds.push(...made.map((match) => match.id));
  expert = await makeSignedInUser(db, { nickname: '承诺测试专家' });
  await db
    .insert(experts)
    .values({ userId: expert.user.id, sports: ['football'], experience: '十年足球分析', approvedAt: now });
  [buyer, stranger] = await Promise.all([makeSignedInUser(db), makeSignedInUser(db)]);
  await fundUser(db, buyer.user.id, 'star', 1_000);
}, 60_000);
afterAll(() => testDb.close());

describe('a plan is what its commitment binds', () => {
  const plan = { bound: 0, broken: 0, free: 0 };

  it('shows and sells the committed picks, reasoning and price, whatever the columns say', async () => {
    plan.bound = await publish(matchIds[0]!, 'home', 30);
    plan.broken = await publish(matchIds[1]!, 'home', 30);
    plan.free = await publish(matchIds[2]!, 'draw', 0);
    expect(
      (await call(`/api/expert/plan/buy`, { json: { id: plan.bound }, headers: headers(buyer.token) })).body
        .code,
    ).toBe(0);

    // As stored (jsonb orders keys its own way), the columns agree with the text: nothing to log.
    const untouched = (await testDb.db.select().from(expertPlans)).map((row) =>
      columnsDiffering(row, planContentOf(row.canonical)!),
    );
    expect(untouched).toEqual([[], [], []]);
    await tamper(
      plan.bound,
      sql`selections = '[{"market":"football_1x2","pick":"away","line":null}]'::jsonb,
          reasoning = '改过的理由', title = '改过的标题', price = 0`,
    );
    const [row] = await testDb.db.select().from(expertPlans).where(eq(expertPlans.id, plan.bound));
    expect(row).toMatchObject({ reasoning: '改过的理由', price: 0, selections: [{ pick: 'away' }] });
    expect(columnsDiffering(row!, planContentOf(row!.canonical)!)).toEqual([
      'title',
      'selections',
      'reasoning',
      'price',
    ]);

    const bought = (await planInfo(plan.bound, buyer.token)).body.data;
    expect(bought).toMatchObject({
      access: 'bought',
      committed: true,
      title: `主胜有把握 ${matchIds[0]}`,
      price: 30,
    });
    expect(bought.content).toEqual({
      selections: [{ market: 'football_1x2', pick: 'home', line: null }],
      reasoning: REASONING,
    });
    // The price column said free: a stranger still finds it locked at the committed price.
    const locked = (await planInfo(plan.bound, stranger.token)).body.data;
    expect(locked).toMatchObject({ access: 'locked', price: 30, content: null, on_sale: true });
    const list = await call<{ list: PlanAnswer[] }>(`/api/expert/plan/list?match_id=${matchIds[0]}`, {
      headers: headers(stranger.token),
    });
    expect(list.body.data.list[0]).toMatchObject({ access: 'locked', price: 30, content: null });
  });

  it('neither shows, sells nor grades a plan whose text no longer hashes to its commitment', async () => {
    await tamper(plan.broken, sql`canonical = replace(canonical, '"pick":"home"', '"pick":"away"')`);
    const answer = (await planInfo(plan.broken, stranger.token)).body.data;
    expect(answer).toMatchObject({ committed: false, content: null, on_sale: false });
    const refused = await call(`/api/expert/plan/buy`, {
      json: { id: plan.broken },
      headers: headers(buyer.token, 'zh-CN'),
    });
    expect(refused.body).toMatchObject({ code: 1, msg: expect.stringMatching(/[\u4e00-\u9fff]/) });
  });

  it('grades the committed picks: home won 2:0, the column’s away pick would have lost', async () => {
    await tamper(plan.free, sql`selections = '[{"market":"football_1x2","pick":"home","line":null}]'::jsonb`);
    await testDb.db
      .update(matches)
      .set({ status: 'finished', homeScore: 2, awayScore: 0 })
      .where(sql`${matches.id} in (${sql.join(matchIds, sql`, `)})`);
    now = AFTER_MATCH;
    const graded = await gradeDuePlans(testDb.db, now);
    expect(graded.sort()).toEqual([plan.bound, plan.free].sort());
    const rows = await testDb.db.select().from(expertPlans);
    const byId = new Map(rows.map((row) => [row.id, row]));
    expect(byId.get(plan.bound)).toMatchObject({ status: 'graded', grade: 'won' });
    // Committed draw, column home: graded on the draw.
    expect(byId.get(plan.free)).toMatchObject({ status: 'graded', grade: 'lost' });
    // The broken plan stays open and ungraded, its buyers' money held, for an operator to void.
    expect(byId.get(plan.broken)).toMatchObject({ status: 'open', grade: null });

    // Revealed: the text and nonce verify, and the content shown is the text's.
    const revealed = (await planInfo(plan.free)).body.data;
    expect(revealed.access).toBe('revealed');
    expect(commitmentOf(revealed.reveal!.canonical, revealed.reveal!.nonce)).toBe(revealed.commitment);
    expect(revealed.content!.selections).toEqual([{ market: 'football_1x2', pick: 'draw', line: null }]);
    // The broken plan reveals its text too, so anyone sees it fail.
    const broken = (await planInfo(plan.broken)).body.data;
    expect(commitmentOf(broken.reveal!.canonical, broken.reveal!.nonce)).not.toBe(broken.commitment);
    expect(broken.content).toBeNull();
  });

  it('does not grade a plan whose commitment is not the chain’s', async () => {
    const later = await testDb.db
      .insert(matches)
      .values({
        seasonId: (await testDb.db.select().from(matches).limit(1))[0]!.seasonId,
        source: 'test',
        externalId: 'commit-4',
        round: '1',
        homeTeamId: (await testDb.db.select().from(teams).limit(1))[0]!.id,
        awayTeamId: (await testDb.db.select().from(teams).limit(2))[1]!.id,
        kickoffAt: new Date('2026-03-03T19:00:00.000Z'),
      })
      .returning();
    const id = await publish(later[0]!.id, 'home', 0);
    // Text, nonce and commitment all rewritten consistently: only the chain still holds the original.
    const [row] = await testDb.db.select().from(expertPlans).where(eq(expertPlans.id, id));
    const canonical = row!.canonical.replace('"pick":"home"', '"pick":"away"');
    await tamper(id, sql`canonical = ${canonical}, commitment = ${commitmentOf(canonical, row!.nonce)}`);
    await testDb.db
      .update(matches)
      .set({ status: 'finished', homeScore: 0, awayScore: 1 })
      .where(eq(matches.id, later[0]!.id));
    now = new Date('2026-03-03T22:00:00.000Z');
    expect(await gradeDuePlans(testDb.db, now)).toEqual([]);
    expect((await planInfo(id)).body.data).toMatchObject({ committed: false, content: null });
  });
});

describe('the whole chain, streamed', () => {
  const EXTRA = 360;
  let dir = '';
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'plan-chain-'));
    // Hundreds of entries past the API's page of 100 (plan ids of their own: the chain only names them).
    const start = (await chainHead(testDb.db))!.publishedAt.getTime();
    await testDb.db.transaction(async (tx) => {
      for (let index = 1; index <= EXTRA; index++)
        await appendCommitment(tx, {
          planId: 100_000 + index,
          expertId: expert.user.id,
          matchId: matchIds[0]!,
          commitment: commitmentOf(`entry ${index}`, 'n'),
          publishedAt: new Date(start + index * 1000),
        });
    });
  });
  afterAll(() => rm(dir, { recursive: true, force: true }));

  const download = (query = '', lang = 'en') =>
    app.request(`/api/expert/chain/download${query}`, { headers: { lang } });

  it('downloads every entry as NDJSON, the head named beside it, and the copy walks clean', async () => {
    const total = await testDb.db.$count(planCommitments);
    expect(total).toBeGreaterThan(EXTRA);
    const response = await download();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="plan-chain-\d+\.ndjson"$/,
    );
    const head = (await chainHead(testDb.db))!;
    expect(response.headers.get('x-chain-head-seq')).toBe(String(head.seq));
    expect(response.headers.get('x-chain-head-hash')).toBe(head.hash);
    const text = await response.text();
    const lines = text.trimEnd().split('\n');
    expect(lines).toHaveLength(total);
    expect(JSON.parse(lines[0]!)).toMatchObject({ seq: 1, prev_hash: '' });
    expect(await walkChain(ndjsonValues([new TextEncoder().encode(text)]))).toEqual({
      ok: true,
      from: 1,
      length: total,
      head: { seq: head.seq, hash: head.hash },
    });
    expect(await verifyChain(testDb.db)).toMatchObject({ ok: true, length: total, head: head.hash });

    // From a plan's entry: what the plan page's verify panel walks.
    const [entry] = await testDb.db.select().from(planCommitments).where(eq(planCommitments.seq, 2));
    const tail = await download(`?after=${entry!.seq - 1}`);
    expect(
      await walkFromPlan(
        ndjsonValues(tail.body!),
        { id: entry!.planId, seq: 2, commitment: entry!.commitment },
        head,
      ),
    ).toMatchObject({ ok: true, from: 2, length: total - 1 });
    expect(await (await download(`?after=${head.seq}`)).text()).toBe('');

    // The offline script, on the file as saved: clean, with the head kept; a changed line breaks it.
    const file = path.join(dir, 'plan-chain.ndjson');
    await writeFile(file, text);
    const run = spawnSync(
      'node_modules/.bin/tsx',
      ['scripts/verify-chain.ts', file, '--head', head.hash, '--commitment', entry!.commitment],
      {
        encoding: 'utf8',
      },
    );
    expect(run.stdout).toContain(`ok: ${total} entries`);
    expect(run.stdout).toContain('the commitment is entry 2');
    expect(run.status).toBe(0);
    const edited = lines.map((line, index) =>
      index === 99 ? line.replace(/"match_id":\d+/, '"match_id":999999') : line,
    );
    const report = await verifyChainCopy([new TextEncoder().encode(edited.join('\n'))]);
    expect(report).toEqual({ ok: false, lines: ['BROKEN at entry 100: hash'] });
  });

  it('reads the database a keyset page at a time as the reader pulls', async () => {
    const head = (await chainHead(testDb.db))!;
    const reader = chainNdjson(testDb.db, 0, head.seq, 100).getReader();
    const chunks: number[] = [];
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(new TextDecoder().decode(value).trimEnd().split('\n').length);
    }
    expect(chunks.slice(0, -1)).toEqual(chunks.slice(0, -1).map(() => 100));
    expect(chunks.reduce((sum, n) => sum + n, 0)).toBe(head.seq);
    expect(CHAIN_STREAM_PAGE).toBeGreaterThanOrEqual(100);
  });

  it('refuses bad input with a translated message and changes nothing', async () => {
    const before = await testDb.db.$count(planCommitments);
    for (const after of ['-1', 'abc', '1.5', '1e3', String(2 ** 60)]) {
      const response = await download(`?after=${encodeURIComponent(after)}`, 'zh-CN');
      expect([after, response.status]).toEqual([after, 400]);
      const body = (await response.json()) as { code: number; msg: string };
      expect(body.code).toBe(1);
      expect(body.msg).toMatch(/[\u4e00-\u9fff]/);
    }
    const english = await download('?after=-1');
    expect(((await english.json()) as { msg: string }).msg).toMatch(/[a-z]/);
    expect(await testDb.db.$count(planCommitments)).toBe(before);
  });
});
