// The current-user call of the shared client (spec §7 `api/Member/info`).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { loginUserFields, loginUserSchema } from './user-fields';

export const memberInfoSchema = loginUserSchema
  .omit({ token: true })
  .extend({ is_operator: z.union([z.literal(0), z.literal(1)]) });

export function registerAccountRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Member/info',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Account',
      summary: 'The signed-in user',
      middleware: [requireUser],
      output: memberInfoSchema,
    },
    async (c) => {
      const user = c.var.user!;
      const { token: _token, ...fields } = await loginUserFields(c.var.db, user, '', c.var.now);
      return { ...fields, is_operator: user.role === 'operator' ? (1 as const) : (0 as const) };
    },
  );
}
