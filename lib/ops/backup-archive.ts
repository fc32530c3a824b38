// A backup as one .tar.gz (what `npm run backup` writes and the scheduled backups keep): the database
// (./backup.ts: db/<table>.copy and manifest.json) and, when given, the uploads folder. Everything here
// is asynchronous (tar runs as a child process, files are copied with fs.promises), so a backup taken
// inside a running portal never holds its event loop for more than one chunk's checksum.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import {
  type BackupFacts,
  type BackupManifest,
  backupDatabase,
  verifyBackupFiles,
  verifyByRestoring,
} from './backup';

const run = promisify(execFile);

/**
 * `portal-20261207T031500.123Z.tar.gz`: the name of a backup taken at `takenAt` (to the millisecond, so
 * two backups never share one). Names sort by their snapshot's instant.
 */
export const backupFileName = (takenAt: string) => `portal-${takenAt.replace(/[-:]/g, '')}.tar.gz`;
/** The names `backupFileName` gives, and those of before (seconds only): what a rotation may remove. */
export const BACKUP_FILE_PATTERN = /^portal-\d{8}T\d{6}(\.\d{3})?Z\.tar\.gz$/;

export type Archive = { manifest: BackupManifest; file: string; rows: number; uploads: number };

/**
 * Writes the database at `url` (and the finished files of `uploadsDir`, if it exists) as the archive
 * `file` (written to `file.part` and renamed, so a complete name is a complete backup).
 */
export async function writeBackupArchive<F>(
  url: string,
  file: string,
  options: { uploadsDir?: string; facts?: BackupFacts<F> } = {},
): Promise<Archive> {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'portal-backup-'));
  try {
    const manifest = await backupDatabase(url, work, options.facts);
    let uploads = 0;
    if (options.uploadsDir && fs.existsSync(options.uploadsDir)) {
      // Uploads are written to `.part` files and renamed, so every complete file is a finished upload.
      await fs.promises.cp(options.uploadsDir, path.join(work, 'uploads'), {
        recursive: true,
        filter: (source) => !source.endsWith('.part'),
      });
      uploads = (await fs.promises.readdir(path.join(work, 'uploads'), { recursive: true })).length;
    }
    await fs.promises.mkdir(path.dirname(file), { recursive: true });
    // gzip's fastest level: a quarter of the default's CPU for an archive about a fifth larger (at a
    // year's volume the compression was the largest cost of a backup); any gzip reads it back.
    await run('tar', ['--use-compress-program=gzip -1', '-cf', `${file}.part`, '-C', work, '.']);
    await fs.promises.rename(`${file}.part`, file);
    const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
    return { manifest, file, rows, uploads };
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/** Unpacks the archive `file` into a new temporary folder, handed to `use` and removed after it. */
export async function withUnpackedArchive<T>(file: string, use: (dir: string) => Promise<T>) {
  const work = await fs.promises.mkdtemp(path.join(os.tmpdir(), 'portal-verify-'));
  try {
    await run('tar', ['-xzf', path.resolve(file), '-C', work]);
    return await use(work);
  } finally {
    await fs.promises.rm(work, { recursive: true, force: true });
  }
}

/**
 * What `npm run backup -- --verify FILE` checks, for a portal that has its database at hand: the files
 * (every table's row count and checksum against the manifest), then a restore into a temporary database
 * beside `url`'s with the facts read again, dropped afterwards. Throws RestoreRefused naming what differs.
 */
export async function verifyBackupArchive<F>(file: string, url: string, facts?: BackupFacts<F>) {
  return withUnpackedArchive(file, async (dir) => {
    const files = await verifyBackupFiles(dir);
    await verifyByRestoring(url, dir, facts);
    return files;
  });
}
