// `npm run seed -- --remove-demo` (issue 43): after the demo is seeded beside real data, and real people
// have touched it (a real viewer's gift to a demo anchor, follows both ways), removing it leaves no demo
// row, changes no real row, and the ledger still balances with every real balance as it was.
import { eq, inArray, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { SIMULATED_LEAGUES } from '@/lib/feeds/simulator/simulator';
import { guesses, guessOutcomes } from '@/lib/guess/schema';
import { openGuess, stakeGuess } from '@/lib/guess/service';
import { createFeedsTicker } from '@/lib/jobs/feeds';
import { follows, liveRooms } from '@/lib/live/schema';
import { ensureRoom } from '@/lib/live/service';
import { posts } from '@/lib/posts/schema';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { HOLDINGS } from '@/lib/server/holdings';
import { uploads } from '@/lib/storage/schema';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { fundUser, makeUser } from '@/lib/testing/factories';
import { withTemporaryStorage } from '@/lib/testing/storage';
import { videos } from '@/lib/videos/schema';
import { seedDemoStreamClips } from '@/lib/videos/seed';
import { checkLedger } from '@/lib/wallet/check';
import { balancesOf, runOperation } from '@/lib/wallet/ledger';
import { latestProvenPoint, provenCheck } from '@/lib/wallet/proven-point';
import { seedDemoAccounts } from '.';
import { DEMO_ANCHORS, demoAnchorIds, seedDemoAnchors } from './anchors';
import { removeDemoData } from './remove';
import { seedDemoWallets } from './wallets';

withTemporaryStorage();
let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

/** Every row of every table, as JSON text, by table. */
async function snapshot() {
  const tables = await testDb.db.execute<{ name: string }>(sql`
    select table_name as name from information_schema.tables
    where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const rows = new Map<string, Set<string>>();
  for (const { name } of tables.rows) {
    const result = await testDb.db.execute<{ row: string }>(
      sql`select row_to_json(t)::text as row from ${sql.identifier(name)} t`,
    );
    rows.set(name, new Set(result.rows.map((row) => row.row)));
  }
  return rows;
}

it('takes every demo row away and leaves real rows and the ledger as they were', async () => {
  const db = testDb.db;
  // Real data first: a viewer with money and an anchor with a room.
  const viewer = await makeUser(db);
  const anchor = await makeUser(db, { isAnchor: true });
  await ensureRoom(db, anchor.id, { title: 'a real room' });
  await fundUser(db, viewer.id, 'star', 500, NOON);

  await seedDemoAccounts(db);
  await seedDemoAnchors(db, NOON);
  await seedDemoWallets(db);
  const anchorIds = await demoAnchorIds(db);
  expect(await seedDemoStreamClips(db, anchorIds.slice(0, 1), NOON)).toBe(1);
  const demo = await db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(eq(users.demo, true));
  const demoIds = demo.map((row) => row.id);
  expect(demo.length).toBeGreaterThanOrEqual(DEMO_ANCHORS.length + 4);
  const demoAnchor = demo.find((row) => row.mobile === DEMO_ANCHORS[1]!.mobile)!;
  const demoViewer = demo.find((row) => row.mobile === '13800000001')!;
  // Real people meet the demo: a gift of star diamonds to a demo anchor, follows both ways.
  await runOperation(db, {
    key: 'test-gift:real-to-demo',
    kind: 'test_gift',
    userId: viewer.id,
    payload: {},
    now: NOON,
    prepare: async () => ({
      legs: [{ from: { user: viewer.id }, to: { user: demoAnchor.id }, currency: 'star', amount: 120 }],
      result: {},
    }),
  });
  await db.insert(follows).values([
    { userId: viewer.id, anchorId: demoAnchor.id },
    { userId: demoViewer.id, anchorId: anchor.id },
  ]);
  // The demo's own posts (one per anchor) and a clip of a demo room's render are there to remove.
  expect(
    (await db.select().from(posts).where(inArray(posts.authorId, demoIds))).length,
  ).toBeGreaterThanOrEqual(DEMO_ANCHORS.length);
  expect(await db.select().from(videos).where(inArray(videos.authorId, demoIds))).toHaveLength(1);
  const viewerBalances = await balancesOf(db, viewer.id);
  expect((await checkLedger(db, HOLDINGS)).ok).toBe(true);
  // A proven point of the ledger check before: the removal rewrites history below it, so it goes.
  expect((await provenCheck(db, HOLDINGS, { full: true, now: NOON })).recorded).toBe(true);
  const before = await snapshot();

  const removal = await removeDemoData(db, { now: NOON });
  expect(removal.accounts).toBe(demo.length);
  expect(removal.kept).toEqual([]);
  expect(removal.transfersRepointed).toBe(1);

  // No demo row left.
  expect(await db.select().from(users).where(eq(users.demo, true))).toEqual([]);
  expect(await db.select().from(liveRooms).where(inArray(liveRooms.anchorId, demoIds))).toEqual([]);
  expect(await db.select().from(uploads).where(inArray(uploads.userId, demoIds))).toEqual([]);
  expect(await db.select().from(posts).where(inArray(posts.authorId, demoIds))).toEqual([]);
  expect(await db.select().from(videos).where(inArray(videos.authorId, demoIds))).toEqual([]);
  const left = await db.execute<{ n: string }>(sql`
    select count(*) as n from wallet_accounts where kind = 'user' and user_id in (${sql.join(
      demoIds.map((id) => sql`${id}`),
      sql`, `,
    )})`);
  expect(Number(left.rows[0]!.n)).toBe(0);
  const categories = await db.execute<{ n: string }>(
    sql`select count(*) as n from custom_categories where names->>'zh-CN' in ('电子竞技', '体育闲聊')`,
  );
  expect(Number(categories.rows[0]!.n)).toBe(0);

  // No other row changed: outside the ledger's bookkeeping every row left is a row that was there.
  const after = await snapshot();
  const ledgerTables = new Set(['wallet_accounts', 'wallet_transfers', 'wallet_operations']);
  for (const [table, rows] of after) {
    if (ledgerTables.has(table)) continue;
    for (const row of rows)
      expect({ table, row, unchanged: before.get(table)?.has(row) }).toMatchObject({ unchanged: true });
  }
  for (const id of [viewer.id, anchor.id])
    expect(await db.select({ id: users.id }).from(users).where(eq(users.id, id))).toHaveLength(1);
  expect(await db.select().from(follows)).toEqual([]);
  expect(await db.select().from(liveRooms)).toHaveLength(1);

  // The ledger balances; the real viewer's money and record are as they were (the gift is still there).
  const report = await checkLedger(db, HOLDINGS);
  expect(report.problems).toEqual([]);
  expect(report.ok).toBe(true);
  expect(await latestProvenPoint(db)).toBeNull();
  expect((await provenCheck(db, HOLDINGS, { full: false, now: NOON })).full).toBe(true);
  expect(await balancesOf(db, viewer.id)).toEqual(viewerBalances);
  const gift = await db.execute<{ n: string }>(
    sql`select count(*) as n from wallet_operations where idempotency_key = 'test-gift:real-to-demo'`,
  );
  expect(Number(gift.rows[0]!.n)).toBe(1);
  // Removing again finds nothing.
  expect((await removeDemoData(db, { now: NOON })).accounts).toBe(0);
}, 120_000);

it("refunds a real viewer's stake in a demo room's fun-guess and keeps that room, ended, for the ledger", async () => {
  const db = testDb.db;
  const viewer = await makeUser(db);
  await fundUser(db, viewer.id, 'coin', 100, NOON);
  await seedDemoAccounts(db);
  await seedDemoAnchors(db, NOON);
  const [, demoAnchor] = await demoAnchorIds(db);
  const room = await ensureRoom(db, demoAnchor!);
  const guess = await openGuess(db, {
    userId: demoAnchor!,
    roomId: room.id,
    question: '【演示】上半场会有进球吗？',
    outcomes: ['会', '不会'],
    windowSeconds: 600,
    now: NOON,
  });
  const [outcome] = await db.select().from(guessOutcomes).where(eq(guessOutcomes.guessId, guess.id));
  await stakeGuess(db, {
    userId: viewer.id,
    guessId: guess.id,
    outcomeId: outcome!.id,
    amount: 40,
    key: 'real-in-demo-room',
    now: NOON,
  });
  expect((await balancesOf(db, viewer.id)).coin).toBe(60);

  const removal = await removeDemoData(db, { now: NOON });
  expect(removal.kept.map((row) => row.id)).toEqual([demoAnchor]);
  expect((await balancesOf(db, viewer.id)).coin).toBe(100);
  const [kept] = await db.select().from(guesses).where(eq(guesses.id, guess.id));
  expect(kept!.status).toBe('cancelled');
  const [ended] = await db.select().from(liveRooms).where(eq(liveRooms.id, room.id));
  expect(ended!.status).toBe('ended');
  const [locked] = await db.select().from(users).where(eq(users.id, demoAnchor!));
  expect(locked).toMatchObject({ passwordHash: null, isAnchor: false });
  expect((await db.select().from(users).where(eq(users.demo, true))).map((row) => row.id)).toEqual([
    demoAnchor,
  ]);
  expect((await checkLedger(db, HOLDINGS)).problems).toEqual([]);
}, 120_000);

it('takes the fictional football league away, keeping a match a real room is bound to until it is free', async () => {
  const db = testDb.db;
  await createFeedsTicker({ speed: 1, publish: () => {}, footballLeague: true })(db, NOON);
  const ofLeague = (code: string) =>
    db
      .select({ id: matches.id })
      .from(matches)
      .innerJoin(seasons, eq(seasons.id, matches.seasonId))
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(eq(competitions.code, code))
      .orderBy(matches.id);
  const league = await ofLeague(SIMULATED_LEAGUES.football.code);
  const basketball = await ofLeague(SIMULATED_LEAGUES.basketball.code);
  expect(league.length).toBeGreaterThan(3);
  const anchor = await makeUser(db, { isAnchor: true });
  const room = await ensureRoom(db, anchor.id);
  await db.update(liveRooms).set({ matchId: league[0]!.id }).where(eq(liveRooms.id, room.id));

  expect((await removeDemoData(db, { now: NOON })).leagueMatches).toBe(league.length - 1);
  expect(await ofLeague(SIMULATED_LEAGUES.football.code)).toEqual([league[0]]);
  // The other sports' simulated leagues are the portal's own data: they stay.
  expect(await ofLeague(SIMULATED_LEAGUES.basketball.code)).toEqual(basketball);

  await db.update(liveRooms).set({ matchId: null }).where(eq(liveRooms.id, room.id));
  expect((await removeDemoData(db, { now: NOON })).leagueMatches).toBe(1);
  expect(
    await db.select().from(competitions).where(eq(competitions.code, SIMULATED_LEAGUES.football.code)),
  ).toEqual([]);
  expect(
    await db
      .select()
      .from(teams)
      .where(inArray(teams.sourceName, [...SIMULATED_LEAGUES.football.teams])),
  ).toEqual([]);
}, 60_000);
