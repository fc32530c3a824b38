// The cluster-wide job queue (pg-boss on the portal's own Postgres): every process with the `jobs` role
// works it, and each tick of each job runs once in the whole cluster, wherever it lands.
//
// A tick is a slot of the job's period on the injected clock (slot = floor(now / period)). Its pg-boss
// job id is derived from the job's name and the slot, and pg-boss inserts with ON CONFLICT DO NOTHING,
// so any number of nodes may ask for the same tick and one job exists. The transaction that claims a tick
// also enqueues the next slot (due when it begins): a chain, not a timer in every process. A claim that
// fails rolls back whole, so the tick stays queued and the chain stays whole. A pg-boss cron schedule
// (itself sent once per minute cluster-wide) re-asks for the current slot of every job, which mends a
// chain all the same. The queues' `singleton` policy keeps two ticks of one job from running at once.
//
// Leases: a node claims a tick (pg-boss's fetch) and takes its lease (`job_leases`, lib/jobs/schema.ts) in
// one transaction, renews the lease every third of LEASE_SECONDS while the tick runs, and completes the
// tick and gives the lease back in one transaction: an active tick always has a lease. A tick is orphaned
// when its lease ran out (a node that stopped renewing) or its holder is gone: each node holds a session
// advisory lock of its own while it lives, on a connection that dies with it, so a node killed with
// SIGKILL frees its ticks at once. Every node looks for orphaned ticks every REAP_INTERVAL_MS, fails them
// (freeing the singleton) and runs them again; ticks are idempotent.
//
// The queue's own connections: a small pool for pg-boss, claims, renewals and the reaper (one of them
// holds the node's lock) and a pool for the ticks' work, beside the node's pool: a storm that saturates
// the node's pool (a derby's gift sends) never makes a claim, a renewal or a tick wait behind it.
// A job that completes no tick for three periods is reported by `stalledJobs` (readiness) and logged once.
import { createHash, randomInt } from 'node:crypto';
import { Pool, type PoolClient, type PoolConfig } from 'pg';
import PgBoss from 'pg-boss';
import { createDb, type Db } from '@/lib/db';
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
type Sql = { executeSql: (text: string, values?: unknown[]) => Promise<{ rows: unknown[] }> };
/** The advisory lock the nodes take in turn to create the queues. */
const SETUP_LOCK = 7_140_001;
/** The class of the session lock each node holds while it lives (the other key is the node's, random). */
export const NODE_LOCKS = 7_140_003;
/**
 * How long a lease lasts unless renewed (its holder renews it every third of that while the tick runs).
 * An active tick with no lease at all (claimed by a node of an earlier version) has this long from its start.
 */
export const LEASE_SECONDS = 30;
/** How often each node looks for orphaned ticks. */
const REAP_INTERVAL_MS = 2_000;
/** The queue's control connections: one holds the node's lock, the others claim, renew, complete and reap. */
const CONTROL_CONNECTIONS = 4;
/** Connections the ticks' work runs on, beside the node's pool (DATABASE_POOL_SIZE). */
export const JOBS_POOL_SIZE = 4;
/**
 * The queue's connection string: the pool's, its `application_name` followed by `-jobs`, so the server
 * tells the queue's connections (at most CONTROL_CONNECTIONS + JOBS_POOL_SIZE) from the pool's.
 */
export function jobsConnectionString(url: string) {
  const parsed = new URL(url);
  parsed.searchParams.set(
    'application_name',
    `${parsed.searchParams.get('application_name') ?? 'portal'}-jobs`,
  );
  return parsed.toString();
}
/** A job that has completed no tick for this many periods is stalled. */
export const STALLED_AFTER_PERIODS = 3;

