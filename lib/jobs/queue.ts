// The cluster-wide job queue (pg-boss on the portal's own Postgres): every process with the `jobs` role
// works it, and each tick of each job runs once in the whole cluster, wherever it lands.
//
// A tick is a slot of the job's period on the injected clock (slot = floor(now / period)). Its pg-boss
// job id is derived from the job's name and the slot, and pg-boss inserts with ON CONFLICT DO NOTHING,
// so any number of nodes may ask for the same tick and one job exists. Each run first enqueues the
// next slot (due when it begins), then does its work: a chain, not a timer in every process.
// A pg-boss cron schedule (itself sent once per minute cluster-wide) re-asks for the current slot of
// every job, which mends a chain broken by a crash between runs. The queues' `singleton` policy keeps
// two ticks of one job from ever running at the same time.
//
// A process killed mid-tick leaves its tick `active`, which would hold its singleton queue until the
// tick expires. So a node holds a session lock for each tick it runs, on a connection of its own that
// dies with it; every node looks for active ticks whose lock nobody holds and fails them (the tick's
// owner is gone) and runs them again, which frees the queue at once. A job that completes no tick for three periods is
// reported by `stalledJobs` (readiness) and logged once.
import { createHash } from 'node:crypto';
import type { Pool, PoolClient } from 'pg';
import PgBoss from 'pg-boss';
import type { Db } from '@/lib/db';
import { log } from '@/lib/log';
import { metrics } from '@/lib/ops/metrics';

export type Clock = () => Date;

/** The tick being run, and the last one done before it (on whichever node). */
export type Tick = {
  slot: number;
  /** The latest completed tick of the same job and what its run returned (pg-boss keeps it). */
  previous: () => Promise<{ slot: number; output: unknown } | null>;
};

export type ClusterJob = {
  name: string;
  /** The period of its ticks, in seconds (a whole number). */
  everySeconds: number;
  /**
   * One tick's work; `now` is the injected clock's reading when the tick runs. What it returns is
   * kept as the tick's output (JSON), for the next tick to read wherever it runs.
   */
  run: (db: Db, now: Date, tick: Tick) => Promise<unknown>;
};

/** The cron job that re-asks for every job's current tick. */
export const KICK_QUEUE = 'jobs-kick';
/** pg-boss's tables live in their own schema, beside the portal's. */
export const JOBS_SCHEMA = 'pgboss';

type TickData = { slot: number };
/** The advisory lock the nodes take in turn to create the queues. */
const SETUP_LOCK = 7_140_001;
/** The class of the session locks a node holds on a tick it runs (the other key is the job's). */
const TICK_LOCKS = 7_140_002;
/**
 * How old an active tick must be before a node may judge it orphaned: pg-boss marks a tick active just
 * before the handler takes its lock, and a tick younger than this may be between the two.
 */
export const ORPHAN_GRACE_SECONDS = 2;
/** How often each node looks for orphaned ticks. */
const REAP_INTERVAL_MS = 2_000;
/** A job that has completed no tick for this many periods is stalled. */
export const STALLED_AFTER_PERIODS = 3;

const jobKey = (name: string) => createHash('sha256').update(name).digest().readInt32BE(0);

