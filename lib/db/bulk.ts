// Statements over many rows whose cost does not grow with the row count in parameters: a feed tick
// writes hundreds of matches of thirty columns, and drizzle renders (and node-postgres sends) every
// parameter of a VALUES list or an IN list one by one. These pass the rows or keys as ONE parameter.
import { getTableColumns, is, SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * `insert into <table> (…) select … from <rows>` with the rows as ONE JSON parameter, read through the
 * table's own row type (jsonb_populate_recordset): a feed tick writes hundreds of matches of thirty
 * columns, and a VALUES list of one parameter per cell costs far more to build (drizzle renders each)
 * and to send than the rows' JSON. A column no row gives takes the database's default; one some rows
 * leave undefined takes the column's default value or `$defaultFn` (as in drizzle's insert); values go as JSON (dates as ISO instants, jsonb columns as nested JSON).
 */
export function insertJsonRows<T extends PgTable>(table: T, rows: T['$inferInsert'][]) {
  const columns = Object.entries(getTableColumns(table)).filter(([key]) =>
    rows.some((row) => (row as Record<string, unknown>)[key] !== undefined),
  );
  const data = rows.map((row) =>
    Object.fromEntries(
      columns.map(([key, column]) => {
        const value = (row as Record<string, unknown>)[key];
        if (value !== undefined) return [column.name, value];
        if (column.defaultFn) return [column.name, column.defaultFn()];
        // A default the database computes (now()) cannot go in the JSON: give it in every row or none.
        if (is(column.default, SQL))
          throw new Error(`insertJsonRows: ${column.name} given in some rows only, and its default is SQL`);
        return [column.name, column.hasDefault ? column.default : null];
      }),
    ),
  );
  const list = sql.join(
    columns.map(([, column]) => sql.identifier(column.name)),
    sql`, `,
  );
  return sql`insert into ${table} (${list}) select ${list} from jsonb_populate_recordset(null::${table}, ${JSON.stringify(data)}::jsonb)`;
}

/**
 * `(a, b) in <these pairs>` as two array parameters, however many pairs: a lookup of a batch's
 * hundreds of natural keys costs two parameters to build and send, not two per key.
 */
export function pairIn(a: SQLWrapper, b: SQLWrapper, pairs: [string, string][]) {
  return sql`(${a}, ${b}) in (select * from unnest(${sql.param(pairs.map((pair) => pair[0]))}::text[], ${sql.param(pairs.map((pair) => pair[1]))}::text[]))`;
}

/** `column = any(<ids>)`: one array parameter, however many ids. */
export function idIn(column: SQLWrapper, ids: number[]) {
  return sql`${column} = any(${sql.param(ids)}::int[])`;
}

/** `on conflict (…) do update set` of {@link insertJsonRows}: each listed column takes the refused row's value. */
export function updateFromExcluded<T extends PgTable>(table: T, keys: (keyof T['$inferInsert'] & string)[]) {
  const columns = getTableColumns(table) as Record<string, { name: string }>;
  return sql.join(
    keys.map(
      (key) => sql`${sql.identifier(columns[key]!.name)} = excluded.${sql.identifier(columns[key]!.name)}`,
    ),
    sql`, `,
  );
}
