// The current-user call of the shared client (spec §7 `api/Member/info`).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';

export const memberInfoSchema = z.object({
  id: z.number(),
  user_nickname: z.string(),
  avatar: z.string(),
  is_anchor: z.union([z.literal(0), z.literal(1)]),
  is_operator: z.union([z.literal(0), z.literal(1)]),
});

export function registerAccountRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Member/info',
      methods: ['get', 'post'],
      tag: 'Account',
      summary: 'The signed-in user',
      middleware: [requireUser],
      output: memberInfoSchema,
    },
    (c) => {
      const user = c.var.user!;
      return {
        id: user.id,
        user_nickname: user.nickname,
        avatar: user.avatar,
        is_anchor: user.isAnchor ? (1 as const) : (0 as const),
        is_operator: user.role === 'operator' ? (1 as const) : (0 as const),
      };
    },
  );
}
