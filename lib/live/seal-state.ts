// Whether a room is sealed now. A seal with an end lapses by itself: every check compares
// `sealed_until` with the current time, so nothing has to run when it expires.
import { and, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { liveRooms } from './schema';

type SealColumns = { sealedAt: Date | null; sealReason: string | null; sealedUntil: Date | null };

export function isSealed(room: SealColumns, now: Date) {
  return room.sealedAt !== null && (room.sealedUntil === null || room.sealedUntil > now);
}

/** The seal as screens and pushes show it. */
export function sealOf(room: SealColumns, now: Date) {
  return isSealed(room, now)
    ? { sealed: true, reason: room.sealReason ?? '', until: room.sealedUntil }
    : { sealed: false, reason: null, until: null };
}

/** SQL condition: the room is not sealed right now. */
export const notSealed = (now: Date) =>
  or(isNull(liveRooms.sealedAt), and(isNotNull(liveRooms.sealedUntil), lte(liveRooms.sealedUntil, now)));
