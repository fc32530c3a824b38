// Data that ages (issue #45 item 5): the daily `archive-aged` job moves rows of whole months older than the
// operator's retention (lib/system/retention-settings.ts; off by default) out of the database — room chat
// and danmaku (`chat_messages`), notices, private messages, audit entries — as cold files at the backup's destination
// (`cold/` beside the backups, ./backup-targets.ts), in the backup's format (lib/ops/cold-file.ts). Each
// (table, month) is written, read back from the target and proved (rows, checksum, the audit chain), and
// recorded in `cold_archives`; only then are its rows deleted, a few thousand per statement. A crash after
// the record resumes the deletion, never rewrites; one before it writes the same file again. Rows held
// (a line awaiting review, one with an open report) stay and go in a later part once released. The ledger
// is never archived; the audit log goes only up to a checkpoint of its month's last entry
// (lib/audit/archive.ts). Batched export-and-delete rather than monthly partitions: partitioning would put
// the month into every primary key (and into what refers to the rows) and take a table rewrite.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { and, asc, eq, max, sql } from 'drizzle-orm';
import type { Pool } from 'pg';
import {
  type AuditCut,
  archivedEntryOf,
  auditArchiveCut,
  deleteArchivedEntries,
  verifyArchivedEntries,
} from '@/lib/audit/archive';
import { type AuditSigner, auditSigner } from '@/lib/audit/checkpoints';
import type { Db } from '@/lib/db';
import { log } from '@/lib/log';
import {
  type ColdContents,
  type ColdManifest,
  type ColdSelection,
  coldFileName,
  readCopyRows,
  withProvenColdFile,
  writeColdFile,
} from '@/lib/ops/cold-file';
import { type BackupSchedule, backupSchedule } from '@/lib/system/backup-settings';
import { type RetentionKind, retentionView } from '@/lib/system/retention-settings';
import { COLD_TABLES, type ColdTable, coldArchives } from '@/lib/system/schema';
import { type BackupTarget, folderTarget, s3Target } from './backup-targets';
import type { ClusterJob } from './queue';

export const ARCHIVE_JOB = 'archive-aged';
/** Rows deleted per statement: each holds its locks for a moment only. */
export const DELETE_BATCH = 5000;
/** Months written per table and tick: a backlog (a retention just turned on) spreads over a few days. */
const MONTHS_PER_TICK = 6;

type Kind = { kind: RetentionKind; table: ColdTable; time: string; held?: string };

/** The tables that age by month besides the audit log, and which of their rows are held back. */
export const AGING_TABLES: Kind[] = [
  {
    kind: 'chat',
    table: 'chat_messages',
    time: 'created_at',
    // A line awaiting a moderator's review, or one an open report points at, is still needed.
    held:
      "review_status = 'pending' or exists (select 1 from reports r where r.target_type = 'chat' " +
      "and r.target_id = chat_messages.id and r.status = 'open')",
  },
  { kind: 'notices', table: 'notices', time: 'created_at' },
  {
    kind: 'private',
    table: 'im_messages',
    time: 'created_at',
    // Each conversation's newest message (its list shows it) and one an open report points at stay.
    held:
      'id in (select last_message_id from im_conversations where last_message_id is not null) or exists ' +
      "(select 1 from reports r where r.target_type = 'pm' and r.target_id = im_messages.id and r.status = 'open')",
  },
];

export type ColdArchive = typeof coldArchives.$inferSelect;

const poolOf = (db: Db) => (db as Db & { $client: Pool }).$client;

/** The first instant of the month `months` before `now`'s (UTC): rows before it are due. */
export const retentionCutoff = (now: Date, months: number) =>
  new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, 1));

const monthRange = (month: string) => {
  const [year, index] = month.split('-').map(Number) as [number, number];
  return { from: new Date(Date.UTC(year, index - 1, 1)), to: new Date(Date.UTC(year, index, 1)) };
};

/** Where cold files go: `cold/` in the backup's folder or under its bucket prefix. */
export function coldTarget(schedule: BackupSchedule): BackupTarget {
  return schedule.target === 's3'
    ? s3Target({
        endpoint: schedule.s3Endpoint,
        bucket: schedule.s3Bucket,
        prefix: `${schedule.s3Prefix.replace(/\/*$/, '/')}cold/`,
        region: schedule.s3Region,
        accessKeyId: schedule.s3AccessKeyId,
        secretAccessKey: schedule.s3Secret,
      })
    : folderTarget(path.join(schedule.folder, 'cold'));
}

