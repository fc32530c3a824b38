// The scheduled backups' settings (issue #46), kept like the other operator settings in `system_settings`
// (one row, key `backupSchedule`, beside those of ./settings.ts, which ignores it): on or off, every how
// many hours, how many to keep, and where — a folder on the server or an S3-compatible bucket. The
// bucket's secret is write-only: stored sealed (AES-256-GCM under a key of ./secrets.ts), never answered to
// the console (which sees `s3SecretSet`), never written to the audit log.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import { DomainError } from '@/lib/api/errors';
import { getConfig } from '@/lib/config';
import type { DbOrTx } from '@/lib/db';
import { systemSettings } from './schema';
import { sealSecret, unsealSecret } from './sealed-secret';
import { writeSetting } from './setting-row';

export const BACKUP_SETTINGS_KEY = 'backupSchedule';
export const BACKUP_TARGETS = ['folder', 's3'] as const;

const required = (ctx: z.core.$RefinementCtx, field: string) =>
  ctx.addIssue({ code: 'custom', path: [field], message: 'required', params: { i18n: 'required' } });

/** What the console sends: every field, the secret only when it changes (absent or empty keeps it). */
export const backupScheduleInput = z
  .object({
    enabled: z.boolean(),
    intervalHours: z.number().int().min(1).max(720),
    keep: z.number().int().min(1).max(1000),
    target: z.enum(BACKUP_TARGETS),
    folder: z.string().trim().max(500).optional(),
    s3Endpoint: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(300)]).optional(),
    s3Bucket: z
      .string()
      .trim()
      .max(63)
      .regex(/^$|^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/)
      .optional(),
    s3Prefix: z
      .string()
      .trim()
      .max(200)
      .regex(/^(?!.*\.\.)[A-Za-z0-9._\-/]*$/)
      .optional(),
    s3Region: z
      .string()
      .trim()
      .max(40)
      .regex(/^[a-z0-9-]*$/)
      .optional(),
    s3AccessKeyId: z.string().trim().max(200).optional(),
    s3Secret: z.string().max(500).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.target === 'folder' && !value.folder) required(ctx, 'folder');
    if (value.target === 's3')
      for (const field of ['s3Endpoint', 's3Bucket', 's3Region', 's3AccessKeyId'] as const)
        if (!value[field]) required(ctx, field);
  });
export type BackupScheduleInput = z.output<typeof backupScheduleInput>;

/** As stored: the secret sealed. */
const storedSchedule = z.object({
  enabled: z.boolean(),
  intervalHours: z.number().int().min(1),
  keep: z.number().int().min(1),
  target: z.enum(BACKUP_TARGETS),
  folder: z.string().default(''),
  s3Endpoint: z.string().default(''),
  s3Bucket: z.string().default(''),
  s3Prefix: z.string().default(''),
  s3Region: z.string().default(''),
  s3AccessKeyId: z.string().default(''),
  s3SecretSealed: z.string().default(''),
});
type StoredSchedule = z.output<typeof storedSchedule>;

/** What the console shows (and the audit log keeps): everything but the secret, which is only "set". */
export type BackupScheduleView = Omit<StoredSchedule, 's3SecretSealed'> & {
  s3SecretSet: boolean;
  /** When an operator last saved it (null: never; the schedule is off). */
  updatedAt: Date | null;
};

/** Where a schedule writes when it names no folder of its own. */
export const defaultBackupFolder = () => path.resolve(getConfig().DATA_DIR, 'backups');

const DEFAULTS = (): StoredSchedule => ({
  enabled: false,
  intervalHours: 24,
  keep: 7,
  target: 'folder',
  folder: defaultBackupFolder(),
  s3Endpoint: '',
  s3Bucket: '',
  s3Prefix: 'portal-backups/',
  s3Region: '',
  s3AccessKeyId: '',
  s3SecretSealed: '',
});

const PURPOSE = 'backup-target-secret';
const seal = (db: DbOrTx, plain: string) => sealSecret(db, PURPOSE, plain);
const unseal = (db: DbOrTx, sealed: string) => unsealSecret(db, PURPOSE, sealed);

