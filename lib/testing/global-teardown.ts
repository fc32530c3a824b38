import { Client } from 'pg';
import { dropTestDatabases } from './db';

export default async function globalTeardown() {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (adminUrl) {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    await dropTestDatabases(admin);
    await admin.end();
  }
  await (globalThis as { __testPg?: { stop: () => Promise<void> } }).__testPg?.stop();
}
