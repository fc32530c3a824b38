// `npm run finance:report [-- --from YYYY-MM-DD --to YYYY-MM-DD] [--csv] [--database NAME]`: the daily finance report
// (lib/wallet/finance-report.ts) of a day range — by default every day the ledger has — on the same
// database `ledger:check` reads, set against the ledger check's own sums: per currency, the report's
// minted and burnt must equal what the check counts, and revenue + escrow + users what it holds. Exit
// code 1 when they differ or the ledger does not balance. `--csv` prints the report's CSV as well;
// `--database` reads another database of the same server (`year`, the filled year of `npm run seed:year`).
import { sql } from 'drizzle-orm';
import { getConfig } from '@/lib/config';
import { createDb } from '@/lib/db';
import { openPortalDatabase } from '@/lib/db/bootstrap';
import { HOLDINGS } from '@/lib/server/holdings';
import { checkLedger } from '@/lib/wallet/check';
import { balances, FLOW_COLUMNS, financeReport, financeReportCsv } from '@/lib/wallet/finance-report';

const option = (name: string) => {
  const at = process.argv.indexOf(`--${name}`);
  return at > 0 ? process.argv[at + 1] : undefined;
};

async function main() {
  const { url, stop, where } = await openPortalDatabase(getConfig());
  const timeZone = getConfig().TIME_ZONE;
  console.log(
    `reporting on ${where}${option('database') ? `, database ${option('database')}` : ''} (days in ${timeZone})`,
  );
  const database = option('database');
  const { db, pool } = createDb(database ? url.replace(/\/[^/?]+(\?|$)/, `/${database}$1`) : url, 2);
  try {
    const { rows } = await db.execute<{ first: string | null; last: string | null }>(sql`
      select to_char(min(created_at) at time zone ${timeZone}, 'YYYY-MM-DD') as first,
             to_char(max(created_at) at time zone ${timeZone}, 'YYYY-MM-DD') as last
      from wallet_transfers`);
    const from = option('from') ?? rows[0]?.first ?? '1970-01-01';
    const to = option('to') ?? rows[0]?.last ?? from;
    const started = performance.now();
    const report = await financeReport(db, { from, to }, timeZone);
    const took = Math.round(performance.now() - started);
    if (process.argv.includes('--csv')) console.log(financeReportCsv(report, (kind) => kind));
    const ledger = await checkLedger(db, HOLDINGS);
    const whole = !option('from') && !option('to');
    console.log(`finance report ${from} .. ${to}: ${report.rows.length} rows in ${took} ms`);
    console.log(
      `  currency  ${FLOW_COLUMNS.map((column) => column.padStart(12)).join('')}   ledger:check minted / burnt / held`,
    );
    const problems: string[] = [];
    for (const total of report.totals) {
      const checked = ledger.currencies.find((c) => c.currency === total.currency)!;
      console.log(
        `  ${total.currency.padEnd(8)}  ${FLOW_COLUMNS.map((column) => String(total[column]).padStart(12)).join('')}   ${checked.minted} / ${checked.burnt} / ${checked.held}`,
      );
      if (!balances(total)) problems.push(`${total.currency}: the report's columns do not balance`);
      if (whole && (total.minted !== checked.minted || total.burnt !== checked.burnt))
        problems.push(`${total.currency}: the report's minted/burnt differ from the ledger check's`);
      if (whole && total.revenue + total.escrow + total.users !== checked.held)
        problems.push(`${total.currency}: revenue + escrow + users differ from what the ledger holds`);
    }
    for (const row of report.rows)
      if (!balances(row)) problems.push(`${row.day} ${row.kind} ${row.currency}: the row does not balance`);
    problems.push(...ledger.problems.map((problem) => `ledger: ${problem}`));
    if (problems.length) {
      console.log(`FAILED: ${problems.length} problem(s)`);
      for (const problem of problems) console.log(`  - ${problem}`);
      process.exitCode = 1;
    } else
      console.log(
        whole
          ? 'OK: the report equals the ledger check, currency by currency'
          : 'OK: every row balances (a part of the ledger: no comparison with its totals)',
      );
  } finally {
    await pool.end();
    await stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
