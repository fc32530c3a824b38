// `npm run restore FILE`: brings a backup of `npm run backup` back into an empty database (DATABASE_URL) or a
// new data folder (DATA_DIR, with the embedded database), uploads included. Refuses a database that has
// tables already and a backup made by a newer portal. See docs/operations.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getConfig } from '@/lib/config';
import { bootDatabase, EMBEDDED_DATABASE } from '@/lib/db/bootstrap';
import { runningEmbeddedUrl } from '@/lib/db/embedded';
import { restoreDatabase } from '@/lib/ops/backup';

async function main() {
  const file = process.argv[2];
  if (!file || !fs.existsSync(file)) throw new Error('usage: npm run restore <backup file>');
  const config = getConfig();
  if (!config.DATABASE_URL && runningEmbeddedUrl(path.join(config.DATA_DIR, 'pg'), EMBEDDED_DATABASE))
    throw new Error(`a portal is running on ${config.DATA_DIR}: restore into a new DATA_DIR`);
  const started = performance.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-restore-'));
  try {
    execFileSync('tar', ['-xzf', path.resolve(file), '-C', work]);
    const { url, stop } = await bootDatabase(config, (line) => console.log(line));
    try {
      const manifest = await restoreDatabase(url, work);
      const uploads = path.join(work, 'uploads');
      if (fs.existsSync(uploads))
        fs.cpSync(uploads, path.join(config.DATA_DIR, 'uploads'), { recursive: true });
      const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
      console.log(
        `restored ${manifest.tables.length} tables, ${rows} rows (snapshot of ${manifest.takenAt}) into ` +
          `${config.DATABASE_URL ? 'DATABASE_URL' : config.DATA_DIR} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    } finally {
      await stop();
    }
  } finally {
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
