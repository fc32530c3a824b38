// Red envelopes: the sender's star diamonds go to escrow and are split at once into random shares
// (at least RED_ENVELOPE_MIN_SHARE each); a claim takes one unclaimed share by a conditional update
// (SKIP LOCKED, so concurrent claims never wait on or take the same share) and is paid from the
// envelope's escrow shard; a unique (envelope, user) index makes a second claim impossible; the expiry
// job returns unclaimed shares once, whichever process runs it.
import { randomInt } from 'node:crypto';
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { findRoom } from '@/lib/live/service';
import { pickEscrowShard, runOperation } from '@/lib/wallet/ledger';
import {
  RED_ENVELOPE_MAX_AMOUNT,
  RED_ENVELOPE_MAX_SHARES,
  RED_ENVELOPE_MIN_SHARE,
  RED_ENVELOPE_TTL_MS,
} from './rules';
import { redEnvelopeShares, redEnvelopes } from './schema';

export { RED_ENVELOPE_MAX_AMOUNT, RED_ENVELOPE_MAX_SHARES, RED_ENVELOPE_MIN_SHARE, RED_ENVELOPE_TTL_MS };

/** Random shares of `amount`, each at least the minimum, summing to `amount`. */
export function splitShares(amount: number, shares: number, random = randomInt) {
  const extra = amount - shares * RED_ENVELOPE_MIN_SHARE;
  const cuts = Array.from({ length: shares - 1 }, () => random(extra + 1)).sort((a, b) => a - b);
  const bounds = [0, ...cuts, extra];
  return Array.from({ length: shares }, (_, i) => RED_ENVELOPE_MIN_SHARE + bounds[i + 1]! - bounds[i]!);
}

function assertSplit(amount: number, shares: number) {
  if (!Number.isSafeInteger(amount) || amount <= 0 || amount > RED_ENVELOPE_MAX_AMOUNT)
    throw new DomainError('INVALID_AMOUNT');
  if (!Number.isSafeInteger(shares) || shares < 1 || shares > RED_ENVELOPE_MAX_SHARES)
    throw new DomainError('RED_ENVELOPE_SHARES', { values: { max: RED_ENVELOPE_MAX_SHARES } });
  if (amount < shares * RED_ENVELOPE_MIN_SHARE)
    throw new DomainError('RED_ENVELOPE_TOO_SMALL', { values: { min: RED_ENVELOPE_MIN_SHARE } });
}

const starBalance = async (db: DbOrTx, userId: number) => {
  const { rows } = await db.execute<{ balance: string }>(sql`
    select balance from wallet_accounts where kind = 'user' and user_id = ${userId} and currency = 'star'`);
  return Number(rows[0]?.balance ?? 0);
};

export type CreatedEnvelope = {
  id: number;
  amount: number;
  shares: number;
  expires_at: string;
  balance: number;
};

export async function createEnvelope(
  db: DbOrTx,
  input: { senderId: number; roomId: number; amount: number; shares: number; key: string; now: Date },
) {
  assertSplit(input.amount, input.shares);
  if (!(await findRoom(db, input.roomId))) throw new NotFoundError('ROOM_NOT_FOUND');
  const expiresAt = new Date(input.now.getTime() + RED_ENVELOPE_TTL_MS);
  return runOperation<CreatedEnvelope>(db, {
    key: `red:${input.senderId}:${input.key}`,
    kind: 'red_envelope',
    userId: input.senderId,
    payload: { room: input.roomId, amount: input.amount, shares: input.shares },
    now: input.now,
    prepare: async (tx, operationId) => {
      const shard = pickEscrowShard();
      const [envelope] = await tx
        .insert(redEnvelopes)
        .values({
          operationId,
          roomId: input.roomId,
          senderId: input.senderId,
          amount: input.amount,
          shares: input.shares,
          escrowShard: shard,
          createdAt: input.now,
          expiresAt,
        })
        .returning({ id: redEnvelopes.id });
      await tx
        .insert(redEnvelopeShares)
        .values(
          splitShares(input.amount, input.shares).map((amount) => ({ envelopeId: envelope!.id, amount })),
        );
      return {
        legs: [
          {
            from: { user: input.senderId },
            to: { system: 'escrow', shard },
            currency: 'star',
            amount: input.amount,
          },
        ],
        result: {
          id: envelope!.id,
          amount: input.amount,
          shares: input.shares,
          expires_at: expiresAt.toISOString(),
          balance: 0,
        },
      };
    },
    after: async (tx, _operationId, result) => ({
      ...result,
      balance: await starBalance(tx, input.senderId),
    }),
  });
}

