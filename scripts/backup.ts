// `npm run backup [FILE]`: the portal's database (lib/ops/backup.ts: one consistent snapshot, safe beside a
// running portal, with a manifest of row counts, checksums and the ledger's sums) and its uploads
// (DATA_DIR/uploads with STORAGE_PROVIDER=local) in one .tar.gz. Without FILE it goes to
// DATA_DIR/backups/portal-<snapshot time>.tar.gz. `npm run backup -- --verify FILE` checks a backup without
// restoring it (scripts/backup-verify.ts). See docs/operations.md.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getConfig } from '@/lib/config';
import { openPortalDatabase } from '@/lib/db/bootstrap';
import { parseBackupArgs } from '@/lib/ops/backup';
import { backupFileName, writeBackupArchive } from '@/lib/ops/backup-archive';
import { PORTAL_BACKUP_FACTS } from '@/lib/server/backup-facts';
import { verifyBackupArchive } from './backup-verify';

const USAGE = 'usage: npm run backup [-- FILE] | npm run backup -- --verify FILE';

async function backup(target: string | undefined) {
  const config = getConfig();
  const started = performance.now();
  const { url, stop, where } = await openPortalDatabase(config);
  try {
    console.log(`backing up ${where}`);
    // The file's name comes from the snapshot's instant, known once it is taken: written under a
    // provisional name beside its final place, then renamed.
    const folder = path.join(config.DATA_DIR, 'backups');
    const provisional = path.resolve(target ?? path.join(folder, `portal-in-progress-${process.pid}.tar.gz`));
    const { manifest, rows, uploads } = await writeBackupArchive(url, provisional, {
      uploadsDir: config.STORAGE_PROVIDER === 'local' ? path.join(config.DATA_DIR, 'uploads') : undefined,
      facts: PORTAL_BACKUP_FACTS,
    });
    const file = target ? provisional : path.join(folder, backupFileName(manifest.takenAt));
    if (file !== provisional) fs.renameSync(provisional, file);
    console.log(
      `${file}: ${manifest.tables.length} tables, ${rows} rows, ${uploads} upload entries, ` +
        `${(fs.statSync(file).size / 1024 / 1024).toFixed(1)} MB in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  } finally {
    await stop();
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
