// Room moderation calls (spec §7): `RoomManage/setAdministrations`, `getLiveRoomManageList`,
// `delLiveRoomManage` (the anchor's administrators, at most 200), `live/assistantList` (the rooms the
// caller assists), `Live/setTaboo` and `RoomManage/relieveTaboo` (mutes by the anchor, an administrator
// or an operator), and `RoomManage/tabooList` (the mutes in force).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { requireAnchor, requireUser } from '@/lib/api/auth';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { ensureRoom } from '@/lib/live/service';
import {
  channelInput,
  channelOf,
  loadChannel,
  oneChannel,
  oneChannelIssue,
  requireChatModerator,
  roleIn,
} from './channel';
import {
  appointAdmin,
  listAdmins,
  listMutes,
  MUTE_MINUTES,
  muteUser,
  relieveMute,
  revokeAdmin,
  roomsAssisted,
} from './moderation';

const person = { user_id: z.number(), nickname: z.string(), avatar: z.string() };
const taboo = z.object({
  user_id: z.number(),
  nickname: z.string(),
  minutes: z.number().optional(),
  until: z.string().nullable().optional(),
});

export function registerChatModerationRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/RoomManage/setAdministrations',
      effect: 'write',
      methods: ['post'],
      tag: 'Moderation',
      summary: 'Appoint a room administrator (at most 200 per room)',
      middleware: [requireAnchor],
      input: z.object({ user_id: id }),
      output: z.object({ room_id: z.number(), user_id: z.number() }),
    },
    async (c, input) => {
      const room = await ensureRoom(c.var.db, c.var.user!.id);
      return appointAdmin(
        c.var.db,
        { roomId: room.id, anchorId: room.anchorId, userId: input.user_id },
        c.var.now,
      );
    },
  );

  defineRoute(
    app,
    {
      path: '/api/RoomManage/delLiveRoomManage',
      effect: 'write',
      methods: ['post'],
      tag: 'Moderation',
      summary: 'Revoke a room administrator',
      middleware: [requireAnchor],
      input: z.object({ user_id: id }),
      output: z.object({ room_id: z.number(), user_id: z.number() }),
    },
    async (c, input) => {
      const room = await ensureRoom(c.var.db, c.var.user!.id);
      return revokeAdmin(c.var.db, room.id, input.user_id);
    },
  );

  defineRoute(
    app,
    {
      path: '/api/RoomManage/getLiveRoomManageList',
      effect: 'write',
      methods: ['post'],
      tag: 'Moderation',
      summary: "The anchor's room administrators",
      middleware: [requireAnchor],
      output: z.object({
        room_id: z.number(),
        list: z.array(z.object({ ...person, appointed_at: z.date() })),
      }),
    },
    async (c) => {
      const room = await ensureRoom(c.var.db, c.var.user!.id);
      return { room_id: room.id, list: await listAdmins(c.var.db, room.id) };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/live/assistantList',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Moderation',
      summary: 'The rooms the caller is an administrator (assistant) of',
      middleware: [requireUser],
      output: z.object({
        list: z.array(
          z.object({
            room_id: z.number(),
            title: z.string(),
            status: z.enum(['idle', 'live', 'ended']),
            anchor_id: z.number(),
            nickname: z.string(),
            avatar: z.string(),
          }),
        ),
      }),
    },
    async (c) => ({ list: await roomsAssisted(c.var.db, c.var.user!.id) }),
  );

  defineRoute(
    app,
    {
      path: '/api/Live/setTaboo',
      effect: 'write',
      methods: ['post'],
      tag: 'Moderation',
      summary: 'Mute a viewer in a chat for 10 min, 1 h, 1 day, or (0) until this broadcast ends',
      middleware: [requireChatModerator],
      input: z
        .object({
          ...channelInput,
          user_id: id,
          minutes: z.coerce
            .number()
            .int()
            .refine((value) => (MUTE_MINUTES as readonly number[]).includes(value)),
        })
        .refine(oneChannel, oneChannelIssue),
      output: taboo,
    },
    async (c, input) => {
      const channel = await loadChannel(c.var.db, channelOf(input));
      const byRole = (await roleIn(c.var.db, channel, c.var.user))!;
      return muteUser(
        c.var.db,
        { channel, byUserId: c.var.user!.id, byRole, userId: input.user_id, minutes: input.minutes },
        c.var.now,
      );
    },
  );

  defineRoute(
    app,
    {
      path: '/api/RoomManage/relieveTaboo',
      effect: 'write',
      methods: ['post'],
      tag: 'Moderation',
      summary: "Lift a viewer's mute",
      middleware: [requireChatModerator],
      input: z.object({ ...channelInput, user_id: id }).refine(oneChannel, oneChannelIssue),
      output: taboo,
    },
    (c, input) => relieveMute(c.var.db, channelOf(input), input.user_id, c.var.now),
  );

  defineRoute(
    app,
    {
      path: '/api/RoomManage/tabooList',
      effect: 'read',
      methods: ['post', 'get'],
      tag: 'Moderation',
      summary: "A chat's mutes in force (until null: until this broadcast ends)",
      middleware: [requireChatModerator],
      input: z.object(channelInput).refine(oneChannel, oneChannelIssue),
      output: z.object({ list: z.array(z.object({ ...person, until: z.date().nullable() })) }),
    },
    async (c, input) => ({ list: await listMutes(c.var.db, channelOf(input), c.var.now) }),
  );
}
