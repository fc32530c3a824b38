// Exchange-shop calls of spec §7 (`api/goods/goodsList`, `exchangeRecords`, `exchange`), the
// delivery addresses the exchange dialog keeps, and the operators' moves of physical exchanges.

import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { assertSpendPassword } from '@/lib/accounts/payment-password';
import { auditChange } from '@/lib/api/audit-change';
import { requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { BADGE_COLORS, badgeColorsOf, chooseBadgeColor } from '@/lib/chat/badge-colors';
import { storedUrl } from '@/lib/http/url-schema';
import { goodsKind } from './schema';
import {
  addressesOf,
  deleteAddress,
  exchangeGoods,
  exchangeRecords,
  goodsForStaff,
  goodsList,
  moveExchange,
  physicalExchanges,
  saveAddress,
  saveGoods,
} from './service';

const kind = z.enum(goodsKind.enumValues);
const status = z.enum(['pending', 'shipped', 'delivered', 'cancelled']);
const addressShape = z.object({
  name: z.string(),
  phone: z.string(),
  region: z.string(),
  detail: z.string(),
});
const addressInput = z.object({
  name: z.string().trim().min(1).max(32),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{5,20}$/),
  region: z.string().trim().min(1).max(64),
  detail: z.string().trim().min(1).max(120),
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
        key: z
          .string()
          .regex(/^[A-Za-z0-9_-]{8,64}$/)
          .optional(),
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

  defineRoute(
    app,
    {
      path: '/api/goods/addressList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Shop',
      summary: "The caller's delivery addresses for physical goods",
      middleware: [requireUser],
      output: z.object({ list: z.array(addressShape.extend({ id: z.number() })) }),
    },
    async (c) => ({ list: await addressesOf(c.var.db, c.var.user!.id) }),
  );

  defineRoute(
    app,
    {
      path: '/api/goods/saveAddress',
      effect: 'write',
      methods: ['post'],
      tag: 'Shop',
      summary: 'Adds a delivery address, or changes one of the caller’s with `id` (at most 10 kept)',
      middleware: [requireUser],
      input: addressInput.extend({ id: id.optional() }),
      output: z.object({ id: z.number() }),
    },
    (c, input) => saveAddress(c.var.db, c.var.user!.id, input, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/goods/deleteAddress',
      effect: 'write',
      methods: ['post'],
      tag: 'Shop',
      summary: 'Removes one of the caller’s delivery addresses (past exchanges keep their copy)',
      middleware: [requireUser],
      input: z.object({ id }),
      output: z.object({ id: z.number() }),
    },
    async (c, input) => {
      await deleteAddress(c.var.db, c.var.user!.id, input.id, c.var.now);
      return { id: input.id };
    },
  );

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

  defineRoute(
    app,
    {
      path: '/api/admin/goods/exchanges',
      effect: 'read',
      methods: ['get'],
      tag: 'Shop',
      summary: 'Physical exchanges to ship, newest first, optionally of one status (operators)',
      staff: ['finance'],
      input: z.object({ status: status.optional() }),
      output: z.object({
        list: z.array(
          z.object({
            id: z.number(),
            user_id: z.number(),
            name: z.string(),
            quantity: z.number(),
            cost: z.number(),
            status,
            address: addressShape.nullable(),
            created_at: z.string(),
          }),
        ),
      }),
    },
    async (c, input) => ({ list: await physicalExchanges(c.var.db, input.status, c.var.locale) }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/goods/exchangeStatus',
      effect: 'write',
      methods: ['post'],
      tag: 'Shop',
      summary:
        'Moves a physical exchange: pending → shipped → delivered, or cancelled before delivery with the coins refunded (operators)',
      staff: ['finance'],
      input: z.object({ id, status: z.enum(['shipped', 'delivered', 'cancelled']) }),
      output: z.object({ id: z.number(), status: z.string() }),
    },
    (c, input) => moveExchange(c.var.db, { ...input, operatorId: c.var.user!.id, now: c.var.now }),
  );

  const staffGoods = z.object({
    id: z.number(),
    code: z.string(),
    kind,
    names: z.record(z.string(), z.string()),
    descriptions: z.record(z.string(), z.string()),
    image_url: z.string().nullable(),
    gift_code: z.string().nullable(),
    price: z.number(),
    stock: z.number(),
    per_user_limit: z.number(),
    sort: z.number(),
    active: z.boolean(),
  });
  type StaffRow = Omit<Awaited<ReturnType<typeof goodsForStaff>>[number], 'giftCode'> & {
    giftCode?: string | null;
  };
  const presentGoods = (row: StaffRow) => ({
    id: row.id,
    code: row.code,
    kind: row.kind,
    names: row.names,
    descriptions: row.descriptions,
    image_url: row.imageUrl,
    gift_code: row.giftCode ?? null,
    price: row.price,
    stock: row.stock,
    per_user_limit: row.perUserLimit,
    sort: row.sort,
    active: row.active,
  });
  const localized = (zh: number, other: number, min = 1) =>
    z.object({
      'zh-CN': z.string().trim().min(min).max(zh),
      'zh-TW': z.string().trim().min(min).max(zh),
      en: z.string().trim().min(min).max(other),
      vi: z.string().trim().min(min).max(other),
    });

  defineRoute(
    app,
    {
      path: '/api/admin/goods/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Shop',
      summary:
        'Every goods of the exchange shop, hidden ones too, with stock, price in coins and order (finance, operators)',
      staff: ['finance'],
      output: z.object({ list: z.array(staffGoods) }),
    },
    async (c) => ({ list: (await goodsForStaff(c.var.db)).map(presentGoods) }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/goods/save',
      effect: 'write',
      methods: ['post'],
      tag: 'Shop',
      summary:
        'Adds fan goods shipped home (code and picture needed) or changes any goods: names and descriptions in four languages, picture, price in coins, stock, per-user limit, order, on/off; exchanges already made keep their cost',
      staff: ['finance'],
      input: z.object({
        id: id.optional(),
        code: z
          .string()
          .regex(/^[a-z0-9_]{2,32}$/)
          .optional(),
        names: localized(16, 32),
        descriptions: localized(40, 80, 0),
        /** An uploaded picture (lib/storage); null: back to the drawing; omitted: unchanged. */
        image_url: storedUrl({ max: 500 }).nullish(),
        price: z.coerce.number().int().min(1).max(10_000_000),
        stock: z.coerce.number().int().min(0).max(10_000_000),
        per_user_limit: z.coerce.number().int().min(1).max(10_000),
        sort: z.coerce.number().int().min(0).max(10_000).default(0),
        active: z.boolean().default(true),
      }),
      output: staffGoods,
    },
    async (c, { image_url, per_user_limit, ...input }) => {
      const { before, row } = await saveGoods(c.var.db, {
        ...input,
        perUserLimit: per_user_limit,
        imageUrl: image_url,
      });
      auditChange(c, {
        before: before && presentGoods(before),
        after: presentGoods(row),
        targetType: 'goods',
        targetId: row.code,
      });
      return presentGoods(row);
    },
  );
}