/** The pg-boss id of one tick: a UUID made from the job's name and its slot. */
export function tickId(name: string, slot: number) {
  const hex = createHash('sha256').update(`${name}:${slot}`).digest('hex');
  // Version 8 (custom) and the RFC 4122 variant, so Postgres and readers take it as a UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export const slotOf = (job: Pick<ClusterJob, 'everySeconds'>, now: Date) =>
  Math.floor(now.getTime() / (job.everySeconds * 1000));

export type JobQueueOptions = {
  jobs: ClusterJob[];
  clock: Clock;
  /** pg-boss's polling interval (seconds, at least 0.5): how soon a due tick is picked up. */
  pollingIntervalSeconds?: number;
  /** Whether this node runs the pg-boss cron schedules (the mending kick). */
  schedule?: boolean;
};

/**
 * Starts this node's share of the cluster's jobs on `db`'s own connection pool (DATABASE_POOL_SIZE):
 * creates the queues and the schedule (idempotent, safe when nodes start together), asks for every
 * job's current tick and works the queues. `stop` lets running ticks finish, then stops polling.
 */
export async function startJobQueue(db: Db, options: JobQueueOptions) {
  const { jobs, clock } = options;
  // drizzle's node-postgres handle keeps its pool as `$client`.
  const pool = (db as Db & { $client: Pool }).$client;
  const boss = new PgBoss({
    db: { executeSql: (text, values) => pool.query(text, values) },
    schema: JOBS_SCHEMA,
    schedule: options.schedule ?? true,
    // Done ticks stay a day (they are what refuses a second copy of the same tick), then a week in
    // the archive, where they can be counted.
    archiveCompletedAfterSeconds: 24 * 3600,
    deleteAfterDays: 7,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  await boss.start();

  // Due when the slot begins on the injected clock, counted from now (pg-boss waits in database time).
  const ask = async (job: ClusterJob, slot: number, now: Date) => {
    const startAfter = Math.max(0, slot * job.everySeconds * 1000 - now.getTime()) / 1000;
    await boss.send(job.name, { slot } satisfies TickData, { id: tickId(job.name, slot), startAfter });
  };
  const kick = async () => {
    const now = clock();
    for (const job of jobs) await ask(job, slotOf(job, now), now);
  };

  // Nodes that start together create the queues one after the other (concurrent creations of
  // pg-boss's partitions deadlock); creating an existing queue or schedule changes nothing.
  const lock = await pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [SETUP_LOCK]);
    for (const job of jobs) {
      // A tick that outlives its period by far has hung: it expires (and is not retried).
      await boss.createQueue(job.name, {
        name: job.name,
        policy: 'singleton',
        retryLimit: 0,
        expireInSeconds: Math.max(15 * 60, job.everySeconds * 2),
      });
    }
    await boss.createQueue(KICK_QUEUE, { name: KICK_QUEUE, policy: 'singleton', retryLimit: 0 });
    await boss.schedule(KICK_QUEUE, '* * * * *');
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [SETUP_LOCK]).catch(() => {});
    lock.release();
  }

  // The connection whose session locks say "this node is running that tick": it closes when the
  // process dies, however it dies, and the locks go with it. It is one of the pool's (kept checked out),
  // so a node never holds more than DATABASE_POOL_SIZE connections.
  let lease: PoolClient | undefined;
  let leaseTurn: Promise<unknown> = Promise.resolve();
  const leaseQuery = (text: string, values: unknown[]) => {
    // One query at a time on the one connection.
    const turn = leaseTurn.then(async () => {
      if (!lease) {
        const client = await pool.connect();
        client.on('error', (error) => {
          log.warn({ err: error }, 'job lease connection lost');
          if (lease === client) {
            lease = undefined;
            client.release(error);
          }
        });
        lease = client;
      }
      return lease.query<{ ok: boolean }>(text, values);
    });
    leaseTurn = turn.catch(() => {});
    return turn;
  };
  const runningHere = new Set<string>();
  const reapOrphans = async () => {
    const { rows } = await pool.query<{ id: string; name: string }>(
      `select id, name from ${JOBS_SCHEMA}.job where name = any($1) and state = 'active'
       and started_on < now() - make_interval(secs => $2)`,
      [jobs.map((job) => job.name), ORPHAN_GRACE_SECONDS],
    );
    for (const orphan of rows) {
      if (runningHere.has(orphan.name)) continue;
      const client = await pool.connect();
      try {
        await client.query('begin');
        const { rows: free } = await client.query<{ free: boolean }>(
          'select pg_try_advisory_xact_lock($1, $2) as free',
          [TICK_LOCKS, jobKey(orphan.name)],
        );
        if (free[0]?.free) {
          // Failed (which frees the queue), then run again at once: its work was cut short.
          await boss.fail(orphan.name, orphan.id, { reason: 'its node stopped during the tick' });
          await boss.retry(orphan.name, orphan.id);
          metrics.jobRuns.inc({ job: orphan.name, outcome: 'orphaned' });
          log.warn(
            { job: orphan.name, id: orphan.id },
            'job tick orphaned by a stopped node: running it again',
          );
        }
        await client.query('commit');
      } catch (error) {
        await client.query('rollback').catch(() => {});
        log.error({ err: error, job: orphan.name }, 'could not check an orphaned job tick');
      } finally {
        client.release();
      }
    }
    return rows.length;
  };
  await reapOrphans();

  const workOptions = { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 1, batchSize: 1 };
  for (const job of jobs) {
    const runTick = async (tick: PgBoss.Job<TickData>) => {
      // The next tick first: a process that dies during this one leaves the chain whole.
      const now = clock();
      await ask(job, Math.max(slotOf(job, now), tick.data.slot) + 1, now);
      const previous = async () => {
        const { rows } = await pool.query<{ slot: number; output: unknown }>(
          `select (data->>'slot')::bigint::float8 as slot, output from ${JOBS_SCHEMA}.job
           where name = $1 and state = 'completed' and id <> $2 order by completed_on desc limit 1`,
          [job.name, tick.id],
        );
        return rows[0] ?? null;
      };
      try {
        const output = await job.run(db, now, { slot: tick.data.slot, previous });
        metrics.jobRuns.inc({ job: job.name, outcome: 'ok' });
        return output;
      } catch (error) {
        metrics.jobRuns.inc({ job: job.name, outcome: 'failed' });
        log.error({ err: error, job: job.name }, 'background job failed');
        throw error;
      }
    };
    await boss.work<TickData>(job.name, workOptions, async ([tick]) => {
      // Claim the tick before anything: while this node lives, no other node judges it orphaned.
      // (The lease's session would take its own lock again, so this node's running ticks are counted here.)
      if (runningHere.has(job.name)) throw new Error(`a tick of ${job.name} is still running here`);
      const key = jobKey(job.name);
      const { rows: claimed } = await leaseQuery('select pg_try_advisory_lock($1, $2) as ok', [
        TICK_LOCKS,
        key,
      ]);
      if (!claimed[0]?.ok) throw new Error(`a tick of ${job.name} is still running on another node`);
      runningHere.add(job.name);
      try {
        return await runTick(tick!);
      } finally {
        runningHere.delete(job.name);
        await leaseQuery('select pg_advisory_unlock($1, $2)', [TICK_LOCKS, key]).catch(() => {});
      }
    });
  }
  await boss.work(KICK_QUEUE, workOptions, kick);
  await kick();

  const reaper = setInterval(() => {
    reapOrphans().catch((error) => log.error({ err: error }, 'job reaper failed'));
  }, REAP_INTERVAL_MS);
  reaper.unref();

  return {
    boss,
    /** Asks for every job's current tick (what the minutely schedule does). */
    kick,
    /** Fails the active ticks whose node is gone (each node does it every REAP_INTERVAL_MS). */
    reapOrphans,
    stop: async () => {
      clearInterval(reaper);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
      lease?.release();
      lease = undefined;
    },
  };
}

