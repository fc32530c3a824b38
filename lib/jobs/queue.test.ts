// Two nodes with the `jobs` role on one database (two pg-boss instances, each on its own pool, as two
// portal processes would be): every tick of every job runs exactly once in the cluster, never two ticks
// of one job at the same time, and a tick's output reaches the next one wherever it runs.
import { createDb, type Db } from '@/lib/db';
import { metricsText } from '@/lib/ops/metrics';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import {
  type ClusterJob,
  JOBS_SCHEMA,
  jobsConnectionString,
  NODE_LOCKS,
  slotOf,
  startJobQueue,
  tickId,
} from './queue';

jest.setTimeout(120_000);

type Run = { job: string; node: string; slot: number; now: number };

let database: TestDb;
let second: ReturnType<typeof createDb>;

beforeAll(async () => {
  database = await createTestDb();
  second = createDb(database.url, 5);
});

afterAll(async () => {
  await second.pool.end();
  await database.close();
});

/** Polls until `check` holds (a busy 2-core machine: generous). */
async function until(check: () => boolean | Promise<boolean>, ms = 60_000) {
  for (let waited = 0; !(await check()); waited += 100) {
    if (waited > ms) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

const BASE = Date.parse('2026-03-01T12:00:00.250Z');

test("the queue's connections are named for the pool's, followed by -jobs", () => {
  expect(jobsConnectionString('postgres://u@127.0.0.1:5432/db?application_name=portal-primary')).toBe(
    'postgres://u@127.0.0.1:5432/db?application_name=portal-primary-jobs',
  );
  expect(jobsConnectionString('postgres://u@127.0.0.1:5432/db?sslmode=disable')).toBe(
    'postgres://u@127.0.0.1:5432/db?sslmode=disable&application_name=portal-jobs',
  );
});

test('each tick of each job runs once across two nodes', async () => {
  let now = BASE;
  const clock = () => new Date(now);
  const runs: Run[] = [];
  const outputs: unknown[] = [];
  const active = new Map<string, number>();
  let overlaps = 0;
  // A step of the test's work on a database, so two nodes that overlapped would show it.
  const jobsOf = (node: string): ClusterJob[] =>
    [
      { name: 'test-every-second', everySeconds: 1 },
      { name: 'test-every-two', everySeconds: 2 },
    ].map((job) => ({
      ...job,
      run: async (db: Db, at: Date, tick) => {
        active.set(job.name, (active.get(job.name) ?? 0) + 1);
        if (active.get(job.name)! > 1) overlaps++;
        outputs.push((await tick.previous())?.output ?? null);
        await db.execute('select pg_sleep(0.05)');
        runs.push({ job: job.name, node, slot: tick.slot, now: at.getTime() });
        active.set(job.name, active.get(job.name)! - 1);
        return { ranOn: node, slot: tick.slot };
      },
    }));
  const nodes = await Promise.all([
    startJobQueue(database.db, { jobs: jobsOf('a'), clock, pollingIntervalSeconds: 0.5 }),
    startJobQueue(second.db, { jobs: jobsOf('b'), clock, pollingIntervalSeconds: 0.5 }),
  ]);
  const first = slotOf({ everySeconds: 1 }, clock());
  const firstOfTwo = slotOf({ everySeconds: 2 }, clock());
  const ran = (job: string, slot: number) => runs.some((run) => run.job === job && run.slot === slot);
  try {
    // Eight seconds of the injected clock; at each both nodes ask for the current ticks (as the
    // minutely schedule and a start-up do), beside the chain each run extends.
    for (let second = 0; second < 8; second++) {
      now = BASE + second * 1000;
      await Promise.all(nodes.map((node) => node.kick()));
      await Promise.all(nodes.map((node) => node.kick()));
      await until(() => ran('test-every-second', first + second));
      await until(() => ran('test-every-two', slotOf({ everySeconds: 2 }, clock())));
    }
  } finally {
    await Promise.all(nodes.map((node) => node.stop()));
  }

  expect(overlaps).toBe(0);
  for (const job of ['test-every-second', 'test-every-two']) {
    const slots = runs.filter((run) => run.job === job).map((run) => run.slot);
    // Each slot once, in order, none missing from the first to the last.
    expect(new Set(slots).size).toBe(slots.length);
    expect(slots).toEqual([...slots].sort((a, b) => a - b));
    expect(slots).toEqual(slots.map((_, index) => slots[0]! + index));
  }
  expect(
    runs
      .filter((run) => run.job === 'test-every-second')
      .map((run) => run.slot)
      .slice(0, 8),
  ).toEqual(Array.from({ length: 8 }, (_, index) => first + index));
  expect(
    runs
      .filter((run) => run.job === 'test-every-two')
      .map((run) => run.slot)
      .slice(0, 4),
  ).toEqual(Array.from({ length: 4 }, (_, index) => firstOfTwo + index));
  // Handlers got the injected clock, never the wall clock.
  for (const run of runs) expect(run.now).toBeGreaterThanOrEqual(BASE);
  for (const run of runs) expect(run.now).toBeLessThan(BASE + 8000);

  // pg-boss's own record agrees: one completed job per tick, under the tick's id.
  const { rows } = await second.pool.query<{ name: string; id: string; slot: string }>(
    `select name, id, data->>'slot' as slot from ${JOBS_SCHEMA}.job
     where name like 'test-%' and state = 'completed'`,
  );
  expect(rows).toHaveLength(runs.length);
  for (const row of rows) expect(row.id).toBe(tickId(row.name, Number(row.slot)));

  // Each run after the first read the previous tick's output, whichever node had run it.
  expect(outputs.filter((output) => output !== null).length).toBeGreaterThanOrEqual(runs.length - 2);

  // The metrics count every run by job and outcome (both nodes are in this process, one registry).
  const metrics = await metricsText();
  for (const job of ['test-every-second', 'test-every-two'])
    expect(metrics).toContain(
      `job_runs_total{job="${job}",outcome="ok"} ${runs.filter((run) => run.job === job).length}\n`,
    );
});

test('a run asks for the next tick, due when its slot begins on the injected clock', async () => {
  const now = Date.parse('2026-03-01T12:00:00.000Z');
  const clock = () => new Date(now);
  const job: ClusterJob = { name: 'test-hourly', everySeconds: 3600, run: async () => 'done' };
  const node = await startJobQueue(database.db, { jobs: [job], clock, pollingIntervalSeconds: 0.5 });
  const slot = slotOf(job, clock());
  const state = async (id: string) => {
    const { rows } = await second.pool.query<{ state: string; wait: number }>(
      `select state, extract(epoch from start_after - now())::float8 as wait from ${JOBS_SCHEMA}.job
       where name = $1 and id = $2`,
      [job.name, id],
    );
    return rows[0];
  };
  try {
    await until(async () => (await state(tickId(job.name, slot)))?.state === 'completed');
    const next = await state(tickId(job.name, slot + 1));
    expect(next?.state).toBe('created');
    // The next hour begins an hour after this fixed instant (a few seconds of the run aside).
    expect(next!.wait).toBeGreaterThan(3500);
    expect(next!.wait).toBeLessThanOrEqual(3600);
  } finally {
    await node.stop();
  }
});

test('a tick longer than its lease is renewed by its node and never judged orphaned', async () => {
  const now = Date.parse('2026-03-02T12:00:00.000Z');
  const clock = () => new Date(now);
  let release = () => {};
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  let runs = 0;
  const job = (node: string): ClusterJob => ({
    name: 'test-slow',
    everySeconds: 3600,
    run: async (db) => {
      runs++;
      await db.execute('select 1');
      await released;
      return { ranOn: node };
    },
  });
  // A lease of one second: the tick below runs for several.
  const nodes = await Promise.all([
    startJobQueue(database.db, { jobs: [job('a')], clock, pollingIntervalSeconds: 0.5, leaseSeconds: 1 }),
    startJobQueue(second.db, { jobs: [job('b')], clock, pollingIntervalSeconds: 0.5, leaseSeconds: 1 }),
  ]);
  const lease = async () =>
    (
      await second.pool.query<{ expires: number }>(
        `select extract(epoch from expires_at)::float8 as expires from job_leases where name = 'test-slow'`,
      )
    ).rows[0]?.expires;
  try {
    await until(() => runs === 1);
    const first = await lease();
    let orphaned = 0;
    // Three leases long, both nodes look for orphans four times a second.
    for (let look = 0; look < 12; look++) {
      for (const node of nodes) orphaned += await node.reapOrphans();
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(orphaned).toBe(0);
    expect(await lease()).toBeGreaterThan(first!);
    release();
    const { rows } = await second.pool.query<{ state: string }>(
      `select state::text from ${JOBS_SCHEMA}.job where name = 'test-slow' and id = $1`,
      [tickId('test-slow', slotOf({ everySeconds: 3600 }, clock()))],
    );
    expect(['active', 'completed']).toContain(rows[0]?.state);
    await until(async () => (await lease()) === undefined);
  } finally {
    release();
    await Promise.all(nodes.map((node) => node.stop()));
  }
  expect(runs).toBe(1);
  const { rows } = await second.pool.query<{ state: string }>(
    `select state::text from ${JOBS_SCHEMA}.job where name = 'test-slow' and state <> 'created'`,
  );
  expect(rows.map((row) => row.state)).toEqual(['completed']);
  expect(await metricsText()).not.toContain('job_runs_total{job="test-slow",outcome="orphaned"}');
});

test('a refused claim leaves the tick queued and the chain whole', async () => {
  const now = Date.parse('2026-03-03T12:00:00.000Z');
  const clock = () => new Date(now);
  const slot = slotOf({ everySeconds: 3600 }, clock());
  let runs = 0;
  const job: ClusterJob = {
    name: 'test-refused',
    everySeconds: 3600,
    run: async () => {
      runs++;
    },
  };
  // A live lease of another tick of the job, held by a node that lives (this test's session lock):
  // as if that node still ran an older tick that pg-boss let go of.
  const other = await second.pool.connect();
  await other.query('select pg_advisory_lock($1, 42)', [NODE_LOCKS]);
  await other.query(
    `insert into job_leases (tick_id, name, node, expires_at) values ($1, 'test-refused', 42, now() + interval '1 minute')`,
    [tickId('test-refused', slot - 1)],
  );
  const node = await startJobQueue(database.db, { jobs: [job], clock, pollingIntervalSeconds: 0.5 });
  const state = async () =>
    (
      await second.pool.query<{ state: string }>(`select state::text from ${JOBS_SCHEMA}.job where id = $1`, [
        tickId('test-refused', slot),
      ])
    ).rows[0]?.state;
  try {
    // Claims are refused a few times over: the tick stays queued, neither failed nor run.
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    expect(runs).toBe(0);
    expect(await state()).toBe('created');
    // The older tick ends: this one runs, and asks for the next.
    await other.query(`delete from job_leases where name = 'test-refused'`);
    await until(async () => (await state()) === 'completed');
    expect(runs).toBe(1);
    const { rows } = await second.pool.query(`select 1 from ${JOBS_SCHEMA}.job where id = $1`, [
      tickId('test-refused', slot + 1),
    ]);
    expect(rows).toHaveLength(1);
  } finally {
    await other.query('select pg_advisory_unlock_all()');
    other.release();
    await node.stop();
  }
});
