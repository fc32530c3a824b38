// The console's scheduled backups (operators only): the schedule (its S3 secret answered only as "set"),
// the recent runs and their health; saving the schedule (audited with the values before and after, the
// secret never written); and "back up now" (audited; its outcome is the run it records).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { backupHealth, recentBackups, startBackup } from '@/lib/jobs/backup';
import { log } from '@/lib/log';
import {
  BACKUP_TARGETS,
  backupScheduleInput,
  backupScheduleView,
  saveBackupSchedule,
} from './backup-settings';
import { BACKUP_TRIGGERS } from './schema';

const schedule = z.object({
  enabled: z.boolean(),
  intervalHours: z.number(),
  keep: z.number(),
  target: z.enum(BACKUP_TARGETS),
  folder: z.string(),
  s3Endpoint: z.string(),
  s3Bucket: z.string(),
  s3Prefix: z.string(),
  s3Region: z.string(),
  s3AccessKeyId: z.string(),
  s3SecretSet: z.boolean(),
  updatedAt: z.date().nullable(),
});

const run = z.object({
  id: z.number(),
  trigger: z.enum(BACKUP_TRIGGERS),
  startedAt: z.date(),
  target: z.string(),
  ok: z.boolean(),
  file: z.string().nullable(),
  bytes: z.number().nullable(),
  durationMs: z.number(),
  verified: z.boolean(),
  error: z.string().nullable(),
  removed: z.number(),
  actorId: z.number().nullable(),
});

/** The labels of the schedule's fields in refusals ("Keep (backups) must be at least 1"). */
const FIELD_LABELS = Object.fromEntries(
  Object.keys(backupScheduleInput.shape).map((field) => [field, `admin.ops.backup.fields.${field}`]),
);

export function registerBackupRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/admin/backup',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary:
        'Scheduled backups: the schedule (the S3 secret only as `s3SecretSet`), the ten latest runs and the health readiness reports',
      staff: [],
      output: z.object({
        schedule,
        runs: z.array(run),
        status: z.enum(['ok', 'off', 'failed', 'overdue']),
      }),
    },
    async (c) => ({
      schedule: await backupScheduleView(c.var.db),
      runs: await recentBackups(c.var.db),
      status: (await backupHealth(c.var.db, c.var.now)).status,
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/backup/save',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary:
        'Store the backup schedule: on or off, every how many hours, how many to keep, a folder on the server (checked writable) or an S3 bucket (the secret is write-only: omit it to keep the stored one)',
      staff: [],
      input: backupScheduleInput.extend({ reason: z.string().trim().max(500).optional() }),
      fieldLabels: FIELD_LABELS,
      output: z.object({ schedule }),
    },
    async (c, { reason: _reason, ...input }) => {
      const change = await saveBackupSchedule(c.var.db, input, {
        now: c.var.now,
        actorId: c.var.user!.id,
      });
      auditChange(c, { targetType: 'backup', targetId: 'schedule', ...change });
      return { schedule: await backupScheduleView(c.var.db) };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/backup/run',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary:
        'Start a backup now to the schedule’s target (whether the schedule is on or not): answered once it runs (the one backup of the cluster); it is then written, verified at the target and rotated, and its run appears in `/api/admin/backup`, failed or not',
      staff: [],
      input: z.object({ reason: z.string().trim().max(500).optional() }),
      output: z.object({ started: z.literal(true) }),
    },
    async (c) => {
      const { done } = await startBackup(c.var.db, {
        now: c.var.now,
        trigger: 'manual',
        actorId: c.var.user!.id,
      });
      // A backup outlasts a request (the verification restores it): the console follows its run instead.
      done.catch((error) => log.error({ err: error }, 'backup could not be recorded'));
      auditChange(c, { targetType: 'backup', targetId: 'run', after: { started: true } });
      return { started: true as const };
    },
  );
}
