// A private database for one test file, cloned from the migrated template in milliseconds.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDb, type Db } from '@/lib/db';

export const TEMPLATE_DATABASE = 'portal_test_template';

/** Drops every test database (leftovers of an interrupted run, or all at the end). */
export async function dropTestDatabases(admin: Client) {
  const { rows } = await admin.query<{ datname: string }>(
    "select datname from pg_database where datname like 'portal_test_%'",
  );
  for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
}

export type TestDb = {
  db: Db;
  url: string;
  /** Its database name, usable as `template` of further copies once `release`d. */
  name: string;
  close: () => Promise<void>;
  /** Closes the connections but keeps the database, so it can be copied (`createTestDb({ template })`). */
  release: () => Promise<void>;
};

/**
 * A fresh database from the migrated template, or from `template`: a released test database holding
 * data a file loads once (e.g. the football import) and copies for each case that changes it.
 */
export async function createTestDb(options: { template?: string } = {}): Promise<TestDb> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (!adminUrl)
    throw new Error('TEST_DATABASE_ADMIN_URL is not set: run through jest (lib/testing/global-setup)');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${options.template ?? TEMPLATE_DATABASE}"`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db, pool } = createDb(url.toString(), 5);
  // Dropping the database at the end (or the teardown's forced drop after a slow file) ends idle
  // connections from the server side; that is expected here, not a failure of the file's tests.
  pool.on('error', () => {});
  let ended: Promise<void> | null = null;
  const endPool = () => {
    ended ??= pool.end();
    return ended;
  };
  return {
    db,
    url: url.toString(),
    name,
    release: endPool,
    close: async () => {
      await endPool();
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
