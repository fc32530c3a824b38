// Recharge calls of spec §7: the packages, the channels this install offers, a recharge order and the
// address to pay it at, one order's state, the sandbox checkout's decision, and the providers'
// notification endpoints (server to server) that settle an order.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { DomainError } from '@/lib/api/errors';
import { defineRoute, writeGuard } from '@/lib/api/route';
import { rowId } from '@/lib/api/row-id';
import { clientAddress, requestOrigin } from '@/lib/http/client-address';
import { log } from '@/lib/log';
import {
  cancelOrder,
  confirmSandboxOrder,
  createOrder,
  listChargeRules,
  orderOf,
  paymentProviders,
  providerFor,
  settleNotification,
} from './recharge';

/** The address the buyer's browser used to reach us (payment pages come back here). */
export const originOf = (c: Context<AppEnv>) => requestOrigin(c.req.raw.headers);

export const orderBody = (order: Awaited<ReturnType<typeof orderOf>>) => ({
  order_no: order.orderNo,
  channel: order.channel,
  diamonds: order.diamonds,
  price_minor: order.priceMinor,
  price_currency: order.priceCurrency,
  status: order.status,
  created_at: order.createdAt.toISOString(),
  settled_at: order.settledAt?.toISOString() ?? null,
});

const orderSchema = z.object({
  order_no: z.string(),
  channel: z.string(),
  diamonds: z.number(),
  price_minor: z.number(),
  price_currency: z.string(),
  status: z.string(),
  created_at: z.string(),
  settled_at: z.string().nullable(),
});

export function registerRechargeRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/chargerules/getList',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Wallet',
      summary: 'Recharge packages: star diamonds (plus bonus) for a price in minor units of a currency',
      input: z.object({ currency: z.enum(['CNY', 'VND']).optional() }),
      output: z.object({
        list: z.array(
          z.object({
            id: z.number(),
            diamonds: z.number(),
            bonus: z.number(),
            price_minor: z.number(),
            price_currency: z.string(),
          }),
        ),
      }),
    },
    async (c, input) => ({
      list: (await listChargeRules(c.var.db, input.currency)).map((rule) => ({
        id: rule.id,
        diamonds: rule.diamonds,
        bonus: rule.bonus,
        price_minor: rule.priceMinor,
        price_currency: rule.priceCurrency,
      })),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/pay/getPayChannelList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Wallet',
      summary:
        "Payment channels this install offers (configured and switched on, in the operator's order) and the currencies each takes",
      output: z.object({
        list: z.array(z.object({ channel: z.string(), name: z.string(), currencies: z.array(z.string()) })),
      }),
    },
    async (c) => ({
      list: (await paymentProviders(c.var.db)).map((provider) => ({
        channel: provider.channel,
        name: c.var.t(`wallet.channels.${provider.channel}`),
        currencies: provider.currencies,
      })),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/chargerules/payUrl',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Wallet',
      summary: 'Makes a recharge order for a package and returns the address to pay it at',
      middleware: [requireUser],
      input: z.object({
        id: rowId,
        channel: z.enum(['sandbox', 'alipay', 'vnpay']).default('sandbox'),
      }),
      output: z.object({ url: z.string(), order: orderSchema }),
    },
    async (c, input) => {
      const { order, url } = await createOrder(
        c.var.db,
        c.var.user!.id,
        { ruleId: input.id, channel: input.channel },
        { origin: originOf(c), clientIp: clientAddress(c.req.raw.headers), now: c.var.now },
        c.var.t('wallet.orderSubject'),
      );
      return { url, order: orderBody(order) };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/pay/orderInfo',
      effect: 'read',
      methods: ['get'],
      tag: 'Wallet',
      summary: "One of the signed-in user's recharge orders",
      middleware: [requireUser],
      input: z.object({ order_no: z.string().min(1).max(32) }),
      output: orderSchema,
    },
    async (c, input) => orderBody(await orderOf(c.var.db, c.var.user!.id, input.order_no)),
  );

  defineRoute(
    app,
    {
      path: '/api/pay/sandbox/decide',
      effect: 'write',
      methods: ['post'],
      tag: 'Wallet',
      summary:
        'The sandbox checkout: the buyer confirms or cancels; the decision is delivered as a signed notification, exactly like a provider',
      middleware: [requireUser],
      input: z.object({ order_no: z.string().min(1).max(32), decision: z.enum(['confirm', 'cancel']) }),
      output: orderSchema,
    },
    async (c, input) => {
      const order = await orderOf(c.var.db, c.var.user!.id, input.order_no);
      if (order.channel !== 'sandbox') throw new DomainError('PAY_CHANNEL_UNAVAILABLE');
      // Each answers the order as it ends: a cancel that lost to the payment shows it paid.
      const decided =
        input.decision === 'cancel'
          ? await cancelOrder(c.var.db, c.var.user!.id, order.orderNo, c.var.now)
          : await confirmSandboxOrder(c.var.db, c.var.user!.id, order.orderNo, c.var.now);
      return orderBody(decided);
    },
  );

  // Providers' notifications: server-to-server, answered in the provider's own format.
  for (const channel of ['sandbox', 'alipay', 'vnpay'] as const) {
    const path = `/api/pay/notify/${channel}`;
    app.on(['GET', 'POST'], [path], writeGuard, async (c) => {
      const params: Record<string, string> = {};
      const form = c.req.method === 'POST' ? await c.req.parseBody() : {};
      for (const [key, value] of Object.entries({ ...c.req.query(), ...form }))
        if (typeof value === 'string') params[key] = value;
      let provider: Awaited<ReturnType<typeof providerFor>>;
      try {
        provider = await providerFor(c.var.db, channel);
      } catch {
        return c.text('channel off', 404);
      }
      try {
        await settleNotification(c.var.db, provider, params, c.var.now);
        const ack = provider.ack(true);
        return c.body(ack.body, 200, { 'content-type': ack.contentType });
      } catch (error) {
        log.warn(
          { channel, error: error instanceof Error ? error.message : error },
          'payment notification refused',
        );
        const ack = provider.ack(false);
        return c.body(ack.body, 400, { 'content-type': ack.contentType });
      }
    });
  }
}
