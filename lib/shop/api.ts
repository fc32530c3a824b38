// Exchange-shop calls of spec §7 (`api/goods/goodsList`, `exchangeRecords`, `exchange`). The delivery
// addresses the exchange dialog keeps are ./addresses-api.ts, the chat badge colours ./badge-colors-api.ts,
// the operators' goods and moves of physical exchanges ./console-api.ts.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { assertSpendPassword } from '@/lib/accounts/payment-password';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { idempotencyKey } from '@/lib/api/idempotency-key';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { goodsKind } from './schema';
import { exchangeGoods, exchangeRecords, goodsList } from './service';

export const kind = z.enum(goodsKind.enumValues);
export const status = z.enum(['pending', 'shipped', 'delivered', 'cancelled']);
export const addressShape = z.object({
  name: z.string(),
  phone: z.string(),
  region: z.string(),
  detail: z.string(),
});

export function registerShopRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/goods/goodsList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Shop',
      summary:
        'Goods of the exchange shop priced in coins, with stock, the per-user limit and what the caller may still exchange',
      output: z.object({
        list: z.array(
          z.object({
            id: z.number(),
            code: z.string(),
            kind,
            name: z.string(),
            description: z.string(),
            gift_code: z.string().nullable(),
            image: z.string(),
            price: z.number(),
            stock: z.number(),
            per_user_limit: z.number(),
            remaining: z.number(),
          }),
        ),
      }),
    },
    async (c) => ({ list: await goodsList(c.var.db, c.var.user?.id ?? null, c.var.locale) }),
  );

  defineRoute(
    app,
    {
      path: '/api/goods/exchange',
      effect: 'write',
      methods: ['post'],
      tag: 'Shop',
      summary:
        'Exchanges coins for goods: virtual goods are delivered at once, physical ones need `address_id` and wait for shipping; `pay_password` when the buyer has set one. `key` makes a retry safe',
      middleware: [requireUser],
      input: z.object({
        id,
        num: z.coerce.number().int().min(1).max(99).default(1),
        address_id: id.optional(),
        pay_password: z.string().max(32).optional(),
        key: idempotencyKey,
      }),
      output: z.object({
        id: z.number(),
        goods_id: z.number(),
        quantity: z.number(),
        cost: z.number(),
        status,
        balance: z.number(),
        replayed: z.boolean(),
      }),
    },
    async (c, input) => {
      await assertSpendPassword(c.var.db, c.var.user!.id, input.pay_password);
      const outcome = await exchangeGoods(c.var.db, {
        userId: c.var.user!.id,
        goodsId: input.id,
        quantity: input.num,
        addressId: input.address_id,
        key: input.key ?? crypto.randomUUID(),
        now: c.var.now,
      });
      return { ...outcome.result, replayed: outcome.replayed };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/goods/exchangeRecords',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Shop',
      summary: "The caller's exchanges of the last three months, newest first, with each one's status",
      middleware: [requireUser],
      output: z.object({
        list: z.array(
          z.object({
            id: z.number(),
            goods_id: z.number(),
            name: z.string(),
            kind,
            gift_code: z.string().nullable(),
            image: z.string(),
            quantity: z.number(),
            cost: z.number(),
            status,
            address: addressShape.nullable(),
            created_at: z.string(),
          }),
        ),
      }),
    },
    async (c) => ({ list: await exchangeRecords(c.var.db, c.var.user!.id, c.var.locale, c.var.now) }),
  );
}
