// `npm run restore FILE`: brings a backup of `npm run backup` back into an empty database (DATABASE_URL) or a
// new data folder (DATA_DIR, with the embedded database), uploads included. The tables load side by side on
// a few connections; every table is then recounted and re-checksummed from what was loaded and the ledger
// checked; a difference from the manifest refuses it and leaves the target empty. Refuses a database that has tables already and a backup
// made by a newer portal. `npm run restore -- --verify FILE` checks without restoring (scripts/backup-verify.ts).
// See docs/operations.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getConfig } from '@/lib/config';
import { bootDatabase, EMBEDDED_DATABASE } from '@/lib/db/bootstrap';
import { runningEmbeddedUrl } from '@/lib/db/embedded';
import { parseBackupArgs, RestoreRefused, restoreDatabase } from '@/lib/ops/backup';
import { PORTAL_BACKUP_FACTS } from '@/lib/server/backup-facts';
import { verifyBackupArchive } from './backup-verify';

const USAGE = 'usage: npm run restore FILE | npm run restore -- --verify FILE';

async function restore(file: string | undefined) {
  if (!file || !fs.existsSync(file)) throw new Error(USAGE);
  const config = getConfig();
  if (!config.DATABASE_URL && runningEmbeddedUrl(path.join(config.DATA_DIR, 'pg'), EMBEDDED_DATABASE))
    throw new Error(`a portal is running on ${config.DATA_DIR}: restore into a new DATA_DIR`);
  const started = performance.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-'));
  try {
    execFileSync('tar', ['-xzf', path.resolve(file), '-C', work]);
    const { url, stop } = await bootDatabase(config, (line) => console.log(line));
    try {
      const { manifest, loaded } = await restoreDatabase(url, work, PORTAL_BACKUP_FACTS, {
        log: (line) => console.log(`  ${line}`),
      });
      const uploads = path.join(work, 'uploads');
      if (fs.existsSync(uploads))
        fs.cpSync(uploads, path.join(config.DATA_DIR, 'uploads'), { recursive: true });
      const rows = loaded.reduce((sum, table) => sum + table.rows, 0);
      console.log(
        `restored ${loaded.length} tables, ${rows} rows as loaded and checked against the manifest` +
          `${manifest.format > 1 ? ' (counts, checksums, ledger, audit head)' : ' (a format-1 backup: counts and ledger only)'}` +
          ` (snapshot of ${manifest.takenAt}) into ` +
          `${config.DATABASE_URL ? 'DATABASE_URL' : config.DATA_DIR} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } catch (error) {
      if (error instanceof RestoreRefused) throw new Error(`restore refused: ${error.message}`);
      throw error;
    } finally {
      await stop();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

async function main() {
  const args = parseBackupArgs(process.argv.slice(2), USAGE);
  if (args.verify) process.exitCode = await verifyBackupArchive(args.file);
  else await restore(args.file);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
