// The database handle shared by every domain service. One pool per process, kept on globalThis so
// the custom server and Next's separately bundled route code use the same connections.

import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { Pool } from 'pg';
import * as schema from './schema';

export type Db = NodePgDatabase<typeof schema>;
/** A handle that is either the pool-backed db or a transaction inside it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

type Holder = { pool?: Pool; db?: Db; url?: string };
const globalRef = globalThis as { __portalDb?: Holder };
globalRef.__portalDb ??= {};
const holder = globalRef.__portalDb;

export function createDb(url: string, max = 10): { db: Db; pool: Pool } {
  const pool = new Pool({ connectionString: url, max });
  return { pool, db: drizzle(pool, { schema }) };
}

/** The process-wide database; its URL is DATABASE_URL, set by server.ts once the database is up. */
export function getDb(): Db {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: start the portal through server.ts or set it');
  if (!holder.db || holder.url !== url) {
    const created = createDb(url);
    Object.assign(holder, created, { url });
  }
  return holder.db!;
}

export async function closeDb() {
  await holder.pool?.end();
  holder.pool = undefined;
  holder.db = undefined;
}

export async function runMigrations(db: Db) {
  await migrate(db, { migrationsFolder: path.join(process.cwd(), 'drizzle') });
}
