// The live-feeds job when its ticks land on different nodes (the pg-boss queue gives each tick to
// whichever node polls first): two processes' copies of lib/jobs alternating tick by tick push the same
// goals as one process running every tick — each goal once, none lost — because a tick's output
// (what it mockPushed) reaches the next tick wherever it runs.
import path from 'node:path';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';
import type { ServerMessage } from '@/lib/realtime/events';
import { IMPORTED_AT } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import type { ClusterJob } from './queue';

let mockPushed: ServerMessage[] = [];
jest.mock('@/lib/realtime/gateway', () => ({
  publish: (_target: unknown, message: ServerMessage) => mockPushed.push(message),
}));

let loaded: TestDb;
const copies: TestDb[] = [];
beforeAll(async () => {
  process.env.FEEDS = 'on';
  process.env.FEED_CLOCK_SPEED = '10';
  loaded = await createTestDb();
  await importOpenfootball(loaded.db, path.join(defaultOpenfootballDir(), 'worldcup-2022'), IMPORTED_AT);
  await loaded.release();
}, 120_000);
afterAll(async () => {
  for (const copy of copies) await copy.close();
  await loaded.close();
});

/** The live-feeds job of a process of its own (its own module state, as on another node). */
function liveFeedsOfNewProcess() {
  let job: ClusterJob | undefined;
  jest.isolateModules(() => {
    job = (require('./index') as typeof import('./index')).jobs.find((each) => each.name === 'live-feeds');
  });
  return job!;
}

/** Runs 16 ticks two minutes apart, tick `n` on `nodes[n % nodes.length]`; the goals mockPushed. */
async function play(nodes: ClusterJob[]) {
  const copy = await createTestDb({ template: loaded.name });
  copies.push(copy);
  mockPushed = [];
  const start = Date.parse('2026-11-22T15:00:00Z');
  let previous: { slot: number; output: unknown } | null = null;
  for (let slot = 0; slot <= 15; slot++) {
    const before = previous;
    const output = await nodes[slot % nodes.length]!.run(copy.db, new Date(start + slot * 120_000), {
      slot,
      previous: async () => before,
    });
    // What pg-boss keeps of it: JSON.
    previous = { slot, output: JSON.parse(JSON.stringify(output ?? null)) };
  }
  return mockPushed
    .filter((message) => message.type === 'goal')
    .map((message) => {
      const data = message.data as { home_team_name_zh: string; home_score: number; away_score: number };
      return `${data.home_team_name_zh} ${data.home_score}-${data.away_score}`;
    });
}

it('pushes each goal once when ticks alternate between two nodes', async () => {
  const alone = await play([liveFeedsOfNewProcess()]);
  const alternating = await play([liveFeedsOfNewProcess(), liveFeedsOfNewProcess()]);
  expect(alone.length).toBeGreaterThan(0);
  expect(alternating).toEqual(alone);
}, 900_000);
