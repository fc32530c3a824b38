// Bank and money calls of spec §7: recharge packages, channels, orders and the pay address, the
// details (expense and income), balances, and the providers' notification endpoints.

import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { hasPaymentPassword } from '@/lib/accounts/payment-password';
import { auditChange } from '@/lib/api/audit-change';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { DomainError } from '@/lib/api/errors';
import { defineRoute, writeGuard } from '@/lib/api/route';
import { rowId } from '@/lib/api/row-id';
import { clientAddress, requestOrigin } from '@/lib/http/client-address';
import { log } from '@/lib/log';
import { balancesOf } from './ledger';
import {
  cancelOrder,
  chargeRulesForStaff,
  confirmSandboxOrder,
  createOrder,
  listChargeRules,
  listOrders,
  orderOf,
  PAY_CHANNELS,
  payChannelsForStaff,
  paymentProviders,
  providerFor,
  saveChargeRule,
  savePayChannel,
  settleNotification,
} from './recharge';
import { RECORD_TYPES, statement } from './records';
import type { chargeRules } from './schema';

const page = z.coerce.number().int().min(1).max(10_000).default(1);
const size = z.coerce.number().int().min(1).max(50).default(15);

/** The address the buyer's browser used to reach us (payment pages come back here). */
export const originOf = (c: Context<AppEnv>) => requestOrigin(c.req.raw.headers);

const orderBody = (order: Awaited<ReturnType<typeof orderOf>>) => ({
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

export function registerWalletRoutes(app: OpenAPIHono<AppEnv>) {
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

  const staffRule = z.object({
    id: z.number(),
    diamonds: z.number(),
    bonus: z.number(),
    priceMinor: z.number(),
    priceCurrency: z.string(),
    sort: z.number(),
    active: z.boolean(),
  });
  const presentRule = (rule: typeof chargeRules.$inferSelect) => ({ ...rule, active: rule.active === 1 });

  const staffChannel = z.object({
    channel: z.string(),
    configured: z.boolean(),
    active: z.boolean(),
    sort: z.number(),
  });
  const presentChannel = ({
    updatedAt: _,
    ...row
  }: Awaited<ReturnType<typeof payChannelsForStaff>>[number]) => row;

  defineRoute(
    app,
    {
      path: '/api/admin/payChannels/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Wallet',
      summary:
        'Every pay channel the code knows: configured on this install or not (its secrets stay in the environment), on/off and order (finance and operators)',
      staff: ['finance'],
      output: z.object({ list: z.array(staffChannel) }),
    },
    async (c) => ({ list: (await payChannelsForStaff(c.var.db)).map(presentChannel) }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/payChannels/save',
      effect: 'write',
      methods: ['post'],
      tag: 'Wallet',
      summary:
        'Switches a pay channel on or off and sets its order; the recharge page and the channels call apply it at once (orders already made still settle)',
      staff: ['finance'],
      input: z.object({
        channel: z.enum(PAY_CHANNELS),
        active: z.boolean(),
        sort: z.coerce.number().int().min(0).max(999).default(0),
      }),
      output: staffChannel,
    },
    async (c, input) => {
      const { before, after } = await savePayChannel(c.var.db, input, c.var.now);
      auditChange(c, {
        before: presentChannel(before),
        after: presentChannel(after),
        targetType: 'payChannel',
        targetId: input.channel,
      });
      return presentChannel(after);
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/chargeRules/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Wallet',
      summary: 'Every recharge package, hidden ones too (finance and operators)',
      staff: ['finance'],
      output: z.object({ list: z.array(staffRule) }),
    },
    async (c) => ({ list: (await chargeRulesForStaff(c.var.db)).map(presentRule) }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/chargeRules/save',
      effect: 'write',
      methods: ['post'],
      tag: 'Wallet',
      summary:
        'Adds a recharge package or changes one (orders already made keep what they were sold at); one package per currency and amount',
      staff: ['finance'],
      input: z.object({
        id: rowId.optional(),
        diamonds: z.coerce.number().int().min(1).max(10_000_000),
        bonus: z.coerce.number().int().min(0).max(10_000_000).default(0),
        price_minor: z.coerce.number().int().min(1).max(2_000_000_000),
        price_currency: z.enum(['CNY', 'VND']),
        sort: z.coerce.number().int().min(0).max(999).default(0),
        active: z.boolean().default(true),
      }),
      output: staffRule,
    },
    async (c, input) => {
      const { before, row } = await saveChargeRule(c.var.db, {
        id: input.id,
        diamonds: input.diamonds,
        bonus: input.bonus,
        priceMinor: input.price_minor,
        priceCurrency: input.price_currency,
        sort: input.sort,
        active: input.active,
      });
      auditChange(c, {
        before: before && presentRule(before),
        after: presentRule(row),
        targetType: 'chargeRule',
        targetId: row.id,
      });
      return presentRule(row);
    },
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
