// Kick-out calls (spec §7 `live/liveKickout`, `liveKickoutList`) and the anchor's viewer list. An
// anchor acts on their own room; an operator or one of the room's administrators names it with `room_id`.
import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { requireUser } from '@/lib/api/auth';
import { type AppEnv, mayModerate } from '@/lib/api/context';
import { DomainError, ForbiddenError, NotFoundError } from '@/lib/api/errors';
import { defineRoute } from '@/lib/api/route';
import { rowId as id } from '@/lib/api/row-id';
import { isRoomAdmin } from '@/lib/chat/channel';
import { ensureRoom, findRoom } from '@/lib/live/service';
import { KICKOUT_MINUTES, kickOut, liftKickout, listKickouts, roomViewers } from './kickouts';

const person = { user_id: z.number(), nickname: z.string(), avatar: z.string() };

/** The room a call acts on: the anchor's own, or any room an operator names. */
async function roomOfCaller(c: Context<AppEnv>, roomId?: number) {
  const user = c.var.user!;
  // Operators act on any room, a room's administrators on theirs (kicking from the chat's user card).
  if (roomId !== undefined && (mayModerate(user.role) || (await isRoomAdmin(c.var.db, roomId, user.id)))) {
    const room = await findRoom(c.var.db, roomId);
    if (!room) throw new NotFoundError('ROOM_NOT_FOUND');
    return room;
  }
  if (!user.isAnchor) throw new ForbiddenError('ANCHOR_REQUIRED');
  const room = await ensureRoom(c.var.db, user.id);
  if (roomId !== undefined && roomId !== room.id) throw new ForbiddenError('NOT_YOUR_ROOM');
  return room;
}

export function registerKickoutRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/live/liveKickout',
      effect: 'write',
      methods: ['post'],
      tag: 'Moderation',
      summary: 'Kick a viewer out of the room for 10 min, 1 h, 1 day or 1 week (extends one in force)',
      middleware: [requireUser],
      input: z.object({
        user_id: id,
        minutes: z.coerce
          .number()
          .int()
          .refine((value) => (KICKOUT_MINUTES as readonly number[]).includes(value)),
        room_id: id.optional(),
      }),
      output: z.object({ room_id: z.number(), user_id: z.number(), until: z.date() }),
    },
    async (c, input) => {
      const room = await roomOfCaller(c, input.room_id);
      // Nobody kicks the anchor out of their room; an administrator does not kick another.
      const byAdmin = !mayModerate(c.var.user!.role) && c.var.user!.id !== room.anchorId;
      const target = input.user_id;
      if (
        target !== c.var.user!.id &&
        (target === room.anchorId || (byAdmin && (await isRoomAdmin(c.var.db, room.id, target))))
      ) {
        throw new DomainError('KICKOUT_MODERATOR');
      }
      return kickOut(
        c.var.db,
        {
          roomId: room.id,
          byUserId: c.var.user!.id,
          userId: input.user_id,
          minutes: input.minutes,
        },
        c.var.now,
      );
    },
  );

  defineRoute(
    app,
    {
      path: '/api/live/liveKickoutList',
      effect: 'write',
      methods: ['post', 'get'],
      tag: 'Moderation',
      summary: "The room's kicked-out viewers still in force",
      middleware: [requireUser],
      input: z.object({ room_id: id.optional() }),
      output: z.object({
        room_id: z.number(),
        list: z.array(z.object({ ...person, until: z.date() })),
      }),
    },
    async (c, input) => {
      const room = await roomOfCaller(c, input.room_id);
      return { room_id: room.id, list: await listKickouts(c.var.db, room.id, c.var.now) };
    },
  );

  defineRoute(
    app,
    {
      path: '/api/live/liveKickoutLift',
      effect: 'write',
      methods: ['post'],
      tag: 'Moderation',
      summary: "Lift a viewer's kick-out: they may enter the room again",
      middleware: [requireUser],
      input: z.object({ user_id: id, room_id: id.optional() }),
      output: z.object({ room_id: z.number(), user_id: z.number() }),
    },
    async (c, input) => {
      const room = await roomOfCaller(c, input.room_id);
      return liftKickout(c.var.db, room.id, input.user_id, c.var.now);
    },
  );

  defineRoute(
    app,
    {
      path: '/api/live/liveViewerList',
      effect: 'write',
      methods: ['post', 'get'],
      tag: 'Moderation',
      summary: 'Signed-in viewers in the room now (guests counted, not listed)',
      middleware: [requireUser],
      input: z.object({ room_id: id.optional() }),
      output: z.object({ room_id: z.number(), guests: z.number(), list: z.array(z.object(person)) }),
    },
    async (c, input) => {
      const room = await roomOfCaller(c, input.room_id);
      return { room_id: room.id, ...(await roomViewers(c.var.db, room.id, room.anchorId)) };
    },
  );
}
