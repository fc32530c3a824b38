// Mutes and bans: what they refuse (here, for every domain that writes) and their history. Moderators
// give and lift them through lib/moderation/user-sanctions.ts. Each has a reason and an end time. A ban ends the user's sessions
// and refuses new ones until it ends; a mute refuses writing (room chat, private messages, posts,
// comments, horn messages) until it ends. The current end times live on the user's row (one cheap check
// where it matters); `user_sanctions` keeps the history with the reasons.
import { desc, eq } from 'drizzle-orm';
import type { Role, StaffRole } from '@/lib/api/context';
import { DomainError, zonedAt } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { type SanctionKind, userSanctions, users } from './schema';

/** A mute or ban lasts at most this long (a "permanent" one is ten years). */
export const SANCTION_MAX_DAYS = 3650;

/** Who gives and lifts mutes and bans besides operators (the case file's routes and a report's decision). */
export const SANCTION_STAFF: readonly StaffRole[] = ['moderator'];
export const maySanction = (role: Role) =>
  role === 'operator' || (SANCTION_STAFF as readonly string[]).includes(role);

export const column = (kind: SanctionKind) => (kind === 'ban' ? users.bannedUntil : users.mutedUntil);
export const field = (kind: SanctionKind) => (kind === 'ban' ? 'bannedUntil' : 'mutedUntil');

/** Refuses a sign-in (and every new session) while a ban lasts; the end in the person's own zone. */
export async function assertNotBanned(db: DbOrTx, userId: number, now: Date) {
  const [row] = await db
    .select({ until: users.bannedUntil, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  if (row?.until && row.until > now)
    throw new DomainError('ACCOUNT_BANNED', {
      status: 403,
      values: { until: zonedAt(row.until, row.timeZone) },
    });
}

/** Refuses writing anything others read while a mute lasts; the end in the person's own zone. */
export async function assertNotMuted(db: DbOrTx, userId: number, now: Date) {
  const [row] = await db
    .select({ until: users.mutedUntil, timeZone: users.timeZone })
    .from(users)
    .where(eq(users.id, userId));
  if (row?.until && row.until > now)
    throw new DomainError('ACCOUNT_MUTED', {
      status: 403,
      values: { until: zonedAt(row.until, row.timeZone) },
    });
}

/** A user's mutes and bans, newest first. */
export function sanctionHistory(db: DbOrTx, userId: number, limit = 50) {
  return db
    .select()
    .from(userSanctions)
    .where(eq(userSanctions.userId, userId))
    .orderBy(desc(userSanctions.id))
    .limit(limit);
}
