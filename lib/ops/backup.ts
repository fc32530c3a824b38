// A logical backup of the portal's database that any PostgreSQL it runs on can take and give back, whatever
// its version (the embedded server is newer than Debian's pg_dump, which refuses newer servers): every
// table of the portal's schema copied out in one read-only REPEATABLE READ transaction (one consistent
// snapshot, taken beside a running portal without blocking its writes), plus the sequences and the
// migrations the database had. Restoring runs the portal's migrations on an empty database, sets its keys,
// foreign keys and indexes aside, loads the tables side by side on a few connections, puts those back
// (several at once) and sets the sequences. pg-boss's queue (schema `pgboss`) is not copied: its ticks are
// made again by the restored portal.
// A backup proves itself: its manifest carries every table's row count and checksum and the facts the
// portal reads in the same snapshot (the ledger's sums, the audit log's head); a restore recounts,
// re-checksums and re-reads what it actually loaded, and refuses (leaving the target empty: it was new,
// and is emptied again) on any difference. `verifyBackupFiles` checks the files alone, without a database.
import { hash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { drizzle } from 'drizzle-orm/node-postgres';
import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { createDb, runMigrations, type Tx } from '@/lib/db';

/** 2: per-table checksums, the schema version and the portal's facts. 1 (counts only) is still restored. */
export const BACKUP_FORMAT = 2;
const READABLE_FORMATS = [1, 2];

export type BackupManifest = {
  format: number;
  /** The snapshot's instant, in the database's time. */
  takenAt: string;
  serverVersion: string;
  /** Hashes of the migrations the database had applied (drizzle's journal). */
  migrations: string[];
  /** The last applied migration (drizzle's journal: its hash and when it was made) and how many there are. */
  schemaVersion?: { migrations: number; hash: string; createdAt: number } | null;
  /** `rows` and `checksum` (`RowDigest`) of each table's data as written. */
  tables: { name: string; columns: string[]; rows: number; checksum?: string }[];
  sequences: { name: string; value: string | null }[];
  /** What the portal read in the backup's snapshot (`BackupFacts`), judged again after a restore. */
  facts?: unknown;
};

/**
 * What the portal adds to a backup, composed above the domains (lib/server/backup-facts.ts): facts read
 * inside a transaction (the backup's snapshot; a restore's load before it commits), and why the
 * restored facts refuse the backup's (null when they agree; `backup` is undefined for a format-1 backup).
 */
export type BackupFacts<F> = {
  read: (tx: Tx) => Promise<F>;
  differ: (backup: F | undefined, restored: F) => string | null;
};

/** A backup that does not prove itself, or a target a restore must not touch; the message names why. */
export class RestoreRefused extends Error {}

/** Connections a restore loads, indexes and checks on at once. */
export const RESTORE_CONNECTIONS = 3;

const MASK = (1n << 256n) - 1n;
const LANE_ROWS = 1 << 20;

/**
 * Counts the rows of a COPY text stream (one row per line: COPY escapes newlines inside values) and sums
 * their sha-256s modulo 2^256. The sum does not depend on the rows' order, so a table read back after a
 * restore gives the backup's checksum whatever order the server returns it in. Passes the data through.
 */
export class RowDigest extends Transform {
  rows = 0;
  private sum = 0n;
  /**
   * The digests' 32-bit words summed per position (word 0 the lowest), carried into `sum` every
   * LANE_ROWS rows: exact in a double (2^21 rows × 2^32 < 2^53) and no BigInt per row.
   */
  private lanes = new Float64Array(8);
  private laneRows = 0;
  private rest: Buffer = Buffer.alloc(0);

  override _transform(
    chunk: Buffer,
    _encoding: BufferEncoding,
    done: (error?: Error | null, data?: Buffer) => void,
  ) {
    const data = this.rest.length ? Buffer.concat([this.rest, chunk]) : chunk;
    let start = 0;
    for (let end = data.indexOf(10, start); end !== -1; end = data.indexOf(10, start)) {
      this.add(data.subarray(start, end + 1));
      start = end + 1;
    }
    this.rest = Buffer.from(data.subarray(start));
    done(null, chunk);
  }

  override _flush(done: () => void) {
    if (this.rest.length) this.add(this.rest);
    done();
  }

  private add(line: Buffer) {
    this.rows++;
    const digest = hash('sha256', line, 'buffer') as unknown as Buffer;
    for (let word = 0; word < 8; word++) this.lanes[word]! += digest.readUInt32BE(28 - 4 * word);
    if (++this.laneRows === LANE_ROWS) this.carry();
  }

  private carry() {
    for (let word = 0; word < 8; word++) {
      this.sum += BigInt(this.lanes[word]!) << BigInt(32 * word);
      this.lanes[word] = 0;
    }
    this.sum &= MASK;
    this.laneRows = 0;
  }

  get checksum() {
    this.carry();
    return this.sum.toString(16).padStart(64, '0');
  }
}

export const discard = () =>
  new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });

