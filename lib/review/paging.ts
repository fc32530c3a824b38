// What every queue source shares: the page's order and window, the count of what waits, the people an
// item concerns, and the reason a source stores on the item itself. Sources in other domains (lib/experts) use them too.
import { asc, count, desc, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/lib/db';
import type { QueueListInput } from './source';

/** Oldest first (`asc`) or newest first (`desc`) by `column`. */
export const order = (column: PgColumn, input: QueueListInput) =>
  input.dir === 'desc' ? desc(column) : asc(column);

/** The page's window. */
export const page = (input: QueueListInput) => ({ limit: input.size, offset: (input.page - 1) * input.size });

/** The reason a source stores on the item itself (shown on the person's own screen). */
export const storedReason = (input: { reasonText: string; note: string }) =>
  [input.reasonText, input.note].filter(Boolean).join(': ').slice(0, 200);

/** How many rows of `table` match `where`: a source's count. */
export async function countWhere(
  db: DbOrTx,
  table: Parameters<ReturnType<DbOrTx['select']>['from']>[0],
  where: SQL,
) {
  const [row] = await db.select({ value: count() }).from(table).where(where);
  return row?.value ?? 0;
}

/** Each item's people from rows of (item, users…), nulls dropped: what a source's `concerns` answers. */
export function concernsOf(rows: readonly { id: number; users: readonly (number | null)[] }[]) {
  const people = new Map<number, number[]>();
  for (const row of rows) {
    const list = people.get(row.id) ?? [];
    for (const user of row.users) if (user !== null && !list.includes(user)) list.push(user);
    people.set(row.id, list);
  }
  return people as Map<number, readonly number[]>;
}
