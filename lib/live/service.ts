// Live rooms (spec §3 room info, §4 live states): one room per anchor, its stream key, its broadcasts
// and their replays. The media server (embedded or external through hooks) drives the live state:
// a push that passes the key check starts a broadcast, the end of the push ends it.

import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { and, desc, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import { chatStateKeys, invalidateChatState } from '@/lib/chat/state-cache';
import { getConfig } from '@/lib/config';
import type { DbOrTx } from '@/lib/db';
import { mediaControl } from '@/lib/media/control';
import { refuseSensitive } from '@/lib/sensitive/words';
import { uploads } from '@/lib/storage/schema';
import { broadcasts, customCategories, liveRooms } from './schema';
import { isSealed, sealOf } from './seal-state';

export const TITLE_MAX = 60;
export const PLACARD_MAX = 50;
export const LIVE_APP = 'live';

export type LiveRoom = typeof liveRooms.$inferSelect;
export type Broadcast = typeof broadcasts.$inferSelect;
export type LiveCategory = LiveRoom['category'];

export function hashStreamKey(secret: string) {
  return createHash('sha256').update(secret).digest('hex');
}

/** 192 random bits, URL-safe so it survives the RTMP query string unchanged. */
function newStreamSecret() {
  return randomBytes(24).toString('base64url');
}

export function streamKeyMatches(keyHash: string | null | undefined, secret: string | undefined | null) {
  if (!keyHash || !secret || secret.length > 200) return false;
  const given = Buffer.from(hashStreamKey(secret), 'hex');
  const stored = Buffer.from(keyHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/** The room of an anchor, made on first use. */
export async function ensureRoom(db: DbOrTx, anchorId: number, defaults: { title?: string } = {}) {
  await db
    .insert(liveRooms)
    .values({ anchorId, title: defaults.title ?? '' })
    .onConflictDoNothing({ target: liveRooms.anchorId });
  const [room] = await db.select().from(liveRooms).where(eq(liveRooms.anchorId, anchorId));
  return room!;
}

/** An anchor's room if it was ever made (reads never make one). */
export async function findRoomOfAnchor(db: DbOrTx, anchorId: number) {
  const [room] = await db.select().from(liveRooms).where(eq(liveRooms.anchorId, anchorId));
  return room ?? null;
}

export async function findRoom(db: DbOrTx, roomId: number) {
  const [room] = await db.select().from(liveRooms).where(eq(liveRooms.id, roomId));
  return room ?? null;
}

/** Where a streamer pushes: OBS's "server" field; the key goes in "stream key". */
export function pushServerUrl(requestHost?: string | null) {
  const config = getConfig();
  const host =
    config.MEDIA_PUBLIC_HOST ??
    requestHost?.replace(/:\d+$/, '') ??
    (config.HOST === '0.0.0.0' ? '127.0.0.1' : config.HOST);
  return `rtmp://${host}:${config.MEDIA_RTMP_PORT}/${LIVE_APP}`;
}

export const streamKeyOf = (roomId: number, secret: string) => `${roomId}?key=${secret}`;

/** A new stream key for the anchor's room; the old one stops working at once. Shown only here. */
export async function rotateStreamKey(db: DbOrTx, anchorId: number, now: Date) {
  const room = await ensureRoom(db, anchorId);
  const secret = newStreamSecret();
  const keyHash = hashStreamKey(secret);
  await db
    .update(liveRooms)
    .set({ streamKeyHash: keyHash, streamKeyRotatedAt: now })
    .where(eq(liveRooms.id, room.id));
  mediaControl()?.keyChanged(room.id, keyHash);
  return { roomId: room.id, streamKey: streamKeyOf(room.id, secret) };
}

/** Push settings; a room without a key gets its first one here, shown this once. */
export async function pushSettings(db: DbOrTx, anchorId: number, now: Date, requestHost?: string | null) {
  const room = await ensureRoom(db, anchorId);
  const created = room.streamKeyHash ? null : await rotateStreamKey(db, anchorId, now);
  return {
    room_id: room.id,
    push_url: pushServerUrl(requestHost),
    stream_key: created?.streamKey ?? null,
    key_rotated_at: room.streamKeyRotatedAt ?? (created ? now : null),
  };
}

/** Checks a pushed `<roomId>` + `key`: the room when they match, else null. */
export async function verifyPush(db: DbOrTx, roomId: number, secret: string | null | undefined, now: Date) {
  const room = await findRoom(db, roomId);
  if (!room || isSealed(room, now)) return null;
  return streamKeyMatches(room.streamKeyHash, secret) ? room : null;
}

export async function setTitle(db: DbOrTx, anchorId: number, title: string, now: Date) {
  await refuseSensitive(db, title, now);
  const room = await ensureRoom(db, anchorId);
  await db.update(liveRooms).set({ title }).where(eq(liveRooms.id, room.id));
  return { room_id: room.id, title };
}

export async function setPlacard(db: DbOrTx, anchorId: number, placard: string) {
  const room = await ensureRoom(db, anchorId);
  await db.update(liveRooms).set({ placard }).where(eq(liveRooms.id, room.id));
  return { room_id: room.id, placard };
}

/** A cover must be an upload of this anchor checked as a cover (135:76). */
export async function setCover(db: DbOrTx, anchorId: number, url: string) {
  const [upload] = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.userId, anchorId), eq(uploads.url, url), eq(uploads.purpose, 'cover')));
  if (!upload) throw new DomainError('COVER_NOT_UPLOADED');
  const room = await ensureRoom(db, anchorId);
  await db.update(liveRooms).set({ coverUrl: url }).where(eq(liveRooms.id, room.id));
  return { room_id: room.id, cover: url };
}