/** The pg-boss id of one tick: a UUID made from the job's name and its slot. */
export function tickId(name: string, slot: number) {
  const hex = createHash('sha256').update(`${name}:${slot}`).digest('hex');
  // Version 8 (custom) and the RFC 4122 variant, so Postgres and readers take it as a UUID.
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${((Number.parseInt(hex[16]!, 16) & 3) | 8).toString(16)}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** Under pg-boss's longest expiration (it refuses 24 hours or more). */
const MAX_EXPIRE_SECONDS = 23 * 3600;

export const slotOf = (job: Pick<ClusterJob, 'everySeconds'>, now: Date) =>
  Math.floor(now.getTime() / (job.everySeconds * 1000));

export type JobQueueOptions = {
  jobs: ClusterJob[];
  clock: Clock;
  /** How often an idle job looks for a due tick (seconds): how soon a due tick is picked up. */
  pollingIntervalSeconds?: number;
  /** Whether this node runs the pg-boss cron schedules (the mending kick). */
  schedule?: boolean;
  /** How long a lease lasts unless renewed (LEASE_SECONDS; tests shorten it). */
  leaseSeconds?: number;
};

const sqlOn = (client: PoolClient): Sql => ({ executeSql: (text, values) => client.query(text, values) });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms).unref());

/**
 * Starts this node's share of the cluster's jobs on the database of `db`, on connections of the queue's
 * own (CONTROL_CONNECTIONS + JOBS_POOL_SIZE, opened with `db`'s pool's settings): creates the queues and
 * the schedule (idempotent, safe when nodes start together), asks for every job's current tick and works
 * the queues. `stop` lets running ticks finish, then stops polling and closes those connections.
 */
