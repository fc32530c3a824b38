// Fan-club calls (粉丝团; the spec names none, so they follow its `api/Guard/getList` /
// `api/guard_user/buy` pattern): the club and the caller's standing, the member ranking, join, leave,
// the watch heartbeat, the caller's clubs, and the anchor's settings.

import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { assertSpendPassword } from '@/lib/accounts/payment-password';
import { requireAnchor, requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { idempotencyKey } from '@/lib/api/idempotency-key';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { getConfig } from '@/lib/config';
import { FAN_PRICE_MAX } from './levels';
import {
  clubInfo,
  clubRanking,
  joinClub,
  leaveClub,
  myClubs,
  ownClubSettings,
  saveClubSettings,
  watchHeartbeat,
} from './service';

const mine = z.object({
  intimacy: z.number(),
  level: z.number(),
  level_floor: z.number(),
  next_level_at: z.number().nullable(),
  today_watch: z.number(),
  watch_cap: z.number(),
  joined_at: z.string(),
});

export function registerFanClubRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Fansclub/info',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Fan club',
      summary:
        "An anchor's fan club: badge name, join price in star diamonds (0 = free), members, and the signed-in caller's intimacy and level",
      input: z.object({ anchor_id: id }),
      output: z.object({
        anchor_id: z.number(),
        anchor_nickname: z.string(),
        name: z.string(),
        price: z.number(),
        members: z.number(),
        mine: mine.nullable(),
      }),
    },
    (c, input) => clubInfo(c.var.db, input.anchor_id, c.var.user?.id ?? null, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/Fansclub/rankList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Fan club',
      summary: "The club's members by intimacy, highest first (top 50)",
      input: z.object({ anchor_id: id }),
      output: z.object({
        list: z.array(
          z.object({
            rank: z.number(),
            user_id: z.number(),
            nickname: z.string(),
            avatar: z.string(),
            intimacy: z.number(),
            level: z.number(),
          }),
        ),
      }),
    },
    async (c, input) => ({ list: await clubRanking(c.var.db, input.anchor_id) }),
  );

  defineRoute(
    app,
    {
      path: '/api/fansclub_user/join',
      effect: 'write',
      methods: ['post'],
      tag: 'Fan club',
      summary:
        'Joins the club: free, or its price in star diamonds (the anchor earns yellow diamonds at the gift share). `price` is what the caller was shown (refused if the anchor changed it); a paid join needs `pay_password` when the fan has set one; `key` makes a retry safe',
      middleware: [requireUser],
      input: z.object({
        anchor_id: id,
        price: z.coerce.number().int().min(0).optional(),
        pay_password: z.string().max(32).optional(),
        key: idempotencyKey,
      }),
      output: z.object({
        anchor_id: z.number(),
        name: z.string(),
        paid: z.number(),
        anchor_income: z.number(),
        balance: z.number().nullable(),
        replayed: z.boolean(),
      }),
    },
    async (c, input) => {
      const joined = await joinClub(c.var.db, {
        userId: c.var.user!.id,
        anchorId: input.anchor_id,
        expectedPrice: input.price,
        beforePaying: () => assertSpendPassword(c.var.db, c.var.user!.id, input.pay_password),
        key: input.key ?? crypto.randomUUID(),
        anchorShare: getConfig().GIFT_ANCHOR_SHARE,
        now: c.var.now,
      });
      return { ...joined.result, replayed: joined.replayed };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/fansclub_user/leave',
      effect: 'write',
      methods: ['post'],
      tag: 'Fan club',
      summary: 'Leaves the club; the intimacy earned in it is lost (a new join starts at level 1)',
      middleware: [requireUser],
      input: z.object({ anchor_id: id }),
      output: z.object({ anchor_id: z.number(), left: z.boolean() }),
    },
    (c, input) => leaveClub(c.var.db, c.var.user!.id, input.anchor_id),
  );

  defineRoute(
    app,
    {
      path: '/api/fansclub_user/watch',
      effect: 'write',
      methods: ['post'],
      tag: 'Fan club',
      summary:
        "A member's room page beats every 60 s while the room is live: time between beats ≤ 150 s apart counts as watched; each 5 minutes = 10 intimacy, at most 120 a day (UTC+8)",
      middleware: [requireUser],
      input: z.object({ room_id: id }),
      output: z.object({ member: z.boolean(), added: z.number(), mine: mine.nullable() }),
    },
    (c, input) => watchHeartbeat(c.var.db, { userId: c.var.user!.id, roomId: input.room_id, now: c.var.now }),
  );

  defineRoute(
    app,
    {
      path: '/api/fansclub_user/myList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Fan club',
      summary: "The caller's fan clubs with intimacy and level, highest first",
      middleware: [requireUser],
      output: z.object({ list: z.array(z.record(z.string(), z.unknown())) }),
    },
    async (c) => ({ list: await myClubs(c.var.db, c.var.user!.id, c.var.now) }),
  );

  defineRoute(
    app,
    {
      path: '/api/Fansclub/getSetting',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Fan club',
      summary: "The anchor's own club settings (name, join price) and member count",
      middleware: [requireAnchor],
      output: z.object({ name: z.string(), price: z.number(), configured: z.boolean(), members: z.number() }),
    },
    (c) => ownClubSettings(c.var.db, c.var.user!.id),
  );

  defineRoute(
    app,
    {
      path: '/api/Fansclub/setting',
      effect: 'write',
      methods: ['post'],
      tag: 'Fan club',
      summary: `The anchor names the club's badge (letters and digits, three CJK characters or six letters at most, no listed word) and sets the join price (0 = free, at most ${FAN_PRICE_MAX} star diamonds)`,
      middleware: [requireAnchor],
      input: z.object({ name: z.string().max(32), price: z.coerce.number() }),
      output: z.object({ name: z.string(), price: z.number() }),
    },
    (c, input) =>
      saveClubSettings(c.var.db, {
        anchorId: c.var.user!.id,
        name: input.name,
        price: input.price,
        now: c.var.now,
      }),
  );
}
