// `npm run ledger:check`: proves the ledger balances (lib/wallet/check.ts) on DATABASE_URL, or on the
// embedded database of a portal running on DATA_DIR (read-only, without stopping it), or on the
// embedded database started here when no portal runs. Exit code 1 when anything does not add up.
import path from 'node:path';
import { getConfig } from '@/lib/config';
import { createDb } from '@/lib/db';
import { bootDatabase, EMBEDDED_DATABASE } from '@/lib/db/bootstrap';
import { runningEmbeddedUrl } from '@/lib/db/embedded';
import { checkLedger, formatReport } from '@/lib/wallet/check';

async function main() {
  const config = getConfig();
  let url = config.DATABASE_URL ?? runningEmbeddedUrl(path.join(config.DATA_DIR, 'pg'), EMBEDDED_DATABASE);
  let stop = async () => {};
  if (url)
    console.log(
      `checking ${config.DATABASE_URL ? 'DATABASE_URL' : `the running portal's embedded database (${config.DATA_DIR})`}`,
    );
  else {
    const booted = await bootDatabase(config, () => {});
    url = booted.url;
    stop = booted.stop;
    console.log(`checking the embedded database in ${config.DATA_DIR} (no portal running)`);
  }
  const { db, pool } = createDb(url, 2);
  try {
    const report = await checkLedger(db);
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
