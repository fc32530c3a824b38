// Sealing a room (spec §3 `sealingStatu`): an operator stops a room for a reason, for some hours or
// until lifted. A live room ends now like the anchor's own "end" (the push is cut, the recording kept
// as the replay) and its key stops being accepted; lists, rankings and the schedule leave it out.
import { eq } from 'drizzle-orm';
import { NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { notify } from '@/lib/im/notices';
import { announceEnd } from '@/lib/live/pushes';
import { liveRooms } from '@/lib/live/schema';
import { sealOf } from '@/lib/live/seal-state';
import { endRoom, findRoom } from '@/lib/live/service';
import { mediaControl } from '@/lib/media/control';
import { publish } from '@/lib/realtime/gateway';

const HOUR_MS = 3_600_000;

async function roomOrThrow(db: DbOrTx, roomId: number) {
  const room = await findRoom(db, roomId);
  if (!room) throw new NotFoundError('ROOM_NOT_FOUND');
  return room;
}

/** Tells open rooms and lists; everyone hears it, so a room's viewers do too. */
function announceSeal(roomId: number, seal: ReturnType<typeof sealOf>) {
  publish('everyone', {
    type: 'sealingStatu',
    room_id: roomId,
    data: { sealed: seal.sealed, reason: seal.reason, until: seal.until?.toISOString() ?? null },
  });
}

export async function sealRoom(
  db: DbOrTx,
  input: { roomId: number; reason: string; hours?: number },
  now: Date,
) {
  const room = await roomOrThrow(db, input.roomId);
  const sealedUntil = input.hours ? new Date(now.getTime() + input.hours * HOUR_MS) : null;
  const [sealed] = await db
    .update(liveRooms)
    .set({ sealedAt: now, sealReason: input.reason, sealedUntil })
    .where(eq(liveRooms.id, room.id))
    .returning();
  mediaControl()?.keyChanged(room.id, null);
  const ended = await endRoom(db, room.anchorId, now);
  if (ended.broadcastId !== null) announceEnd(room.id, ended.broadcastId);
  const seal = sealOf(sealed!, now);
  announceSeal(room.id, seal);
  await notify(
    db,
    {
      userId: room.anchorId,
      subject: 'room_sealed',
      params: { reason: input.reason },
      link: '/member?type=9',
    },
    now,
  );
  return { room_id: room.id, ...seal };
}

export async function unsealRoom(db: DbOrTx, roomId: number, now: Date) {
  const room = await roomOrThrow(db, roomId);
  const [lifted] = await db
    .update(liveRooms)
    .set({ sealedAt: null, sealReason: null, sealedUntil: null })
    .where(eq(liveRooms.id, room.id))
    .returning();
  mediaControl()?.keyChanged(room.id, room.streamKeyHash);
  const seal = sealOf(lifted!, now);
  announceSeal(room.id, seal);
  return { room_id: room.id, ...seal };
}
