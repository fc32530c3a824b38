// Room moderation (spec §4–§5): an anchor's administrators (at most 200) and mutes given by the anchor,
// an administrator or an operator — 10 min, 1 h, 1 day, or until this broadcast ends —, each pushed to
// the chat (`setAdministrations`, `setTaboo`, `relieveTaboo`) so viewers and the muted user see it.
import { and, count, desc, eq, gt, isNotNull, isNull, or } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { broadcasts, liveRooms } from '@/lib/live/schema';
import { openBroadcast } from '@/lib/live/service';
import { rooms } from '@/lib/realtime/events';
import { publish } from '@/lib/realtime/gateway';
import { type Channel, type ChannelInfo, isRoomAdmin, pushTargetOf, roleIn, socketRoomOf } from './channel';
import { chatMutes, roomAdmins } from './schema';
import { chatStateKeys, invalidateChatState } from './state-cache';

/** Spec §5 / §9: at most 200 assistants per room. */
export const ADMIN_LIMIT = 200;
/** Mute lengths in minutes; 0 means until the current broadcast ends. */
export const MUTE_MINUTES = [10, 60, 1440, 0] as const;

async function userOf(db: DbOrTx, userId: number) {
  const [user] = await db
    .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) throw new NotFoundError('USER_NOT_FOUND');
  return user;
}

export async function appointAdmin(
  db: DbOrTx,
  input: { roomId: number; anchorId: number; userId: number },
  now: Date,
) {
  if (input.userId === input.anchorId) throw new DomainError('ADMIN_SELF');
  const user = await userOf(db, input.userId);
  if (await isRoomAdmin(db, input.roomId, input.userId)) throw new DomainError('ADMIN_ALREADY');
  const [{ total }] = (await db
    .select({ total: count() })
    .from(roomAdmins)
    .where(eq(roomAdmins.roomId, input.roomId))) as [{ total: number }];
  if (total >= ADMIN_LIMIT) throw new DomainError('ADMIN_LIMIT', { values: { max: ADMIN_LIMIT } });
  await db.insert(roomAdmins).values({ roomId: input.roomId, userId: input.userId, appointedAt: now });
  await invalidateChatState(chatStateKeys.channel('live', input.roomId));
  publish(
    { room: rooms.liveRoom(input.roomId) },
    {
      type: 'setAdministrations',
      room_id: input.roomId,
      data: { user_id: user.id, nickname: user.nickname, admin: true },
    },
  );
  return { room_id: input.roomId, user_id: user.id };
}

export async function revokeAdmin(db: DbOrTx, roomId: number, userId: number) {
  const removed = await db
    .delete(roomAdmins)
    .where(and(eq(roomAdmins.roomId, roomId), eq(roomAdmins.userId, userId)))
    .returning({ userId: roomAdmins.userId });
  if (removed.length === 0) throw new NotFoundError('ADMIN_NOT_FOUND');
  await invalidateChatState(chatStateKeys.channel('live', roomId));
  const user = await userOf(db, userId);
  publish(
    { room: rooms.liveRoom(roomId) },
    {
      type: 'setAdministrations',
      room_id: roomId,
      data: { user_id: userId, nickname: user.nickname, admin: false },
    },
  );
  return { room_id: roomId, user_id: userId };
}

export async function listAdmins(db: DbOrTx, roomId: number) {
  const rows = await db
    .select({ id: users.id, nickname: users.nickname, avatar: users.avatar, at: roomAdmins.appointedAt })
    .from(roomAdmins)
    .innerJoin(users, eq(users.id, roomAdmins.userId))
    .where(eq(roomAdmins.roomId, roomId))
    .orderBy(desc(roomAdmins.appointedAt));
  return rows.map((row) => ({
    user_id: row.id,
    nickname: row.nickname,
    avatar: avatarOf(row),
    appointed_at: row.at,
  }));
}

/** The rooms a user is an administrator of (`live/assistantList`). */
export async function roomsAssisted(db: DbOrTx, userId: number) {
  const rows = await db
    .select({
      roomId: liveRooms.id,
      title: liveRooms.title,
      status: liveRooms.status,
      anchorId: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
    })
    .from(roomAdmins)
    .innerJoin(liveRooms, eq(liveRooms.id, roomAdmins.roomId))
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .where(eq(roomAdmins.userId, userId))
    .orderBy(desc(roomAdmins.appointedAt));
  return rows.map((row) => ({
    room_id: row.roomId,
    title: row.title,
    status: row.status,
    anchor_id: row.anchorId,
    nickname: row.nickname,
    avatar: avatarOf({ id: row.anchorId, avatar: row.avatar }),
  }));
}

