// Live-room calls of spec §7: the anchor's push settings and room texts, start/end, public room info,
// replays and shares. What `startRoom`/`endRoom` mean when the media server drives the state is
// written on `startRoom` and `endRoom` in service.ts.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { requireAnchor } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { NotFoundError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import { rowId as roomId } from '@/lib/api/row-id';
import { storedUrl } from '@/lib/http/url-schema';
import { rooms } from '@/lib/realtime/events';
import { sharedState } from '@/lib/shared-state';
import { markShare } from '@/lib/tasks/marks';
import { announceEnd, announceHeat, thenAnnounce } from './pushes';
import {
  addShare,
  endRoom,
  findRoom,
  listReplays,
  PLACARD_MAX,
  pushServerUrl,
  pushSettings,
  roomInfo,
  rotateStreamKey,
  setCategory,
  setCover,
  setPlacard,
  setTitle,
  startRoom,
  TITLE_MAX,
} from './service';

const category = z.enum(['football', 'basketball', 'adult', 'custom']);
const title = z.string().trim().min(1).max(TITLE_MAX);
const placard = z.string().trim().max(PLACARD_MAX);

const roomState = z.object({
  room_id: z.number(),
  status: z.enum(['idle', 'live', 'ended']),
  waiting_for_push: z.boolean(),
  push_url: z.string(),
});

const infoSchema = z.object({
  id: z.number(),
  title: z.string(),
  placard: z.string(),
  cover: z.string().nullable(),
  category,
  status: z.enum(['idle', 'live', 'ended']),
  sealed: z.boolean(),
  seal_reason: z.string().nullable(),
  seal_reason_code: z.string().nullable(),
  sealed_until: z.date().nullable(),
  heat: z.number(),
  online: z.number(),
  live_since: z.date().nullable(),
  broadcast_id: z.number().nullable(),
  play: z.object({ hls: z.string().nullable(), flv: z.string().nullable() }),
  latest_replay: z
    .object({
      id: z.number(),
      title: z.string(),
      started_at: z.date(),
      ended_at: z.date().nullable(),
      duration_seconds: z.number().nullable(),
      url: z.string(),
    })
    .nullable(),
  anchor: z.object({ id: z.number(), nickname: z.string(), avatar: z.string() }),
});

const hostOf = (c: { req: { header: (name: string) => string | undefined } }) => c.req.header('host');

