// The console's content lists (issue #41, item 3): posts, videos, comments and room chat history with
// search and filters, bulk take-down by moderators and restore by operators, each with a reason code and
// free text the author is told and the audit keeps (./content.ts).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { REASON_TEXT_MAX } from '@/lib/admin/decision';
import { listDay, listTimeZone } from '@/lib/admin/list-input';
import { tableInput } from '@/lib/admin/table-query';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import {
  actOnContent,
  CONTENT_BULK_MAX,
  CONTENT_KINDS,
  CONTENT_STATES,
  CONTENT_TABLE,
  listContent,
} from './content';

const day = listDay;
const timeZone = listTimeZone;

const rowSchema = z.object({
  id: z.number(),
  kind: z.enum(CONTENT_KINDS),
  author: z.object({ id: z.number(), nickname: z.string() }),
  text: z.string(),
  link: z.string().nullable(),
  place: z.string().nullable(),
  state: z.enum(CONTENT_STATES),
  reason: z.string().nullable(),
  created_at: z.date(),
});

/** A bulk action's input; emptiness and the reason are checked by the service, with their own messages. */
const actionInput = z.object({
  kind: z.enum(CONTENT_KINDS),
  ids: z.array(z.coerce.number().int().positive().max(2_147_483_647)).max(CONTENT_BULK_MAX),
  reason_code: z.string().trim().max(40).optional(),
  reason: z.string().trim().max(REASON_TEXT_MAX).default(''),
});
const actionOutput = z.object({ done: z.array(z.number()), unchanged: z.array(z.number()) });

export const CONTENT_LIST_PATH = '/api/admin/content/list';
export const CONTENT_REMOVE_PATH = '/api/admin/content/remove';
export const CONTENT_RESTORE_PATH = '/api/admin/content/restore';

export function registerContentRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: CONTENT_LIST_PATH,
      effect: 'read',
      methods: ['get'],
      tag: 'Review',
      summary:
        'Posts, videos, comments or room chat history, searched and filtered by author, room, day and state',
      staff: ['moderator'],
      input: tableInput(CONTENT_TABLE).extend({
        kind: z.enum(CONTENT_KINDS).default('post'),
        search: z.string().trim().max(60).optional(),
        author: z.string().trim().max(40).optional(),
        room: z.string().trim().max(12).optional(),
        state: z.enum(CONTENT_STATES).optional(),
        from: day.optional(),
        to: day.optional(),
        time_zone: timeZone,
      }),
      output: z.object({ total: z.number(), list: z.array(rowSchema) }),
    },
    async (c, { page, size, sort, dir, time_zone, ...filters }) => {
      const { total, rows } = await listContent(
        c.var.db,
        { page, pageSize: size, sort, dir, filters },
        time_zone,
      );
      return {
        total,
        list: rows.map(({ createdAt, ...row }) => ({ ...row, created_at: createdAt })),
      };
    },
  );

  for (const [path, action] of [
    [CONTENT_REMOVE_PATH, 'remove'],
    [CONTENT_RESTORE_PATH, 'restore'],
  ] as const)
    defineRoute(
      app,
      {
        path,
        effect: 'write',
        methods: ['post'],
        tag: 'Review',
        summary:
          action === 'remove'
            ? 'Take content down in bulk (posts and videos hidden, comments and chat lines removed), with a reason the authors are told'
            : 'Restore content staff took down, with a reason the authors are told (operators only)',
        // Taking down is a moderator's job; bringing back what was taken down is an operator's.
        staff: action === 'remove' ? ['moderator'] : [],
        input: actionInput,
        output: actionOutput,
      },
      async (c, input) => {
        const { done, unchanged } = await actOnContent(c.var.db, action, {
          kind: input.kind,
          ids: input.ids,
          reasonCode: input.reason_code || undefined,
          note: input.reason,
          reasonText: input.reason_code ? c.var.t(`im.notices.reasons.${input.reason_code}` as never) : '',
          actorId: c.var.user!.id,
          now: c.var.now,
        });
        auditChange(c, {
          targetType: input.kind,
          targetId: done
            .map((item) => item.id)
            .join(',')
            .slice(0, 64),
          before: done.map((item) => ({ id: item.id, user_id: item.ownerId, ...item.before })),
          // A take-down that closed a report case names it: the report queue's decided view lists it.
          after: done.map((item) => ({
            id: item.id,
            user_id: item.ownerId,
            ...item.after,
            ...(item.closed
              ? {
                  closed_case: { id: item.closed.caseId, user_id: item.closed.reporterId },
                  closed_reports: item.closed.reports.map((row) => row.id),
                }
              : {}),
          })),
        });
        return { done: done.map((item) => item.id), unchanged };
      },
    );
}