export async function setCategory(
  db: DbOrTx,
  anchorId: number,
  category: LiveCategory,
  customCategoryId?: number | null,
) {
  let custom: number | null = null;
  if (category === 'custom') {
    const [row] = customCategoryId
      ? await db
          .select({ id: customCategories.id })
          .from(customCategories)
          .where(and(eq(customCategories.id, customCategoryId), eq(customCategories.enabled, true)))
      : [];
    if (!row) throw new DomainError('CATEGORY_NOT_FOUND');
    custom = row.id;
  }
  const room = await ensureRoom(db, anchorId);
  await db.update(liveRooms).set({ category, customCategoryId: custom }).where(eq(liveRooms.id, room.id));
  return { room_id: room.id, category, custom_category_id: custom };
}

export async function listCustomCategories(db: DbOrTx) {
  return db
    .select({ id: customCategories.id, names: customCategories.names })
    .from(customCategories)
    .where(eq(customCategories.enabled, true))
    .orderBy(customCategories.sort, customCategories.id);
}

export async function openBroadcast(db: DbOrTx, roomId: number) {
  const [row] = await db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.roomId, roomId), isNull(broadcasts.endedAt)))
    .orderBy(desc(broadcasts.startedAt))
    .limit(1);
  return row ?? null;
}

/** A push was accepted: the room is live with a new broadcast (an unfinished one is closed first). */
export async function beginBroadcast(db: DbOrTx, roomId: number, now: Date) {
  const room = await findRoom(db, roomId);
  if (!room) throw new NotFoundError('ROOM_NOT_FOUND');
  await db
    .update(broadcasts)
    .set({ endedAt: now })
    .where(and(eq(broadcasts.roomId, roomId), isNull(broadcasts.endedAt)));
  const [broadcast] = await db
    .insert(broadcasts)
    .values({ roomId, title: room.title, category: room.category, startedAt: now })
    .returning();
  await db.update(liveRooms).set({ status: 'live', liveSince: now }).where(eq(liveRooms.id, roomId));
  // Chat mutes "until this broadcast ends" follow the open broadcast.
  await invalidateChatState(chatStateKeys.channel('live', roomId));
  return broadcast!;
}

/**
 * A broadcast is over: its recording (when there is one) becomes the replay, and the room ends unless
 * a newer broadcast already took over. Safe to call twice (the anchor's "end" and the media server).
 */
