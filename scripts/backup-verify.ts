// `npm run backup -- --verify FILE` (and `npm run restore -- --verify FILE`): checks a backup without
// restoring it. The files first (the manifest, every table's row count and checksum); then, when a
// database is at hand (DATABASE_URL, or the embedded one of DATA_DIR), a restore into a temporary database
// on that server with the ledger check and the audit head, dropped afterwards. Returns the exit code.
import fs from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { getConfig } from '@/lib/config';
import { EMBEDDED_DATABASE, openPortalDatabase } from '@/lib/db/bootstrap';
import { runningEmbeddedUrl } from '@/lib/db/embedded';
import { RestoreRefused, verifyBackupFiles, verifyByRestoring } from '@/lib/ops/backup';
import { withUnpackedArchive } from '@/lib/ops/backup-archive';
import { PORTAL_BACKUP_FACTS } from '@/lib/server/backup-facts';

const seconds = (since: number) => `${((performance.now() - since) / 1000).toFixed(1)} s`;

export async function verifyBackupArchive(file: string | undefined) {
  if (!file || !fs.existsSync(file)) throw new Error(`no backup file: ${file ?? '(none given)'}`);
  try {
    return await withUnpackedArchive(file, (work) => verifyUnpacked(file, work));
  } catch (error) {
    if (!(error instanceof RestoreRefused)) throw error;
    console.error(`${file} does not prove itself: ${error.message}`);
    return 1;
  }
}

async function verifyUnpacked(file: string, work: string) {
  const config = getConfig();
  let started = performance.now();
  const files = await verifyBackupFiles(work);
  const rows = files.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `files: ${files.tables.length} tables, ${rows} rows match the manifest's counts` +
      `${files.checksummed ? ' and checksums' : ' (a format-1 backup: no checksums)'} in ${seconds(started)}`,
  );
  const pgDir = path.join(config.DATA_DIR, 'pg');
  if (!config.DATABASE_URL && !runningEmbeddedUrl(pgDir, EMBEDDED_DATABASE) && !fs.existsSync(pgDir)) {
    console.log(`${file}: the files check out (no database here to restore it into for the ledger check)`);
    return 0;
  }
  started = performance.now();
  const { url, stop, where } = await openPortalDatabase(config);
  try {
    const { manifest } = await verifyByRestoring(url, work, PORTAL_BACKUP_FACTS);
    console.log(
      `restored into a temporary database beside ${where}: every table recounted and re-checksummed, ` +
        `the ledger check and the audit head agree with the manifest (snapshot of ${manifest.takenAt}); ` +
        `dropped, in ${seconds(started)}`,
    );
  } finally {
    await stop();
  }
  console.log(`${file}: verified`);
  return 0;
}
