// `npm run ledger:check [-- --full]`: proves the ledger balances and escrow holds what its open items
// explain (lib/wallet/check.ts, with every holding of lib/server/holdings.ts) on DATABASE_URL, or on the
// embedded database of a portal running on DATA_DIR (without stopping it), or on the embedded database
// started here when no portal runs. By default from the last proven point (lib/wallet/proven-point.ts):
// only the transfers since; `--full` reads every transfer. A clean check records its point.
// Exit code 1 when anything does not add up, 2 on an option it does not know.
import { getConfig } from '@/lib/config';
import { createDb } from '@/lib/db';
import { openPortalDatabase } from '@/lib/db/bootstrap';
import { HOLDINGS } from '@/lib/server/holdings';
import { formatReport } from '@/lib/wallet/check';
import { parseLedgerCheckArgs, provenCheck, provenCheckHeadline } from '@/lib/wallet/proven-point';

async function main() {
  const args = parseLedgerCheckArgs(process.argv.slice(2));
  if ('error' in args) {
    console.error(args.error);
    process.exitCode = 2;
    return;
  }
  const { url, stop, where } = await openPortalDatabase(getConfig());
  console.log(`checking ${where}`);
  const { db, pool } = createDb(url, 2);
  try {
    const started = performance.now();
    const result = await provenCheck(db, HOLDINGS, { full: args.full, now: new Date() });
    console.log(provenCheckHeadline(result, args.full, performance.now() - started));
    console.log(formatReport(result.report));
    process.exitCode = result.report.ok ? 0 : 1;
  } finally {
    await pool.end();
    await stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
