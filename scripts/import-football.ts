// `npm run import:football -- [path]`: imports openfootball JSON (a file or a folder; default the shared
// data folder, or OPENFOOTBALL_DIR) into the configured or embedded database. Safe to run again.
import { getConfig } from '@/lib/config';
import { closeDb, getDb, runMigrationsAsOwner } from '@/lib/db';
import { bootDatabase } from '@/lib/db/bootstrap';
import { defaultOpenfootballDir, importOpenfootball } from '@/lib/feeds/openfootball/import';
import { log } from '@/lib/log';

async function main() {
  const target = process.argv[2] ?? defaultOpenfootballDir();
  const database = await bootDatabase(getConfig(), (message) => log.info(message));
  try {
    process.env.DATABASE_URL = database.url;
    await runMigrationsAsOwner(getDb(), getConfig().MIGRATION_DATABASE_URL);
    const imported = await importOpenfootball(getDb(), target, new Date());
    for (const file of imported) {
      console.log(
        `${file.file}: ${file.matches} matches, ${file.events} goals, ${file.teams} teams, ${file.squadPlayers} players`,
      );
    }
    console.log(`imported ${imported.length} file(s) from ${target}`);
  } finally {
    await closeDb();
    await database.stop();
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
