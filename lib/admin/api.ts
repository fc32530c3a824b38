// The console's own routes: the operations dashboard (every staff role sees the overview).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { getConfig } from '@/lib/config';
import { operationsDashboard } from './dashboard';

const pair = <A extends string, B extends string>(a: A, b: B) =>
  z.object({ [a]: z.number(), [b]: z.number() } as { [K in A | B]: z.ZodNumber });

export function registerAdminRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/admin/ops/dashboard',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary:
        "Today and the six days before (portal's zone): registrations, viewers, peak concurrency, recharges, gifts, withdrawals; what waits now; what the latest ledger check found",
      staff: ['moderator', 'finance'],
      output: z.object({
        timeZone: z.string(),
        days: z.array(
          z.object({
            day: z.string(),
            registrations: z.number(),
            activeViewers: z.number(),
            peakViewers: z.number().nullable(),
            recharges: pair('count', 'diamonds'),
            gifts: pair('count', 'value'),
            withdrawals: pair('count', 'amount'),
          }),
        ),
        now: z.object({
          onAir: z.number(),
          reportsWaiting: z.number(),
          withdrawalsWaiting: z.number(),
          payoutsWaiting: z.number(),
          applicationsWaiting: z.number(),
          viewersNow: z.number().nullable(),
        }),
        /** The latest ledger check (every 5 minutes); null before the first. */
        ledger: z
          .object({
            checkedAt: z.date(),
            problems: z.number(),
            firstProblem: z.string().nullable(),
            openItems: z.number(),
          })
          .nullable(),
      }),
    },
    (c) => operationsDashboard(c.var.db, c.var.now, getConfig().TIME_ZONE),
  );
}
