// Mutes and bans given by moderators, each with a reason and an end time. A ban ends the user's sessions
// and refuses new ones until it ends; a mute refuses writing (room chat, private messages, posts,
// comments, horn messages) until it ends. The current end times live on the user's row (one cheap check
// where it matters); `user_sanctions` keeps the history with the reasons.
import { and, desc, eq, gt, isNull } from 'drizzle-orm';
import type { Role, StaffRole } from '@/lib/api/context';
import { DomainError, NotFoundError, zonedAt } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { notify } from '@/lib/im/notices';
import { type SanctionKind, sessions, userSanctions, users } from './schema';

/** A mute or ban lasts at most this long (a "permanent" one is ten years). */
export const SANCTION_MAX_DAYS = 3650;

/** Who gives and lifts mutes and bans besides operators (the case file's routes and a report's decision). */
export const SANCTION_STAFF: readonly StaffRole[] = ['moderator'];
export const maySanction = (role: Role) =>
  role === 'operator' || (SANCTION_STAFF as readonly string[]).includes(role);

/** What a report's decision may do to the author besides taking the content down: `warn` is a notice only. */
export const AUTHOR_SANCTIONS = ['warn', 'mute', 'ban'] as const;
export type AuthorSanction = { kind: (typeof AUTHOR_SANCTIONS)[number]; until?: Date };

const column = (kind: SanctionKind) => (kind === 'ban' ? users.bannedUntil : users.mutedUntil);
const field = (kind: SanctionKind) => (kind === 'ban' ? 'bannedUntil' : 'mutedUntil');

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

export type SanctionInput = {
  userId: number;
  kind: SanctionKind;
  until: Date;
  reasonCode: string;
  note: string;
  actorId: number;
};

/** Mutes or bans a user until `until` (replacing a current one); a ban also ends every session. */
export async function sanctionUser(db: DbOrTx, input: SanctionInput, now: Date) {
  if (input.reasonCode === 'other' && !input.note.trim()) throw new DomainError('REVIEW_NOTE_REQUIRED');
  if (input.until <= now || input.until.getTime() - now.getTime() > SANCTION_MAX_DAYS * 86_400_000)
    throw new DomainError('SANCTION_END_INVALID');
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, input.userId)).for('update');
    if (!user) throw new NotFoundError('USER_NOT_FOUND');
    if (user.role !== 'user') throw new DomainError('SANCTION_STAFF');
    const before = { [input.kind === 'ban' ? 'banned_until' : 'muted_until']: user[field(input.kind)] };
    await tx
      .update(users)
      .set({ [field(input.kind)]: input.until })
      .where(eq(users.id, input.userId));
    // A sanction replaced by a new one ends when the new one starts.
    await tx
      .update(userSanctions)
      .set({ liftedAt: now, liftedBy: input.actorId })
      .where(
        and(
          eq(userSanctions.userId, input.userId),
          eq(userSanctions.kind, input.kind),
          isNull(userSanctions.liftedAt),
          gt(userSanctions.until, now),
        ),
      );
    const [row] = await tx
      .insert(userSanctions)
      .values({
        userId: input.userId,
        kind: input.kind,
        reasonCode: input.reasonCode,
        note: input.note,
        until: input.until,
        actorId: input.actorId,
        createdAt: now,
      })
      .returning();
    if (input.kind === 'ban')
      await tx
        .update(sessions)
        .set({ revokedAt: now })
        .where(and(eq(sessions.userId, input.userId), isNull(sessions.revokedAt)));
    await notify(
      tx,
      {
        userId: input.userId,
        subject: 'sanctioned',
        params: {
          kind: input.kind,
          until: input.until.toISOString(),
          reason: input.reasonCode,
          note: input.note,
        },
      },
      now,
    );
    return {
      before,
      after: { [input.kind === 'ban' ? 'banned_until' : 'muted_until']: input.until },
      sanction: row!,
    };
  });
}

/**
 * Warns a user: a notice with the reason and nothing else (no end time, nothing refused). Staff are
 * refused as a mute or ban refuses them.
 */
export async function warnUser(
  db: DbOrTx,
  input: { userId: number; reasonCode: string; note: string; actorId: number },
  now: Date,
) {
  if (input.reasonCode === 'other' && !input.note.trim()) throw new DomainError('REVIEW_NOTE_REQUIRED');
  const [user] = await db.select({ role: users.role }).from(users).where(eq(users.id, input.userId));
  if (!user) throw new NotFoundError('USER_NOT_FOUND');
  if (user.role !== 'user') throw new DomainError('SANCTION_STAFF');
  await notify(
    db,
    {
      userId: input.userId,
      subject: 'warned',
      params: { kind: 'warn', reason: input.reasonCode, note: input.note },
    },
    now,
  );
  return { before: {}, after: { warned: true } };
}

/**
 * Warns, mutes or bans the author of what a decision upheld (`lib/review/service.ts`), inside its
 * transaction: the same service and notices as the case file's.
 */
export function sanctionAuthor(
  db: DbOrTx,
  input: { userId: number; sanction: AuthorSanction; reasonCode: string; note: string; actorId: number },
  now: Date,
) {
  const { sanction, ...rest } = input;
  if (sanction.kind === 'warn') return warnUser(db, rest, now);
  if (!sanction.until) throw new DomainError('SANCTION_END_INVALID');
  return sanctionUser(db, { ...rest, kind: sanction.kind, until: sanction.until }, now);
}

/** Ends a current mute or ban now, with a reason. */
export async function liftSanction(
  db: DbOrTx,
  input: { userId: number; kind: SanctionKind; reasonCode: string; note: string; actorId: number },
  now: Date,
) {
  if (input.reasonCode === 'other' && !input.note.trim()) throw new DomainError('REVIEW_NOTE_REQUIRED');
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ until: column(input.kind) })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!user) throw new NotFoundError('USER_NOT_FOUND');
    if (!user.until || user.until <= now) throw new DomainError('SANCTION_NOT_ACTIVE');
    await tx
      .update(users)
      .set({ [field(input.kind)]: null })
      .where(eq(users.id, input.userId));
    await tx
      .update(userSanctions)
      .set({ liftedAt: now, liftedBy: input.actorId })
      .where(
        and(
          eq(userSanctions.userId, input.userId),
          eq(userSanctions.kind, input.kind),
          isNull(userSanctions.liftedAt),
        ),
      );
    await notify(
      tx,
      {
        userId: input.userId,
        subject: 'sanction_lifted',
        params: { kind: input.kind, reason: input.reasonCode, note: input.note },
      },
      now,
    );
    const key = input.kind === 'ban' ? 'banned_until' : 'muted_until';
    return { before: { [key]: user.until }, after: { [key]: null } };
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