/** The same text for the same values in every session (COPY's output follows these settings). */
export const TEXT_SETTINGS =
  "set timezone to 'UTC'; set datestyle to 'ISO, MDY'; set intervalstyle to 'postgres'; " +
  "set extra_float_digits to 1; set bytea_output to 'hex'";

/** Why a table's measured rows refuse the manifest's entry (null when they agree). */
export function tableDiffers(
  entry: BackupManifest['tables'][number],
  measured: { rows: number; checksum: string },
) {
  if (measured.rows !== entry.rows)
    return `${entry.name} has ${measured.rows} rows, the manifest says ${entry.rows}`;
  if (entry.checksum && measured.checksum !== entry.checksum)
    return `${entry.name}'s data does not match its checksum in the manifest (same ${entry.rows} rows, different content)`;
  return null;
}

function readManifest(dir: string): BackupManifest {
  const file = path.join(dir, 'manifest.json');
  if (!fs.existsSync(file)) throw new RestoreRefused('the backup has no manifest.json');
  const manifest = JSON.parse(fs.readFileSync(file, 'utf8')) as BackupManifest;
  if (!READABLE_FORMATS.includes(manifest.format))
    throw new RestoreRefused(`unknown backup format ${manifest.format}`);
  return manifest;
}

/**
 * Checks the files of the backup in `dir` without a database: the manifest is there, and every table's
 * file has the manifest's row count and checksum. Throws RestoreRefused naming the first bad table.
 */
export async function verifyBackupFiles(dir: string) {
  const manifest = readManifest(dir);
  const tables: { name: string; rows: number }[] = [];
  for (const entry of manifest.tables) {
    const file = tableFile(dir, entry.name);
    if (!fs.existsSync(file))
      throw new RestoreRefused(`${entry.name} has no data file (db/${entry.name}.copy)`);
    const digest = new RowDigest();
    await pipeline(fs.createReadStream(file), digest, discard());
    const reason = tableDiffers(entry, digest);
    if (reason) throw new RestoreRefused(reason);
    tables.push({ name: entry.name, rows: digest.rows });
  }
  return { manifest, tables, checksummed: manifest.tables.every((entry) => entry.checksum) };
}

export const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
const tableFile = (dir: string, table: string) => path.join(dir, 'db', `${table}.copy`);

/** The portal's tables (not partitions of them) with their stored, non-generated columns. */
async function portalTables(client: Client) {
  const { rows } = await client.query<{ name: string; columns: string[] }>(
    `select c.relname::text as name,
            array_agg(a.attname::text order by a.attnum) as columns
     from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped and a.attgenerated = ''
     where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relispartition
     group by c.relname order by c.relname`,
  );
  return rows;
}

/** Writes the database at `url` into `dir` (db/<table>.copy and manifest.json). */
export async function backupDatabase<F>(
  url: string,
  dir: string,
  facts?: BackupFacts<F>,
): Promise<BackupManifest> {
  fs.mkdirSync(path.join(dir, 'db'), { recursive: true });
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(TEXT_SETTINGS);
    const db = drizzle(client);
    const manifest = await db.transaction((tx) => snapshot(client, tx, dir, facts), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    fs.writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await client.end();
  }
}

