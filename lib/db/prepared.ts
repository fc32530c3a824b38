// Statements a busy screen runs per request with the same shape: built once per database handle and
// sent as named prepared statements (drizzle `.prepare(name)` with named parameters, `slot`), so neither
// drizzle (rendering a wide join costs milliseconds) nor the server (parsing, planning) redoes the work.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';

/** A value given when a prepared statement runs (`execute({ [name]: value })`). */
export const slot = (name: string) => sql.placeholder(name);

/** `build`'s statements for a handle, built on its first use and kept as long as the handle lives. */
export function preparedFor<T>(build: (db: DbOrTx) => T): (db: DbOrTx) => T {
  const built = new WeakMap<DbOrTx, T>();
  return (db) => {
    let statements = built.get(db);
    if (!statements) {
      statements = build(db);
      built.set(db, statements);
    }
    return statements;
  };
}
