// Seven simulated days of the live feeds at clock speed 1 (issue 17; the run: lib/testing/feeds-simulation.ts).
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { prepareFeedsSimulation, runFeedsSimulation } from '@/lib/testing/feeds-simulation';

let testDb: TestDb;
beforeAll(async () => {
  testDb = await createTestDb();
  await prepareFeedsSimulation(testDb);
}, 120_000);
afterAll(() => testDb.close());

it('tells the truth after every step of seven days at speed 1, across restarts and midnights', async () => {
  const summary = await runFeedsSimulation(testDb, {
    speed: 1,
    start: '2026-12-27T07:13:41.250Z',
    steps: 48,
  });
  // The run exercised what it claims to.
  expect(summary.midnights).toBeGreaterThanOrEqual(7);
  expect(summary.restarts).toBeGreaterThanOrEqual(3);
  expect(summary.edges).toBeGreaterThanOrEqual(5);
  expect(summary.stepsWithLive).toBeGreaterThanOrEqual(10);
  expect(summary.shootOuts).toBeGreaterThanOrEqual(1);
  expect(summary.finished).toBeGreaterThan(20);
}, 600_000);