const isClaimConflict = (error: unknown): boolean => {
  const found = error as { code?: string; constraint?: string; cause?: unknown } | null;
  if (!found) return false;
  if (found.code === '23505' && found.constraint === 'red_envelope_shares_claim_unique') return true;
  return found.cause ? isClaimConflict(found.cause) : false;
};

export type ClaimResult = { envelope_id: number; amount: number; balance: number };

export async function claimEnvelope(
  db: DbOrTx,
  input: { userId: number; envelopeId: number; key: string; now: Date },
) {
  try {
    return await runOperation<ClaimResult>(db, {
      key: `red-claim:${input.userId}:${input.key}`,
      kind: 'red_claim',
      userId: input.userId,
      payload: { envelope: input.envelopeId },
      now: input.now,
      prepare: async (tx) => {
        const [envelope] = await tx.select().from(redEnvelopes).where(eq(redEnvelopes.id, input.envelopeId));
        if (!envelope) throw new NotFoundError('RED_ENVELOPE_NOT_FOUND');
        const [mine] = await tx
          .select({ id: redEnvelopeShares.id })
          .from(redEnvelopeShares)
          .where(
            and(eq(redEnvelopeShares.envelopeId, envelope.id), eq(redEnvelopeShares.claimedBy, input.userId)),
          );
        if (mine) throw new DomainError('RED_ENVELOPE_CLAIMED');
        if (envelope.refundedAt || envelope.expiresAt <= input.now)
          throw new DomainError('RED_ENVELOPE_EXPIRED');
        const { rows } = await tx.execute<{ amount: number }>(sql`
          update red_envelope_shares set claimed_by = ${input.userId}, claimed_at = ${input.now.toISOString()}
          where id = (
            select id from red_envelope_shares
            where envelope_id = ${envelope.id} and claimed_by is null and not returned
            order by id limit 1 for update skip locked)
          returning amount`);
        if (!rows.length) throw new DomainError('RED_ENVELOPE_EMPTY');
        const amount = Number(rows[0]!.amount);
        return {
          legs: [
            {
              from: { system: 'escrow', shard: envelope.escrowShard },
              to: { user: input.userId },
              currency: 'star',
              amount,
            },
          ],
          result: { envelope_id: envelope.id, amount, balance: 0 },
        };
      },
      after: async (tx, _operationId, result) => ({
        ...result,
        balance: await starBalance(tx, input.userId),
      }),
    });
  } catch (error) {
    // The same user's two claims at once: the unique index stops the second.
    if (isClaimConflict(error)) throw new DomainError('RED_ENVELOPE_CLAIMED');
    throw error;
  }
}

/** One envelope as the result dialog shows it: who got how much, and the viewer's share. */
export async function envelopeInfo(db: DbOrTx, envelopeId: number, viewerId: number | null, now: Date) {
  const [row] = await db
    .select({
      envelope: redEnvelopes,
      sender: { id: users.id, nickname: users.nickname, avatar: users.avatar },
    })
    .from(redEnvelopes)
    .innerJoin(users, eq(users.id, redEnvelopes.senderId))
    .where(eq(redEnvelopes.id, envelopeId));
  if (!row) throw new NotFoundError('RED_ENVELOPE_NOT_FOUND');
  const claims = await db
    .select({
      amount: redEnvelopeShares.amount,
      claimedAt: redEnvelopeShares.claimedAt,
      userId: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
    })
    .from(redEnvelopeShares)
    .innerJoin(users, eq(users.id, redEnvelopeShares.claimedBy))
    .where(and(eq(redEnvelopeShares.envelopeId, envelopeId), isNotNull(redEnvelopeShares.claimedBy)))
    .orderBy(asc(redEnvelopeShares.claimedAt), asc(redEnvelopeShares.id));
  const { envelope, sender } = row;
  const claimed = claims.reduce((sum, claim) => sum + claim.amount, 0);
  return {
    id: envelope.id,
    room_id: envelope.roomId,
    sender: { id: sender.id, nickname: sender.nickname, avatar: avatarOf(sender) },
    amount: envelope.amount,
    shares: envelope.shares,
    claimed_shares: claims.length,
    claimed_amount: claimed,
    expired: Boolean(envelope.refundedAt) || envelope.expiresAt <= now,
    refunded: envelope.refunded ?? 0,
    expires_at: envelope.expiresAt.toISOString(),
    mine: claims.find((claim) => claim.userId === viewerId)?.amount ?? null,
    claims: claims.map((claim) => ({
      user_id: claim.userId,
      nickname: claim.nickname,
      avatar: avatarOf({ id: claim.userId, avatar: claim.avatar }),
      amount: claim.amount,
      claimed_at: claim.claimedAt!.toISOString(),
    })),
  };
}

