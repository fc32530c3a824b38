// Cold files (issue #45 item 5): one month of one table's aged rows, moved out of the database by
// lib/jobs/archive.ts. A cold file is a backup of those rows alone, in the backup's own format (./backup.ts):
// a .tar.gz of `db/<table>.copy` (COPY text) and `manifest.json` (format 2: the table's rows and checksum)
// with `cold` added: the table, month and part, which rows (the month's time range, the id range, the ids
// kept behind) and, for the audit log, the chain's link before the first entry and the checkpoint after
// the last. `verifyBackupFiles` checks it as it checks a backup; `restoreColdFile` loads it back into its
// table in one transaction, recounting and re-checksumming what it loaded before it commits.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import {
  BACKUP_FORMAT,
  type BackupManifest,
  discard,
  quoted,
  RestoreRefused,
  RowDigest,
  TEXT_SETTINGS,
  tableDiffers,
  verifyBackupFiles,
} from './backup';

const run = promisify(execFile);

export type ColdInfo = {
  table: string;
  /** `2026-01`: the UTC month of the rows' time. */
  month: string;
  part: number;
  /** The rows' time column and the month as [from, to) of it (absent for the audit log: its ids decide). */
  time: { column: string; from: string; to: string } | null;
  firstId: number;
  lastId: number;
  /** Ids in the range that were held back (an open report, a line awaiting review): not in the file. */
  keptIds: number[];
  /** The audit log's chain around the file's entries (lib/audit/archive.ts). */
  chain?: {
    before: { seq: number; hash: string };
    checkpoint: { seq: number; entryId: number; hash: string; at: string; keyId: string; signature: string };
  };
};

export type ColdManifest = BackupManifest & { cold: ColdInfo };

/** `cold-chat_messages-2026-01-p1.tar.gz` */
export const coldFileName = (table: string, month: string, part: number) =>
  `cold-${table}-${month}-p${part}.tar.gz`;

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/;
const INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

/** The rows a cold file holds, as SQL (built from checked values only: a file's manifest is input). */
function coldWhere(info: ColdInfo) {
  const ids = [info.firstId, info.lastId, ...info.keptIds];
  if (!ids.every(Number.isSafeInteger))
    throw new RestoreRefused('the cold file names ids that are not integers');
  const parts = [`id >= ${info.firstId}`, `id <= ${info.lastId}`];
  if (info.keptIds.length) parts.push(`id not in (${info.keptIds.join(', ')})`);
  if (info.time) {
    const { column, from, to } = info.time;
    if (!IDENTIFIER.test(column) || !INSTANT.test(from) || !INSTANT.test(to))
      throw new RestoreRefused('the cold file names its month in a form this portal does not write');
    parts.push(`${quoted(column)} >= '${from}'`, `${quoted(column)} < '${to}'`);
  }
  return parts.join(' and ');
}

async function columnsOf(client: Client, table: string) {
  const { rows } = await client.query<{ columns: string[] | null }>(
    `select array_agg(attname::text order by attnum) as columns from pg_attribute
     where attrelid = to_regclass($1) and attnum > 0 and not attisdropped and attgenerated = ''`,
    [quoted(table)],
  );
  if (!rows[0]?.columns) throw new RestoreRefused(`${table} is no table of this portal`);
  return rows[0].columns;
}

export type ColdSelection = {
  table: string;
  month: string;
  part: number;
  /** The month (chat lines, notices) … */
  time?: { column: string; from: Date; to: Date };
  /** … or the ids (the audit log's cut). */
  ids?: { from: number; to: number };
  /** SQL on the table's row: held rows stay (not written, not deleted). */
  held?: string;
  chain?: ColdInfo['chain'];
};

/**
 * Writes the selected rows of one table as the cold file `file` (in one REPEATABLE READ snapshot: the kept
 * ids and the rows agree), answers its manifest, or null when the selection holds no row to move.
 */