/** The backup inside its snapshot transaction (`client` is the connection `tx` runs on). */
async function snapshot<F>(client: Client, tx: Tx, dir: string, facts?: BackupFacts<F>) {
  const { rows: info } = await client.query<{ at: Date; version: string }>(
    'select now() as at, current_setting($1) as version',
    ['server_version'],
  );
  const { rows: hasJournal } = await client.query<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  const { rows: journal } = hasJournal[0]!.present
    ? await client.query<{ hash: string; created_at: string }>(
        'select hash, created_at::text from drizzle.__drizzle_migrations order by id',
      )
    : { rows: [] };
  const tables: BackupManifest['tables'] = [];
  for (const table of await portalTables(client)) {
    const columns = table.columns.map(quoted).join(', ');
    const source = client.query(copyTo(`copy (select ${columns} from ${quoted(table.name)}) to stdout`));
    const digest = new RowDigest();
    await pipeline(source, digest, fs.createWriteStream(tableFile(dir, table.name)));
    tables.push({ name: table.name, columns: table.columns, rows: digest.rows, checksum: digest.checksum });
  }
  const { rows: sequences } = await client.query<{ name: string; value: string | null }>(
    `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
  );
  const last = journal.at(-1);
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    takenAt: info[0]!.at.toISOString(),
    serverVersion: info[0]!.version,
    migrations: journal.map((row) => row.hash),
    schemaVersion: last
      ? { migrations: journal.length, hash: last.hash, createdAt: Number(last.created_at) }
      : null,
    tables,
    sequences,
    facts: facts ? await facts.read(tx) : undefined,
  };
  return manifest;
}

/** What a restore actually loaded, counted and checksummed from the target (not from the manifest). */
export type RestoreOptions = {
  /** Connections the load, the index builds and the checks run on at once (RESTORE_CONNECTIONS). */
  connections?: number;
  /** Told each step's name and seconds as it ends (the restore script prints them). */
  log?: (line: string) => void;
};

export type RestoreReport = {
  manifest: BackupManifest;
  loaded: { name: string; rows: number; checksum: string }[];
};

/** Reads `table` back from the database: its rows and their checksum, as the backup computed them. */
async function measureTable(client: Client, table: { name: string; columns: string[] }) {
  const columns = table.columns.map(quoted).join(', ');
  const digest = new RowDigest();
  await pipeline(
    client.query(copyTo(`copy (select ${columns} from ${quoted(table.name)}) to stdout`)),
    digest,
    discard(),
  );
  return { name: table.name, rows: digest.rows, checksum: digest.checksum };
}

/** Gives the target back as a new database has it: no tables, no migrations journal. */
async function emptyTarget(client: Client) {
  await client.query('drop schema if exists drizzle cascade');
  await client.query('drop schema public cascade');
  await client.query('create schema public authorization pg_database_owner');
  await client.query('grant usage on schema public to public');
}

/**
 * Loads the backup in `dir` into the empty database at `url`: the portal's migrations first (refused when
 * the backup has migrations this code does not), then every table's rows, side by side on `connections`
 * connections with keys, foreign keys and indexes put back after, and the sequences. Then every table is
 * recounted and re-checksummed from what was loaded and `facts` are read again; any difference from the
 * manifest, or any failure, refuses the restore (RestoreRefused naming the table) and leaves the target empty.
 */
export async function restoreDatabase<F>(
  url: string,
  dir: string,
  facts?: BackupFacts<F>,
  options: RestoreOptions = {},
): Promise<RestoreReport> {
  const manifest = readManifest(dir);
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: existing } = await client.query<{ n: number }>(
      `select count(*)::int as n from pg_tables where schemaname = 'public'`,
    );
    if (existing[0]!.n > 0)
      throw new RestoreRefused(
        'the target database is not empty: restore into a new data folder or database',
      );
    try {
      return await load(client, url, dir, manifest, facts, options);
    } catch (error) {
      await client.query('rollback').catch(() => {});
      // The refusal is what the operator must read; a target that could not be emptied is said after it.
      await emptyTarget(client).catch((cleanup: Error) => {
        if (error instanceof Error)
          error.message += ` (and the target could not be emptied: ${cleanup.message}; drop its schemas public and drizzle)`;
      });
      throw error;
    }
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` on every item, each client taking the next item when it is done, the items in the order
 * given (largest first, so the longest ones do not start last). On the first failure no item starts any
 * more, `stop` is called (to cancel what the other clients are running) and, once all have settled, the
 * failure is thrown.
 */
async function onEach<T, R>(
  clients: Client[],
  items: T[],
  work: (client: Client, item: T) => Promise<R>,
  stop: () => Promise<void>,
): Promise<R[]> {
  const results: R[] = [];
  let next = 0;
  let failure: { error: unknown } | null = null;
  await Promise.all(
    clients.map(async (client) => {
      while (!failure && next < items.length) {
        const index = next++;
        try {
          results[index] = await work(client, items[index]!);
        } catch (error) {
          if (!failure) {
            failure = { error };
            await stop().catch(() => {});
          }
        }
      }
    }),
  );
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}

/** What the load sets aside and puts back: indexes no constraint owns, keys and unique constraints, foreign keys. */
async function setAside(client: Client) {
  const { rows: indexes } = await client.query<{ name: string; table: string; definition: string }>(
    `select i.indexrelid::regclass::text as name, t.relname::text as table, pg_get_indexdef(i.indexrelid) as definition
     from pg_index i join pg_class t on t.oid = i.indrelid join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = 'public' and t.relkind = 'r' and not t.relispartition
       and not exists (select 1 from pg_constraint c where c.conindid = i.indexrelid)`,
  );
  const { rows: constraints } = await client.query<{
    name: string;
    table: string;
    kind: 'p' | 'u' | 'f';
    definition: string;
  }>(
    `select c.conname::text as name, t.relname::text as table, c.contype::text as kind,
            pg_get_constraintdef(c.oid) as definition
     from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
     where n.nspname = 'public' and t.relkind = 'r' and not t.relispartition and c.contype in ('p', 'u', 'f')`,
  );
  return { indexes, constraints };
}

/** Tables whose TRUNCATE a trigger refuses (append-only logs): loaded without COPY's FREEZE. */
async function truncateRefused(client: Client) {
  const { rows } = await client.query<{ table: string }>(
    `select distinct c.relname::text as table from pg_trigger g join pg_class c on c.oid = g.tgrelid
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = 'public' and not g.tgisinternal and (g.tgtype & 32) <> 0`,
  );
  return new Set(rows.map((row) => row.table));
}

async function load<F>(
  client: Client,
  url: string,
  dir: string,
  manifest: BackupManifest,
  facts: BackupFacts<F> | undefined,
  { connections = RESTORE_CONNECTIONS, log }: RestoreOptions,
): Promise<RestoreReport> {
  let stepStarted = performance.now();
  const step = (name: string) => {
    const now = performance.now();
    log?.(`${name}: ${((now - stepStarted) / 1000).toFixed(1)} s`);
    stepStarted = now;
  };
  const { db: migrator, pool } = createDb(url, 1);
  try {
    await runMigrations(migrator);
  } finally {
    await pool.end();
  }
  step('migrations');
  const { rows: journal } = await client.query<{ hash: string }>(
    'select hash from drizzle.__drizzle_migrations',
  );
  const known = new Set(journal.map((row) => row.hash));
  const unknown = manifest.migrations.filter((hash) => !known.has(hash));
  if (unknown.length)
    throw new RestoreRefused(
      `the backup comes from a newer portal (${unknown.length} migrations this one lacks)`,
    );

  const present = new Set((await portalTables(client)).map((table) => table.name));
  const missing = manifest.tables.find((table) => table.rows > 0 && !present.has(table.name));
  if (missing) throw new RestoreRefused(`${missing.name} (${missing.rows} rows) is no table of this portal`);
  const tables = manifest.tables.filter((entry) => present.has(entry.name));
  // The target is new and is emptied on any failure, so the load need not be one transaction: tables are
  // loaded side by side on several connections, each in its own transaction. Keys, unique constraints,
  // foreign keys and the other indexes are set aside first and put back after the load, in parallel too:
  // one sort per index instead of an insertion per row, one join per foreign key instead of a lookup per
  // row (at a year's volume, most of a restore's time).
  const { indexes, constraints } = await setAside(client);
  const noFreeze = await truncateRefused(client);
  await client.query('begin');
  for (const constraint of constraints.filter((entry) => entry.kind === 'f'))
    await client.query(`alter table ${quoted(constraint.table)} drop constraint ${quoted(constraint.name)}`);
  for (const constraint of constraints.filter((entry) => entry.kind !== 'f'))
    await client.query(`alter table ${quoted(constraint.table)} drop constraint ${quoted(constraint.name)}`);
  for (const index of indexes) await client.query(`drop index ${index.name}`);
  // What the migrations seeded (reference rows) gives way to the backup's rows. (Only tables that have
  // rows: the audit log refuses TRUNCATE, and a new database's is empty.)
  const seeded: string[] = [];
  for (const { name } of tables)
    if ((await client.query(`select 1 from ${quoted(name)} limit 1`)).rowCount) seeded.push(name);
  if (seeded.length) await client.query(`truncate ${seeded.map(quoted).join(', ')}`);
  await client.query('commit');
  step('keys and indexes set aside');

  const bytes = (name: string) => fs.statSync(tableFile(dir, name)).size;
  const sizes = new Map(tables.map((table) => [table.name, bytes(table.name)]));
  const largestFirst = <T>(items: T[], table: (item: T) => string) =>
    [...items].sort((a, b) => (sizes.get(table(b)) ?? 0) - (sizes.get(table(a)) ?? 0));
  const workers: Client[] = [];
  try {
    for (let i = 0; i < Math.max(1, connections); i++) {
      const worker = new Client({ connectionString: url });
      workers.push(worker);
      await worker.connect();
      // The rows come back as they were: the triggers that keep counts and queue search documents stand
      // aside (migration 0051), else the kept counts would be counted twice and the queue refuse its rows.
      // Index builds sort in memory up to maintenance_work_mem (3 connections: under 1 GB in all).
      await worker.query(`${TEXT_SETTINGS}; set portal.bulk_load = 'on'; set maintenance_work_mem = '256MB'`);
    }
    const pids = await Promise.all(
      workers.map(
        async (worker) =>
          (await worker.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid,
      ),
    );
    const stop = async () => {
      await client.query('select pg_cancel_backend(pid) from unnest($1::int[]) as pid', [pids]);
    };

    await onEach(
      workers,
      largestFirst(tables, (table) => table.name),
      async (worker, table) => {
        const columns = table.columns.map(quoted).join(', ');
        // Truncated in the same transaction, the rows are written frozen: the checks' reads after the load
        // need not visit every page again to mark it.
        const freeze = !noFreeze.has(table.name);
        await worker.query('begin');
        try {
          if (freeze) await worker.query(`truncate ${quoted(table.name)}`);
          const sink = worker.query(
            copyFrom(`copy ${quoted(table.name)} (${columns}) from stdin${freeze ? ' with (freeze)' : ''}`),
          );
          await pipeline(fs.createReadStream(tableFile(dir, table.name)), sink);
          await worker.query('commit');
        } catch (error) {
          await worker.query('rollback').catch(() => {});
          throw error;
        }
      },
      stop,
    );
    step(`rows loaded (${tables.length} tables)`);
    // Keys and unique constraints, then the other indexes: each one statement, several at once.
    const keys = constraints.filter((entry) => entry.kind !== 'f');
    const builds = [
      ...keys.map((entry) => ({
        table: entry.table,
        sql: `alter table ${quoted(entry.table)} add constraint ${quoted(entry.name)} ${entry.definition}`,
      })),
      ...indexes.map((index) => ({ table: index.table, sql: index.definition })),
    ];
    await onEach(
      workers,
      largestFirst(builds, (build) => build.table),
      (worker, build) => worker.query(build.sql),
      stop,
    );
    step(`keys and indexes built (${builds.length})`);
    // Foreign keys: declared without a check (no scan), then each checked by one query, several at once
    // (a check locks its tables only against writes, so checks never wait for one another's locks).
    const foreign = constraints.filter((entry) => entry.kind === 'f');
    await client.query('begin');
    for (const entry of foreign)
      await client.query(
        `alter table ${quoted(entry.table)} add constraint ${quoted(entry.name)} ${entry.definition} not valid`,
      );
    await client.query('commit');
    await onEach(
      workers,
      largestFirst(foreign, (entry) => entry.table),
      (worker, entry) =>
        worker.query(`alter table ${quoted(entry.table)} validate constraint ${quoted(entry.name)}`),
      stop,
    );
    step(`foreign keys checked (${foreign.length})`);
    for (const sequence of manifest.sequences)
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        quoted(sequence.name),
        sequence.value ?? '1',
        sequence.value !== null,
      ]);
    // The proof, from what was loaded: a COPY that stopped short or a file changed by hand shows here. The
    // tables are read back several at once, the facts beside them; the first table that differs, in the
    // manifest's order, is named.
    const [measuring, factsRead] = await Promise.allSettled([
      onEach(
        workers,
        largestFirst(tables, (table) => table.name),
        (worker, table) => measureTable(worker, table),
        stop,
      ),
      facts
        ? drizzle(client)
            .transaction((tx) => facts.read(tx), {
              isolationLevel: 'repeatable read',
              accessMode: 'read only',
            })
            .finally(() =>
              log?.(`  the facts read: ${((performance.now() - stepStarted) / 1000).toFixed(1)} s`),
            )
        : undefined,
    ]);
    step('every table checksummed again, the facts read');
    if (measuring.status === 'rejected') throw measuring.reason;
    if (factsRead.status === 'rejected') throw factsRead.reason;
    const measuredTables = measuring.value;
    const measuredOf = new Map(measuredTables.map((measured) => [measured.name, measured]));
    const loaded: RestoreReport['loaded'] = [];
    for (const table of tables) {
      const measured = measuredOf.get(table.name)!;
      const reason = tableDiffers(table, measured);
      if (reason) throw new RestoreRefused(reason);
      loaded.push(measured);
    }
    if (facts && factsRead.value) {
      const reason = facts.differ(manifest.facts as F | undefined, factsRead.value);
      if (reason) throw new RestoreRefused(reason);
    }
    return { manifest, loaded };
  } finally {
    await Promise.all(workers.map((worker) => worker.end().catch(() => {})));
  }
}

/**
 * The deep check of a backup: restored into a new database beside `url`'s on the same server (every
 * table recounted and re-checksummed, `facts` read again), then dropped whatever the outcome.
 */
export async function verifyByRestoring<F>(url: string, dir: string, facts?: BackupFacts<F>) {
  const target = new URL(url);
  const name = `portal_verify_${randomBytes(6).toString('hex')}`;
  target.pathname = `/${name}`;
  const admin = new Client({ connectionString: url });
  await admin.connect();
  try {
    await admin.query(`create database ${quoted(name)}`);
    try {
      return await restoreDatabase(target.toString(), dir, facts);
    } finally {
      await admin.query(`drop database if exists ${quoted(name)} with (force)`);
    }
  } finally {
    await admin.end();
  }
}

export type BackupArgs = { verify: boolean; file: string | undefined };

/**
 * The command line of `npm run backup` / `restore`: `[FILE]` or `--verify FILE`. An option it does not
 * know is refused with the usage line, never taken for a file name.
 */
export function parseBackupArgs(args: string[], usage: string): BackupArgs {
  const [first, ...rest] = args;
  const unknown = args.find((arg) => arg.startsWith('-') && arg !== '--verify');
  if (unknown) throw new RestoreRefused(`unknown option ${unknown}\n${usage}`);
  if (first === '--verify') {
    if (rest.length !== 1) throw new RestoreRefused(`--verify takes one backup file\n${usage}`);
    return { verify: true, file: rest[0] };
  }
  if (rest.length) throw new RestoreRefused(`one file at most\n${usage}`);
  return { verify: false, file: first };
}
