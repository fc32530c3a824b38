// A user's expense and income details (spec §3, §5): every transfer on their star, yellow and coin
// accounts, shown for the last three months only (older rows stay in the ledger).
import { type SQL, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { recordsSince } from '@/lib/time/record-window';
import type { Currency } from './ledger';

/** `api/order/getTypeList`: what the details can be filtered by. */
export const RECORD_TYPES = ['all', 'recharge', 'expense', 'income', 'coin'] as const;
export type RecordType = (typeof RECORD_TYPES)[number];

export type RecordLine = {
  id: number;
  kind: string;
  currency: Currency;
  /** Positive for income, negative for expense. */
  amount: number;
  created_at: string;
  detail: Record<string, unknown>;
};

export async function statement(
  db: DbOrTx,
  userId: number,
  query: { type: RecordType; page: number; size: number; now: Date },
) {
  const since = recordsSince(query.now).toISOString();
  // Each side of the user's accounts (issue #45): the transfers out of them and into them, read per
  // account from its (account, created_at) index, newest first and no further than the page's end; the
  // two sides never overlap (a transfer's accounts are of one currency, a user has one per currency).
  const currencies = query.type === 'coin' ? sql`a.currency = 'coin'` : sql`a.currency <> 'exp'`;
  const sides = [
    ...(query.type === 'income' ? [] : [{ column: sql.raw('from_account'), direction: -1 }]),
    ...(query.type === 'expense' ? [] : [{ column: sql.raw('to_account'), direction: 1 }]),
  ];
  const recharge = query.type === 'recharge';
  const reach = query.page * query.size;
  const side = (column: SQL, direction: number, limit: boolean) => sql`
    select t.id, t.operation_id, t.currency, t.amount * ${direction} as amount, t.created_at
    from accounts a cross join lateral (
      select t.id, t.operation_id, t.currency, t.amount, t.created_at from wallet_transfers t
      where t.${column} = a.id and t.created_at >= ${since}
        ${recharge ? sql`and exists (select from wallet_operations o where o.id = t.operation_id and o.kind = 'recharge')` : sql``}
      ${limit ? sql`order by t.created_at desc, t.id desc limit ${reach}` : sql``}) t`;
  const accounts = sql`accounts as (
      select a.id from wallet_accounts a where a.kind = 'user' and a.user_id = ${userId} and ${currencies})`;
  const [{ rows }, counted] = await Promise.all([
    db.execute<{
      id: number;
      kind: string;
      currency: Currency;
      amount: string;
      created_at: Date | string;
      result: Record<string, unknown>;
    }>(sql`
      with ${accounts}, mine as (
        ${sql.join(
          sides.map(({ column, direction }) => side(column, direction, true)),
          sql` union all `,
        )}
        order by created_at desc, id desc limit ${query.size} offset ${(query.page - 1) * query.size}
      )
      select mine.id, o.kind, mine.currency, mine.amount, mine.created_at, o.result
      from mine join wallet_operations o on o.id = mine.operation_id
      order by mine.created_at desc, mine.id desc`),
    db.execute<{ total: string }>(sql`
      with ${accounts}
      select (${sql.join(
        sides.map(
          ({ column, direction }) => sql`(select count(*) from (${side(column, direction, false)}) c)`,
        ),
        sql` + `,
      )}) as total`),
  ]);
  return {
    total: Number(counted.rows[0]?.total ?? 0),
    list: rows.map(
      (row): RecordLine => ({
        id: Number(row.id),
        kind: row.kind,
        currency: row.currency,
        amount: Number(row.amount),
        created_at: new Date(row.created_at).toISOString(),
        detail: row.result,
      }),
    ),
  };
}
