// A backup taken during a storm of money operations, restored into a new database: the ledger checks clean,
// every operation acknowledged before the backup began is there, nothing is half there, the sequences go on
// after the restored rows; a database with tables and a backup from a newer portal are refused. A backup
// proves itself: a table file with a line deleted or an amount changed is refused by the file check, by the
// check that restores into a temporary database and by a restore, which names the table and leaves the
// target empty; the ledger check refuses what the checksums would let through; unknown options are refused.
// A restore puts back every key, foreign key and index it set aside for its parallel load.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createDb } from '@/lib/db';
import { PORTAL_BACKUP_FACTS, type PortalFacts } from '@/lib/server/backup-facts';
import { HOLDINGS } from '@/lib/server/holdings';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import {
  type BackupManifest,
  backupDatabase,
  parseBackupArgs,
  RestoreRefused,
  RowDigest,
  restoreDatabase,
  verifyBackupFiles,
  verifyByRestoring,
} from './backup';

jest.setTimeout(120_000);

let source: TestDb;
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'backup-test-'));
const made: string[] = [];

beforeAll(async () => {
  source = await createTestDb();
});
afterAll(async () => {
  await source.close();
  const admin = new Client({ connectionString: process.env.TEST_DATABASE_ADMIN_URL });
  await admin.connect();
  for (const name of made) await admin.query(`drop database if exists "${name}" with (force)`);
  await admin.end();
  fs.rmSync(work, { recursive: true, force: true });
});

/** A new, empty database on the test server (what `npm run restore` gets from a new data folder). */
async function emptyDatabase() {
  const name = `restore_${made.length}_${source.name}`.slice(0, 63);
  made.push(name);
  const admin = new Client({ connectionString: process.env.TEST_DATABASE_ADMIN_URL });
  await admin.connect();
  await admin.query(`create database "${name}"`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_ADMIN_URL!);
  url.pathname = `/${name}`;
  return url.toString();
}

it('restores a backup taken during a write storm with every acknowledged write and a clean ledger', async () => {
  const users = await Promise.all(Array.from({ length: 8 }, () => makeUser(source.db)));
  const acknowledged: string[] = [];
  let storming = true;
  const storm = async (worker: number) => {
    for (let i = 0; storming; i++) {
      const user = users[(worker + i) % users.length]!;
      const key = `storm:${worker}:${i}`;
      await runOperation(source.db, {
        key,
        kind: 'test_fund',
        userId: user.id,
        payload: {},
        now: NOON,
        prepare: async () => ({ legs: [mintLeg(user.id, 'star', 10)], result: {} }),
      });
      acknowledged.push(key);
    }
  };
  const workers = [0, 1, 2, 3].map(storm);
  while (acknowledged.length < 100) await new Promise((resolve) => setTimeout(resolve, 20));
  const before = [...acknowledged];
  const dir = path.join(work, 'storm');
  let manifest: BackupManifest;
  try {
    manifest = await backupDatabase(source.url, dir);
  } finally {
    storming = false;
    await Promise.all(workers);
  }
  expect(manifest.tables.find((table) => table.name === 'wallet_operations')!.rows).toBeGreaterThanOrEqual(
    before.length,
  );

  const target = await emptyDatabase();
  await restoreDatabase(target, dir);
  const restored = createDb(target, 2);
  try {
    const { rows } = await restored.pool.query<{ key: string }>(
      `select idempotency_key as key from wallet_operations where idempotency_key like 'storm:%'`,
    );
    const keys = new Set(rows.map((row) => row.key));
    expect(before.filter((key) => !keys.has(key))).toEqual([]);
    expect(keys.size).toBe(manifest.tables.find((table) => table.name === 'wallet_operations')!.rows);
    expect((await checkLedger(restored.db, HOLDINGS)).problems).toEqual([]);
    // New rows get new ids after the restored ones.
    const fresh = await makeUser(restored.db);
    expect(fresh.id).toBeGreaterThan(Math.max(...users.map((user) => user.id)));
    // The keys, foreign keys and indexes set aside for the load are all back, as the migrations made them,
    // and every foreign key is checked.
    expect(await schemaShape(target)).toEqual(await schemaShape(source.url));
  } finally {
    await restored.pool.end();
  }
});

