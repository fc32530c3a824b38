// `npm run seed`: migrate and load the demo data into the configured (or embedded) database.
// `npm run seed -- --remove-demo`: take every demo account and what it owns away again (lib/seed/remove.ts).
import { getConfig } from '@/lib/config';
import { closeDb, getDb, runMigrationsAsOwner } from '@/lib/db';
import { bootDatabase } from '@/lib/db/bootstrap';
import { log } from '@/lib/log';
import { mediaRoot } from '@/lib/media/server';
import { seedDemoData } from '@/lib/seed';
import { removeDemoData } from '@/lib/seed/remove';
import { HOLDINGS } from '@/lib/server/holdings';
import { checkLedger } from '@/lib/wallet/check';

async function main() {
  const remove = process.argv.includes('--remove-demo');
  const database = await bootDatabase(getConfig(), (message) => log.info(message));
  try {
    process.env.DATABASE_URL = database.url;
    await runMigrationsAsOwner(getDb(), getConfig().MIGRATION_DATABASE_URL);
    if (remove) {
      const removed = await removeDemoData(getDb(), { mediaRoot: mediaRoot(getConfig()), now: new Date() });
      const ledger = await checkLedger(getDb(), HOLDINGS);
      log.info({ ...removed, ledgerOk: ledger.ok }, 'demo data removed');
      if (removed.kept.length)
        log.warn(
          { kept: removed.kept },
          'demo experts with published plans stay (locked): the plan commitment chain is append-only',
        );
      if (!ledger.ok) throw new Error(`ledger check failed after removal: ${ledger.problems.join('; ')}`);
    } else {
      await seedDemoData(getDb());
      log.info('demo data seeded');
    }
  } finally {
    await closeDb();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