/** The audit chain a cold file of the audit log must prove (null for other tables). */
export const auditCheck =
  (signer: AuditSigner | null) =>
  async ({ manifest, rowsFile }: ColdContents) => {
    if (manifest.cold.table !== 'audit_log') return null;
    if (!manifest.cold.chain) return 'the audit file carries no checkpoint';
    const columns = manifest.tables[0]!.columns;
    async function* entries() {
      for await (const row of readCopyRows(rowsFile, columns)) yield archivedEntryOf(row);
    }
    return verifyArchivedEntries(entries(), manifest.cold.chain, signer);
  };

type Options = {
  signer?: AuditSigner | null;
  batch?: number;
};

/**
 * Writes one (table, month, part) as a cold file, puts it at the target, reads it back and proves it there
 * (rows, checksum, the audit chain), and records it `verified`. Null when the selection holds no row.
 * (A crash after this and before `deleteArchived` is what the next run resumes.)
 */
export async function writeArchive(
  db: Db,
  target: BackupTarget,
  selection: ColdSelection,
  options: { now: Date; signer: AuditSigner | null },
): Promise<ColdArchive | null> {
  const url = poolOf(db).options.connectionString!;
  const scratch = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'portal-archive-'));
  try {
    const name = coldFileName(selection.table, selection.month, selection.part);
    const local = path.join(scratch, name);
    const manifest = await writeColdFile(url, local, selection);
    if (!manifest) return null;
    const bytes = (await fs.promises.stat(local)).size;
    await target.put(local, name);
    // What is at the target proves itself, not the local file it was made from.
    await target.withCopy(name, scratch, (copy) =>
      withProvenColdFile(copy, { tables: COLD_TABLES, check: auditCheck(options.signer) }, async () => {}),
    );
    const entry = manifest.tables[0]!;
    const [record] = await db
      .insert(coldArchives)
      .values({
        tableName: selection.table as ColdTable,
        month: selection.month,
        part: selection.part,
        file: name,
        target: target.label,
        rows: entry.rows,
        checksum: entry.checksum!,
        bytes,
        firstId: manifest.cold.firstId,
        lastId: manifest.cold.lastId,
        keptIds: manifest.cold.keptIds,
        state: 'verified',
        writtenAt: options.now,
      })
      .returning();
    return record!;
  } finally {
    await fs.promises.rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Deletes the rows of a verified cold file from its table (those it holds: its month, its id range, not its
 * kept ids, and not rows held since), `batch` per statement; the audit log's in one transaction, so its
 * chain never starts in the middle of a month. Then records it `deleted`.
 */
export async function deleteArchived(
  db: Db,
  record: ColdArchive,
  options: { now: Date; batch?: number; maxBatches?: number },
) {
  const batch = options.batch ?? DELETE_BATCH;
  let deleted = 0;
  if (record.tableName === 'audit_log') {
    deleted = await deleteArchivedEntries(db, record.lastId, batch);
  } else {
    const kind = AGING_TABLES.find((entry) => entry.table === record.tableName)!;
    const { from, to } = monthRange(record.month);
    const table = sql.identifier(kind.table);
    const time = sql.identifier(kind.time);
    const kept = record.keptIds.length
      ? sql`and id <> all(${`{${record.keptIds.join(',')}}`}::bigint[])`
      : sql``;
    const held = kind.held ? sql`and not (${sql.raw(kind.held)})` : sql``;
    for (let round = 0; options.maxBatches === undefined || round < options.maxBatches; round++) {
      const { rowCount } = await db.execute(
        sql`delete from ${table} where id in (
              select id from ${table}
              where id >= ${record.firstId} and id <= ${record.lastId}
                and ${time} >= ${from.toISOString()} and ${time} < ${to.toISOString()} ${kept} ${held}
              order by id limit ${batch})`,
      );
      deleted += rowCount ?? 0;
      if (!rowCount || rowCount < batch) {
        await db
          .update(coldArchives)
          .set({ state: 'deleted', deletedAt: options.now })
          .where(eq(coldArchives.id, record.id));
        return { deleted, done: true };
      }
    }
    return { deleted, done: false };
  }
  await db
    .update(coldArchives)
    .set({ state: 'deleted', deletedAt: options.now })
    .where(eq(coldArchives.id, record.id));
  return { deleted, done: true };
}

async function nextPart(db: Db, table: ColdTable, month: string) {
  const [row] = await db
    .select({ part: max(coldArchives.part) })
    .from(coldArchives)
    .where(and(eq(coldArchives.tableName, table), eq(coldArchives.month, month)));
  return (row?.part ?? 0) + 1;
}

/** The months before `cutoff` with rows to move (not held), oldest first. */
async function dueMonths(db: Db, kind: Kind, cutoff: Date) {
  const { rows } = await db.execute<{ month: string }>(
    sql`select distinct to_char(${sql.identifier(kind.time)} at time zone 'UTC', 'YYYY-MM') as month
        from ${sql.identifier(kind.table)}
        where ${sql.identifier(kind.time)} < ${cutoff.toISOString()}
          ${kind.held ? sql`and not (${sql.raw(kind.held)})` : sql``}
        order by 1 limit ${MONTHS_PER_TICK}`,
  );
  return rows.map((row) => row.month);
}

export type ArchiveSummary = {
  off?: true;
  skipped?: string;
  archived: { table: string; month: string; part: number; rows: number }[];
  resumed: number;
  waiting?: string;
};

/**
 * One run of the job at `now`: resumes the deletions a crash left, then moves every due month of each kind
 * whose retention is on. Nothing happens while the retention is off or no backup destination was saved.
 */
export async function archiveAged(db: Db, now: Date, options: Options = {}): Promise<ArchiveSummary> {
  const summary: ArchiveSummary = { archived: [], resumed: 0 };
  const retention = await retentionView(db);
  if (retention.chat === null && retention.notices === null && retention.audit === null)
    return { ...summary, off: true };
  const schedule = await backupSchedule(db);
  if (!schedule.updatedAt) return { ...summary, skipped: 'no backup destination saved' };
  const target = coldTarget(schedule);
  const signer = options.signer === undefined ? auditSigner() : options.signer;
  const batch = options.batch ?? DELETE_BATCH;

  // A crash between a verified file and the end of its deletion: the deletion goes on.
  const unfinished = await db
    .select()
    .from(coldArchives)
    .where(eq(coldArchives.state, 'verified'))
    .orderBy(asc(coldArchives.id));
  for (const record of unfinished) {
    await deleteArchived(db, record, { now, batch });
    summary.resumed++;
  }

  for (const kind of AGING_TABLES) {
    const months = retention[kind.kind];
    if (months === null) continue;
    for (const month of await dueMonths(db, kind, retentionCutoff(now, months))) {
      const part = await nextPart(db, kind.table, month);
      const { from, to } = monthRange(month);
      const record = await writeArchive(
        db,
        target,
        { table: kind.table, month, part, time: { column: kind.time, from, to }, held: kind.held },
        { now, signer },
      );
      if (!record) continue;
      await deleteArchived(db, record, { now, batch });
      summary.archived.push({ table: kind.table, month, part, rows: record.rows });
    }
  }

  if (retention.audit !== null) {
    const cutoff = retentionCutoff(now, retention.audit);
    for (let months = 0; months < MONTHS_PER_TICK; months++) {
      const cut = await auditArchiveCut(db, cutoff, now, signer);
      if (!cut) break;
      if ('waiting' in cut) {
        summary.waiting = cut.waiting;
        break;
      }
      const record = await writeAuditArchive(db, target, cut, { now, signer });
      await deleteArchived(db, record, { now, batch });
      summary.archived.push({ table: 'audit_log', month: cut.month, part: record.part, rows: record.rows });
    }
  }
  if (summary.archived.length || summary.resumed)
    log.info({ archived: summary.archived, resumed: summary.resumed }, 'aged rows moved to cold files');
  if (summary.waiting) log.warn({ reason: summary.waiting }, 'audit entries wait to be archived');
  return summary;
}

async function writeAuditArchive(
  db: Db,
  target: BackupTarget,
  cut: AuditCut,
  options: { now: Date; signer: AuditSigner | null },
) {
  const record = await writeArchive(
    db,
    target,
    {
      table: 'audit_log',
      month: cut.month,
      part: await nextPart(db, 'audit_log', cut.month),
      ids: { from: cut.firstId, to: cut.lastId },
      chain: { before: cut.before, checkpoint: cut.checkpoint },
    },
    options,
  );
  // (The cut holds its first and last entries: never empty.)
  return record!;
}

/** What a cold file says of itself (for the restore command's message). */
export const describeCold = (manifest: ColdManifest) =>
  `${manifest.cold.table} ${manifest.cold.month} part ${manifest.cold.part}: ${manifest.tables[0]!.rows} rows`;

export const archiveJob: ClusterJob = {
  name: ARCHIVE_JOB,
  everySeconds: 24 * 60 * 60,
  run: (db, now) => archiveAged(db, now),
};
