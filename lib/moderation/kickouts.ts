// Kick-outs (spec §4): an anchor (or an operator) removes a viewer from a room for a while. The
// viewer's sockets leave the room's channel at once, the gateway refuses them until it expires, and
// the room page sends them to the room list.
import { and, desc, eq, gt, inArray } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import { chatStateKeys, invalidateChatState } from '@/lib/chat/state-cache';
import type { DbOrTx } from '@/lib/db';
import { rooms } from '@/lib/realtime/events';
import { leaveRoom, publish, viewersIn } from '@/lib/realtime/gateway';
import { roomKickouts } from './schema';

/** The durations an anchor can choose: 10 minutes, an hour, a day, a week. */
export const KICKOUT_MINUTES = [10, 60, 1440, 10080] as const;

export async function kickoutOf(db: DbOrTx, roomId: number, userId: number, now: Date) {
  const [row] = await db
    .select()
    .from(roomKickouts)
    .where(
      and(eq(roomKickouts.roomId, roomId), eq(roomKickouts.userId, userId), gt(roomKickouts.expiresAt, now)),
    )
    .orderBy(desc(roomKickouts.expiresAt))
    .limit(1);
  return row ?? null;
}

export async function isKickedOut(db: DbOrTx, roomId: number, userId: number, now: Date) {
  return (await kickoutOf(db, roomId, userId, now)) !== null;
}

/** Adds a kick-out, or moves the end of the one in force; then takes the viewer out of the room. */
export async function kickOut(
  db: DbOrTx,
  input: { roomId: number; byUserId: number; userId: number; minutes: number },
  now: Date,
) {
  if (input.userId === input.byUserId) throw new DomainError('KICKOUT_SELF');
  const [target] = await db.select({ id: users.id }).from(users).where(eq(users.id, input.userId));
  if (!target) throw new NotFoundError('USER_NOT_FOUND');
  const expiresAt = new Date(now.getTime() + input.minutes * 60_000);
  const current = await kickoutOf(db, input.roomId, input.userId, now);
  if (current) {
    await db.update(roomKickouts).set({ expiresAt }).where(eq(roomKickouts.id, current.id));
  } else {
    await db.insert(roomKickouts).values({ roomId: input.roomId, userId: input.userId, expiresAt });
  }
  await invalidateChatState(chatStateKeys.channel('live', input.roomId));
  leaveRoom(rooms.user(input.userId), rooms.liveRoom(input.roomId));
  publish({ room: rooms.user(input.userId) }, { type: 'liveKickout', room_id: input.roomId });
  return { room_id: input.roomId, user_id: input.userId, until: expiresAt };
}

export async function liftKickout(db: DbOrTx, roomId: number, userId: number, now: Date) {
  const lifted = await db
    .update(roomKickouts)
    .set({ expiresAt: now })
    .where(
      and(eq(roomKickouts.roomId, roomId), eq(roomKickouts.userId, userId), gt(roomKickouts.expiresAt, now)),
    )
    .returning({ id: roomKickouts.id });
  if (lifted.length === 0) throw new NotFoundError('KICKOUT_NOT_FOUND');
  await invalidateChatState(chatStateKeys.channel('live', roomId));
  return { room_id: roomId, user_id: userId };
}

/** A room's kick-outs still in force, latest end first. */
export async function listKickouts(db: DbOrTx, roomId: number, now: Date) {
  const rows = await db
    .select({
      userId: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      until: roomKickouts.expiresAt,
    })
    .from(roomKickouts)
    .innerJoin(users, eq(users.id, roomKickouts.userId))
    .where(and(eq(roomKickouts.roomId, roomId), gt(roomKickouts.expiresAt, now)))
    .orderBy(desc(roomKickouts.expiresAt));
  const seen = new Set<number>();
  return rows
    .filter((row) => !seen.has(row.userId) && seen.add(row.userId))
    .map((row) => ({
      user_id: row.userId,
      nickname: row.nickname,
      avatar: avatarOf({ id: row.userId, avatar: row.avatar }),
      until: row.until,
    }));
}

/** Who is watching a room now: signed-in viewers from the gateway's sockets, guests only counted. */
export async function roomViewers(db: DbOrTx, roomId: number, anchorId: number) {
  const { userIds, guests } = await viewersIn(rooms.liveRoom(roomId));
  const ids = userIds.filter((id) => id !== anchorId);
  const list = ids.length
    ? await db
        .select({ id: users.id, nickname: users.nickname, avatar: users.avatar })
        .from(users)
        .where(inArray(users.id, ids))
        .orderBy(users.nickname)
    : [];
  return {
    guests,
    list: list.map((row) => ({ user_id: row.id, nickname: row.nickname, avatar: avatarOf(row) })),
  };
}
