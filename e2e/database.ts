// Direct reads of the e2e database (or another on its server: the cluster's), for facts no screen shows.
import { createDb } from '@/lib/db';
import { e2eDatabaseUrl } from '../playwright.config';

export async function withDatabase<T>(
  use: (db: ReturnType<typeof createDb>['db']) => Promise<T>,
  url = e2eDatabaseUrl(),
) {
  const { db, pool } = createDb(url, 1);
  try {
    return await use(db);
  } finally {
    await pool.end();
  }
}

/**
 * The read replica (scripts/e2e-postgres.sh with E2E_REPLICA=on) for a portal process a spec starts
 * (cluster nodes, the external engine's portal): on `database` when it has one of its own, and under
 * `applicationName`, so the script's count of the e2e portal's replica connections stays its own. Nothing
 * without a replica: the spread of `process.env` must not hand another database's replica to that process.
 */
export function replicaEnv(applicationName: string, database?: string): { DATABASE_REPLICA_URL?: string } {
  const configured = process.env.DATABASE_REPLICA_URL;
  if (!configured) return {};
  const url = new URL(configured);
  if (database) url.pathname = `/${database}`;
  url.searchParams.set('application_name', applicationName);
  return { DATABASE_REPLICA_URL: url.toString() };
}