/**
 * The latest completed tick of the job `name` on any node: what its run returned and when it completed.
 * Null before the first, or when no node ever started the queue (no `pgboss` schema yet).
 */
export async function latestTick(pool: Pool, name: string) {
  const { rows } = await pool
    .query<{ output: unknown; completed_on: Date }>(
      `select output, completed_on from ${JOBS_SCHEMA}.job
       where name = $1 and state = 'completed' order by completed_on desc limit 1`,
      [name],
    )
    .catch((error: { code?: string }) => {
      // 42P01 undefined_table: the queue was never started against this database.
      if (error.code === '42P01') return { rows: [] };
      throw error;
    });
  return rows[0] ?? null;
}

const stalledLogged = new Set<string>();

/**
 * The jobs that have completed no tick for STALLED_AFTER_PERIODS of their periods, counted in the
 * database's time from their last completed tick (or, before the first, from their first tick asked
 * for). Each newly stalled job is logged once, and again only after it recovered.
 */
export async function stalledJobs(pool: Pool, jobs: Pick<ClusterJob, 'name' | 'everySeconds'>[]) {
  const { rows } = await pool.query<{ name: string; idle: number | null }>(
    `select j.name, extract(epoch from now() - coalesce(
        (select max(completed_on) from ${JOBS_SCHEMA}.job where name = j.name and state = 'completed'),
        (select min(created_on) from ${JOBS_SCHEMA}.job where name = j.name)))::float8 as idle
     from unnest($1::text[]) as j(name)`,
    [jobs.map((job) => job.name)],
  );
  const stalled: string[] = [];
  for (const job of jobs) {
    const idle = rows.find((row) => row.name === job.name)?.idle;
    if (idle != null && idle > STALLED_AFTER_PERIODS * job.everySeconds) {
      stalled.push(job.name);
      if (!stalledLogged.has(job.name))
        log.error({ job: job.name, idleSeconds: Math.round(idle) }, 'job stalled: no tick completed');
      stalledLogged.add(job.name);
    } else stalledLogged.delete(job.name);
  }
  return stalled;
}
