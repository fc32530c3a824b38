// Report calls (spec §7 `Reportuser/classifyList`, `Reportuser/insert`) and the operators' list of reports
// (open ones are decided in the review queue: lib/review).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { listReportReasons } from './report-reasons';
import { REPORT_TARGET_TYPES } from './report-targets';
import { createReport, listReports, REPORT_CONTENT_MAX, REPORT_IMAGES_MAX, REPORT_STATUSES } from './reports';

/** Forms send a list as one comma-separated value; JSON sends an array. */
const imageList = z.preprocess(
  (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
  z.array(z.string().min(1).max(300)).max(REPORT_IMAGES_MAX),
);

export function registerReportRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Reportuser/classifyList',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Moderation',
      summary: 'Report reasons in the request language; `needs_content` ones require a description',
      output: z.object({
        list: z.array(z.object({ id: z.number(), name: z.string(), needs_content: z.boolean() })),
      }),
    },
    async (c) => ({ list: await listReportReasons(c.var.db, c.var.locale) }),
  );

  defineRoute(
    app,
    {
      path: '/api/Reportuser/insert',
      effect: 'write',
      methods: ['post'],
      tag: 'Moderation',
      summary: 'Report a room, user, post or comment (one open report per target, 10 an hour)',
      middleware: [requireUser],
      input: z.object({
        target_type: z.enum(REPORT_TARGET_TYPES),
        target_id: id,
        classify_id: id,
        content: z.string().trim().max(REPORT_CONTENT_MAX).default(''),
        images: imageList.default([]),
      }),
      output: z.object({ id: z.number(), status: z.string() }),
    },
    (c, input) =>
      createReport(
        c.var.db,
        c.var.user!.id,
        {
          targetType: input.target_type,
          targetId: input.target_id,
          reasonId: input.classify_id,
          content: input.content,
          images: input.images,
        },
        c.var.now,
      ),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/reports/list',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Moderation',
      summary: 'Reports for operators, newest first, optionally by status',
      staff: ['moderator'],
      input: z.object({
        status: z.enum(REPORT_STATUSES).optional(),
        page: z.coerce.number().int().min(1).max(1000).default(1),
      }),
      output: z.object({
        total: z.number(),
        list: z.array(
          z.object({
            id: z.number(),
            reporter: z.object({ id: z.number(), nickname: z.string() }),
            target_type: z.string(),
            target_id: z.number(),
            reason: z.string(),
            content: z.string(),
            images: z.array(z.string()),
            status: z.enum(REPORT_STATUSES),
            note: z.string().nullable(),
            handled_at: z.date().nullable(),
            created_at: z.date(),
          }),
        ),
      }),
    },
    (c, input) => listReports(c.var.db, { ...input, locale: c.var.locale }),
  );
}
