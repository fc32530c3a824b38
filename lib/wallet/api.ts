// Wallet calls of spec §7: the details (expense and income, and the recharge orders) and balances.
// Recharging is ./recharge-api.ts, the console's payment settings ./payment-settings-api.ts.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { hasPaymentPassword } from '@/lib/accounts/payment-password';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { balancesOf } from './ledger';
import { listOrders } from './recharge';
import { orderBody } from './recharge-api';
import { RECORD_TYPES, statement } from './records';

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const size = z.coerce.number().int().min(1).max(50).default(15);
export function registerWalletRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/order/getTypeList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Wallet',
      summary: 'The kinds of records the details list can show',
      output: z.object({ list: z.array(z.object({ type: z.string(), name: z.string() })) }),
    },
    (c) => ({ list: RECORD_TYPES.map((type) => ({ type, name: c.var.t(`wallet.recordTypes.${type}`) })) }),
  );

  defineRoute(
    app,
    {
      path: '/api/Order/getList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Wallet',
      summary:
        'Expense and income details of the last three months (recharges, gifts sent and received, ...), newest first; `type=orders` lists recharge orders with their state',
      middleware: [requireUser],
      input: z.object({ type: z.enum([...RECORD_TYPES, 'orders']).default('all'), page, size }),
      output: z.object({
        total: z.number(),
        list: z.array(z.record(z.string(), z.unknown())),
      }),
    },
    async (c, input) => {
      const now = c.var.now;
      if (input.type === 'orders') {
        const orders = await listOrders(c.var.db, c.var.user!.id, now, input.page, input.size);
        return { total: orders.length, list: orders.map(orderBody) };
      }
      return statement(c.var.db, c.var.user!.id, {
        type: input.type,
        page: input.page,
        size: input.size,
        now,
      });
    },
  );

  defineRoute(
    app,
    {
      path: '/api/wallet/balance',
      effect: 'read',
      methods: ['get'],
      tag: 'Wallet',
      summary:
        "The signed-in user's balances: star diamonds, yellow diamonds, coins, experience (points), and whether a payment password is set (the spend sheet asks for it then)",
      middleware: [requireUser],
      output: z.object({
        star: z.number(),
        yellow: z.number(),
        coin: z.number(),
        experience: z.number(),
        has_payment_password: z.boolean(),
      }),
    },
    async (c) => {
      const userId = c.var.user!.id;
      const [balances, passwordSet] = await Promise.all([
        balancesOf(c.var.db, userId),
        hasPaymentPassword(c.var.db, userId),
      ]);
      return {
        star: balances.star,
        yellow: balances.yellow,
        coin: balances.coin,
        experience: balances.exp / 10,
        has_payment_password: passwordSet,
      };
    },
  );
}