async function readSchedule(db: DbOrTx) {
  const [row] = await db.select().from(systemSettings).where(eq(systemSettings.key, BACKUP_SETTINGS_KEY));
  const parsed = row ? storedSchedule.safeParse(row.value) : null;
  return {
    stored: parsed?.success ? parsed.data : DEFAULTS(),
    updatedAt: parsed?.success ? row!.updatedAt : null,
  };
}

const view = ({ s3SecretSealed, ...rest }: StoredSchedule, updatedAt: Date | null): BackupScheduleView => ({
  ...rest,
  s3SecretSet: Boolean(s3SecretSealed),
  updatedAt,
});

/** The schedule as the console shows it. */
export async function backupScheduleView(db: DbOrTx) {
  const { stored, updatedAt } = await readSchedule(db);
  return view(stored, updatedAt);
}

/** The schedule with its secret opened: what the backup job writes with. */
export type BackupSchedule = BackupScheduleView & { s3Secret: string };

export async function backupSchedule(db: DbOrTx): Promise<BackupSchedule> {
  const { stored, updatedAt } = await readSchedule(db);
  return {
    ...view(stored, updatedAt),
    s3Secret: stored.s3SecretSealed ? await unseal(db, stored.s3SecretSealed) : '',
  };
}

/**
 * The folder `folder` can take backups: an absolute path, created if missing, where a file can be written
 * and removed. Refuses (BACKUP_FOLDER_UNREACHABLE naming it) otherwise.
 */
export async function checkBackupFolder(folder: string) {
  if (!path.isAbsolute(folder)) throw new DomainError('BACKUP_FOLDER_NOT_ABSOLUTE', { values: { folder } });
  const probe = path.join(folder, `.portal-probe-${randomBytes(4).toString('hex')}`);
  try {
    await fs.promises.mkdir(folder, { recursive: true });
    await fs.promises.writeFile(probe, '');
    await fs.promises.rm(probe);
  } catch {
    throw new DomainError('BACKUP_FOLDER_UNREACHABLE', { values: { folder } });
  }
}

/**
 * Saves the whole schedule; answers the views before and after (for the audit entry, without the secret:
 * `s3SecretChanged` says a new one was given). A folder target is checked first; an S3 target needs a
 * secret, given now or kept from before for the same access key. Refusals change nothing.
 */
export async function saveBackupSchedule(
  db: DbOrTx,
  input: BackupScheduleInput,
  meta: { now: Date; actorId: number },
) {
  if (input.target === 'folder') await checkBackupFolder(input.folder!);
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${systemSettings} in share row exclusive mode`);
    const { stored: before, updatedAt } = await readSchedule(tx);
    const secretGiven = Boolean(input.s3Secret);
    const keepsSecret = before.s3SecretSealed && input.s3AccessKeyId === before.s3AccessKeyId;
    if (input.target === 's3' && !secretGiven && !keepsSecret)
      throw new DomainError('BACKUP_SECRET_REQUIRED');
    const next: StoredSchedule = {
      enabled: input.enabled,
      intervalHours: input.intervalHours,
      keep: input.keep,
      target: input.target,
      folder: input.folder ?? before.folder,
      s3Endpoint: (input.s3Endpoint ?? before.s3Endpoint).replace(/\/+$/, ''),
      s3Bucket: input.s3Bucket ?? before.s3Bucket,
      s3Prefix: input.s3Prefix ?? before.s3Prefix,
      s3Region: input.s3Region ?? before.s3Region,
      s3AccessKeyId: input.s3AccessKeyId ?? before.s3AccessKeyId,
      s3SecretSealed: secretGiven
        ? await seal(tx, input.s3Secret!)
        : input.s3AccessKeyId && input.s3AccessKeyId !== before.s3AccessKeyId
          ? ''
          : before.s3SecretSealed,
    };
    await writeSetting(tx, BACKUP_SETTINGS_KEY, next, meta);
    return {
      before: view(before, updatedAt),
      after: { ...view(next, meta.now), s3SecretChanged: secretGiven },
    };
  });
}