/** The indexes and constraints of the public schema, with whether each constraint was checked. */
async function schemaShape(url: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: indexes } = await client.query(
      `select indexname, indexdef from pg_indexes where schemaname = 'public' order by indexname`,
    );
    const { rows: constraints } = await client.query(
      `select t.relname, c.conname, pg_get_constraintdef(c.oid) as definition, c.convalidated
       from pg_constraint c join pg_class t on t.oid = c.conrelid join pg_namespace n on n.oid = t.relnamespace
       where n.nspname = 'public' order by t.relname, c.conname`,
    );
    return { indexes, constraints };
  } finally {
    await client.end();
  }
}

it('refuses a database that already has tables, and a backup from a newer portal', async () => {
  const dir = path.join(work, 'plain');
  await backupDatabase(source.url, dir);
  await expect(restoreDatabase(source.url, dir)).rejects.toBeInstanceOf(RestoreRefused);

  const manifestFile = path.join(dir, 'manifest.json');
  const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as BackupManifest;
  fs.writeFileSync(
    manifestFile,
    JSON.stringify({ ...manifest, migrations: [...manifest.migrations, 'f'.repeat(64)] }),
  );
  const target = await emptyDatabase();
  await expect(restoreDatabase(target, dir)).rejects.toThrow(/newer portal/);
});

/** The public tables and the migrations journal of the database at `url` (a new database has neither). */
async function contents(url: string) {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number; journal: boolean }>(
      `select (select count(*)::int from pg_tables where schemaname = 'public') as tables,
              to_regclass('drizzle.__drizzle_migrations') is not null as journal`,
    );
    return rows[0];
  } finally {
    await client.end();
  }
}

/** A copy of the backup in `from` with `edit` applied to the lines of `table`'s file. */
function damaged(from: string, name: string, table: string, edit: (lines: string[]) => string[]) {
  const dir = path.join(work, name);
  fs.cpSync(from, dir, { recursive: true });
  const file = path.join(dir, 'db', `${table}.copy`);
  const lines = fs.readFileSync(file, 'utf8').split('\n').slice(0, -1);
  fs.writeFileSync(file, `${edit(lines).join('\n')}\n`);
  return dir;
}