export async function finishBroadcast(db: DbOrTx, broadcastId: number, replayPath: string | null, now: Date) {
  const [broadcast] = await db
    .update(broadcasts)
    .set({
      endedAt: sql`coalesce(${broadcasts.endedAt}, ${now})`,
      ...(replayPath ? { replayPath } : {}),
    })
    .where(eq(broadcasts.id, broadcastId))
    .returning();
  if (!broadcast) return null;
  await invalidateChatState(chatStateKeys.channel('live', broadcast.roomId));
  if (!(await openBroadcast(db, broadcast.roomId))) {
    await db
      .update(liveRooms)
      .set({ status: 'ended', liveSince: null })
      .where(and(eq(liveRooms.id, broadcast.roomId), eq(liveRooms.status, 'live')));
  }
  return broadcast;
}

/**
 * `startRoom`: the anchor opens the room for a push. Live state follows the stream, so without a push
 * the room waits ("not started" for viewers, no longer "ended"); with one it is already live.
 */
export async function startRoom(
  db: DbOrTx,
  anchorId: number,
  changes: { title?: string; category?: LiveCategory },
  now: Date,
) {
  const room = await ensureRoom(db, anchorId);
  // Refusals come before any change: a sealed room or a bad category leaves everything as it was.
  if (isSealed(room, now)) throw new DomainError('ROOM_SEALED');
  if (changes.category !== undefined) await setCategory(db, anchorId, changes.category);
  if (changes.title !== undefined) {
    await db.update(liveRooms).set({ title: changes.title }).where(eq(liveRooms.id, room.id));
  }
  if (room.status === 'ended') {
    await db.update(liveRooms).set({ status: 'idle' }).where(eq(liveRooms.id, room.id));
  }
  const fresh = (await findRoom(db, room.id))!;
  return { room: fresh, waitingForPush: fresh.status !== 'live' };
}

/** Whether a streamer's push is arriving at this process's media server right now. */
export const isMediaPublishing = (roomId: number) => mediaControl()?.isPublishing(roomId) ?? false;

/** `endRoom`: ends the broadcast now; the streamer's push is cut and its recording still becomes the replay. */
export async function endRoom(db: DbOrTx, anchorId: number, now: Date) {
  const room = await ensureRoom(db, anchorId);
  mediaControl()?.stopPublishing(room.id);
  const open = await openBroadcast(db, room.id);
  if (open) await finishBroadcast(db, open.id, null, now);
  else if (room.status === 'live') {
    await db.update(liveRooms).set({ status: 'ended', liveSince: null }).where(eq(liveRooms.id, room.id));
  }
  return { room: (await findRoom(db, room.id))!, broadcastId: open?.id ?? null };
}

export function playUrls(room: Pick<LiveRoom, 'id' | 'status'>, broadcast: Pick<Broadcast, 'id'> | null) {
  if (room.status !== 'live') return { hls: null, flv: null };
  const config = getConfig();
  if (config.MEDIA_CDN_URL) {
    return { hls: `${config.MEDIA_CDN_URL.replace(/\/$/, '')}/${room.id}/index.m3u8`, flv: null };
  }
  if (!config.MEDIA || !broadcast) return { hls: null, flv: null };
  return { hls: `/media/${room.id}/${broadcast.id}/live/index.m3u8`, flv: liveFlvPath(room.id) };
}

/** The room's HTTP-FLV address on the portal (lib/media/http.ts pipes it from the embedded engine). */
export const liveFlvPath = (roomId: number) => `/media/${LIVE_APP}/${roomId}.flv`;

/**
 * The HTTP-FLV address of a room this process's engine is receiving a push for right now, without a
 * database read (the live room page streams its player ahead of everything else with it), else null.
 */
export function publishingFlvPath(roomId: number) {
  const config = getConfig();
  if (!config.MEDIA || config.MEDIA_CDN_URL || !isMediaPublishing(roomId)) return null;
  return liveFlvPath(roomId);
}

export const replayUrl = (replayPath: string | null) => (replayPath ? `/media/${replayPath}` : null);

