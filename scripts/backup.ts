// `npm run backup [FILE]`: the portal's database (lib/ops/backup.ts: one consistent snapshot, safe beside a
// running portal, with a manifest of row counts, checksums and the ledger's sums) and its uploads
// (DATA_DIR/uploads with STORAGE_PROVIDER=local) in one .tar.gz. Without FILE it goes to
// DATA_DIR/backups/portal-<snapshot time>.tar.gz. `npm run backup -- --verify FILE` checks a backup without
// restoring it (scripts/backup-verify.ts). See docs/operations.md.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getConfig } from '@/lib/config';
import { openPortalDatabase } from '@/lib/db/bootstrap';
import { backupDatabase, parseBackupArgs } from '@/lib/ops/backup';
import { PORTAL_BACKUP_FACTS } from '@/lib/server/backup-facts';
import { verifyBackupArchive } from './backup-verify';

const USAGE = 'usage: npm run backup [-- FILE] | npm run backup -- --verify FILE';

async function backup(target: string | undefined) {
  const config = getConfig();
  const started = performance.now();
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-backup-'));
  const { url, stop, where } = await openPortalDatabase(config);
  try {
    console.log(`backing up ${where}`);
    const manifest = await backupDatabase(url, work, PORTAL_BACKUP_FACTS);
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
    const file = path.resolve(target ?? path.join(config.DATA_DIR, 'backups', `portal-${stamp}.tar.gz`));
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

async function main() {
  const args = parseBackupArgs(process.argv.slice(2), USAGE);
  if (args.verify) process.exitCode = await verifyBackupArchive(args.file);
  else await backup(args.file);
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
