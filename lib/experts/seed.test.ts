// The demo experts: built through the services on the real 2024-25 Premier League results, graded by the
// job, ranked, the chain whole, and a second run adds nothing.
import path from 'node:path';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';
import { HOLDINGS } from '@/lib/server/holdings';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { verifyChain } from './chain';
import { expertArticles, expertPlans } from './schema';
import { DEMO_EXPERTS, seedDemoExperts } from './seed';
import { rankExperts } from './stats';

let testDb: TestDb;
const NOW = new Date('2026-11-29T08:00:00Z');

beforeAll(async () => {
  testDb = await createTestDb();
  await importOpenfootball(testDb.db, path.join(defaultOpenfootballDir(), '2024-25/en.1.json'), NOW);
}, 60_000);
afterAll(() => testDb.close());

it('seeds experts whose plans are all graded from real results, and is idempotent', async () => {
  const operator = await makeUser(testDb.db, { role: 'operator', mobile: '13800009903' });
  await seedDemoExperts(testDb.db, operator.mobile, NOW);
  const plans = await testDb.db.select().from(expertPlans);
  expect(plans.length).toBeGreaterThanOrEqual(DEMO_EXPERTS.length * 11);
  expect(plans.every((plan) => plan.status === 'graded' && plan.grade)).toBe(true);
  expect(plans.some((plan) => plan.price > 0)).toBe(true);
  expect(await verifyChain(testDb.db)).toMatchObject({ ok: true, length: plans.length });
  const ranking = await rankExperts(testDb.db, { window: 'all' });
  expect(ranking.length).toBeGreaterThanOrEqual(2);
  await seedDemoExperts(testDb.db, operator.mobile, NOW);
  expect(await testDb.db.$count(expertPlans)).toBe(plans.length);
  expect(await testDb.db.$count(expertArticles)).toBe(DEMO_EXPERTS.length);
  expect((await checkLedger(testDb.db, HOLDINGS)).problems).toEqual([]);
}, 120_000);
