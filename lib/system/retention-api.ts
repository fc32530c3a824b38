// The console's retention of aged data (operators): how many months of room chat and danmaku, notices,
// private messages and audit entries stay in the database (off by default), with the months already moved to cold files; saving
// it is audited with the values before and after.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { recentColdArchives, retentionInput, retentionView, saveRetention } from './retention-settings';
import { COLD_TABLES } from './schema';

const retention = z.object({
  chat: z.number().nullable(),
  notices: z.number().nullable(),
  audit: z.number().nullable(),
  private: z.number().nullable(),
  updatedAt: z.date().nullable(),
});

const archive = z.object({
  id: z.number(),
  tableName: z.enum(COLD_TABLES),
  month: z.string(),
  part: z.number(),
  file: z.string(),
  target: z.string(),
  rows: z.number(),
  bytes: z.number(),
  keptIds: z.array(z.number()),
  state: z.enum(['verified', 'deleted']),
  writtenAt: z.date(),
  deletedAt: z.date().nullable(),
});

/** The labels of the fields in refusals ("Audit log (months) must be at least 12"). */
const FIELD_LABELS = Object.fromEntries(
  Object.keys(retentionInput.shape).map((field) => [field, `admin.ops.retention.fields.${field}`]),
);

export function registerRetentionRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/admin/retention',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary:
        'Retention of aged data: months of room chat and danmaku, notices and audit entries kept in the database (null: off), and the latest months moved to cold files',
      staff: [],
      output: z.object({ retention, archives: z.array(archive) }),
    },
    async (c) => ({
      retention: await retentionView(c.var.db),
      archives: await recentColdArchives(c.var.db),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/retention/save',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary:
        'Store the retention: per kind the months kept (1–120; the audit log 12 at least) or null for off; on needs the backup destination saved (the cold files go there)',
      staff: [],
      input: retentionInput.extend({ reason: z.string().trim().max(500).optional() }),
      fieldLabels: FIELD_LABELS,
      output: z.object({ retention }),
    },
    async (c, { reason: _reason, ...input }) => {
      const change = await saveRetention(c.var.db, input, { now: c.var.now, actorId: c.var.user!.id });
      auditChange(c, { targetType: 'retention', targetId: 'settings', ...change });
      return { retention: await retentionView(c.var.db) };
    },
  );
}
