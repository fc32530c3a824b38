// `npm run ledger:check`: proves the ledger balances and escrow holds what its open items explain
// (lib/wallet/check.ts, with every holding of lib/server/holdings.ts) on DATABASE_URL, or on the
// embedded database of a portal running on DATA_DIR (read-only, without stopping it), or on the
// embedded database started here when no portal runs. Exit code 1 when anything does not add up.
import { getConfig } from '@/lib/config';
import { createDb } from '@/lib/db';
import { openPortalDatabase } from '@/lib/db/bootstrap';
import { HOLDINGS } from '@/lib/server/holdings';
import { checkLedger, formatReport } from '@/lib/wallet/check';

async function main() {
  const { url, stop, where } = await openPortalDatabase(getConfig());
  console.log(`checking ${where}`);
  const { db, pool } = createDb(url, 2);
  try {
    const report = await checkLedger(db, HOLDINGS);
    console.log(formatReport(report));
    process.exitCode = report.ok ? 0 : 1;
  } finally {
    await pool.end();
    await stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
