// Room lists and the anchor's own state as calls (spec §7 Live): the same lists the /anchor page and
// the home page render on the server, for clients that read them over HTTP (apps, other front ends).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { z } from 'zod';
import { requireAnchor, requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { DomainError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import { getConfig } from '@/lib/config';
import { readerTimeZone } from '@/lib/time/zone';
import { ADULT_COOKIE } from './adult-api';
import { latestApplication } from './applications';
import { liveRoomBuckets, pageRooms, type RoomCard, type RoomCategory } from './lists';
import { announceRoomChange } from './pushes';
import { isSealed } from './seal-state';
import {
  ensureRoom,
  findRoom,
  isMediaPublishing,
  PLACARD_MAX,
  setCategory,
  setCover,
  setPlacard,
  setTitle,
  TITLE_MAX,
} from './service';

const page = z.coerce.number().int().min(1).max(1000).default(1);
const size = z.coerce.number().int().min(1).max(60).default(20);
const status = z.enum(['idle', 'live', 'ended']);

const cardSchema = z.object({
  room_id: z.number(),
  title: z.string(),
  cover: z.string().nullable(),
  category: z.enum(['football', 'basketball', 'adult', 'custom']),
  status,
  heat: z.number(),
  anchor: z.object({ id: z.number(), nickname: z.string(), avatar: z.string() }),
});

export const presentCard = (room: RoomCard) => ({
  room_id: room.id,
  title: room.title,
  cover: room.coverUrl || null,
  category: room.category,
  status: room.status,
  heat: room.heat,
  anchor: { id: room.anchorId, nickname: room.nickname, avatar: room.avatar },
});

const listOutput = z.object({ list: z.array(cardSchema), total: z.number(), page: z.number() });
const CATEGORY_OF_TYPE: Record<number, RoomCategory> = {
  0: 'all',
  1: 'football',
  2: 'basketball',
  3: 'adult',
};

export function registerRoomListRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Live/getRoomList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Live',
      summary:
        'The /anchor list: type 0 all, 1 football, 2 basketball, 3 the 18+ category (after the age check) or 3 + id for a custom category; filter all / today / booked / weekday (1 Monday … 7 Sunday); live first, then heat',
      input: z.object({
        type: z.coerce.number().int().min(0).max(3).default(0),
        id: z.coerce.number().int().positive().optional(),
        filter: z.enum(['all', 'today', 'booked', 'weekday']).default('all'),
        weekday: z.coerce.number().int().min(1).max(7).optional(),
        page,
        size,
      }),
      output: listOutput.extend({ age_check_needed: z.boolean() }),
    },
    async (c, input) => {
      const category: RoomCategory = input.type === 3 && input.id ? 'custom' : CATEGORY_OF_TYPE[input.type]!;
      // The 18+ list is empty until the viewer has confirmed their age (the same cookie /anchor reads).
      if (category === 'adult' && getCookie(c, ADULT_COOKIE) !== '1') {
        return { list: [], total: 0, page: input.page, age_check_needed: true };
      }
      const query = {
        category,
        customCategoryId: input.id,
        filter: input.filter,
        weekday: input.weekday,
        userId: c.var.user?.id ?? null,
        now: c.var.now,
        timeZone: readerTimeZone(
          { chosen: c.var.user?.timeZone, cookieHeader: c.req.header('cookie') },
          getConfig().TIME_ZONE,
        ),
      };
      const { list, total } = await pageRooms(c.var.db, query, { page: input.page, size: input.size });
      return { list: list.map(presentCard), total, page: input.page, age_check_needed: false };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Live_streaming/getLiveList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Live',
      summary: 'Rooms live now (all categories but 18+), hottest first',
      input: z.object({ page, size }),
      output: listOutput,
    },
    async (c, input) => {
      const query = { category: 'all', filter: 'all', liveOnly: true, now: c.var.now } as const;
      const { list, total } = await pageRooms(c.var.db, query, { page: input.page, size: input.size });
      return { list: list.map(presentCard), total, page: input.page };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Live/getBucketRoomList',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Live',
      summary:
        'Live rooms by category bucket (football, basketball, each custom category; 18+ never), the hottest few of each, with how many are live',
      input: z.object({ size: z.coerce.number().int().min(1).max(20).default(8) }),
      output: z.object({
        list: z.array(
          z.object({
            category: z.enum(['football', 'basketball', 'custom']),
            custom_category_id: z.number().nullable(),
            name: z.string().nullable(),
            live_count: z.number(),
            rooms: z.array(cardSchema),
          }),
        ),
      }),
    },
    async (c, input) => {
      const buckets = await liveRoomBuckets(c.var.db, c.var.locale, c.var.now, input.size);
      return {
        list: buckets.map((bucket) => ({
          category: bucket.category,
          custom_category_id: bucket.customCategoryId,
          name: bucket.name,
          live_count: bucket.liveCount,
          rooms: bucket.rooms.map(presentCard),
        })),
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Live/getUserStatus',
      effect: 'write',
      methods: ['post', 'get'],
      tag: 'Live',
      summary:
        "The signed-in user's standing as a streamer: anchor or not, the latest application, and their room's state",
      middleware: [requireUser],
      output: z.object({
        is_anchor: z.boolean(),
        application: z
          .object({ status: z.enum(['pending', 'succeeded', 'failed']), reason: z.string().nullable() })
          .nullable(),
        room: z.object({ id: z.number(), status, sealed: z.boolean(), publishing: z.boolean() }).nullable(),
      }),
    },
    async (c) => {
      const user = c.var.user!;
      const application = await latestApplication(c.var.db, user.id);
      const room = user.isAnchor ? await ensureRoom(c.var.db, user.id) : null;
      return {
        is_anchor: user.isAnchor,
        application: application ? { status: application.status, reason: application.reason } : null,
        room: room
          ? {
              id: room.id,
              status: room.status,
              sealed: isSealed(room, c.var.now),
              publishing: isMediaPublishing(room.id),
            }
          : null,
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/live/updateLive',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Live',
      summary:
        "The anchor's room as it is now (state, broadcast start, whether a push is arriving): the anchor centre refreshes with it",
      middleware: [requireAnchor],
      output: z.object({
        room_id: z.number(),
        status,
        live_since: z.date().nullable(),
        publishing: z.boolean(),
        heat: z.number(),
      }),
    },
    async (c) => {
      const room = await ensureRoom(c.var.db, c.var.user!.id);
      return {
        room_id: room.id,
        status: room.status,
        live_since: room.liveSince,
        publishing: isMediaPublishing(room.id),
        heat: room.heat,
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Live/setLiveList',
      effect: 'write',
      methods: ['post'],
      tag: 'Live',
      summary:
        'Broadcast settings in one call (title, announcement, category, cover): all are checked before any is saved',
      middleware: [requireAnchor],
      input: z.object({
        title: z.string().trim().min(1).max(TITLE_MAX).optional(),
        placard: z.string().trim().max(PLACARD_MAX).optional(),
        category: z.enum(['football', 'basketball', 'adult', 'custom']).optional(),
        custom_category_id: z.coerce.number().int().positive().optional(),
        cover: z.string().min(1).max(300).optional(),
      }),
      output: z.object({
        room_id: z.number(),
        title: z.string(),
        placard: z.string(),
        category: z.enum(['football', 'basketball', 'adult', 'custom']),
        custom_category_id: z.number().nullable(),
        cover: z.string().nullable(),
      }),
    },
    async (c, input) => {
      const anchorId = c.var.user!.id;
      if (Object.values(input).every((field) => field === undefined))
        throw new DomainError('NOTHING_TO_SAVE');
      const room = await c.var.db.transaction(async (tx) => {
        // The checks that can fail (cover ownership, custom category) run inside: all or nothing.
        if (input.cover !== undefined) await setCover(tx, anchorId, input.cover);
        if (input.category !== undefined)
          await setCategory(tx, anchorId, input.category, input.custom_category_id);
        if (input.title !== undefined) await setTitle(tx, anchorId, input.title, c.var.now);
        if (input.placard !== undefined) await setPlacard(tx, anchorId, input.placard);
        return (await findRoom(tx, (await ensureRoom(tx, anchorId)).id))!;
      });
      announceRoomChange(room.id);
      return {
        room_id: room.id,
        title: room.title,
        placard: room.placard,
        category: room.category,
        custom_category_id: room.customCategoryId,
        cover: room.coverUrl || null,
      };
    },
  );
}