/** A room's envelopes still open at `now` (the icons over the stage), newest first. */
export async function openEnvelopes(db: DbOrTx, roomId: number, now: Date) {
  const rows = await db
    .select({
      id: redEnvelopes.id,
      shares: redEnvelopes.shares,
      expiresAt: redEnvelopes.expiresAt,
      left: sql<number>`(select count(*)::int from red_envelope_shares s
        where s.envelope_id = ${redEnvelopes.id} and s.claimed_by is null and not s.returned)`,
      sender: { id: users.id, nickname: users.nickname, avatar: users.avatar },
    })
    .from(redEnvelopes)
    .innerJoin(users, eq(users.id, redEnvelopes.senderId))
    .where(
      and(eq(redEnvelopes.roomId, roomId), gt(redEnvelopes.expiresAt, now), isNull(redEnvelopes.refundedAt)),
    )
    .orderBy(desc(redEnvelopes.createdAt), desc(redEnvelopes.id))
    .limit(10);
  return rows.map((row) => ({
    id: row.id,
    room_id: roomId,
    shares: row.shares,
    left: row.left,
    expires_at: row.expiresAt.toISOString(),
    sender: { id: row.sender.id, nickname: row.sender.nickname, avatar: avatarOf(row.sender) },
  }));
}

/**
 * The expiry job: returns the unclaimed shares of envelopes that ended. Safe in several processes at
 * once: the refund's idempotency key and the conditional `refunded_at is null` update let one run
 * refund each envelope; the shares' update waits for any claim in flight and skips what it took.
 */
export async function refundExpiredEnvelopes(db: DbOrTx, now: Date, limit = 100) {
  const due = await db
    .select({ id: redEnvelopes.id })
    .from(redEnvelopes)
    .where(and(lte(redEnvelopes.expiresAt, now), isNull(redEnvelopes.refundedAt)))
    .orderBy(asc(redEnvelopes.expiresAt))
    .limit(limit);
  let refunded = 0;
  for (const { id } of due) {
    const outcome = await runOperation<{ envelope_id: number; refunded: number }>(db, {
      key: `red-refund:${id}`,
      kind: 'red_refund',
      userId: 0,
      payload: { envelope: id },
      now,
      prepare: async (tx) => {
        const [envelope] = await tx
          .update(redEnvelopes)
          .set({ refundedAt: now })
          .where(
            and(eq(redEnvelopes.id, id), isNull(redEnvelopes.refundedAt), lte(redEnvelopes.expiresAt, now)),
          )
          .returning();
        if (!envelope) return { legs: [], result: { envelope_id: id, refunded: 0 } };
        const returned = await tx
          .update(redEnvelopeShares)
          .set({ returned: true })
          .where(
            and(
              eq(redEnvelopeShares.envelopeId, id),
              isNull(redEnvelopeShares.claimedBy),
              eq(redEnvelopeShares.returned, false),
            ),
          )
          .returning({ amount: redEnvelopeShares.amount });
        const total = returned.reduce((sum, share) => sum + share.amount, 0);
        await tx.update(redEnvelopes).set({ refunded: total }).where(eq(redEnvelopes.id, id));
        return {
          legs: total
            ? [
                {
                  from: { system: 'escrow', shard: envelope.escrowShard },
                  to: { user: envelope.senderId },
                  currency: 'star',
                  amount: total,
                },
              ]
            : [],
          result: { envelope_id: id, refunded: total },
        };
      },
    });
    if (!outcome.replayed) refunded += outcome.result.refunded;
  }
  return refunded;
}
