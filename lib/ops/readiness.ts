// Readiness (`/api/ready`): whether this node should get traffic now. The database answers, Redis answers
// when REDIS_URL is set, the media engine this node runs accepts connections (server.ts registers that
// check when it starts the embedded engine), and the node is not draining; it also reports the periodic
// jobs that stalled (lib/jobs/queue.ts), the latest ledger check's problems (./ledger-status.ts) and the
// scheduled backups' health (./backup-status.ts), without turning the node unready for any of them: they are an operator's matter, not a reason to stop sending this
// node requests. Liveness
// (`/api/health`) is separate and never waits on a dependency: a database blip must not get every node
// restarted. State lives on globalThis so server.ts and Next's separately bundled API routes share it.
import net from 'node:net';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { getRedis, pingRedis } from '@/lib/redis';
import { type BackupStatus, readBackupStatus } from './backup-status';
import { readLedgerStatus } from './ledger-status';

export type ComponentStatus = 'ok' | 'off' | 'failed';
/** The cluster's periodic jobs: `degraded` (with `stalledJobs` named) never makes a node unready. */
export type JobsStatus = 'ok' | 'off' | 'degraded' | 'failed';
/**
 * The latest ledger check (the `ledger-check` job): `degraded` when it found problems (`ledgerProblems`
 * counts them), `off` before the first check or where no reader is set, `failed` when it cannot be read.
 * Never makes a node unready.
 */
export type LedgerCheckStatus = 'ok' | 'off' | 'degraded' | 'failed';
export type Readiness = {
  ready: boolean;
  draining: boolean;
  components: {
    database: ComponentStatus;
    redis: ComponentStatus;
    media: ComponentStatus;
    jobs: JobsStatus;
    ledger: LedgerCheckStatus;
    /**
     * The scheduled backups (./backup-status.ts): `off` when none is scheduled (or no reader is set),
     * `failed` when the latest run failed or the health cannot be read, `overdue` when the last success is
     * older than two intervals. Never makes a node unready.
     */
    backup: BackupStatus;
  };
  stalledJobs: string[];
  ledgerProblems: number;
};

type State = { draining: boolean; media?: () => Promise<void>; stalledJobs?: () => Promise<string[]> };
const globalRef = globalThis as { __portalReadiness?: State };
globalRef.__portalReadiness ??= { draining: false };
const state = globalRef.__portalReadiness;

/** Each dependency gets this long to answer. */
export const CHECK_TIMEOUT_MS = 2_000;

/** From now on `/api/ready` answers 503 (server.ts, on SIGTERM): the balancer stops sending requests. */
export function markDraining(draining = true) {
  state.draining = draining;
}

/** The media engine this node runs (server.ts, after starting it); `undefined` when it runs none. */
export function setMediaCheck(check: (() => Promise<void>) | undefined) {
  state.media = check;
}

function withTimeout<T>(work: Promise<T>, what: string, timeoutMs = CHECK_TIMEOUT_MS) {
  let timer: NodeJS.Timeout | undefined;
  return Promise.race([
    work,
    new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what} did not answer in ${timeoutMs} ms`)), timeoutMs);
    }),
  ]).finally(() => clearTimeout(timer));
}

/** A TCP connection to host:port is accepted (then closed at once). */
export function portAccepts(host: string, port: number, timeoutMs = CHECK_TIMEOUT_MS) {
  return new Promise<void>((resolve, reject) => {
    const socket = net.connect({ host, port });
    const fail = (error: Error) => {
      socket.destroy();
      reject(error);
    };
    socket.setTimeout(timeoutMs, () => fail(new Error(`${host}:${port} did not accept in ${timeoutMs} ms`)));
    socket.once('error', fail);
    socket.once('connect', () => {
      socket.destroy();
      resolve();
    });
  });
}

const status = (work: Promise<unknown>): Promise<ComponentStatus> =>
  work.then(
    () => 'ok',
    () => 'failed',
  );

/** The jobs this node runs, as names of those that stalled (server.ts, when it runs the `jobs` role). */
export function setJobsCheck(check: (() => Promise<string[]>) | undefined) {
  state.stalledJobs = check;
}

/** Every component checked at once; `ready` when none failed and the node is not draining. */
export async function checkReadiness(db: Db): Promise<Readiness> {
  const redis = getRedis();
  const [database, redisStatus, media, stalled, ledgerCheck, backupHealth] = await Promise.all([
    status(withTimeout(db.execute(sql`select 1`), 'the database')),
    redis ? status(pingRedis(redis, CHECK_TIMEOUT_MS)) : ('off' as const),
    state.media ? status(withTimeout(state.media(), 'the media engine')) : ('off' as const),
    state.stalledJobs
      ? withTimeout(state.stalledJobs(), 'the job queue').catch(() => null)
      : Promise.resolve(undefined),
    withTimeout(readLedgerStatus(), 'the ledger check').catch(() => 'failed' as const),
    withTimeout(readBackupStatus(), 'the backups').catch(() => 'failed' as const),
  ]);
  const jobs: JobsStatus =
    stalled === undefined ? 'off' : stalled === null ? 'failed' : stalled.length ? 'degraded' : 'ok';
  const ledger: LedgerCheckStatus =
    ledgerCheck === 'failed' ? 'failed' : !ledgerCheck ? 'off' : ledgerCheck.problems > 0 ? 'degraded' : 'ok';
  const backup: BackupStatus =
    backupHealth === 'failed' ? 'failed' : backupHealth ? backupHealth.status : 'off';
  const components = { database, redis: redisStatus, media, jobs, ledger, backup };
  // A stalled job, a ledger problem or a backup that failed or is overdue is an operator's matter, not a
  // reason to stop sending this node requests.
  const failed = [database, redisStatus, media].includes('failed');
  return {
    ready: !failed && !state.draining,
    draining: state.draining,
    components,
    stalledJobs: stalled ?? [],
    ledgerProblems: typeof ledgerCheck === 'object' && ledgerCheck ? ledgerCheck.problems : 0,
  };
}
