// A logical backup of the portal's database that any PostgreSQL it runs on can take and give back, whatever
// its version (the embedded server is newer than Debian's pg_dump, which refuses newer servers): every
// table of the portal's schema copied out in one read-only REPEATABLE READ transaction (one consistent
// snapshot, taken beside a running portal without blocking its writes), plus the sequences and the
// migrations the database had. Restoring runs the portal's migrations on an empty database, then loads
// the rows in foreign-key order in one transaction and sets the sequences. pg-boss's queue (schema
// `pgboss`) is not copied: its ticks are made again by the restored portal.
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Client } from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { createDb, runMigrations } from '@/lib/db';

export const BACKUP_FORMAT = 1;

export type BackupManifest = {
  format: number;
  /** The snapshot's instant, in the database's time. */
  takenAt: string;
  serverVersion: string;
  /** Hashes of the migrations the database had applied (drizzle's journal). */
  migrations: string[];
  tables: { name: string; columns: string[]; rows: number }[];
  sequences: { name: string; value: string | null }[];
};

const quoted = (name: string) => `"${name.replaceAll('"', '""')}"`;
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
export async function backupDatabase(url: string, dir: string): Promise<BackupManifest> {
  fs.mkdirSync(path.join(dir, 'db'), { recursive: true });
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('begin isolation level repeatable read read only');
    const { rows: info } = await client.query<{ at: Date; version: string }>(
      'select now() as at, current_setting($1) as version',
      ['server_version'],
    );
    const { rows: journal } = await client
      .query<{ hash: string }>('select hash from drizzle.__drizzle_migrations order by id')
      .catch(() => ({ rows: [] as { hash: string }[] }));
    const tables: BackupManifest['tables'] = [];
    for (const table of await portalTables(client)) {
      const columns = table.columns.map(quoted).join(', ');
      const source = client.query(copyTo(`copy (select ${columns} from ${quoted(table.name)}) to stdout`));
      await pipeline(source, fs.createWriteStream(tableFile(dir, table.name)));
      tables.push({ name: table.name, columns: table.columns, rows: Number(source.rowCount ?? 0) });
    }
    const { rows: sequences } = await client.query<{ name: string; value: string | null }>(
      `select sequencename as name, last_value::text as value from pg_sequences where schemaname = 'public'`,
    );
    await client.query('commit');
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      takenAt: info[0]!.at.toISOString(),
      serverVersion: info[0]!.version,
      migrations: journal.map((row) => row.hash),
      tables,
      sequences,
    };
    fs.writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
    return manifest;
  } finally {
    await client.end();
  }
}

/** `tables` ordered so that every table comes after the tables its foreign keys point at. */
async function foreignKeyOrder(client: Client, tables: string[]) {
  const { rows } = await client.query<{ child: string; parent: string }>(
    `select c.conrelid::regclass::text as child, c.confrelid::regclass::text as parent
     from pg_constraint c join pg_namespace n on n.oid = c.connamespace
     where c.contype = 'f' and n.nspname = 'public' and c.conrelid <> c.confrelid`,
  );
  const unquote = (name: string) => name.replace(/^"(.*)"$/, '$1');
  const parents = new Map<string, Set<string>>(tables.map((table) => [table, new Set()]));
  for (const { child, parent } of rows) parents.get(unquote(child))?.add(unquote(parent));
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) if (parents.has(parent)) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

export class RestoreRefused extends Error {}

/**
 * Loads the backup in `dir` into the empty database at `url`: the portal's migrations first (refused when
 * the backup has migrations this code does not), then every table's rows and the sequences, all or nothing.
 */
export async function restoreDatabase(url: string, dir: string): Promise<BackupManifest> {
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as BackupManifest;
  if (manifest.format !== BACKUP_FORMAT) throw new RestoreRefused(`unknown backup format ${manifest.format}`);
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
    const { db, pool } = createDb(url, 1);
    try {
      await runMigrations(db);
    } finally {
      await pool.end();
    }
    const { rows: journal } = await client.query<{ hash: string }>(
      'select hash from drizzle.__drizzle_migrations',
    );
    const known = new Set(journal.map((row) => row.hash));
    const unknown = manifest.migrations.filter((hash) => !known.has(hash));
    if (unknown.length)
      throw new RestoreRefused(
        `the backup comes from a newer portal (${unknown.length} migrations this one lacks)`,
      );

    await client.query('begin');
    // What the migrations seeded (reference rows) gives way to the backup's rows.
    const present = new Set((await portalTables(client)).map((table) => table.name));
    const names = manifest.tables.map((table) => table.name).filter((name) => present.has(name));
    // (Only tables that have rows: the audit log refuses TRUNCATE, and a new database's is empty.)
    const seeded: string[] = [];
    for (const name of names)
      if ((await client.query(`select 1 from ${quoted(name)} limit 1`)).rowCount) seeded.push(name);
    if (seeded.length) await client.query(`truncate ${seeded.map(quoted).join(', ')} cascade`);
    for (const name of await foreignKeyOrder(client, names)) {
      const table = manifest.tables.find((entry) => entry.name === name)!;
      const columns = table.columns.map(quoted).join(', ');
      const sink = client.query(copyFrom(`copy ${quoted(name)} (${columns}) from stdin`));
      await pipeline(fs.createReadStream(tableFile(dir, name)), sink);
    }
    for (const sequence of manifest.sequences)
      await client.query('select setval($1::regclass, $2::bigint, $3)', [
        quoted(sequence.name),
        sequence.value ?? '1',
        sequence.value !== null,
      ]);
    await client.query('commit');
    return manifest;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    await client.end();
  }
}
