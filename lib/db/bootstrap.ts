// Brings up the database a process needs: DATABASE_URL when configured, otherwise the embedded server.
import path from 'node:path';
import { Client } from 'pg';
import type { Config } from '@/lib/config';
import { runningEmbeddedUrl, startEmbeddedPostgres } from './embedded';

export const EMBEDDED_DATABASE = 'portal';

export async function createDatabaseIfMissing(adminUrl: string, database: string, template?: string) {
  const client = new Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) {
      await client.query(`create database "${database}"${template ? ` template "${template}"` : ''}`);
    }
  } finally {
    await client.end();
  }
}

export async function bootDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>,
  log: (message: string) => void,
): Promise<{ url: string; stop: () => Promise<void> }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {} };
  const embedded = await startEmbeddedPostgres({
    dataDir: path.join(config.DATA_DIR, 'pg'),
    port: config.EMBEDDED_PG_PORT,
    log,
  });
  try {
    await createDatabaseIfMissing(embedded.url('postgres'), EMBEDDED_DATABASE);
  } catch (error) {
    await embedded.stop();
    throw error;
  }
  return { url: embedded.url(EMBEDDED_DATABASE), stop: embedded.stop };
}

/**
 * The portal's database for a tool run beside it (ledger check, backup): DATABASE_URL; else the embedded
 * database of a portal running on DATA_DIR (without stopping it); else the embedded one started here.
 */
export async function openPortalDatabase(
  config: Pick<Config, 'DATABASE_URL' | 'DATA_DIR' | 'EMBEDDED_PG_PORT'>,
): Promise<{ url: string; stop: () => Promise<void>; where: string }> {
  if (config.DATABASE_URL) return { url: config.DATABASE_URL, stop: async () => {}, where: 'DATABASE_URL' };
  const running = runningEmbeddedUrl(path.join(config.DATA_DIR, 'pg'), EMBEDDED_DATABASE);
  if (running)
    return {
      url: running,
      stop: async () => {},
      where: `the running portal's embedded database (${config.DATA_DIR})`,
    };
  const booted = await bootDatabase(config, () => {});
  return { ...booted, where: `the embedded database in ${config.DATA_DIR} (no portal running)` };
}
