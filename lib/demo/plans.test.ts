// Demo experts keep plans on sale (issue 43): after one feeds tick announces the basketball games ahead,
// each demo expert covering basketball gets two open plans on them, and a second call adds none.
import { and, eq } from 'drizzle-orm';
import { decideExpertApplication, submitExpertApplication } from '@/lib/experts/applications';
import { expertPlans } from '@/lib/experts/schema';
import { createFeedsTicker } from '@/lib/jobs/feeds';
import { CLOCK_EDGES } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';
import { keepDemoPlans } from './plans';

let testDb: TestDb;
// A database per instant: an expert of another case would get plans here too.
beforeEach(async () => {
  testDb = await createTestDb();
});
afterEach(() => testDb.close());

it.each(CLOCK_EDGES.slice(0, 3))(
  'keeps two basketball plans open per demo expert at %s',
  async (_name, now) => {
    const db = testDb.db;
    await createFeedsTicker({ speed: 1, publish: () => {} })(db, now);
    const operator = await makeUser(db, { role: 'operator' });
    const expert = await makeUser(db, { demo: true });
    const real = await makeUser(db);
    for (const user of [expert, real]) {
      const application = await submitExpertApplication(
        db,
        user.id,
        {
          sports: ['football', 'basketball'],
          experience: '十年篮球数据分析，专注模拟联赛的节奏与效率。',
          contact: 'qq: 1',
        },
        now,
      );
      await decideExpertApplication(db, operator.id, { id: application.id, approve: true }, now);
    }
    expect(await keepDemoPlans(db, now)).toBe(2);
    expect(await keepDemoPlans(db, now)).toBe(0);
    const open = await db
      .select()
      .from(expertPlans)
      .where(and(eq(expertPlans.expertId, expert.id), eq(expertPlans.status, 'open')));
    expect(open).toHaveLength(2);
    expect(open.every((plan) => plan.sport === 'basketball' && plan.kickoffAt > now)).toBe(true);
    // A real expert is never published for.
    expect(await db.select().from(expertPlans).where(eq(expertPlans.expertId, real.id))).toEqual([]);
  },
  60_000,
);
