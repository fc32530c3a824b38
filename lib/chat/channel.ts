// Which chat a call is about — a live room's or a match's — and who the caller is in it: the room's
// anchor, one of its administrators, an operator (every channel), or a plain viewer.
import { and, eq } from 'drizzle-orm';
import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { type AppEnv, mayModerate, type SessionUser } from '@/lib/api/context';
import { ForbiddenError, LoginRequiredError, NotFoundError } from '@/lib/api/errors';
import { rowId as id } from '@/lib/api/row-id';
import type { DbOrTx } from '@/lib/db';
import { findRoom } from '@/lib/live/service';
import { rooms } from '@/lib/realtime/events';
import { matches } from '@/lib/scores/schema';
import { roomAdmins } from './schema';

export type Channel = { kind: 'live' | 'match'; id: number };
export type ChannelRole = 'anchor' | 'admin' | 'operator' | null;

/** `room_id` for a live room's chat, `match_id` for a match's (exactly one). */
export const channelInput = {
  room_id: id.optional(),
  match_id: id.optional(),
};

export const oneChannel = (value: { room_id?: number; match_id?: number }) =>
  (value.room_id === undefined) !== (value.match_id === undefined);
export const oneChannelIssue = { path: ['room_id'], message: 'room_id or match_id' };

export function channelOf(input: { room_id?: number; match_id?: number }): Channel {
  return input.room_id !== undefined
    ? { kind: 'live', id: input.room_id }
    : { kind: 'match', id: input.match_id! };
}

export const socketRoomOf = (channel: Channel) =>
  channel.kind === 'live' ? rooms.liveRoom(channel.id) : rooms.match(channel.id);

/** The fields a push carries to say which chat it belongs to. */
export const pushTargetOf = (channel: Channel) =>
  channel.kind === 'live' ? { room_id: channel.id } : { match_id: channel.id };

export type ChannelInfo = Channel & { anchorId: number | null };

export async function loadChannel(db: DbOrTx, channel: Channel): Promise<ChannelInfo> {
  if (channel.kind === 'live') {
    const room = await findRoom(db, channel.id);
    if (!room) throw new NotFoundError('ROOM_NOT_FOUND');
    return { ...channel, anchorId: room.anchorId };
  }
  const [match] = await db.select({ id: matches.id }).from(matches).where(eq(matches.id, channel.id));
  if (!match) throw new NotFoundError('MATCH_NOT_FOUND');
  return { ...channel, anchorId: null };
}

export async function isRoomAdmin(db: DbOrTx, roomId: number, userId: number) {
  const [row] = await db
    .select({ userId: roomAdmins.userId })
    .from(roomAdmins)
    .where(and(eq(roomAdmins.roomId, roomId), eq(roomAdmins.userId, userId)));
  return Boolean(row);
}

export async function roleIn(
  db: DbOrTx,
  channel: ChannelInfo,
  user: Pick<SessionUser, 'id' | 'role'> | null,
): Promise<ChannelRole> {
  if (!user) return null;
  if (channel.anchorId === user.id) return 'anchor';
  if (channel.kind === 'live' && (await isRoomAdmin(db, channel.id, user.id))) return 'admin';
  if (mayModerate(user.role)) return 'operator';
  return null;
}

async function channelOfRequest(c: Parameters<Parameters<typeof createMiddleware<AppEnv>>[0]>[0]) {
  let raw: Record<string, unknown> = c.req.query();
  if (c.req.method !== 'GET') {
    const type = c.req.header('content-type') ?? '';
    try {
      if (type.includes('application/json')) raw = { ...raw, ...((await c.req.json()) as object) };
      else if (type.includes('form')) raw = { ...raw, ...(await c.req.parseBody()) };
    } catch {
      // The route's own validation answers a malformed body.
    }
  }
  const parsed = z.object(channelInput).safeParse(raw);
  return parsed.success && oneChannel(parsed.data) ? channelOf(parsed.data) : null;
}

/**
 * The caller must moderate the chat the request names (`room_id` or `match_id`): the anchor, an
 * administrator of the room or an operator. Requests naming no valid chat go on to validation.
 */
export const requireChatModerator = createMiddleware<AppEnv>(async (c, next) => {
  const user = c.var.user;
  if (!user) throw new LoginRequiredError();
  const channel = await channelOfRequest(c);
  if (channel) {
    const info = await loadChannel(c.var.db, channel);
    if (!(await roleIn(c.var.db, info, user))) throw new ForbiddenError('CHAT_MODERATOR_REQUIRED');
  }
  await next();
});
