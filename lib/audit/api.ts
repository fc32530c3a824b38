// The audit log for operators: the console's list (the same filters, sort and paging as the page's URL),
// the chain check, and a day range exported as CSV or JSON. Reading it is an operator's job only.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { tableInput } from '@/lib/admin/table-query';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { getConfig } from '@/lib/config';
import { isTimeZone } from '@/lib/time/zone';
import { AUDIT_TABLE, checkAuditChain, exportAudit, listAudit } from './query';

const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
const timeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: 'time_zone' })
  .optional()
  .transform((zone) => zone ?? getConfig().TIME_ZONE);

const entry = z.object({
  id: z.number(),
  at: z.coerce.date(),
  actorId: z.number(),
  actorRole: z.string(),
  actorName: z.string().nullable(),
  address: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string(),
  before: z.unknown(),
  after: z.unknown(),
  reason: z.string(),
});

export function registerAuditRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/admin/audit/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary: 'The audit log: who did what to which target, with values before and after and the reason',
      staff: [],
      // The log's target is a kind of object and its id, not a reported one (the shared labels).
      fieldLabels: { target: 'admin.audit.filters.target', target_id: 'admin.audit.filters.targetId' },
      input: tableInput(AUDIT_TABLE).extend({
        actor: z.string().trim().max(40).optional(),
        role: z.enum(['operator', 'moderator', 'finance']).optional(),
        action: z.string().trim().max(120).optional(),
        target: z.string().trim().max(40).optional(),
        target_id: z.string().trim().max(64).optional(),
        from: day.optional(),
        to: day.optional(),
        time_zone: timeZone,
      }),
      output: z.object({ rows: z.array(entry), total: z.number() }),
    },
    (c, { page, size, sort, dir, time_zone, ...filters }) =>
      listAudit(c.var.db, { page, pageSize: size, sort, dir, filters }, time_zone),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/audit/verify',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary: 'Recompute the audit chain; names the first entry that does not match when it is broken',
      staff: [],
      output: z.object({
        ok: z.boolean(),
        entries: z.number(),
        brokenAt: z.number().optional(),
        broken: entry.nullable(),
      }),
    },
    (c) => checkAuditChain(c.var.db),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/audit/export',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary: 'The audit entries of a day range (both days included) as a CSV or JSON file',
      staff: [],
      input: z
        .object({ from: day, to: day, format: z.enum(['csv', 'json']).default('csv'), time_zone: timeZone })
        .refine((range) => range.from <= range.to, { message: 'from', path: ['from'] }),
      output: z.object({ filename: z.string(), body: z.string(), count: z.number(), truncated: z.boolean() }),
    },
    (c, { time_zone, ...range }) => exportAudit(c.var.db, range, time_zone),
  );
}