describe('a backup that proves itself', () => {
  let good: string;
  let manifest: BackupManifest;
  const transfers = () => manifest.tables.find((table) => table.name === 'wallet_transfers')!;

  beforeAll(async () => {
    const user = await makeUser(source.db);
    for (let i = 0; i < 5; i++)
      await runOperation(source.db, {
        key: `proof:${i}`,
        kind: 'test_fund',
        userId: user.id,
        payload: {},
        now: NOON,
        prepare: async () => ({ legs: [mintLeg(user.id, 'star', 10 + i)], result: {} }),
      });
    good = path.join(work, 'good');
    manifest = await backupDatabase(source.url, good, PORTAL_BACKUP_FACTS);
  });

  it('carries counts, checksums, the schema version and the ledger, and restores as it says', async () => {
    expect(transfers().rows).toBeGreaterThanOrEqual(5);
    expect(transfers().checksum).toMatch(/^[0-9a-f]{64}$/);
    expect(manifest.schemaVersion?.hash).toBe(manifest.migrations.at(-1));
    const facts = manifest.facts as PortalFacts;
    expect(facts.ledger.problems).toEqual([]);
    expect(facts.ledger.currencies.find((entry) => entry.currency === 'star')!.minted).toBeGreaterThan(0);

    const files = await verifyBackupFiles(good);
    expect(files.checksummed).toBe(true);
    const target = await emptyDatabase();
    const { loaded } = await restoreDatabase(target, good, PORTAL_BACKUP_FACTS);
    expect(loaded.find((table) => table.name === 'wallet_transfers')).toEqual({
      name: 'wallet_transfers',
      rows: transfers().rows,
      checksum: transfers().checksum,
    });
    expect(loaded.reduce((sum, table) => sum + table.rows, 0)).toBe(
      manifest.tables.reduce((sum, table) => sum + table.rows, 0),
    );
    await expect(verifyByRestoring(source.url, good, PORTAL_BACKUP_FACTS)).resolves.toBeDefined();
  });

  it('refuses a table file with one line deleted: the file check, the deep check and a restore', async () => {
    const dir = damaged(good, 'truncated', 'wallet_transfers', (lines) => lines.slice(1));
    const reason = `wallet_transfers has ${transfers().rows - 1} rows, the manifest says ${transfers().rows}`;
    await expect(verifyBackupFiles(dir)).rejects.toThrow(reason);
    await expect(verifyByRestoring(source.url, dir, PORTAL_BACKUP_FACTS)).rejects.toThrow(reason);
    const target = await emptyDatabase();
    const refusal = restoreDatabase(target, dir, PORTAL_BACKUP_FACTS);
    await expect(refusal).rejects.toBeInstanceOf(RestoreRefused);
    await expect(refusal).rejects.toThrow(reason);
    expect(await contents(target)).toEqual({ tables: 0, journal: false });
    // The target is as new: the good backup goes in afterwards.
    await expect(restoreDatabase(target, good, PORTAL_BACKUP_FACTS)).resolves.toBeDefined();
  });

  it('refuses a changed amount (same row count) by its checksum, and the ledger check behind it', async () => {
    const amount = transfers().columns.indexOf('amount');
    const change = (lines: string[]) =>
      lines.map((line, index) => {
        if (index > 0) return line;
        const fields = line.split('\t');
        fields[amount] = String(Number(fields[amount]) + 1);
        return fields.join('\t');
      });
    const dir = damaged(good, 'altered', 'wallet_transfers', change);
    const reason = "wallet_transfers's data does not match its checksum";
    await expect(verifyBackupFiles(dir)).rejects.toThrow(reason);
    const target = await emptyDatabase();
    await expect(restoreDatabase(target, dir, PORTAL_BACKUP_FACTS)).rejects.toThrow(reason);
    expect(await contents(target)).toEqual({ tables: 0, journal: false });

    // The manifest rewritten to the changed file's checksum: the ledger, read from what was loaded, refuses.
    const file = path.join(dir, 'db', 'wallet_transfers.copy');
    const digest = new RowDigest();
    digest.end(fs.readFileSync(file));
    digest.resume();
    await new Promise((resolve) => digest.on('end', resolve));
    const forged = {
      ...manifest,
      tables: manifest.tables.map((table) =>
        table.name === 'wallet_transfers' ? { ...table, checksum: digest.checksum } : table,
      ),
    };
    fs.writeFileSync(path.join(dir, 'manifest.json'), JSON.stringify(forged));
    await expect(verifyBackupFiles(dir)).resolves.toBeDefined();
    await expect(restoreDatabase(target, dir, PORTAL_BACKUP_FACTS)).rejects.toThrow(
      /the ledger check fails on the loaded data: account \d+/,
    );
    expect(await contents(target)).toEqual({ tables: 0, journal: false });
  });
});

it('takes [FILE] or --verify FILE, and refuses an option it does not know with the usage line', () => {
  const usage = 'usage: npm run backup [-- FILE] | npm run backup -- --verify FILE';
  expect(parseBackupArgs([], usage)).toEqual({ verify: false, file: undefined });
  expect(parseBackupArgs(['a.tar.gz'], usage)).toEqual({ verify: false, file: 'a.tar.gz' });
  expect(parseBackupArgs(['--verify', 'a.tar.gz'], usage)).toEqual({ verify: true, file: 'a.tar.gz' });
  expect(() => parseBackupArgs(['--verfy', 'a.tar.gz'], usage)).toThrow(`unknown option --verfy\n${usage}`);
  expect(() => parseBackupArgs(['--verify'], usage)).toThrow(usage);
  expect(() => parseBackupArgs(['a.tar.gz', '--check'], usage)).toThrow('unknown option --check');
});
