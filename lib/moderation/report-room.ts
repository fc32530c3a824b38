// Upholding a report on a live room can act on the room itself (issue #41, item 2): take its title or its
// cover down (./room-look.ts, the same change and notice as /admin/live) and seal it (./seals.ts, for some
// hours or until lifted), in the decision's transaction and with its reason. Each action is audited as the
// live rooms' own route (lib/review/api.ts), so the log reads the same wherever it was taken.
import { eq } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { announceRoomChange } from '@/lib/live/pushes';
import type { QueueSource, RoomActionOutcome } from '@/lib/review/source';
import { removeRoomLook } from './room-look';
import { roomLookPath } from './room-look-api';
import { reports } from './schema';
import { SEAL_PATH } from './seal-api';
import { sealRoom } from './seals';

/** The room a report is about, or null when it is about something else. */
async function reportedRoom(db: DbOrTx, reportId: number) {
  const [row] = await db
    .select({ type: reports.targetType, id: reports.targetId })
    .from(reports)
    .where(eq(reports.id, reportId));
  return row?.type === 'room' ? row.id : null;
}

export const reportRoomActions: NonNullable<QueueSource['room']> = async (tx, reportId, input) => {
  const roomId = await reportedRoom(tx, reportId);
  if (roomId === null) return null;
  const done: RoomActionOutcome[] = [];
  for (const part of ['title', 'cover'] as const) {
    if (!input.actions[part]) continue;
    const removed = await removeRoomLook(tx, {
      roomId,
      part,
      reasonCode: input.reasonCode,
      note: input.note,
      actorId: input.actorId,
      now: input.now,
    });
    done.push({
      path: roomLookPath(part),
      roomId,
      before: { ...removed.before, user_id: removed.anchor_id },
      after: { ...removed.after, user_id: removed.anchor_id },
    });
  }
  // Open pages refetch the room and show the defaults once the decision commits.
  if (done.length) announceRoomChange(roomId);
  if (input.actions.seal) {
    const sealed = await sealRoom(
      tx,
      { roomId, reasonCode: input.reasonCode, reason: input.note, hours: input.actions.sealHours },
      input.now,
    );
    done.push({
      path: SEAL_PATH,
      roomId,
      before: { sealed: false },
      after: { sealed: true, until: sealed.until ?? null },
    });
  }
  return done;
};
