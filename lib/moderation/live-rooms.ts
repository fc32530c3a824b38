// The console's live rooms: every room on air now with its viewers and the health of its push (from the
// embedded engine, lib/media/health.ts; an external engine reports none), and the rooms under a seal.
import { desc, eq, isNotNull, or } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import type { DbOrTx } from '@/lib/db';
import { liveRooms } from '@/lib/live/schema';
import { mediaControl } from '@/lib/media/control';
import { rooms } from '@/lib/realtime/events';
import { sharedState } from '@/lib/shared-state';

export async function liveRoomsNow(db: DbOrTx, now: Date) {
  const rows = await db
    .select({ room: liveRooms, nickname: users.nickname })
    .from(liveRooms)
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .where(or(eq(liveRooms.status, 'live'), isNotNull(liveRooms.sealedAt)))
    .orderBy(desc(liveRooms.heat), desc(liveRooms.id))
    .limit(200);
  const online = sharedState().online;
  return Promise.all(
    rows.map(async ({ room, nickname }) => {
      const sealed = !!room.sealedAt && (!room.sealedUntil || room.sealedUntil > now);
      const health = room.status === 'live' ? (mediaControl()?.streamHealth?.(room.id) ?? null) : null;
      return {
        id: room.id,
        title: room.title,
        cover: room.coverUrl,
        anchor_id: room.anchorId,
        anchor: nickname,
        live: room.status === 'live',
        live_since: room.liveSince,
        viewers: room.status === 'live' ? await online.count(rooms.liveRoom(room.id)) : 0,
        heat: room.heat,
        sealed,
        seal_reason: sealed ? room.sealReason : null,
        seal_reason_code: sealed ? room.sealReasonCode : null,
        sealed_until: sealed ? room.sealedUntil : null,
        health: health
          ? {
              bitrate_kbps: health.bitrateKbps,
              fps: health.fps,
              keyframe_interval_s: health.keyframeIntervalS,
              width: health.width,
              height: health.height,
              uptime_s:
                health.startedAt !== null
                  ? Math.max(0, Math.round((now.getTime() - health.startedAt) / 1000))
                  : null,
            }
          : null,
      };
    }),
  ).then((list) => list.filter((room) => room.live || room.sealed));
}
export type LiveRoomRow = Awaited<ReturnType<typeof liveRoomsNow>>[number];

/** Rooms on air first (most viewers first), then the sealed ones. */
export const orderRooms = (list: LiveRoomRow[]) =>
  [...list].sort((a, b) => Number(b.live) - Number(a.live) || b.viewers - a.viewers || b.id - a.id);
