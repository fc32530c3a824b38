import { Client } from 'pg';

export default async function globalTeardown() {
  const adminUrl = process.env.TEST_DATABASE_ADMIN_URL;
  if (adminUrl) {
    const admin = new Client({ connectionString: adminUrl });
    await admin.connect();
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where datname like 'portal_test_%'",
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
    await admin.end();
  }
  await (globalThis as { __testPg?: { stop: () => Promise<void> } }).__testPg?.stop();
}
