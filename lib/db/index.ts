// The database handle shared by every domain service. One pool per process, kept on globalThis so
// the custom server and Next's separately bundled route code use the same connections.

import path from 'node:path';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { Pool } from 'pg';
import { log } from '@/lib/log';
import { inCommitScope } from './after-commit';

// No schema object: every query names its tables (no relational `db.query`), so lib/db imports no domain.
export type Db = NodePgDatabase;
/** A handle that is either the pool-backed db or a transaction inside it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;

type Holder = { pool?: Pool; db?: Db; url?: string };
const globalRef = globalThis as { __portalDb?: Holder; __portalReadDb?: Holder };
globalRef.__portalDb ??= {};
globalRef.__portalReadDb ??= {};
const holder = globalRef.__portalDb;
const readHolder = globalRef.__portalReadDb;

/** Connections per pool (DATABASE_POOL_SIZE, validated with the rest of the config at start-up). */
const poolSize = () => Number(process.env.DATABASE_POOL_SIZE) || 10;

function held(target: Holder, url: string) {
  if (!target.db || target.url !== url) Object.assign(target, createDb(url, poolSize()), { url });
  return target.db!;
}

export function createDb(url: string, max = 10): { db: Db; pool: Pool } {
  const pool = new Pool({ connectionString: url, max });
  // An idle connection that the server ends (a restart, the database stopping after pool.end(), an
  // operator's pg_terminate_backend) is an 'error' on the pool: without a listener it kills the process.
  // The pool drops that connection and opens a new one on demand, so a warning is all it needs.
  pool.on('error', (error: Error & { code?: string }) =>
    log.warn({ code: error.code, message: error.message }, 'database: an idle connection was closed'),
  );
  // The pool listens only to the connections it holds idle: one checked out (a transaction between two
  // statements, a job's lease) whose server goes away emits 'error' with no listener, an uncaught
  // exception (seen when e2e/fault-storm.spec.ts restarts the server). Its next query fails (that
  // failure is what gets reported), and the pool drops it on release.
  pool.on('connect', (client) =>
    client.on('error', (error: Error & { code?: string }) =>
      log.debug({ code: error.code, message: error.message }, 'database: a connection was closed'),
    ),
  );
  const db = drizzle(pool);
  // Each transaction is a commit scope: pushes made inside it wait for its commit (./after-commit).
  const transaction = db.transaction.bind(db);
  db.transaction = ((run, config) => inCommitScope(() => transaction(run, config))) as Db['transaction'];
  return { pool, db };
}

/** The process-wide database; its URL is DATABASE_URL, set by server.ts once the database is up. */
export function getDb(): Db {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('DATABASE_URL is not set: start the portal through server.ts or set it');
  return held(holder, url);
}

/** Where read-only work may go: DATABASE_REPLICA_URL when set, else the primary. */
export function getReadDb(): Db {
  const url = process.env.DATABASE_REPLICA_URL;
  return url ? held(readHolder, url) : getDb();
}

export async function closeDb() {
  for (const target of [holder, readHolder]) {
    await target.pool?.end();
    target.pool = undefined;
    target.db = undefined;
  }
}

export async function runMigrations(db: Db) {
  await migrate(db, { migrationsFolder: path.join(process.cwd(), 'drizzle') });
}

/**
 * The migrations as the role that owns the tables (MIGRATION_DATABASE_URL) on a connection of its own,
 * so the portal's role (`db`) may hold data rights only; without that URL, through `db`.
 */
export async function runMigrationsAsOwner(db: Db, migrationUrl: string | undefined) {
  if (!migrationUrl) return runMigrations(db);
  const owner = createDb(migrationUrl, 1);
  try {
    await runMigrations(owner.db);
  } finally {
    await owner.pool.end();
  }
}

/** Whether `db` is a transaction (work that must stay inside it) rather than the pool. */
export const isTransaction = (db: DbOrTx): db is Tx => db instanceof PgTransaction;
