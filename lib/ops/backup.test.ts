// A backup taken during a storm of money operations, restored into a new database: the ledger checks clean,
// every operation acknowledged before the backup began is there, nothing is half there, the sequences go on
// after the restored rows; a database with tables and a backup from a newer portal are refused.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';
import { createDb } from '@/lib/db';
import { HOLDINGS } from '@/lib/server/holdings';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';
import { checkLedger } from '@/lib/wallet/check';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { type BackupManifest, backupDatabase, RestoreRefused, restoreDatabase } from './backup';

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
  } finally {
    await restored.pool.end();
  }
});

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
