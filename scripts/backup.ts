// `npm run backup [FILE]`: the portal's database (lib/ops/backup.ts: one consistent snapshot, safe beside a
// running portal) and its uploads (DATA_DIR/uploads with STORAGE_PROVIDER=local) in one .tar.gz. Without
// FILE it goes to DATA_DIR/backups/portal-<snapshot time>.tar.gz. See docs/operations.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getConfig } from '@/lib/config';
import { openPortalDatabase } from '@/lib/db/bootstrap';
import { backupDatabase } from '@/lib/ops/backup';

async function main() {
  const config = getConfig();
  const started = performance.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
  const { url, stop, where } = await openPortalDatabase(config);
  try {
    console.log(`backing up ${where}`);
    const manifest = await backupDatabase(url, work);
    const uploads = path.join(config.DATA_DIR, 'uploads');
    let files = 0;
    if (config.STORAGE_PROVIDER === 'local' && fs.existsSync(uploads)) {
      // Uploads are written to `.part` files and renamed, so every complete file is a finished upload.
      fs.cpSync(uploads, path.join(work, 'uploads'), {
        recursive: true,
        filter: (source) => !source.endsWith('.part'),
      });
      files = fs.readdirSync(path.join(work, 'uploads'), { recursive: true }).length;
    }
    const stamp = manifest.takenAt.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z');
    const file = path.resolve(
      process.argv[2] ?? path.join(config.DATA_DIR, 'backups', `portal-${stamp}.tar.gz`),
    );
    fs.mkdirSync(path.dirname(file), { recursive: true });
    execFileSync('tar', ['-czf', `${file}.part`, '-C', work, '.']);
    fs.renameSync(`${file}.part`, file);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    console.log(
      `${file}: ${manifest.tables.length} tables, ${rows} rows, ${files} upload entries, ` +
        `${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await stop();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
