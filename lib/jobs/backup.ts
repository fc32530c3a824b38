// Scheduled backups (issue #46): the `scheduled-backup` job looks every minute whether the operator's
// schedule (lib/system/backup-settings.ts) has one due, and takes it — the same archive as `npm run backup`
// (lib/ops/backup-archive.ts), written to the schedule's folder or bucket (lib/ops/backup-targets.ts), read
// back from there and verified as `npm run backup -- --verify` does (the files, then a restore into a
// temporary database beside the portal's with the ledger and the audit head), then the oldest beyond the
// keep count removed. An operator's "back up now" runs the same. Every run, good or not, is a row of
// `backup_runs`: the dashboard and readiness read the latest. One backup at a time in the whole cluster
// (an advisory lock, besides the queue's one tick at a time). All of it is asynchronous I/O in this
// process: the database work is on connections of its own, tar runs as a child process.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { desc, eq } from 'drizzle-orm';
import type { Pool } from 'pg';
import { DomainError } from '@/lib/api/errors';
import { getConfig } from '@/lib/config';
import type { Db } from '@/lib/db';
import { log } from '@/lib/log';
import { backupFileName, verifyBackupArchive, writeBackupArchive } from '@/lib/ops/backup-archive';
import type { BackupHealth } from '@/lib/ops/backup-status';
import { PORTAL_BACKUP_FACTS } from '@/lib/server/backup-facts';
import { type BackupSchedule, backupSchedule, backupScheduleView } from '@/lib/system/backup-settings';
import { backupRuns } from '@/lib/system/schema';
import { type BackupTarget, folderTarget, s3Target } from './backup-targets';
import type { ClusterJob } from './queue';

export const BACKUP_JOB = 'scheduled-backup';
/** How often the job looks whether a backup is due (the schedule's interval is in hours). */
export const BACKUP_CHECK_SECONDS = 60;
/** After a failed run the next try comes after this long (or the interval, when shorter). */
export const BACKUP_RETRY_MS = 60 * 60 * 1000;
/** A schedule whose last success is older than this many intervals is overdue. */
export const OVERDUE_INTERVALS = 2;
/** The advisory lock held while a backup runs, cluster-wide. */
const BACKUP_LOCK = 7_140_046;

export type BackupRun = typeof backupRuns.$inferSelect;

const poolOf = (db: Db) => (db as Db & { $client: Pool }).$client;

export function targetOf(schedule: BackupSchedule): BackupTarget {
  return schedule.target === 's3'
    ? s3Target({
        endpoint: schedule.s3Endpoint,
        bucket: schedule.s3Bucket,
        prefix: schedule.s3Prefix,
        region: schedule.s3Region,
        accessKeyId: schedule.s3AccessKeyId,
        secretAccessKey: schedule.s3Secret,
      })
    : folderTarget(schedule.folder);
}

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * Starts a backup to the schedule's target (whether the schedule is on or not): answers once it holds the
 * cluster's backup lock, with `done`, the run (recorded, failed or not) once it is written, verified at the
 * target and rotated. Refuses (BACKUP_RUNNING) while another runs anywhere, and (BACKUP_NOT_SET) before a
 * destination was ever saved.
 */
export async function startBackup(
  db: Db,
  options: { now: Date; trigger: BackupRun['trigger']; actorId?: number },
): Promise<{ done: Promise<BackupRun> }> {
  // Nowhere chosen yet: nothing to write to (the default folder is only a suggestion until saved).
  if (!(await backupScheduleView(db)).updatedAt) throw new DomainError('BACKUP_NOT_SET');
  const pool = poolOf(db);
  const lock = await pool.connect();
  try {
    const { rows } = await lock.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [
      BACKUP_LOCK,
    ]);
    if (!rows[0]?.ok) throw new DomainError('BACKUP_RUNNING', { status: 409 });
  } catch (error) {
    lock.release();
    throw error;
  }
  const done = backUp(db, pool, options).finally(async () => {
    await lock.query('select pg_advisory_unlock($1)', [BACKUP_LOCK]).catch(() => {});
    lock.release();
  });
  return { done };
}

/** Takes a backup now (`startBackup`) and answers its run. */
export async function runBackup(
  db: Db,
  options: { now: Date; trigger: BackupRun['trigger']; actorId?: number },
): Promise<BackupRun> {
  return (await startBackup(db, options)).done;
}

