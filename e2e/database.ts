// Direct reads of the e2e database, for facts no screen shows (who invited whom).
import { createDb } from '@/lib/db';
import { e2eDatabaseUrl } from '../playwright.config';

export async function withDatabase<T>(use: (db: ReturnType<typeof createDb>['db']) => Promise<T>) {
  const { db, pool } = createDb(e2eDatabaseUrl(), 1);
  try {
    return await use(db);
  } finally {
    await pool.end();
  }
}
