// The ledger's proof (`npm run ledger:check`): every balance equals the sum of its transfers, no
// account that may not go negative is negative, each currency's holdings equal what was minted minus
// what was burnt, and every user's experience equals their experience account. Runs in one
// read-only REPEATABLE READ transaction, so it sees one consistent moment of a running portal.
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { CURRENCIES, type Currency } from './ledger';

export type CurrencyReport = {
  currency: Currency;
  accounts: number;
  /** Sum of the balances of every account that is not mint or burn. */
  held: number;
  minted: number;
  burnt: number;
};

export type LedgerReport = {
  ok: boolean;
  operations: number;
  transfers: number;
  accounts: number;
  currencies: CurrencyReport[];
  problems: string[];
};

export async function checkLedger(db: Db): Promise<LedgerReport> {
  return db.transaction(
    async (tx) => {
      const problems: string[] = [];
      const mismatched = await tx.execute<{
        id: number;
        kind: string;
        user_id: number;
        currency: string;
        balance: string;
        computed: string;
      }>(sql`
        with moves as (
          select to_account as id, amount from wallet_transfers
          union all select from_account, -amount from wallet_transfers
        ), sums as (select id, sum(amount) as computed from moves group by id)
        select a.id, a.kind, a.user_id, a.currency, a.balance, coalesce(s.computed, 0) as computed
        from wallet_accounts a left join sums s on s.id = a.id
        where a.balance <> coalesce(s.computed, 0)`);
      for (const row of mismatched.rows)
        problems.push(
          `account ${row.id} (${row.kind} ${row.user_id} ${row.currency}): balance ${row.balance} but transfers sum to ${row.computed}`,
        );
      const orphans = await tx.execute<{ id: number }>(sql`
        select t.id from wallet_transfers t
        left join wallet_accounts f on f.id = t.from_account
        left join wallet_accounts d on d.id = t.to_account
        where f.id is null or d.id is null or f.currency <> t.currency or d.currency <> t.currency`);
      for (const row of orphans.rows) problems.push(`transfer ${row.id} joins accounts of another currency`);
      const negative = await tx.execute<{ id: number; balance: string }>(sql`
        select id, balance from wallet_accounts where balance < 0 and kind <> 'mint'`);
      for (const row of negative.rows) problems.push(`account ${row.id} is negative: ${row.balance}`);

      const totals = await tx.execute<{
        currency: Currency;
        accounts: string;
        held: string;
        minted: string;
        burnt: string;
      }>(sql`
        select c.currency,
          (select count(*) from wallet_accounts a where a.currency = c.currency) as accounts,
          (select coalesce(sum(balance), 0) from wallet_accounts a
            where a.currency = c.currency and a.kind not in ('mint', 'burn')) as held,
          (select coalesce(sum(case when f.kind = 'mint' then t.amount else -t.amount end), 0)
            from wallet_transfers t join wallet_accounts f on f.id = t.from_account
            join wallet_accounts d on d.id = t.to_account
            where t.currency = c.currency and (f.kind = 'mint') <> (d.kind = 'mint')) as minted,
          (select coalesce(sum(case when d.kind = 'burn' then t.amount else -t.amount end), 0)
            from wallet_transfers t join wallet_accounts f on f.id = t.from_account
            join wallet_accounts d on d.id = t.to_account
            where t.currency = c.currency and (f.kind = 'burn') <> (d.kind = 'burn')) as burnt
        from unnest(${sql.param([...CURRENCIES])}::wallet_currency[]) as c(currency)`);
      const currencies = totals.rows.map((row) => ({
        currency: row.currency,
        accounts: Number(row.accounts),
        held: Number(row.held),
        minted: Number(row.minted),
        burnt: Number(row.burnt),
      }));
      for (const c of currencies)
        if (c.held !== c.minted - c.burnt)
          problems.push(
            `${c.currency}: accounts hold ${c.held} but ${c.minted} minted − ${c.burnt} burnt = ${c.minted - c.burnt}`,
          );

      const experience = await tx.execute<{ id: number; experience: number; ledger: string }>(sql`
        select u.id, u.experience, coalesce(a.balance, 0) as ledger from users u
        left join wallet_accounts a on a.kind = 'user' and a.user_id = u.id and a.currency = 'exp'
        where u.experience <> coalesce(a.balance, 0)`);
      for (const row of experience.rows)
        problems.push(`user ${row.id}: experience ${row.experience} but the ledger holds ${row.ledger}`);

      const counts = await tx.execute<{ operations: string; transfers: string; accounts: string }>(sql`
        select (select count(*) from wallet_operations) as operations,
               (select count(*) from wallet_transfers) as transfers,
               (select count(*) from wallet_accounts) as accounts`);
      const count = counts.rows[0]!;
      return {
        ok: problems.length === 0,
        operations: Number(count.operations),
        transfers: Number(count.transfers),
        accounts: Number(count.accounts),
        currencies,
        problems,
      };
    },
    { isolationLevel: 'repeatable read', accessMode: 'read only' },
  );
}

export function formatReport(report: LedgerReport) {
  const lines = [
    `ledger: ${report.accounts} accounts, ${report.operations} operations, ${report.transfers} transfers`,
    '  checked: every balance = sum of its transfers; no account but mint below 0; transfers join accounts of their currency;',
    "           per currency, held = minted − burnt; every user's experience = their experience account",
    ...report.currencies.map(
      (c) =>
        `  ${c.currency.padEnd(6)} ${String(c.accounts).padStart(6)} accounts  held ${c.held}  = minted ${c.minted} − burnt ${c.burnt}`,
    ),
  ];
  if (report.ok) lines.push('OK: the ledger balances');
  else lines.push(`FAILED: ${report.problems.length} problem(s)`, ...report.problems.map((p) => `  - ${p}`));
  return lines.join('\n');
}
