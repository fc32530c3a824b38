// Moderators' mutes, bans and warnings (the case file's routes and a report's decision), each with a
// reason and an end time: the user's row and `user_sanctions` change together and the person is told in
// their language. What a mute or ban refuses is lib/accounts/sanctions.ts, which every domain reads.
import { and, eq, gt, isNull } from 'drizzle-orm';
import { column, field, SANCTION_MAX_DAYS } from '@/lib/accounts/sanctions';
import { type SanctionKind, sessions, userSanctions, users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { notify } from '@/lib/im/notices';

/** What a report's decision may do to the author besides taking the content down: `warn` is a notice only. */
export const AUTHOR_SANCTIONS = ['warn', 'mute', 'ban'] as const;
export type AuthorSanction = { kind: (typeof AUTHOR_SANCTIONS)[number]; until?: Date };

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
    await endOpenSanctions(tx, { ...input, now }, { runningOnly: true });
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
    await endOpenSanctions(tx, { ...input, now });
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

/** Marks the user's open sanctions of a kind lifted now by the actor (only those still running, if asked). */
async function endOpenSanctions(
  tx: DbOrTx,
  input: { userId: number; kind: SanctionKind; actorId: number; now: Date },
  { runningOnly = false } = {},
) {
  await tx
    .update(userSanctions)
    .set({ liftedAt: input.now, liftedBy: input.actorId })
    .where(
      and(
        eq(userSanctions.userId, input.userId),
        eq(userSanctions.kind, input.kind),
        isNull(userSanctions.liftedAt),
        runningOnly ? gt(userSanctions.until, input.now) : undefined,
      ),
    );
}
