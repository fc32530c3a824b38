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