const activeMuteCondition = (now: Date) =>
  and(
    isNull(chatMutes.liftedAt),
    or(gt(chatMutes.expiresAt, now), and(isNotNull(chatMutes.broadcastId), isNull(broadcasts.endedAt))),
  );

const sameChannel = (channel: Channel) =>
  and(eq(chatMutes.channelKind, channel.kind), eq(chatMutes.channelId, channel.id));

/** The mute in force for a user in a chat, or null. `until` null means "until this broadcast ends". */
export async function activeMute(db: DbOrTx, channel: Channel, userId: number, now: Date) {
  const [row] = await db
    .select({ id: chatMutes.id, expiresAt: chatMutes.expiresAt, broadcastId: chatMutes.broadcastId })
    .from(chatMutes)
    .leftJoin(broadcasts, eq(broadcasts.id, chatMutes.broadcastId))
    .where(and(sameChannel(channel), eq(chatMutes.userId, userId), activeMuteCondition(now)))
    .orderBy(desc(chatMutes.id))
    .limit(1);
  if (!row) return null;
  return { id: row.id, until: row.broadcastId ? null : row.expiresAt };
}

export async function listMutes(db: DbOrTx, channel: Channel, now: Date) {
  const rows = await db
    .select({
      userId: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      expiresAt: chatMutes.expiresAt,
      broadcastId: chatMutes.broadcastId,
    })
    .from(chatMutes)
    .innerJoin(users, eq(users.id, chatMutes.userId))
    .leftJoin(broadcasts, eq(broadcasts.id, chatMutes.broadcastId))
    .where(and(sameChannel(channel), activeMuteCondition(now)))
    .orderBy(desc(chatMutes.id));
  const seen = new Set<number>();
  return rows
    .filter((row) => !seen.has(row.userId) && seen.add(row.userId))
    .map((row) => ({
      user_id: row.userId,
      nickname: row.nickname,
      avatar: avatarOf({ id: row.userId, avatar: row.avatar }),
      until: row.broadcastId ? null : row.expiresAt,
    }));
}

export async function muteUser(
  db: DbOrTx,
  input: {
    channel: ChannelInfo;
    byUserId: number;
    byRole: 'anchor' | 'admin' | 'operator';
    userId: number;
    minutes: number;
  },
  now: Date,
) {
  const { channel } = input;
  if (input.userId === input.byUserId) throw new DomainError('MUTE_SELF');
  const target = await userOf(db, input.userId);
  // An administrator cannot silence the anchor, another administrator or an operator.
  const targetRole = await roleIn(db, channel, target);
  if (targetRole === 'anchor' || (targetRole && input.byRole === 'admin')) {
    throw new DomainError('MUTE_MODERATOR');
  }
  let broadcastId: number | null = null;
  let expiresAt: Date | null = null;
  if (input.minutes === 0) {
    const open = channel.kind === 'live' ? await openBroadcast(db, channel.id) : null;
    if (!open) throw new DomainError('MUTE_NOT_LIVE');
    broadcastId = open.id;
  } else {
    expiresAt = new Date(now.getTime() + input.minutes * 60_000);
  }
  // A new mute replaces the one in force.
  await db
    .update(chatMutes)
    .set({ liftedAt: now })
    .where(and(sameChannel(channel), eq(chatMutes.userId, target.id), isNull(chatMutes.liftedAt)));
  await db.insert(chatMutes).values({
    channelKind: channel.kind,
    channelId: channel.id,
    userId: target.id,
    byUserId: input.byUserId,
    createdAt: now,
    expiresAt,
    broadcastId,
  });
  await invalidateChatState(chatStateKeys.channel(channel.kind, channel.id));
  const data = {
    user_id: target.id,
    nickname: target.nickname,
    minutes: input.minutes,
    until: expiresAt?.toISOString() ?? null,
  };
  publish({ room: socketRoomOf(channel) }, { type: 'setTaboo', ...pushTargetOf(channel), data });
  return data;
}

export async function relieveMute(db: DbOrTx, channel: Channel, userId: number, now: Date) {
  const mute = await activeMute(db, channel, userId, now);
  if (!mute) throw new NotFoundError('MUTE_NOT_FOUND');
  await db
    .update(chatMutes)
    .set({ liftedAt: now })
    .where(and(sameChannel(channel), eq(chatMutes.userId, userId), isNull(chatMutes.liftedAt)));
  await invalidateChatState(chatStateKeys.channel(channel.kind, channel.id));
  const target = await userOf(db, userId);
  const data = { user_id: userId, nickname: target.nickname };
  publish({ room: socketRoomOf(channel) }, { type: 'relieveTaboo', ...pushTargetOf(channel), data });
  return data;
}
