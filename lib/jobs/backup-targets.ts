// Where scheduled backups go (./backup.ts): a folder on the server or an S3-compatible bucket
// (lib/storage/s3.ts). A target stores an archive under its name, hands a copy back for verification,
// lists the backups it holds (only names of backupFileName's form: nothing else there is ever removed)
// and removes one.
import fs from 'node:fs';
import path from 'node:path';
import { BACKUP_FILE_PATTERN } from '@/lib/ops/backup-archive';
import { s3Bucket } from '@/lib/storage/s3';

export type BackupTarget = {
  /** `folder:/var/backups/portal` or `s3:bucket/prefix`, as the console and the log say it. */
  label: string;
  /** Stores the local archive `file` as `name`. */
  put(file: string, name: string): Promise<void>;
  /** The stored `name` as a local file for `use` (a temporary copy when the target is remote). */
  withCopy<T>(name: string, scratch: string, use: (file: string) => Promise<T>): Promise<T>;
  /** The backups it holds, by name (the names sort by their snapshot's instant). */
  list(): Promise<{ name: string; bytes: number }[]>;
  remove(name: string): Promise<void>;
};

export function folderTarget(folder: string): BackupTarget {
  const at = (name: string) => path.join(folder, name);
  return {
    label: `folder:${folder}`,
    async put(file, name) {
      await fs.promises.mkdir(folder, { recursive: true });
      // Copied under a temporary name, then renamed: a complete name is a complete backup.
      await fs.promises.copyFile(file, `${at(name)}.part`);
      await fs.promises.rename(`${at(name)}.part`, at(name));
    },
    withCopy: (name, _scratch, use) => use(at(name)),
    async list() {
      const names = (await fs.promises.readdir(folder)).filter((name) => BACKUP_FILE_PATTERN.test(name));
      return Promise.all(
        names.map(async (name) => ({ name, bytes: (await fs.promises.stat(at(name))).size })),
      );
    },
    remove: (name) => fs.promises.rm(at(name), { force: true }),
  };
}

export type S3TargetOptions = {
  endpoint: string;
  bucket: string;
  prefix: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

export function s3Target(options: S3TargetOptions): BackupTarget {
  const bucket = s3Bucket(options);
  // `backups` and `backups/` both mean the folder `backups/` of the bucket.
  const prefix = options.prefix.replace(/^\/+/, '').replace(/([^/])$/, '$1/');
  return {
    label: `s3:${options.bucket}/${prefix}`,
    async put(file, name) {
      // (One request with the whole archive: fine for a portal's database; multipart would stream it.)
      await bucket.put(`${prefix}${name}`, await fs.promises.readFile(file), 'application/gzip');
    },
    async withCopy(name, scratch, use) {
      const body = await bucket.get(`${prefix}${name}`);
      if (!body) throw new Error(`${name} is not in the bucket after it was written`);
      const copy = path.join(scratch, `readback-${name}`);
      await fs.promises.writeFile(copy, body);
      try {
        return await use(copy);
      } finally {
        await fs.promises.rm(copy, { force: true });
      }
    },
    async list() {
      return (await bucket.list(prefix))
        .map((object) => ({ name: object.key.slice(prefix.length), bytes: object.size }))
        .filter((object) => BACKUP_FILE_PATTERN.test(object.name));
    },
    remove: (name) => bucket.delete(`${prefix}${name}`),
  };
}
