// The chat badge colours the shop sells: the caller's colours and the one they wear.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { BADGE_COLORS, badgeColorsOf, chooseBadgeColor } from '@/lib/chat/badge-colors';

export function registerBadgeColorRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/goods/badgeColors',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Shop',
      summary:
        'The chat badge colours the caller owns (exchanged in the shop) and the one worn on their chat lines (`chosen`, null: none)',
      middleware: [requireUser],
      output: z.object({ list: z.array(z.string()), chosen: z.string().nullable() }),
    },
    (c) => badgeColorsOf(c.var.db, c.var.user!.id),
  );

  defineRoute(
    app,
    {
      path: '/api/goods/wearBadgeColor',
      effect: 'write',
      methods: ['post'],
      tag: 'Shop',
      summary:
        'Wears one of the caller’s badge colours on their chat lines from the next line on, or none (`color` null)',
      middleware: [requireUser],
      input: z.object({ color: z.enum(BADGE_COLORS).nullable() }),
      output: z.object({ list: z.array(z.string()), chosen: z.string().nullable() }),
    },
    (c, input) => chooseBadgeColor(c.var.db, c.var.user!.id, input.color),
  );
}
