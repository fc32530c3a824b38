// What every queue source shares: the one pending-list query (what waits, with the person's nickname, one
// page in the reader's order), the page's order and window, the count of what waits, the people an item
// concerns, and the reason a source stores on the item itself. The sources live in their domains
// (`lib/<domain>/review-source.ts`) and build on these.
import { asc, count, desc, eq, type SQL } from 'drizzle-orm';
import type { PgColumn, PgSelect, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { SelectResultFields } from 'drizzle-orm/query-builders/select.types';
import { users } from '@/lib/accounts/schema';
import type { DbOrTx } from '@/lib/db';
import { codedReason } from './reason-text';
import type { QueueListInput } from './source';

/** Oldest first (`asc`) or newest first (`desc`) by `column` (a column or an expression). */
export const order = (column: PgColumn | SQL | SQL.Aliased, input: QueueListInput) =>
  input.dir === 'desc' ? desc(column) : asc(column);

/** The page's window. */
export const page = (input: QueueListInput) => ({ limit: input.size, offset: (input.page - 1) * input.size });

/** A line of text cut to `max` characters for the queue's summary. */
export const EXCERPT = 120;
export const excerpt = (text: string, max = EXCERPT) => (text.length > max ? `${text.slice(0, max)}…` : text);

/**
 * The reason a source stores on the item itself (shown on the person's own screen): its code and the
 * staff's words (`codedReason`), so each reader reads the code in their own language (`readReason`).
 */
export const storedReason = (input: { reasonCode: string; note: string }) =>
  codedReason(input.reasonCode, input.note);

type Join = { table: PgTable; on: SQL };

/**
 * The query every source's `list` runs: `fields` of the rows of `from` that `where` keeps (what waits),
 * each with the nickname of the user in `person`, one page of `input` ordered by `by` in the reader's
 * direction (then by `tieBreak`, ascending). `join`: other tables the fields or `person` read (inner joins,
 * before the user's); `leftJoin`: a table that may have no row, whose fields (`maybe`) are then null.
 */
export async function pendingList<
  TFields extends SelectedFields,
  TMaybe extends SelectedFields = Record<never, never>,
>(
  db: DbOrTx,
  spec: {
    from: PgTable;
    fields: TFields;
    person: PgColumn;
    where: SQL;
    by: PgColumn | SQL | SQL.Aliased;
    tieBreak?: PgColumn;
    join?: readonly Join[];
    leftJoin?: Join & { maybe: TMaybe };
  },
  input: QueueListInput,
): Promise<
  (SelectResultFields<TFields> & {
    [K in keyof SelectResultFields<TMaybe>]: SelectResultFields<TMaybe>[K] | null;
  } & {
    nickname: string;
  })[]
> {
  const fields: SelectedFields = { ...spec.fields, ...spec.leftJoin?.maybe, nickname: users.nickname };
  let query: PgSelect = db.select(fields).from(spec.from).$dynamic();
  for (const join of spec.join ?? []) query = query.innerJoin(join.table, join.on);
  query = query.innerJoin(users, eq(users.id, spec.person));
  if (spec.leftJoin) query = query.leftJoin(spec.leftJoin.table, spec.leftJoin.on);
  const rows = await query
    .where(spec.where)
    .orderBy(order(spec.by, input), ...(spec.tieBreak ? [asc(spec.tieBreak)] : []))
    .limit(page(input).limit)
    .offset(page(input).offset);
  return rows as never;
}

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
