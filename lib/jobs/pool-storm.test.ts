// The jobs under a storm that saturates the node's connection pool (issue #46: on a copy under a gift storm
// the node judged its own running ticks orphaned, a failed claim broke a job's chain, and live-feeds got no
// tick for 66 s). Sixty requests at a time hold the pool's ten connections for 400 ms each, so whatever
// asks the pool for a connection waits seconds behind them, as behind a gift storm's sends and reads;
// meanwhile three jobs tick on the same node, one of them with ticks longer than a lease. Measured from the queue's own records (pg-boss's completion times, in the database's
// time): the longest gap between two completed ticks of each job, which must stay within two periods, and
// no tick failed or judged orphaned. The gaps are printed for docs/benchmarks.md.
import { performance } from 'node:perf_hooks';
import { sql } from 'drizzle-orm';
import { createDb, type Db } from '@/lib/db';
import { metricsText } from '@/lib/ops/metrics';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { type ClusterJob, JOBS_SCHEMA, startJobQueue } from './queue';

jest.setTimeout(120_000);

let database: TestDb;
let serving: ReturnType<typeof createDb>;

beforeAll(async () => {
  database = await createTestDb();
  // The node's pool, as server.ts makes it (DATABASE_POOL_SIZE's default).
  serving = createDb(database.url, 10);
});

afterAll(async () => {
  await serving.pool.end();
  await database.close();
});

/** Polls until `check` holds (a busy 2-core machine: generous). */
async function until(check: () => boolean | Promise<boolean>, ms = 60_000) {
  for (let waited = 0; !(await check()); waited += 100) {
    if (waited > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A clock that moves like time does, from a fixed instant (read from the monotonic clock). */
function movingClock(from: number) {
  const started = performance.now();
  return () => new Date(from + Math.round(performance.now() - started));
}

/** A job whose tick makes `queries` round trips on its database, then waits `holdMs` inside one more. */
const job = (name: string, everySeconds: number, queries: number, holdMs = 0): ClusterJob => ({
  name,
  everySeconds,
  run: async (db: Db) => {
    for (let query = 0; query < queries; query++) await db.execute(sql`select ${query}::int as step`);
    if (holdMs) await db.execute(sql`select pg_sleep(${holdMs / 1000})`);
    return { done: true };
  },
});

/** The queue's record of `names`' ticks in [from, to] (database time, seconds since the epoch). */
async function records(names: string[], from: number, to: number) {
  const { rows } = await serving.pool.query<{ name: string; state: string; completed: number | null }>(
    `select name, state::text, extract(epoch from completed_on)::float8 as completed from ${JOBS_SCHEMA}.job
     where name = any($1) and (completed_on between to_timestamp($2) and to_timestamp($3) or state = 'failed')`,
    [names, from, to],
  );
  return rows;
}

/** The longest stretch of [from, to] without a completed tick of `name`, in seconds. */
function longestGap(
  rows: { name: string; state: string; completed: number | null }[],
  name: string,
  from: number,
  to: number,
) {
  const times = rows
    .filter((row) => row.name === name && row.state === 'completed')
    .map((row) => row.completed!)
    .sort((a, b) => a - b);
  let gap = 0;
  let last = from;
  for (const time of [...times, to]) {
    gap = Math.max(gap, time - last);
    last = time;
  }
  return gap;
}

const databaseNow = async () =>
  (await serving.pool.query<{ now: number }>('select extract(epoch from now())::float8 as now')).rows[0]!.now;

test('every job ticks within two periods while a storm saturates the pool', async () => {
  const jobs = [
    job('storm-every-two', 2, 3),
    // Like live-feeds: every 5 s, a dozen round trips a tick.
    job('storm-feeds', 5, 12),
    // Longer than a lease (ticks that outlive it are renewed by their node, never judged orphaned).
    job('storm-slow', 5, 2, 3_000),
  ];
  const names = jobs.map((each) => each.name);
  const node = await startJobQueue(serving.db, {
    jobs,
    clock: movingClock(Date.parse('2026-03-01T12:00:00.000Z')),
    pollingIntervalSeconds: 0.5,
    leaseSeconds: 2,
  });
  let storming = true;
  const storm: Promise<void>[] = [];
  const waiting: number[] = [];
  try {
    // Each job ticked once before the storm (the queues exist and the chains run).
    await until(async () => {
      const { rows } = await serving.pool.query<{ count: number }>(
        `select count(distinct name)::int as count from ${JOBS_SCHEMA}.job where name = any($1) and state = 'completed'`,
        [names],
      );
      return rows[0]!.count === names.length;
    });
    const from = await databaseNow();
    for (let request = 0; request < 60; request++)
      storm.push(
        (async () => {
          while (storming)
            await serving.db.transaction(async (tx) => {
              await tx.execute(sql`select pg_sleep(0.4)`);
            });
        })(),
      );
    for (let second = 0; second < 15; second++) {
      await sleep(1_000);
      waiting.push(serving.pool.waitingCount);
    }
    const to = await databaseNow();
    storming = false;
    await Promise.all(storm);

    // The pool was saturated all along: requests were queued for a connection at every sample.
    expect(Math.min(...waiting)).toBeGreaterThan(10);
    const rows = await records(names, from, to);
    const gaps = Object.fromEntries(names.map((name) => [name, longestGap(rows, name, from, to)]));
    const metrics = await metricsText();
    const orphaned = names.map((name) =>
      Number(
        metrics.match(new RegExp(`job_runs_total\\{job="${name}",outcome="orphaned"\\} (\\d+)`))?.[1] ?? 0,
      ),
    );
    console.log(
      `pool storm (60 requests holding 10 connections 0.4 s each, 15 s): longest gap between ticks ${names
        .map((name) => `${name} ${gaps[name]!.toFixed(1)} s`)
        .join(
          ', ',
        )}; ticks failed ${rows.filter((row) => row.state === 'failed').length}, judged orphaned ${orphaned.reduce((a, b) => a + b)}`,
    );
    expect(rows.filter((row) => row.state === 'failed')).toEqual([]);
    for (const each of jobs) expect(gaps[each.name]).toBeLessThanOrEqual(2 * each.everySeconds);
    expect(orphaned).toEqual(names.map(() => 0));
  } finally {
    storming = false;
    await Promise.all(storm);
    await node.stop();
  }
});
