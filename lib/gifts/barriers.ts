// The refusals of a gift send that are read where it is written (issue #32): a sender banned or
// muted by the console (lib/accounts/sanctions.ts), a room sealed by an operator (lib/live/seal-state.ts).
// Both write paths (the group commit's statement and a send alone) read the same columns and refuse
// with the same errors, each send on its own.
import { DomainError, zonedAt } from '@/lib/api/errors';
import { isSealed } from '@/lib/live/seal-state';

/** What the write of a send reads about its sender and room, under the send's own clock. */
export type SendBarriers = {
  bannedUntil: Date | null;
  mutedUntil: Date | null;
  sealedAt: Date | null;
  sealedUntil: Date | null;
};

/**
 * The refusals read where the send is written (both paths), so a console's ban or mute, or an
 * operator's seal, given a moment before counts: a banned or muted sender, a sealed room. Null: none.
 */
export function sendBarrier(barriers: SendBarriers, now: Date): DomainError | null {
  if (barriers.bannedUntil && barriers.bannedUntil > now)
    return new DomainError('GIFT_SENDER_BANNED', {
      status: 403,
      values: { until: zonedAt(barriers.bannedUntil) },
    });
  if (barriers.mutedUntil && barriers.mutedUntil > now)
    return new DomainError('GIFT_SENDER_MUTED', {
      status: 403,
      values: { until: zonedAt(barriers.mutedUntil) },
    });
  if (isSealed({ ...barriers, sealReason: null }, now))
    return new DomainError('GIFT_ROOM_SEALED', { status: 403 });
  return null;
}
