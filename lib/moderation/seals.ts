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
    data: {
      sealed: seal.sealed,
      reason_code: seal.reason_code,
      reason: seal.reason,
      until: seal.until?.toISOString() ?? null,
    },
  });
}

/**
 * Why a room is sealed or unsealed: a reason code (lib/review/reasons.ts) each reader sees in their own
 * language, and the staff's own words, kept as written. A seal without a code shows its words alone.
 */
export type SealReason = { reasonCode?: string | undefined; reason?: string | undefined };

/** The notice's values: the code, the words (`note`), the end when there is one (read in the reader's zone). */
const noticeParams = (input: SealReason, until?: Date | null) => ({
  ...(input.reasonCode ? { code: input.reasonCode } : {}),
  ...(input.reasonCode ? { note: input.reason ?? '' } : { reason: input.reason ?? '' }),
  ...(until ? { until: until.toISOString() } : {}),
});

export async function sealRoom(
  db: DbOrTx,
  input: SealReason & { roomId: number; hours?: number | undefined },
  now: Date,
) {
  const room = await roomOrThrow(db, input.roomId);
  const sealedUntil = input.hours ? new Date(now.getTime() + input.hours * HOUR_MS) : null;
  const [sealed] = await db
    .update(liveRooms)
    .set({
      sealedAt: now,
      sealReason: input.reason?.trim() || null,
      sealReasonCode: input.reasonCode ?? null,
      sealedUntil,
    })
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
      subject: sealedUntil ? 'room_sealed_until' : 'room_sealed',
      params: noticeParams(input, sealedUntil),
      link: '/member?type=9',
    },
    now,
  );
  return { room_id: room.id, ...seal };
}

/** Lifts a room's seal; the anchor is told why (when it was sealed: lifting an open room tells nobody). */
export async function unsealRoom(db: DbOrTx, roomId: number, now: Date, why: SealReason = {}) {
  const room = await roomOrThrow(db, roomId);
  const wasSealed = sealOf(room, now).sealed;
  const [lifted] = await db
    .update(liveRooms)
    .set({ sealedAt: null, sealReason: null, sealReasonCode: null, sealedUntil: null })
    .where(eq(liveRooms.id, room.id))
    .returning();
  mediaControl()?.keyChanged(room.id, room.streamKeyHash);
  const seal = sealOf(lifted!, now);
  announceSeal(room.id, seal);
  if (wasSealed)
    await notify(
      db,
      {
        userId: room.anchorId,
        subject: 'room_unsealed',
        params: { code: why.reasonCode ?? 'other', note: why.reason ?? '' },
        link: '/member?type=9',
      },
      now,
    );
  return { room_id: room.id, ...seal };
}
