// `npm run seed`: migrate and load the demo data into the configured (or embedded) database.
import { getConfig } from '@/lib/config';
import { closeDb, getDb, runMigrationsAsOwner } from '@/lib/db';
import { bootDatabase } from '@/lib/db/bootstrap';
import { log } from '@/lib/log';
import { seedDemoData } from '@/lib/seed';

async function main() {
  const database = await bootDatabase(getConfig(), (message) => log.info(message));
  try {
    process.env.DATABASE_URL = database.url;
    await runMigrationsAsOwner(getDb(), getConfig().MIGRATION_DATABASE_URL);
    await seedDemoData(getDb());
    log.info('demo data seeded');
  } finally {
    await closeDb();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