async function backUp(
  db: Db,
  pool: Pool,
  options: { now: Date; trigger: BackupRun['trigger']; actorId?: number },
) {
  const started = performance.now();
  const config = getConfig();
  const url = pool.options.connectionString!;
  const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'portal-scheduled-backup-'));
  let target: BackupTarget | undefined;
  let file: string | null = null;
  let bytes: number | null = null;
  let written = false;
  let verified = false;
  let removed = 0;
  let error: string | null = null;
  try {
    const schedule = await backupSchedule(db);
    target = targetOf(schedule);
    const archive = await writeBackupArchive(url, path.join(scratch, 'archive.tar.gz'), {
      uploadsDir: config.STORAGE_PROVIDER === 'local' ? path.join(config.DATA_DIR, 'uploads') : undefined,
      facts: PORTAL_BACKUP_FACTS,
    });
    file = backupFileName(archive.manifest.takenAt);
    bytes = (await fs.promises.stat(archive.file)).size;
    await target.put(archive.file, file);
    written = true;
    await fs.promises.rm(archive.file, { force: true });
    // What is at the target proves itself, not the local file it was made from.
    await target.withCopy(file, scratch, (copy) => verifyBackupArchive(copy, url, PORTAL_BACKUP_FACTS));
    verified = true;
    const held = (await target.list()).sort((a, b) => b.name.localeCompare(a.name));
    for (const old of held.slice(schedule.keep)) {
      await target.remove(old.name);
      removed++;
    }
  } catch (failure) {
    error = messageOf(failure);
    // A copy that did not prove itself is no backup: it must not count towards the ones kept.
    if (written && !verified && file) await target?.remove(file).catch(() => {});
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
  const [run] = await db
    .insert(backupRuns)
    .values({
      trigger: options.trigger,
      startedAt: options.now,
      target: target?.label ?? '',
      ok: error === null,
      file: written && (verified || error === null) ? file : null,
      bytes: written ? bytes : null,
      durationMs: Math.round(performance.now() - started),
      verified,
      error,
      removed,
      actorId: options.actorId ?? null,
    })
    .returning();
  if (error) log.error({ target: run!.target, error }, `backup failed: ${error}`);
  else
    log.info(
      { target: run!.target, file, bytes, ms: run!.durationMs, removed },
      'backup written and verified',
    );
  return run!;
}

/** The latest run, and the latest that succeeded. */
export async function lastBackups(db: Db) {
  const [[last], [lastSuccess]] = await Promise.all([
    db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(1),
    db
      .select()
      .from(backupRuns)
      .where(eq(backupRuns.ok, true))
      .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
      .limit(1),
  ]);
  return { last: last ?? null, lastSuccess: lastSuccess ?? null };
}

/** The most recent runs, newest first (the console's list). */
export const recentBackups = (db: Db, limit = 10) =>
  db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(limit);

/**
 * The schedule's health at `now`: `off` when no schedule is on; `failed` when the latest run failed;
 * `overdue` when the last success (or, before the first, the schedule's saving) is older than
 * OVERDUE_INTERVALS intervals; else `ok`.
 */
export async function backupHealth(db: Db, now: Date): Promise<BackupHealth> {
  const [schedule, { last, lastSuccess }] = await Promise.all([backupScheduleView(db), lastBackups(db)]);
  if (!schedule.enabled) return { status: 'off', lastSuccessAt: lastSuccess?.startedAt ?? null };
  const since = lastSuccess?.startedAt ?? schedule.updatedAt ?? now;
  const status =
    last && !last.ok
      ? 'failed'
      : now.getTime() - since.getTime() > OVERDUE_INTERVALS * schedule.intervalHours * 3600_000
        ? 'overdue'
        : 'ok';
  return { status, lastSuccessAt: lastSuccess?.startedAt ?? null };
}

/** What the console's dashboard says of the backups: the health, the latest run and the latest success. */
export async function backupSummary(db: Db, now: Date) {
  const [health, runs] = await Promise.all([backupHealth(db, now), lastBackups(db)]);
  return { status: health.status, ...runs };
}

/**
 * Takes the scheduled backup when one is due at `now` (an interval after the latest run of either kind, an
 * hour after a failure); answers what it did (the tick's output).
 */
export async function backupIfDue(db: Db, now: Date) {
  const schedule = await backupScheduleView(db);
  if (!schedule.enabled) return { due: false };
  // An operator's "back up now" counts: the next scheduled one comes an interval after it.
  const { last } = await lastBackups(db);
  const interval = schedule.intervalHours * 3600_000;
  const wait = !last ? 0 : last.ok ? interval : Math.min(interval, BACKUP_RETRY_MS);
  if (last && now.getTime() - last.startedAt.getTime() < wait) return { due: false };
  try {
    const run = await runBackup(db, { now, trigger: 'schedule' });
    return { due: true, id: run.id, ok: run.ok, file: run.file, error: run.error };
  } catch (error) {
    // Another backup (an operator's) is running: this one is taken at the next look.
    if (error instanceof DomainError && error.code === 'BACKUP_RUNNING') return { due: true, busy: true };
    throw error;
  }
}

export const backupJob: ClusterJob = {
  name: BACKUP_JOB,
  everySeconds: BACKUP_CHECK_SECONDS,
  run: (db, now) => backupIfDue(db, now),
};
