// The console's payment settings (finance): the pay channels (switched on or off, their order) and the
// recharge packages, each change audited. The recharge page and its calls (./recharge-api.ts) apply them
// at once.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId } from '@/lib/api/row-id';
import {
  chargeRulesForStaff,
  PAY_CHANNELS,
  payChannelsForStaff,
  saveChargeRule,
  savePayChannel,
} from './recharge';
import type { chargeRules } from './schema';

export function registerPaymentSettingsRoutes(app: OpenAPIHono<AppEnv>) {
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
}