export async function writeColdFile(url: string, file: string, selection: ColdSelection) {
  const client = new Client({ connectionString: url });
  await client.connect();
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'portal-cold-'));
  try {
    await client.query(TEXT_SETTINGS);
    await client.query('begin isolation level repeatable read read only');
    const table = quoted(selection.table);
    const where: string[] = [];
    if (selection.time)
      where.push(
        `${quoted(selection.time.column)} >= '${selection.time.from.toISOString()}'`,
        `${quoted(selection.time.column)} < '${selection.time.to.toISOString()}'`,
      );
    if (selection.ids) where.push(`id >= ${Number(selection.ids.from)}`, `id <= ${Number(selection.ids.to)}`);
    const scope = where.join(' and ') || 'true';
    const held = selection.held ? `(${selection.held})` : 'false';
    const { rows: range } = await client.query<{ first: string | null; last: string | null }>(
      `select min(id)::text as first, max(id)::text as last from ${table} where ${scope} and not ${held}`,
    );
    if (!range[0]?.first) return null;
    const firstId = Number(range[0].first);
    const lastId = Number(range[0].last);
    const { rows: kept } = await client.query<{ id: string }>(
      `select id::text from ${table} where ${scope} and id between ${firstId} and ${lastId} and ${held} order by id`,
    );
    const info: ColdInfo = {
      table: selection.table,
      month: selection.month,
      part: selection.part,
      time: selection.time
        ? {
            column: selection.time.column,
            from: selection.time.from.toISOString(),
            to: selection.time.to.toISOString(),
          }
        : null,
      firstId,
      lastId,
      keptIds: kept.map((row) => Number(row.id)),
      ...(selection.chain ? { chain: selection.chain } : {}),
    };
    const columns = await columnsOf(client, selection.table);
    await fs.promises.mkdir(path.join(work, 'db'));
    const digest = new RowDigest();
    await pipeline(
      client.query(
        copyTo(
          `copy (select ${columns.map(quoted).join(', ')} from ${table} where ${coldWhere(info)} order by id) to stdout`,
        ),
      ),
      digest,
      fs.createWriteStream(path.join(work, 'db', `${selection.table}.copy`)),
    );
    const { rows: at } = await client.query<{ at: Date; version: string }>(
      `select now() as at, current_setting('server_version') as version`,
    );
    await client.query('commit');
    const manifest: ColdManifest = {
      format: BACKUP_FORMAT,
      takenAt: at[0]!.at.toISOString(),
      serverVersion: at[0]!.version,
      migrations: [],
      schemaVersion: null,
      tables: [{ name: selection.table, columns, rows: digest.rows, checksum: digest.checksum }],
      sequences: [],
      cold: info,
    };
    await fs.promises.writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    await run('tar', ['--use-compress-program=gzip -1', '-cf', `${file}.part`, '-C', work, '.']);
    await fs.promises.rename(`${file}.part`, file);
    return manifest;
  } finally {
    await client.end();
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** One COPY text field: `\N` is null, backslash escapes as PostgreSQL writes them. */
function copyField(text: string): string | null {
  if (text === '\\N') return null;
  return text.replace(/\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)/g, (_match, code: string) => {
    if (code[0] === 'x') return String.fromCharCode(Number.parseInt(code.slice(1), 16));
    if (/^[0-7]/.test(code)) return String.fromCharCode(Number.parseInt(code, 8));
    return { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' }[code] ?? code;
  });
}

/** The rows of a table's COPY text file, each as its columns' values (strings, or null). */
export async function* readCopyRows(file: string, columns: string[]) {
  const lines = readline.createInterface({
    input: fs.createReadStream(file),
    crlfDelay: Number.POSITIVE_INFINITY,
  });
  for await (const line of lines) {
    const fields = line.split('\t').map(copyField);
    yield Object.fromEntries(columns.map((column, index) => [column, fields[index] ?? null])) as Record<
      string,
      string | null
    >;
  }
}

/** What a proven cold file hands to its extra check: its manifest and its rows' file. */
export type ColdContents = { manifest: ColdManifest; rowsFile: string };

/**
 * Unpacks and proves the cold file `file` (every row counted and checksummed against its manifest, then
 * `check`, e.g. the audit chain's), and hands it to `use`. A file that cannot be read or does not prove
 * itself is refused (RestoreRefused naming why) and `use` never runs.
 */
export async function withProvenColdFile<T>(
  file: string,
  options: { tables: readonly string[]; check?: (contents: ColdContents) => Promise<string | null> },
  use: (contents: ColdContents & { dir: string }) => Promise<T>,
): Promise<T> {
  const dir = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'portal-cold-read-'));
  try {
    try {
      await run('tar', ['-xzf', path.resolve(file), '-C', dir]);
    } catch {
      throw new RestoreRefused(`${path.basename(file)} cannot be unpacked: it is damaged or no cold file`);
    }
    let manifest: ColdManifest;
    try {
      manifest = (await verifyBackupFiles(dir)).manifest as ColdManifest;
    } catch (error) {
      if (error instanceof RestoreRefused) throw error;
      throw new RestoreRefused(`${path.basename(file)} has an unreadable manifest`);
    }
    const cold = manifest.cold;
    if (!cold || manifest.tables.length !== 1 || manifest.tables[0]!.name !== cold.table)
      throw new RestoreRefused(
        `${path.basename(file)} is no cold file (a backup is restored with npm run restore)`,
      );
    if (!options.tables.includes(cold.table))
      throw new RestoreRefused(`${cold.table} is not a table whose rows are archived`);
    coldWhere(cold);
    const contents = { manifest, rowsFile: path.join(dir, 'db', `${cold.table}.copy`) };
    const reason = options.check ? await options.check(contents) : null;
    if (reason) throw new RestoreRefused(reason);
    return await use({ ...contents, dir });
  } finally {
    await fs.promises.rm(dir, { recursive: true, force: true });
  }
}

