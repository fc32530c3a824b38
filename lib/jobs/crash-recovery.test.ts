// A node killed with SIGKILL in the middle of every job's tick (lib/testing/job-node.ts): its ticks stay
// `active`, and the queues are singletons. A node started afterwards (a restart), or one already running
// (the survivor of two), finds them orphaned and runs each again within seconds, not after the 15-minute
// expiry; meanwhile the stalled jobs are reported. Times are printed for the benchmarks doc.
import { type ChildProcess, spawn } from 'node:child_process';
import { performance } from 'node:perf_hooks';
import type { Pool } from 'pg';
import { createDb } from '@/lib/db';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { jobs as portalJobs } from '.';
import { type ClusterJob, JOBS_SCHEMA, stalledJobs, startJobQueue } from './queue';

jest.setTimeout(120_000);

let testDb: TestDb;
const children: ChildProcess[] = [];
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
  await testDb.close();
});

/** The test database's node-postgres pool (drizzle keeps it as `$client`). */
const pool = () => (testDb.db as unknown as { $client: Pool }).$client;

/** The portal's own jobs, by name and period (their work is replaced: this is about the queue). */
const definitions = portalJobs.map(({ name, everySeconds }) => ({ name, everySeconds }));

/** Polls until `check` holds (a busy 2-core machine: generous). */
async function until(check: () => boolean | Promise<boolean>, ms = 90_000) {
  for (let waited = 0; !(await check()); waited += 100) {
    if (waited > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Starts a job node in its own process and resolves once every job has a tick running (hung) in it. */
function startHungNode(at: Date): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'lib/testing/job-node.ts'], {
    env: {
      ...process.env,
      DATABASE_URL: testDb.url,
      JOBS: JSON.stringify(definitions),
      CLOCK: at.toISOString(),
      LOG_LEVEL: 'silent',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    const started = new Set<string>();
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      for (const match of output.matchAll(/tick (\S+) /g)) started.add(match[1]!);
      if (started.size === definitions.length) resolve(child);
    });
    child.on('exit', (code) => reject(new Error(`job node exited with ${code}: ${output}`)));
    setTimeout(() => reject(new Error(`job node ran ${[...started]} only: ${output}`)), 60_000).unref();
  });
}

function kill(child: ChildProcess) {
  return new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

/** A healthy node on its own pool that records when each job completes a tick, counted from `since`. */
async function startRecordingNode(at: Date, since: () => number) {
  const second = createDb(testDb.url, 10);
  const completed = new Map<string, number>();
  const jobs: ClusterJob[] = definitions.map((definition) => ({
    ...definition,
    run: async () => {
      if (!completed.has(definition.name)) completed.set(definition.name, performance.now() - since());
    },
  }));
  const node = await startJobQueue(second.db, { jobs, clock: () => at, pollingIntervalSeconds: 0.5 });
  return {
    completed,
    stop: async () => {
      await node.stop();
      await second.pool.end();
    },
  };
}

const activeTicks = async () =>
  (
    await pool().query<{ count: number }>(
      `select count(*)::int as count from ${JOBS_SCHEMA}.job where state = 'active' and name = any($1)`,
      [definitions.map((job) => job.name)],
    )
  ).rows[0]!.count;

const report = (scenario: string, completed: Map<string, number>) =>
  console.log(
    `${scenario}: ${definitions.map((job) => `${job.name} ${(completed.get(job.name)! / 1000).toFixed(1)} s`).join(', ')}`,
  );

test('a node restarted after SIGKILL mid-tick runs every job again within seconds', async () => {
  const crashed = await startHungNode(NOON);
  expect(await activeTicks()).toBe(definitions.length);
  await kill(crashed);
  // Nothing completes while the killed node's ticks hold the queues: every job is soon reported stalled
  // (shown here with periods of one second; the portal's own are its jobs' periods).
  const asIfEverySecond = definitions.map(({ name }) => ({ name, everySeconds: 1 }));
  await until(async () => (await stalledJobs(pool(), asIfEverySecond)).length === definitions.length);

  const restartedAt = performance.now();
  const restarted = await startRecordingNode(NOON, () => restartedAt);
  try {
    await until(() => restarted.completed.size === definitions.length);
    report('restart after SIGKILL, restart to next tick', restarted.completed);
    // Each within one of its periods (the shortest is 5 s; a busy machine gets twice that).
    for (const job of definitions)
      expect(restarted.completed.get(job.name)).toBeLessThan(Math.max(job.everySeconds, 10) * 1000);
    expect(await stalledJobs(pool(), definitions)).toEqual([]);
  } finally {
    await restarted.stop();
  }
});

test('the surviving node of two takes over the ticks of the one killed mid-tick', async () => {
  // Two days later on the clock: ticks of slots the first test has not used (its daily job, archive-aged,
  // chained the next day's tick).
  const at = new Date(NOON.getTime() + 48 * 3600 * 1000);
  const crashed = await startHungNode(at);
  let killedAt = Number.POSITIVE_INFINITY;
  const survivor = await startRecordingNode(at, () => killedAt);
  try {
    // The survivor cannot run a tick the other node holds: the queues are singletons.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(survivor.completed.size).toBe(0);
    killedAt = performance.now();
    await kill(crashed);
    await until(() => survivor.completed.size === definitions.length);
    report('survivor of two, SIGKILL to next tick', survivor.completed);
    for (const job of definitions)
      expect(survivor.completed.get(job.name)).toBeLessThan(Math.max(job.everySeconds, 10) * 1000);
  } finally {
    await survivor.stop();
  }
});