export async function startJobQueue(db: Db, options: JobQueueOptions) {
  const { jobs, clock } = options;
  const leaseSeconds = options.leaseSeconds ?? LEASE_SECONDS;
  const pollMs = (options.pollingIntervalSeconds ?? 1) * 1000;
  // drizzle's node-postgres handle keeps its pool as `$client`, whose settings the queue's pools copy.
  const settings = (db as Db & { $client: Pool & { options: PoolConfig } }).$client.options;
  if (!settings.connectionString) throw new Error('the job queue needs a pool made from a connection string');
  const connectionString = jobsConnectionString(settings.connectionString);
  const control = new Pool({ connectionString, max: CONTROL_CONNECTIONS });
  control.on('error', (error: Error & { code?: string }) =>
    log.warn({ code: error.code, message: error.message }, 'job queue: an idle connection was closed'),
  );
  const work = createDb(connectionString, JOBS_POOL_SIZE);
  const boss = new PgBoss({
    db: { executeSql: (text, values) => control.query(text, values) },
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
  const ask = async (job: ClusterJob, slot: number, now: Date, db?: Sql) => {
    const startAfter = Math.max(0, slot * job.everySeconds * 1000 - now.getTime()) / 1000;
    await boss.send(job.name, { slot } satisfies TickData, {
      id: tickId(job.name, slot),
      startAfter,
      ...(db && { db }),
    });
  };
  const kick = async () => {
    const now = clock();
    for (const job of jobs) await ask(job, slotOf(job, now), now);
  };

  // Nodes that start together create the queues one after the other (concurrent creations of
  // pg-boss's partitions deadlock); creating an existing queue or schedule changes nothing.
  const setup = await control.connect();
  try {
    await setup.query('select pg_advisory_lock($1)', [SETUP_LOCK]);
    for (const job of jobs) {
      // A tick that outlives its period by far has hung: it expires (and is not retried). pg-boss refuses
      // an expiration of 24 hours or more (a daily job's tick expires after 23).
      await boss.createQueue(job.name, {
        name: job.name,
        policy: 'singleton',
        retryLimit: 0,
        expireInSeconds: Math.min(MAX_EXPIRE_SECONDS, Math.max(15 * 60, job.everySeconds * 2)),
      });
    }
    await boss.createQueue(KICK_QUEUE, { name: KICK_QUEUE, policy: 'singleton', retryLimit: 0 });
    await boss.schedule(KICK_QUEUE, '* * * * *');
  } finally {
    await setup.query('select pg_advisory_unlock($1)', [SETUP_LOCK]).catch(() => {});
    setup.release();
  }

  // This node's lock, held while it lives on a connection that closes when the process dies (however it
  // dies): the leases it holds name it. Lost with its connection, it is taken again on a new one.
  const node = randomInt(-(2 ** 31), 2 ** 31);
  let stopping = false;
  let holder: PoolClient | undefined;
  const holdNodeLock = async (): Promise<void> => {
    while (!stopping) {
      let client: PoolClient | undefined;
      try {
        client = await control.connect();
        const taken = client;
        taken.on('error', (error) => {
          log.warn({ err: error }, 'job queue: the node lock connection was lost, taking the lock again');
          if (holder !== taken) return;
          holder = undefined;
          taken.release(error);
          void holdNodeLock();
        });
        await taken.query('select pg_advisory_lock($1, $2)', [NODE_LOCKS, node]);
        holder = taken;
        return;
      } catch (error) {
        client?.release(error as Error);
        log.error({ err: error }, 'job queue: could not take the node lock');
        await pause(1_000);
      }
    }
  };
  await holdNodeLock();

  /** A transaction on a control connection; `run` returning false rolls it back. */
  const inTransaction = async <T>(run: (client: PoolClient) => Promise<T | false>) => {
    const client = await control.connect();
    let broken: Error | undefined;
    try {
      await client.query('begin');
      const result = await run(client);
      await client.query(result === false ? 'rollback' : 'commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch((lost: Error) => {
        broken = lost;
      });
      throw error;
    } finally {
      client.release(broken);
    }
  };

  const names = jobs.map((job) => job.name);
  const reapOrphans = async () => {
    const orphans = await inTransaction(async (client) => {
      // Row locks first (as a finishing node takes them), so two reapers never fail one tick twice.
      const { rows } = await client.query<{ id: string; name: string }>(
        `select j.id, j.name from ${JOBS_SCHEMA}.job j left join job_leases l on l.tick_id = j.id
         where j.name = any($1) and j.state = 'active' and case
           when l.tick_id is null then j.started_on < now() - make_interval(secs => $2)
           when l.expires_at < now() then true
           else pg_try_advisory_xact_lock($3, l.node) end
         for update of j skip locked`,
        [names, leaseSeconds, NODE_LOCKS],
      );
      for (const orphan of rows) {
        // Failed (which frees the queue), then run again at once: its work was cut short.
        await boss.fail(
          orphan.name,
          orphan.id,
          { reason: 'its node stopped during the tick' },
          { db: sqlOn(client) },
        );
        await boss.retry(orphan.name, orphan.id, { db: sqlOn(client) });
        await client.query('delete from job_leases where tick_id = $1', [orphan.id]);
      }
      // Leases left behind (a finish that never reached the database) once they ran out.
      await client.query(
        `delete from job_leases l where l.name = any($1) and l.expires_at < now() and not exists
           (select 1 from ${JOBS_SCHEMA}.job j where j.name = l.name and j.id = l.tick_id and j.state = 'active')`,
        [names],
      );
      return rows;
    });
    for (const orphan of orphans || []) {
      metrics.jobRuns.inc({ job: orphan.name, outcome: 'orphaned' });
      log.warn({ job: orphan.name, id: orphan.id }, 'job tick orphaned by a stopped node: running it again');
    }
    return (orphans || []).length;
  };
  await reapOrphans();

  /**
   * Fetches the job's due tick, asks for the next one and takes the tick's lease, in one transaction.
   * Nothing due, another active tick of the job, or a live lease of another of its ticks (still running
   * on a node although pg-boss let it go, e.g. past its expiry): rolled back, the tick stays queued.
   */
  const claim = (job: ClusterJob) =>
    inTransaction(async (client) => {
      const [tick] = await boss.fetch<TickData>(job.name, { batchSize: 1, db: sqlOn(client) });
      if (!tick) return false;
      const now = clock();
      await ask(job, Math.max(slotOf(job, now), tick.data.slot) + 1, now, sqlOn(client));
      const { rowCount } = await client.query(
        `insert into job_leases (tick_id, name, node, expires_at)
         select $1, $2, $3, now() + make_interval(secs => $4)
         where not exists (select 1 from job_leases where name = $2 and tick_id <> $1 and expires_at > now())
         on conflict (tick_id) do update set node = excluded.node, expires_at = excluded.expires_at`,
        [tick.id, job.name, node, leaseSeconds],
      );
      if (!rowCount) {
        log.warn({ job: job.name }, 'job queue: a tick of this job still runs elsewhere, this one waits');
        return false;
      }
      return { tick, now };
    });

  /** Completes (or fails) the tick and gives its lease back, in one transaction; retried on a lost connection. */
  const finish = async (
    job: ClusterJob,
    tick: PgBoss.Job<TickData>,
    outcome: { output: unknown } | { error: unknown },
  ) => {
    for (let attempt = 1; ; attempt++) {
      try {
        return await inTransaction(async (client) => {
          await client.query(`select 1 from ${JOBS_SCHEMA}.job where name = $1 and id = $2 for update`, [
            job.name,
            tick.id,
          ]);
          const { rowCount } = await client.query('delete from job_leases where tick_id = $1 and node = $2', [
            tick.id,
            node,
          ]);
          if (!rowCount) {
            log.error(
              { job: job.name, id: tick.id },
              'job queue: the tick was taken from this node before it finished',
            );
            return true;
          }
          const db = sqlOn(client);
          if ('error' in outcome) await boss.fail(job.name, tick.id, outcome.error as object, { db });
          else await boss.complete(job.name, tick.id, outcome.output as object, { db });
          return true;
        });
      } catch (error) {
        if (attempt === 3) throw error;
        await pause(1_000);
      }
    }
  };

  const runClaimed = async (job: ClusterJob, tick: PgBoss.Job<TickData>, now: Date) => {
    const previous = async () => {
      const { rows } = await work.pool.query<{ slot: number; output: unknown }>(
        `select (data->>'slot')::bigint::float8 as slot, output from ${JOBS_SCHEMA}.job
         where name = $1 and state = 'completed' and id <> $2 order by completed_on desc limit 1`,
        [job.name, tick.id],
      );
      return rows[0] ?? null;
    };
    // The holder renews the lease while the tick runs: however long it takes, no node judges it orphaned.
    let renewing: Promise<void> | undefined;
    const renewal = setInterval(
      () => {
        renewing ??= control
          .query(
            'update job_leases set expires_at = now() + make_interval(secs => $3) where tick_id = $1 and node = $2',
            [tick.id, node, leaseSeconds],
          )
          .then(
            (result) => {
              if (!result.rowCount)
                log.error({ job: job.name }, 'job queue: the lease of a running tick was lost');
            },
            (error) => log.warn({ err: error, job: job.name }, 'job queue: could not renew a lease'),
          )
          .finally(() => {
            renewing = undefined;
          });
      },
      (leaseSeconds * 1000) / 3,
    );
    let outcome: { output: unknown } | { error: unknown };
    try {
      outcome = { output: await job.run(work.db, now, { slot: tick.data.slot, previous }) };
      metrics.jobRuns.inc({ job: job.name, outcome: 'ok' });
    } catch (error) {
      outcome = { error };
      metrics.jobRuns.inc({ job: job.name, outcome: 'failed' });
      log.error({ err: error, job: job.name }, 'background job failed');
    } finally {
      clearInterval(renewal);
      await renewing;
    }
    await finish(job, tick, outcome);
  };

  // One loop per job on this node: a tick at a time, the next looked for as soon as one is done.
  const wakeups = new Set<() => void>();
  const idle = () =>
    new Promise<void>((resolve) => {
      const wake = () => {
        clearTimeout(timer);
        wakeups.delete(wake);
        resolve();
      };
      const timer = setTimeout(wake, pollMs);
      wakeups.add(wake);
    });
  const loops = jobs.map(async (job) => {
    while (!stopping) {
      let ran = false;
      try {
        const claimed = await claim(job);
        if (claimed) {
          ran = true;
          await runClaimed(job, claimed.tick, claimed.now);
        }
      } catch (error) {
        log.error({ err: error, job: job.name }, 'job queue: could not claim or finish a tick');
      }
      if (!ran && !stopping) await idle();
    }
  });
  await boss.work(KICK_QUEUE, { pollingIntervalSeconds: Math.max(0.5, pollMs / 1000), batchSize: 1 }, kick);
  await kick();

  const reaper = setInterval(() => {
    reapOrphans().catch((error) => log.error({ err: error }, 'job reaper failed'));
  }, REAP_INTERVAL_MS);
  reaper.unref();

  return {
    boss,
    /** Asks for every job's current tick (what the minutely schedule does). */
    kick,
    /** Fails the active ticks whose lease ran out or whose node is gone (each node does it every REAP_INTERVAL_MS). */
    reapOrphans,
    stop: async () => {
      stopping = true;
      clearInterval(reaper);
      for (const wake of wakeups) wake();
      // Running ticks finish (a graceful shutdown waits up to 30 s for them).
      await Promise.race([Promise.all(loops), pause(30_000)]);
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 30_000 });
      holder?.release();
      holder = undefined;
      await control.end();
      await work.pool.end();
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
