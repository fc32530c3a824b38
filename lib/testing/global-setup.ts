// Starts the test database server once (TEST_DATABASE_URL's server, else DATABASE_URL's, else an embedded
// one) and builds a migrated template; each test file clones it (lib/testing/db.ts), so files run in parallel and
// never see each other's rows.
import path from 'node:path';
import { Client } from 'pg';
import { createDb, runMigrations } from '@/lib/db';
import { startEmbeddedPostgres } from '@/lib/db/embedded';
import { dropTestDatabases, TEMPLATE_DATABASE } from './db';

function withDatabase(url: string, database: string) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export default async function globalSetup() {
  let adminUrl: string;
  // TEST_DATABASE_URL: jest's server alone (CI runs jest on Debian's PostgreSQL, the e2e on the embedded one).
  const serverUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (serverUrl) {
    adminUrl = withDatabase(serverUrl, 'postgres');
  } else {
    const embedded = await startEmbeddedPostgres({
      dataDir: path.join(process.env.DATA_DIR ?? '.data', 'test-pg'),
    });
    (globalThis as { __testPg?: typeof embedded }).__testPg = embedded;
    adminUrl = embedded.url('postgres');
  }
  process.env.TEST_DATABASE_ADMIN_URL = adminUrl;

  const admin = new Client({ connectionString: adminUrl });
  await admin.connect();
  await dropTestDatabases(admin);
  await admin.query(`create database "${TEMPLATE_DATABASE}"`);
  await admin.end();

  const { db, pool } = createDb(withDatabase(adminUrl, TEMPLATE_DATABASE), 1);
  await runMigrations(db);
  await pool.end();
}
