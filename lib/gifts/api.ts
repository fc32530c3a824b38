// Gifts and chat calls of spec §7 that move money: the catalog, the backpack, sending
// (`api/member/handselGift`, a GET that writes), the anchor's received gifts, the room's
// contribution ranking, and the operators' catalog and grants.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { assertSpendPassword } from '@/lib/accounts/payment-password';
import { auditChange } from '@/lib/api/audit-change';
import { requireAnchor, requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { idempotencyKey } from '@/lib/api/idempotency-key';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { getConfig } from '@/lib/config';
import { storedUrl } from '@/lib/http/url-schema';
import { RANK_WINDOWS } from '@/lib/live/reservations';
import { log } from '@/lib/log';
import { giftPushSchema, rooms } from '@/lib/realtime/events';
import { publish } from '@/lib/realtime/gateway';
import { sharedState } from '@/lib/shared-state';
import { effectiveSettings } from '@/lib/system/settings';
import {
  anchorGiftList,
  backpackOf,
  GIFT_COUNTS,
  giftPushOf,
  giftsForStaff,
  grantBackpack,
  listGifts,
  recentRoomGifts,
  saveGift,
  sendGift,
} from './service';

const giftSchema = z.object({
  id: z.number(),
  code: z.string(),
  name: z.string(),
  price: z.number(),
  tier: z.string(),
  image: z.string().nullable(),
});
const staffGiftSchema = z.object({
  id: z.number(),
  code: z.string(),
  names: z.record(z.string(), z.string()),
  price: z.number(),
  tier: z.string(),
  sort: z.number(),
  active: z.boolean(),
  imageUrl: z.string().nullable(),
  anchorShare: z.number().nullable(),
});
const rankLine = z.object({
  user_id: z.number(),
  nickname: z.string(),
  avatar: z.string(),
  value: z.number(),
});

export function registerGiftRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Gift/getList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Gifts',
      summary:
        'The gift catalog: price in star diamonds, animation tier (small: ticker, big: full-width effect)',
      output: z.object({ list: z.array(giftSchema), counts: z.array(z.number()) }),
    },
    async (c) => ({ list: await listGifts(c.var.db, c.var.locale), counts: [...GIFT_COUNTS] }),
  );

  defineRoute(
    app,
    {
      path: '/api/Gift/getUserGiftList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Gifts',
      summary: "The signed-in user's backpack: gifts held, sent without spending diamonds",
      middleware: [requireUser],
      output: z.object({ list: z.array(giftSchema.extend({ quantity: z.number() })) }),
    },
    async (c) => ({ list: await backpackOf(c.var.db, c.var.user!.id, c.var.locale) }),
  );

  defineRoute(
    app,
    {
      path: '/api/member/handselGift',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Gifts',
      summary:
        "Sends a gift in a live room (count 1, 10, 66 or 520; type 1 from the backpack). A send worth the operator's confirmation threshold or more in star diamonds needs `pay_password` when the sender has set one. `key` makes a retry safe: the same key returns the first result",
      middleware: [requireUser],
      input: z.object({
        room_id: id,
        gift_id: id,
        num: z.coerce.number().int().default(1),
        type: z.coerce.number().int().min(0).max(1).default(0),
        pay_password: z.string().max(32).optional(),
        key: idempotencyKey,
      }),
      output: z.object({
        send_id: z.number(),
        combo: z.number(),
        value: z.number(),
        count: z.number(),
        balance: z.number(),
        replayed: z.boolean(),
      }),
    },
    async (c, input) => {
      const user = c.var.user!;
      const sent = await sendGift(
        c.var.db,
        {
          senderId: user.id,
          sender: user,
          roomId: input.room_id,
          giftId: input.gift_id,
          count: input.num,
          fromBackpack: input.type === 1,
          key: input.key ?? crypto.randomUUID(),
          anchorShare: getConfig().GIFT_ANCHOR_SHARE,
          now: c.var.now,
        },
        // Below the threshold a gift stays one tap: no extra query on the fast path.
        async (value) => {
          if (value >= effectiveSettings().giftConfirmStars)
            await assertSpendPassword(c.var.db, user.id, input.pay_password);
        },
      );
      const result = sent.result;
      if (!sent.replayed) {
        // The send has committed: a ranking that cannot be raised now (Redis away) must not answer the
        // client with a failure, whose retry would replay the key and never push the gift. A Redis that
        // comes back empty rebuilds its rankings from gift_sends (./rankings.ts).
        await sharedState()
          .rankings.record({ roomId: input.room_id, senderId: user.id, value: result.value, at: c.var.now })
          .catch((error) => log.warn({ err: error, send: result.send_id }, 'gift ranking not raised'));
        const data = giftPushOf(
          {
            operationId: result.send_id,
            count: result.count,
            combo: result.combo,
            value: result.value,
            anchorId: result.anchor_id,
            anchorIncome: result.anchor_income,
          },
          sent.gift,
          user,
        );
        publish({ room: rooms.liveRoom(input.room_id) }, { type: 'gift', room_id: input.room_id, data });
        if (result.chat) {
          publish(
            { room: rooms.liveRoom(input.room_id) },
            { type: 'chat', room_id: input.room_id, data: result.chat },
          );
        }
      }
      return {
        send_id: result.send_id,
        combo: result.combo,
        value: result.value,
        count: result.count,
        balance: result.balance,
        replayed: sent.replayed,
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/member/webgetAnchorgiftlist',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Gifts',
      summary:
        'Gifts the signed-in anchor received in the last three months and the yellow diamonds they earned',
      middleware: [requireAnchor],
      input: z.object({
        page: z.coerce.number().int().min(1).max(10_000).default(1),
        size: z.coerce.number().int().min(1).max(50).default(15),
      }),
      output: z.object({
        total: z.number(),
        income: z.number(),
        list: z.array(z.record(z.string(), z.unknown())),
      }),
    },
    (c, input) => anchorGiftList(c.var.db, c.var.user!.id, c.var.locale, c.var.now, input.page, input.size),
  );

  defineRoute(
    app,
    {
      path: '/api/Gift/roomContribution',
      effect: 'read',
      methods: ['get'],
      tag: 'Gifts',
      summary:
        "A room's biggest givers by star-diamond value, today / this week / this month (UTC+8) or in total",
      input: z.object({ room_id: id, type: z.enum(RANK_WINDOWS).default('day') }),
      output: z.object({ list: z.array(rankLine) }),
    },
    async (c, input) => ({
      list: await sharedState().rankings.top(c.var.db, {
        roomId: input.room_id,
        window: input.type,
        now: c.var.now,
        limit: 20,
      }),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/Gift/roomGifts',
      effect: 'read',
      methods: ['get'],
      tag: 'Gifts',
      summary: "A room's latest gifts, newest first, shaped like the `gift` push (the ticker's first lines)",
      input: z.object({ room_id: id }),
      output: z.object({ list: z.array(giftPushSchema) }),
    },
    async (c, input) => ({ list: await recentRoomGifts(c.var.db, input.room_id) }),
  );

  defineRoute(
    app,
    {
      path: '/api/Gift/contributionRank',
      effect: 'read',
      methods: ['get'],
      tag: 'Gifts',
      summary: 'The biggest givers across every room in a window',
      input: z.object({ type: z.enum(RANK_WINDOWS).default('day') }),
      output: z.object({ list: z.array(rankLine) }),
    },
    async (c, input) => ({
      list: await sharedState().rankings.top(c.var.db, { window: input.type, now: c.var.now, limit: 30 }),
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/gifts/list',
      effect: 'read',
      methods: ['get'],
      tag: 'Gifts',
      summary:
        'Every gift of the catalog, hidden ones included, with its names, picture and anchor share (operators)',
      staff: [],
      output: z.object({ list: z.array(staffGiftSchema), default_anchor_share: z.number() }),
    },
    async (c) => ({
      list: await giftsForStaff(c.var.db),
      default_anchor_share: getConfig().GIFT_ANCHOR_SHARE,
    }),
  );

  defineRoute(
    app,
    {
      path: '/api/admin/gifts/save',
      effect: 'write',
      methods: ['post'],
      tag: 'Gifts',
      summary:
        'Adds a gift or changes one (by code): names in four languages, price, tier, order, shown or hidden',
      staff: [],
      input: z.object({
        code: z.string().regex(/^[a-z0-9_-]{2,32}$/),
        names: z.object({
          'zh-CN': z.string().trim().min(1).max(16),
          'zh-TW': z.string().trim().min(1).max(16),
          en: z.string().trim().min(1).max(24),
          vi: z.string().trim().min(1).max(24),
        }),
        price: z.coerce.number().int().min(1).max(1_000_000),
        tier: z.enum(['small', 'big']),
        sort: z.coerce.number().int().min(0).max(10_000).default(0),
        active: z.boolean().default(true),
        /** An uploaded picture (lib/storage); null: back to the drawing; omitted: unchanged. */
        image_url: storedUrl({ max: 500 }).nullish(),
        /** Percent of the value the anchor earns; null: the portal's default; omitted: unchanged. */
        anchor_share: z.coerce.number().int().min(0).max(100).nullish(),
      }),
      output: z.object({ id: z.number() }),
    },
    async (c, { image_url, anchor_share, ...input }) => {
      const { before, row } = await saveGift(c.var.db, {
        ...input,
        imageUrl: image_url,
        anchorShare: anchor_share,
      });
      auditChange(c, { before, after: row, targetType: 'gift', targetId: row.code });
      return { id: row.id };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/admin/gifts/grant',
      effect: 'write',
      methods: ['post'],
      tag: 'Gifts',
      summary: "Puts gifts into a user's backpack (operators)",
      staff: [],
      input: z.object({ user_id: id, gift_id: id, quantity: z.coerce.number().int().min(1).max(100_000) }),
      output: z.object({ ok: z.boolean() }),
    },
    async (c, input) => {
      await grantBackpack(c.var.db, input.user_id, input.gift_id, input.quantity);
      return { ok: true };
    },
  );
}
