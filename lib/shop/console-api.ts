// The console's shop: physical exchanges to ship and their moves (operators), and the goods themselves
// (names in the four languages, price, stock, limits), each change audited.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { auditChange } from '@/lib/api/audit-change';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { storedUrl } from '@/lib/http/url-schema';
import { addressShape, kind, status } from './api';
import { goodsForStaff, moveExchange, physicalExchanges, saveGoods } from './service';

export function registerShopConsoleRoutes(app: OpenAPIHono<AppEnv>) {
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
