// A private database for one test file, cloned from the migrated template in milliseconds.
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { createDb, type Db } from '@/lib/db';

const TEMPLATE_DATABASE = 'portal_test_template';

export type TestDb = { db: Db; url: string; close: () => Promise<void> };

export async function createTestDb(): Promise<TestDb> {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (!adminUrl)
    throw new Error('TEST_DATABASE_ADMIN_URL is not set: run through jest (lib/testing/global-setup)');
  const name = `portal_test_${randomBytes(6).toString('hex')}`;
  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database "${name}" template "${TEMPLATE_DATABASE}"`);
  await admin.end();

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const { db, pool } = createDb(url.toString(), 5);
  return {
    db,
    url: url.toString(),
    close: async () => {
      await pool.end();
      const cleanup = new Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists "${name}" with (force)`);
      await cleanup.end();
    },
  };
}