export function registerLiveRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/Live/getLiveUrl',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Live',
      summary: 'Push settings of the anchor: RTMP server, and the stream key the first time only',
      middleware: [requireAnchor],
      output: z.object({
        room_id: z.number(),
        push_url: z.string(),
        stream_key: z.string().nullable(),
        key_rotated_at: z.date().nullable(),
      }),
    },
    (c) => pushSettings(c.var.db, c.var.user!.id, c.var.now, hostOf(c)),
  );

  defineRoute(
    app,
    {
      path: '/api/live/rotateStreamKey',
      effect: 'write',
      methods: ['post'],
      tag: 'Live',
      summary: 'A new stream key (shown once); the old one is refused from now on',
      middleware: [requireAnchor],
      output: z.object({ room_id: z.number(), push_url: z.string(), stream_key: z.string() }),
    },
    async (c) => {
      const { roomId: id, streamKey } = await rotateStreamKey(c.var.db, c.var.user!.id, c.var.now);
      return { room_id: id, push_url: pushServerUrl(hostOf(c)), stream_key: streamKey };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Live_streaming/getRoomInfo',
      effect: 'read',
      methods: ['get', 'post'],
      tag: 'Live',
      summary: 'Public room info: anchor card, title, announcement, state, play addresses, heat, online',
      input: z.object({ id: roomId }),
      output: infoSchema,
    },
    async (c, input) =>
      roomInfo(c.var.db, input.id, c.var.now, await sharedState().online.count(rooms.liveRoom(input.id))),
  );

  defineRoute(
    app,
    {
      path: '/api/live/setTitle',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Live',
      summary: 'The room title',
      middleware: [requireAnchor],
      input: z.object({ title }),
      output: z.object({ room_id: z.number(), title: z.string() }),
    },
    (c, input) => thenAnnounce(setTitle(c.var.db, c.var.user!.id, input.title, c.var.now)),
  );

  defineRoute(
    app,
    {
      path: '/api/Live/setPlacard',
      effect: 'write',
      methods: ['post'],
      tag: 'Live',
      summary: 'The room announcement (at most 50 characters; empty clears it)',
      middleware: [requireAnchor],
      input: z.object({ placard }),
      output: z.object({ room_id: z.number(), placard: z.string() }),
    },
    (c, input) => thenAnnounce(setPlacard(c.var.db, c.var.user!.id, input.placard)),
  );

  defineRoute(
    app,
    {
      path: '/api/Live/getPlacard',
      effect: 'read',
      methods: ['get'],
      tag: 'Live',
      summary: "A room's announcement",
      input: z.object({ id: roomId }),
      output: z.object({ room_id: z.number(), placard: z.string() }),
    },
    async (c, input) => {
      const room = await findRoom(c.var.db, input.id);
      if (!room) throw new NotFoundError('ROOM_NOT_FOUND');
      return { room_id: room.id, placard: room.placard };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/live/setCover',
      effect: 'write',
      methods: ['post'],
      tag: 'Live',
      summary: 'The room cover: an address returned by an upload with purpose `cover` (135:76)',
      middleware: [requireAnchor],
      input: z.object({ cover: storedUrl({ max: 300 }) }),
      output: z.object({ room_id: z.number(), cover: z.string() }),
    },
    (c, input) => thenAnnounce(setCover(c.var.db, c.var.user!.id, input.cover)),
  );

  defineRoute(
    app,
    {
      path: '/api/live/setCategory',
      effect: 'write',
      methods: ['post'],
      tag: 'Live',
      summary: 'The room category: football, basketball, 18+, or an operator-defined custom category',
      middleware: [requireAnchor],
      input: z.object({ category, custom_category_id: z.coerce.number().int().positive().optional() }),
      output: z.object({ room_id: z.number(), category, custom_category_id: z.number().nullable() }),
    },
    (c, input) =>
      thenAnnounce(setCategory(c.var.db, c.var.user!.id, input.category, input.custom_category_id)),
  );

  const start = async (
    c: Context<AppEnv>,
    changes: { title?: string; category?: z.infer<typeof category> },
  ) => {
    const { room, waitingForPush } = await startRoom(c.var.db, c.var.user!.id, changes, c.var.now);
    return {
      room_id: room.id,
      status: room.status,
      waiting_for_push: waitingForPush,
      push_url: pushServerUrl(hostOf(c)),
    };
  };

  defineRoute(
    app,
    {
      path: '/api/Live/startRoom',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Live',
      summary: 'Open the room for a push: live as soon as the stream arrives (already live when it has)',
      middleware: [requireAnchor],
      output: roomState,
    },
    (c) => start(c, {}),
  );

  defineRoute(
    app,
    {
      path: '/api/Live/mobileStartRoom',
      effect: 'write',
      methods: ['post'],
      tag: 'Live',
      summary: "The mobile app's start: like startRoom, setting the title and category on the way",
      middleware: [requireAnchor],
      input: z.object({ title: title.optional(), category: category.optional() }),
      output: roomState,
    },
    (c, input) => start(c, input),
  );

  defineRoute(
    app,
    {
      path: '/api/Live/endRoom',
      effect: 'write',
      methods: ['get', 'post'],
      tag: 'Live',
      summary: 'End the broadcast now: the push is cut, the room shows ended, the recording becomes a replay',
      middleware: [requireAnchor],
      output: roomState,
    },
    async (c) => {
      const { room, broadcastId } = await endRoom(c.var.db, c.var.user!.id, c.var.now);
      if (broadcastId !== null) announceEnd(room.id, broadcastId);
      return {
        room_id: room.id,
        status: room.status,
        waiting_for_push: false,
        push_url: pushServerUrl(hostOf(c)),
      };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/Live_streaming/getLivePlaybackList',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Live',
      summary: "A room's replays, newest first",
      input: z.object({ id: roomId, page: z.coerce.number().int().min(1).max(1000).default(1) }),
      output: z.object({
        room_id: z.number(),
        list: z.array(infoSchema.shape.latest_replay.unwrap()),
      }),
    },
    async (c, input) => {
      if (!(await findRoom(c.var.db, input.id))) throw new NotFoundError('ROOM_NOT_FOUND');
      return { room_id: input.id, list: await listReplays(c.var.db, input.id, input.page) };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/live/share',
      effect: 'write',
      methods: ['post'],
      tag: 'Live',
      summary: 'Count a share of the room (raises its heat by one)',
      input: z.object({ id: roomId }),
      output: z.object({ room_id: z.number(), heat: z.number() }),
    },
    async (c, input) => {
      const heat = await addShare(c.var.db, input.id);
      // The share task counts a signed-in viewer's share of a room once a day.
      if (c.var.user) await markShare(c.var.db, c.var.user.id, input.id, c.var.now);
      announceHeat(input.id, heat);
      return { room_id: input.id, heat };
    },
  );
}
