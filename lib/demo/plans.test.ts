// Demo experts keep plans on sale in both sports (issue 43): with the demo's fictional football league
// playing beside the basketball simulation, one feeds tick announces at least three matches a sport in
// the next three days that accept plans; each demo expert gets two open plans per sport on them, a second
// call adds none, and a football replay (its result known) is still refused.
import { and, eq } from 'drizzle-orm';
import { decideExpertApplication, submitExpertApplication } from '@/lib/experts/applications';
import { publishPlan } from '@/lib/experts/plans';
import { expertPlans } from '@/lib/experts/schema';
import { createFeedsTicker } from '@/lib/jobs/feeds';
import { matches } from '@/lib/scores/schema';
import { CLOCK_EDGES } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';
import { keepDemoPlans, plannableMatchesAhead } from './plans';

let testDb: TestDb;
// A database per instant: an expert of another case would get plans here too.
beforeEach(async () => {
  testDb = await createTestDb();
});
afterEach(() => testDb.close());

it.each(CLOCK_EDGES.slice(0, 3))(
  'keeps two plans open per sport per demo expert at %s',
  async (_name, now) => {
    const db = testDb.db;
    await createFeedsTicker({ speed: 1, publish: () => {}, footballLeague: true })(db, now);
    for (const sport of ['football', 'basketball'] as const)
      expect((await plannableMatchesAhead(db, sport, now)).length).toBeGreaterThanOrEqual(3);
    const operator = await makeUser(db, { role: 'operator' });
    const expert = await makeUser(db, { demo: true });
    const real = await makeUser(db);
    for (const user of [expert, real]) {
      const application = await submitExpertApplication(
        db,
        user.id,
        {
          sports: ['football', 'basketball'],
          experience: '十年足球与篮球数据分析，专注模拟联赛的节奏与效率。',
          contact: 'qq: 1',
        },
        now,
      );
      await decideExpertApplication(db, operator.id, { id: application.id, approve: true }, now);
    }
    expect(await keepDemoPlans(db, now)).toBe(4);
    expect(await keepDemoPlans(db, now)).toBe(0);
    const open = await db
      .select()
      .from(expertPlans)
      .where(and(eq(expertPlans.expertId, expert.id), eq(expertPlans.status, 'open')));
    expect(open.filter((plan) => plan.sport === 'football')).toHaveLength(2);
    expect(open.filter((plan) => plan.sport === 'basketball')).toHaveLength(2);
    expect(open.every((plan) => plan.kickoffAt > now)).toBe(true);
    // A real expert is never published for.
    expect(await db.select().from(expertPlans).where(eq(expertPlans.expertId, real.id))).toEqual([]);
    // A replay of a recorded match stays refused: its result is known.
    const [first, second] = await plannableMatchesAhead(db, 'football', now);
    await db.update(matches).set({ replayOfMatchId: first!.id }).where(eq(matches.id, second!.id));
    await expect(
      publishPlan(
        db,
        real.id,
        {
          matchId: second!.id,
          title: '重播比赛也想发方案',
          selections: [{ market: 'football_1x2', pick: 'home', line: null }],
          reasoning: '重播的比分早已知道，这样的方案不应该被接受，平台必须拒绝发布。',
          price: 0,
          refundIfLost: false,
        },
        now,
      ),
    ).rejects.toMatchObject({ code: 'PLAN_MATCH_REPLAY' });
  },
  60_000,
);
