// A user's expense and income details (spec §3, §5): every transfer on their star, yellow and coin
// accounts, shown for the last three months only (older rows stay in the ledger).
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { recordsSince } from '@/lib/live/history';
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
  const filter =
    query.type === 'recharge'
      ? sql`and o.kind = 'recharge'`
      : query.type === 'expense'
        ? sql`and mine.direction < 0`
        : query.type === 'income'
          ? sql`and mine.direction > 0`
          : query.type === 'coin'
            ? sql`and mine.currency = 'coin'`
            : sql``;
  const { rows } = await db.execute<{
    id: number;
    kind: string;
    currency: Currency;
    amount: string;
    created_at: Date | string;
    result: Record<string, unknown>;
    total: string;
  }>(sql`
    with mine as (
      select t.id, t.operation_id, t.currency, t.amount, t.created_at,
             case when f.kind = 'user' and f.user_id = ${userId} then -1 else 1 end as direction
      from wallet_transfers t
      join wallet_accounts f on f.id = t.from_account
      join wallet_accounts d on d.id = t.to_account
      where ((f.kind = 'user' and f.user_id = ${userId}) or (d.kind = 'user' and d.user_id = ${userId}))
        and t.currency <> 'exp' and t.created_at >= ${since}
    )
    select mine.id, o.kind, mine.currency, mine.amount * mine.direction as amount, mine.created_at, o.result,
           count(*) over () as total
    from mine join wallet_operations o on o.id = mine.operation_id
    where true ${filter}
    order by mine.created_at desc, mine.id desc
    limit ${query.size} offset ${(query.page - 1) * query.size}`);
  return {
    total: Number(rows[0]?.total ?? 0),
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
