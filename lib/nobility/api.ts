// Nobility calls of spec §7: the tiers with their monthly prices, the star-diamond rate and the
// caller's nobility (`api/Guard/getList`), buying or renewing with the payment password in yellow
// diamonds or star diamonds (`api/guard_user/buy`, a GET that writes), and the room's online list
// with nobles seated first.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { hasPaymentPassword, verifyPaymentPassword } from '@/lib/accounts/payment-password';
import { auditChange } from '@/lib/api/audit-change';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { idempotencyKey } from '@/lib/api/idempotency-key';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { getConfig } from '@/lib/config';
import { nobilityTiersForStaff, nobilityTiersOnSale, saveNobilityTier } from './catalog';
import { roomOnlineList } from './online';
import { buyNobility, NOBILITY_PAY_CURRENCIES, nobilityOf } from './service';
import {
  NOBILITY_MONTHS,
  NOBILITY_PRICE_MAX,
  NOBILITY_PRICE_MIN,
  NOBILITY_PRIVILEGES,
  NOBLE_FREE_HORNS,
} from './tiers';

export function registerNobilityRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Guard/getList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Nobility',
      summary:
        "The nobility tiers on sale in the operator's order (monthly price in yellow diamonds to open one, renewal price to extend the one in force), the star diamonds a viewer pays per yellow diamond instead, the months one purchase may cover, and the signed-in caller's nobility",
      output: z.object({
        list: z.array(
          z.object({
            tier: z.number(),
            code: z.string(),
            monthly_price: z.number(),
            renewal_price: z.number(),
          }),
        ),
        months: z.array(z.number()),
        free_horns: z.number(),
        star_rate: z.number(),
        mine: z
          .object({
            tier: z.number(),
            active: z.boolean(),
            expires_at: z.string().nullable(),
            has_payment_password: z.boolean(),
            purchases: z.array(z.record(z.string(), z.unknown())),
          })
          .nullable(),
      }),
    },
    async (c) => {
      const user = c.var.user;
      const [mine, passwordSet] = user
        ? await Promise.all([nobilityOf(c.var.db, user.id, c.var.now), hasPaymentPassword(c.var.db, user.id)])
        : [null, false];
      return {
        list: (await nobilityTiersOnSale(c.var.db)).map((tier) => ({
          tier: tier.tier,
          code: tier.code,
          monthly_price: tier.monthlyPrice,
          renewal_price: tier.renewalPrice,
        })),
        months: [...NOBILITY_MONTHS],
        free_horns: NOBLE_FREE_HORNS,
        star_rate: getConfig().NOBILITY_STAR_RATE,
        mine: mine && { ...mine, has_payment_password: passwordSet },
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/guard_user/buy',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Nobility',
      summary:
        "Opens or renews a nobility tier on sale for 1, 3, 6 or 12 months after the payment password (the tier's monthly price to open, its renewal price to extend), paid in yellow diamonds, or with `pay_with=star` in star diamonds at `star_rate` per yellow diamond (one ledger operation either way). The same tier extends from its end; a higher tier starts now; `key` makes a retry safe",
      middleware: [requireUser],
      input: z.object({
        tier: z.coerce.number(),
        months: z.coerce.number().default(1),
        pay_password: z.string().max(32),
        pay_with: z.enum(NOBILITY_PAY_CURRENCIES).default('yellow'),
        key: idempotencyKey,
      }),
      output: z.object({
        tier: z.number(),
        months: z.number(),
        price: z.number(),
        currency: z.enum(NOBILITY_PAY_CURRENCIES),
        paid: z.number(),
        renewed: z.boolean(),
        expires_at: z.string(),
        balance: z.number(),
        replayed: z.boolean(),
      }),
    },
    async (c, input) => {
      const user = c.var.user!;
      await verifyPaymentPassword(c.var.db, user.id, input.pay_password);
      const outcome = await buyNobility(c.var.db, {
        userId: user.id,
        tier: input.tier,
        months: input.months,
        key: input.key ?? crypto.randomUUID(),
        now: c.var.now,
        currency: input.pay_with,
        starRate: getConfig().NOBILITY_STAR_RATE,
      });
      // Purchases made before star payments existed stored no currency: they were paid in yellow.
      const { result } = outcome;
      return {
        ...result,
        currency: result.currency ?? 'yellow',
        paid: result.paid ?? result.price,
        replayed: outcome.replayed,
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Guard/roomOnline',
      effect: 'read',
      methods: ['get'],
      tag: 'Nobility',
      summary:
        "Who is watching a live room: signed-in viewers, nobles first (highest tier first), and the guests' count",
      input: z.object({ room_id: id }),
      output: z.object({
        guests: z.number(),
        list: z.array(
          z.object({ user_id: z.number(), nickname: z.string(), avatar: z.string(), noble: z.number() }),
        ),
      }),
    },
    (c, input) => roomOnlineList(c.var.db, input.room_id, c.var.now),
  );

  const staffTier = z.object({
    tier: z.number(),
    code: z.string(),
    monthly_price: z.number(),
    renewal_price: z.number(),
    sort: z.number(),
    active: z.boolean(),
    privileges: z.array(z.string()),
  });
  const presentTier = (row: Awaited<ReturnType<typeof nobilityTiersForStaff>>[number]) => ({
    tier: row.tier,
    code: row.code,
    monthly_price: row.monthlyPrice,
    renewal_price: row.renewalPrice,
    sort: row.sort,
    active: row.active,
    privileges: [...NOBILITY_PRIVILEGES],
  });
  const price = z.coerce.number().int().min(NOBILITY_PRICE_MIN).max(NOBILITY_PRICE_MAX);

  defineRoute(
    app,
    {
      path: '/api/admin/nobility/tiers',
      effect: 'read',
      methods: ['get'],
      tag: 'Nobility',
      summary:
        'Every nobility tier with its prices, privileges, order and whether it is sold (finance, operators)',
      staff: ['finance'],
      output: z.object({ list: z.array(staffTier) }),
    },
    async (c) => ({ list: (await nobilityTiersForStaff(c.var.db)).map(presentTier) }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/nobility/saveTier',
      effect: 'write',
      methods: ['post'],
      tag: 'Nobility',
      summary:
        'Changes a nobility tier: monthly and renewal price in whole yellow diamonds (for purchases made from now on), order, sold or not',
      staff: ['finance'],
      input: z.object({
        tier: z.coerce.number().int().min(1).max(5),
        monthly_price: price,
        renewal_price: price,
        sort: z.coerce.number().int().min(0).max(999).default(0),
        active: z.boolean().default(true),
      }),
      output: staffTier,
    },
    async (c, input) => {
      const { before, row } = await saveNobilityTier(
        c.var.db,
        {
          tier: input.tier,
          monthlyPrice: input.monthly_price,
          renewalPrice: input.renewal_price,
          sort: input.sort,
          active: input.active,
        },
        c.var.now,
      );
      auditChange(c, {
        before: presentTier(before),
        after: presentTier(row),
        targetType: 'nobilityTier',
        targetId: row.code,
      });
      return presentTier(row);
    },
  );
}
