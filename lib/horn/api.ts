// Global horn calls of spec §7: `api/Member/sneHorn` (send, a GET that writes; the spec's spelling),
// `api/Member/hornList` (the latest messages everyone saw, or the caller's own with their review
// state), the horn dialog's quota, and the operators' review switch (pending messages are decided in the
// review queue: lib/review).

import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { assertSpendPassword } from '@/lib/accounts/payment-password';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { idempotencyKey } from '@/lib/api/idempotency-key';
import { defineRoute } from '@/lib/api/route';
import { getConfig } from '@/lib/config';
import { hornPushSchema } from '@/lib/realtime/events';
import { hornQuota, hornReviewOn, hornsOf, recentHorns, sendHorn, setHornReview } from './service';

const ownHorn = z.object({
  id: z.number(),
  user_id: z.number(),
  nickname: z.string(),
  content: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  price: z.number(),
  free: z.boolean(),
  created_at: z.string(),
});

export function registerHornRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Member/sneHorn',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Horn',
      summary:
        'Sends a global horn message to every open page: free with one of a noble’s 30 a month, else with a free message exchanged in the coin shop, else for star diamonds (`pay_password` when the sender has set one; a free message needs none). With review on it waits for an operator. `key` makes a retry safe',
      middleware: [requireUser],
      input: z.object({
        content: z.string().max(500),
        pay_password: z.string().max(32).optional(),
        key: idempotencyKey,
      }),
      output: z.object({
        id: z.number(),
        status: z.enum(['pending', 'succeeded']),
        free: z.boolean(),
        price: z.number(),
        balance: z.number(),
        replayed: z.boolean(),
      }),
    },
    async (c, input) => {
      const outcome = await sendHorn(c.var.db, {
        userId: c.var.user!.id,
        content: input.content,
        key: input.key ?? crypto.randomUUID(),
        price: getConfig().HORN_PRICE,
        beforePaying: () => assertSpendPassword(c.var.db, c.var.user!.id, input.pay_password),
        now: c.var.now,
      });
      return { ...outcome.result, replayed: outcome.replayed };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Member/hornList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Horn',
      summary:
        'The latest horn messages everyone saw (newest first); `type=mine`: the caller’s own with their review state',
      input: z.object({ type: z.enum(['all', 'mine']).default('all') }),
      output: z.object({ list: z.array(z.union([hornPushSchema, ownHorn])) }),
    },
    async (c, input) => {
      if (input.type === 'mine') {
        if (!c.var.user) return { list: [] };
        return { list: await hornsOf(c.var.db, { userId: c.var.user.id }) };
      }
      return { list: await recentHorns(c.var.db, c.var.now) };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Member/hornQuota',
      effect: 'read',
      methods: ['get'],
      tag: 'Horn',
      summary:
        "The horn dialog's facts: price, whether review is on, a noble's free messages left this month, and free messages exchanged in the coin shop (`credits`, used after the noble's and before paying)",
      output: z.object({
        price: z.number(),
        review: z.boolean(),
        noble: z.number(),
        free_left: z.number(),
        free_per_month: z.number(),
        credits: z.number(),
        max: z.number(),
      }),
    },
    (c) => hornQuota(c.var.db, c.var.user?.id ?? null, getConfig().HORN_PRICE, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/horn/settings',
      effect: 'write',
      methods: ['post'],
      tag: 'Horn',
      summary:
        'Turns the review of horn messages on or off (operators); without `review` it only answers the setting',
      staff: [],
      input: z.object({ review: z.boolean().optional() }),
      output: z.object({ review: z.boolean() }),
    },
    async (c, input) => ({
      review:
        input.review === undefined
          ? await hornReviewOn(c.var.db)
          : await setHornReview(c.var.db, input.review, c.var.now),
    }),
  );
}
