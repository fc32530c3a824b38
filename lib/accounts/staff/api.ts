// Operators grant and take back staff roles (moderator, finance, operator) from the console; each change
// is audited with the role before and after and the reason.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { decisionReasonSchema } from '@/lib/admin/decision';
import { tableInput } from '@/lib/admin/table-query';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId } from '@/lib/api/row-id';
import { findPerson, grantRole, listStaff, ROLE_VALUES, STAFF_TABLE } from './service';

const person = z.object({
  id: z.number(),
  nickname: z.string(),
  mobile: z.string(),
  role: z.enum(ROLE_VALUES),
  isAnchor: z.boolean(),
  createdAt: z.date(),
});

export function registerStaffRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/admin/staff/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary: 'Accounts holding a staff role (searched by id, mobile or nickname; by role)',
      staff: [],
      input: tableInput(STAFF_TABLE).extend({
        q: z.string().trim().max(32).optional(),
        role: z.enum(['operator', 'moderator', 'finance']).optional(),
      }),
      output: z.object({ rows: z.array(person), total: z.number() }),
    },
    (c, { page, size, sort, dir, ...filters }) =>
      listStaff(c.var.db, { page, pageSize: size, sort, dir, filters }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/staff/lookup',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary: 'The account an id or a mobile number names, before granting it a role',
      staff: [],
      input: z.object({ q: z.string().trim().min(1).max(11).regex(/^\d+$/) }),
      output: person.nullable(),
    },
    (c, { q }) => findPerson(c.var.db, q),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/staff/grant',
      effect: 'write',
      methods: ['post'],
      tag: 'Operator',
      summary: "Sets an account's role (`user` takes a staff role back); never the caller's own",
      staff: [],
      input: z
        .object({
          user_id: rowId,
          role: z.enum(ROLE_VALUES),
        })
        .extend(decisionReasonSchema.shape),
      output: z.object({ user_id: z.number(), role: z.enum(ROLE_VALUES) }),
    },
    async (c, input) => {
      const change = await grantRole(c.var.db, {
        actorId: c.var.user!.id,
        userId: input.user_id,
        role: input.role,
      });
      auditChange(c, {
        targetType: 'user',
        targetId: input.user_id,
        before: { role: change.before },
        after: { role: change.after },
      });
      return { user_id: input.user_id, role: change.after };
    },
  );
}
