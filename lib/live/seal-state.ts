// Whether a room is sealed now. A seal with an end lapses by itself: every check compares
// `sealed_until` with the current time, so nothing has to run when it expires.
import { and, isNotNull, isNull, lte, or } from 'drizzle-orm';
import { liveRooms } from './schema';

type SealColumns = {
  sealedAt: Date | null;
  sealReason: string | null;
  sealReasonCode?: string | null;
  sealedUntil: Date | null;
};

export function isSealed(room: SealColumns, now: Date) {
  return room.sealedAt !== null && (room.sealedUntil === null || room.sealedUntil > now);
}

/**
 * The seal as screens and pushes show it: the reason's code (each reader sees it in their language,
 * `im.notices.reasons.<code>`) and the staff's own words.
 */
export function sealOf(room: SealColumns, now: Date) {
  return isSealed(room, now)
    ? {
        sealed: true,
        reason_code: room.sealReasonCode ?? null,
        reason: room.sealReason ?? '',
        until: room.sealedUntil,
      }
    : { sealed: false, reason_code: null, reason: null, until: null };
}

/** SQL condition: the room is not sealed right now. */
export const notSealed = (now: Date) =>
  or(isNull(liveRooms.sealedAt), and(isNotNull(liveRooms.sealedUntil), lte(liveRooms.sealedUntil, now)));