/** Measures the rows a cold file names as they are in the database now (rows and checksum). */
async function measureCold(client: Client, manifest: ColdManifest) {
  const entry = manifest.tables[0]!;
  const digest = new RowDigest();
  await pipeline(
    client.query(
      copyTo(
        `copy (select ${entry.columns.map(quoted).join(', ')} from ${quoted(entry.name)} where ${coldWhere(manifest.cold)}) to stdout`,
      ),
    ),
    digest,
    discard(),
  );
  return { rows: digest.rows, checksum: digest.checksum };
}

/**
 * Loads the proven cold file `file` back into its table at `url`, in one transaction that recounts and
 * re-checksums the rows it names before committing (refused, nothing loaded, when any differs: a row
 * already there, a user since removed).
 */
export async function restoreColdFile(
  url: string,
  file: string,
  options: { tables: readonly string[]; check?: (contents: ColdContents) => Promise<string | null> },
) {
  return withProvenColdFile(file, options, async ({ manifest, rowsFile }) => {
    const client = new Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(TEXT_SETTINGS);
      await client.query('begin');
      const entry = manifest.tables[0]!;
      const present = await measureCold(client, manifest);
      if (present.rows > 0)
        throw new RestoreRefused(
          `${present.rows} rows of ${entry.name} ${manifest.cold.month} are in the database already: nothing loaded`,
        );
      try {
        await pipeline(
          fs.createReadStream(rowsFile),
          client.query(
            copyFrom(`copy ${quoted(entry.name)} (${entry.columns.map(quoted).join(', ')}) from stdin`),
          ),
        );
      } catch (error) {
        throw new RestoreRefused(
          `${entry.name} refused the rows: ${error instanceof Error ? error.message : String(error)}`,
        );
      }
      const reason = tableDiffers(entry, await measureCold(client, manifest));
      if (reason) throw new RestoreRefused(reason);
      await client.query('commit');
      return { manifest, rows: entry.rows };
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      await client.end();
    }
  });
}