export type ReplayItem = {
  id: number;
  title: string;
  started_at: Date;
  ended_at: Date | null;
  duration_seconds: number | null;
  url: string;
};

export async function listReplays(db: DbOrTx, roomId: number, page = 1, size = 10) {
  const rows = await db
    .select()
    .from(broadcasts)
    .where(and(eq(broadcasts.roomId, roomId), isNotNull(broadcasts.replayPath)))
    .orderBy(desc(broadcasts.startedAt), desc(broadcasts.id))
    .limit(size)
    .offset((page - 1) * size);
  return rows.map(
    (row): ReplayItem => ({
      id: row.id,
      title: row.title,
      started_at: row.startedAt,
      ended_at: row.endedAt,
      duration_seconds: row.endedAt
        ? Math.round((row.endedAt.getTime() - row.startedAt.getTime()) / 1000)
        : null,
      url: replayUrl(row.replayPath)!,
    }),
  );
}

/** Every broadcast of a room, newest first, for the anchor centre. */
export async function broadcastHistory(db: DbOrTx, roomId: number, limit = 20) {
  const rows = await db
    .select()
    .from(broadcasts)
    .where(eq(broadcasts.roomId, roomId))
    .orderBy(desc(broadcasts.startedAt), desc(broadcasts.id))
    .limit(limit);
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    startedAt: row.startedAt,
    endedAt: row.endedAt,
    replayUrl: replayUrl(row.replayPath),
  }));
}

/** Public room info (spec §7 `getRoomInfo`): the anchor card, texts, state and where to play. */
export async function roomInfo(db: DbOrTx, roomId: number, now: Date, online = 0) {
  const [row] = await db
    .select({ room: liveRooms, anchor: { id: users.id, nickname: users.nickname, avatar: users.avatar } })
    .from(liveRooms)
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .where(eq(liveRooms.id, roomId));
  if (!row) throw new NotFoundError('ROOM_NOT_FOUND');
  const { room, anchor } = row;
  const seal = sealOf(room, now);
  const broadcast = room.status === 'live' ? await openBroadcast(db, room.id) : null;
  const [latest] = room.status === 'live' ? [] : await listReplays(db, room.id, 1, 1);
  return {
    id: room.id,
    title: room.title,
    placard: room.placard,
    cover: room.coverUrl || null,
    category: room.category,
    status: room.status,
    sealed: seal.sealed,
    seal_reason: seal.reason,
    seal_reason_code: seal.reason_code,
    sealed_until: seal.until,
    heat: room.heat,
    online,
    live_since: room.liveSince,
    broadcast_id: broadcast?.id ?? null,
    play: playUrls(room, broadcast),
    latest_replay: latest ?? null,
    anchor: { id: anchor.id, nickname: anchor.nickname, avatar: avatarOf(anchor) },
  };
}

export type RoomInfo = Awaited<ReturnType<typeof roomInfo>>;

/** A share raises the room's heat by one (spec §3: heat grows with viewers' actions). */
export async function addShare(db: DbOrTx, roomId: number) {
  const [row] = await db
    .update(liveRooms)
    .set({ heat: sql`${liveRooms.heat} + 1` })
    .where(eq(liveRooms.id, roomId))
    .returning({ heat: liveRooms.heat });
  if (!row) throw new NotFoundError('ROOM_NOT_FOUND');
  return row.heat;
}

/** Rooms the database still calls live: after a crash, nothing is pushing to them any more. */
export async function liveRoomsWithOpenBroadcasts(db: DbOrTx) {
  return db
    .select({ roomId: broadcasts.roomId, broadcastId: broadcasts.id })
    .from(broadcasts)
    .where(isNull(broadcasts.endedAt));
}

export async function roomKeyHashes(db: DbOrTx, now: Date) {
  const rows = await db.select().from(liveRooms).where(isNotNull(liveRooms.streamKeyHash));
  // A lapsed seal reads as no seal, so the media server takes the room's pushes again by itself.
  return rows.map((row) => ({
    id: row.id,
    keyHash: row.streamKeyHash,
    sealedAt: isSealed(row, now) ? row.sealedAt : null,
  }));
}
