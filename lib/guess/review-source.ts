// Fun-guess disputes in the console's one review queue (`guessDispute`, moderators and operators,
// lib/review): one row per disputed guess with its pools, result and every dispute's reason. Approving
// voids the guess (`voidDisputedGuess`, ./disputes.ts: every counted stake refunded); refusing upholds the
// settlement and releases the payouts. The disputers and the anchor are told here, in their own language.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { translator } from '@/lib/i18n/translate';
import { notify } from '@/lib/im/notices';
import { liveRooms } from '@/lib/live/schema';
import { concernsOf, countWhere, pendingList } from '@/lib/review/paging';
import { GUESS_UPHOLD_REASONS, GUESS_VOID_REASONS } from '@/lib/review/reasons';
import type { QueueSource } from '@/lib/review/source';
import { voidDisputedGuess } from './disputes';
import { guessDisputes, guesses, guessOutcomes, guessStakes } from './schema';
import { releaseGuess } from './service';

const waiting = and(
  eq(guesses.status, 'settled'),
  eq(guesses.disputeStatus, 'open'),
  isNull(guesses.paidAt),
)!;

/** What the reviewer decides on: the guess with its pools and result, and every dispute's reason. */
async function disputedGuesses(db: DbOrTx, ids: number[]) {
  if (!ids.length) return [];
  // One query after another: `db` may be the decision's transaction (one connection).
  const outcomes = await db
    .select()
    .from(guessOutcomes)
    .where(inArray(guessOutcomes.guessId, ids))
    .orderBy(asc(guessOutcomes.position));
  const pools = await db
    .select({
      outcomeId: guessStakes.outcomeId,
      amount: sql<number>`sum(${guessStakes.amount})::int`,
      people: sql<number>`count(distinct ${guessStakes.userId})::int`,
    })
    .from(guessStakes)
    .innerJoin(guesses, eq(guesses.id, guessStakes.guessId))
    .where(and(inArray(guessStakes.guessId, ids), sql`${guessStakes.placedAt} <= ${guesses.lockedAt}`))
    .groupBy(guessStakes.outcomeId);
  const disputes = await db
    .select({ dispute: guessDisputes, nickname: users.nickname })
    .from(guessDisputes)
    .innerJoin(users, eq(users.id, guessDisputes.userId))
    .where(inArray(guessDisputes.guessId, ids))
    .orderBy(asc(guessDisputes.id));
  const poolOf = new Map(pools.map((pool) => [pool.outcomeId, pool]));
  return ids.map((id) => ({
    id,
    outcomes: outcomes
      .filter((outcome) => outcome.guessId === id)
      .map((outcome) => ({
        label: outcome.label,
        result: outcome.result,
        pool: poolOf.get(outcome.id)?.amount ?? 0,
        people: poolOf.get(outcome.id)?.people ?? 0,
      })),
    disputes: disputes.filter((row) => row.dispute.guessId === id),
  }));
}

export const guessDisputeSource: QueueSource = {
  key: 'guessDispute',
  staff: ['moderator'],
  // Approving the disputes voids the guess; refusing them upholds the settlement.
  reasons: { approve: GUESS_VOID_REASONS, reject: GUESS_UPHOLD_REASONS },
  count: (db) => countWhere(db, guesses, waiting),
  // The room's anchor, whoever opened the guess (an administrator settles what they opened) and every
  // viewer who disputed it.
  async concerns(db, ids) {
    const rows = await db
      .select({
        id: guesses.id,
        anchorId: liveRooms.anchorId,
        openerId: guesses.openerId,
        disputerId: guessDisputes.userId,
      })
      .from(guesses)
      .innerJoin(liveRooms, eq(liveRooms.id, guesses.roomId))
      .leftJoin(guessDisputes, eq(guessDisputes.guessId, guesses.id))
      .where(inArray(guesses.id, [...ids]));
    return concernsOf(
      rows.map((row) => ({ id: row.id, users: [row.anchorId, row.openerId, row.disputerId] })),
    );
  },
  async list(db, input) {
    // Oldest dispute first: the payouts it holds have waited longest.
    const first = sql<Date>`(select min(d.created_at) from guess_disputes d where d.guess_id = ${guesses.id})`;
    const rows = await pendingList(
      db,
      {
        from: guesses,
        fields: { guess: guesses, anchorId: liveRooms.anchorId, first },
        person: liveRooms.anchorId,
        where: waiting,
        by: first,
        tieBreak: guesses.id,
        join: [{ table: liveRooms, on: eq(liveRooms.id, guesses.roomId) }],
      },
      input,
    );
    const details = await disputedGuesses(
      db,
      rows.map((row) => row.guess.id),
    );
    const t = translator(input.locale);
    return rows.map((row, index) => {
      const { outcomes, disputes } = details[index]!;
      return {
        id: row.guess.id,
        userId: row.anchorId,
        nickname: row.nickname,
        summary: row.guess.question,
        fields: {
          room: `#${row.guess.roomId} · ${row.nickname}`,
          outcomes: outcomes
            .map((outcome) =>
              t('guessDispute.review.pool', {
                label: outcome.label,
                coins: outcome.pool,
                people: outcome.people,
              }),
            )
            .join(' · '),
          guess_result: outcomes
            .filter((outcome) => outcome.result === 'won')
            .map((outcome) => outcome.label)
            .join(' · '),
          pool: outcomes.reduce((sum, outcome) => sum + outcome.pool, 0),
          disputes: disputes
            .map(({ dispute, nickname }) =>
              [`${nickname}: ${t(`guessDispute.reasons.${dispute.reasonCode}` as never)}`, dispute.text]
                .filter(Boolean)
                .join(' — '),
            )
            .join(' / '),
        },
        createdAt: new Date(row.first),
      };
    });
  },
  async decide(tx, input) {
    const [row] = await tx
      .select({ guess: guesses, anchorId: liveRooms.anchorId })
      .from(guesses)
      .innerJoin(liveRooms, eq(liveRooms.id, guesses.roomId))
      .where(eq(guesses.id, input.id));
    if (!row) throw new NotFoundError('GUESS_NOT_FOUND');
    const { guess, anchorId } = row;
    const [detail] = await disputedGuesses(tx, [guess.id]);
    const before = {
      status: guess.status,
      dispute_status: guess.disputeStatus,
      pay_at: guess.payAt?.toISOString() ?? null,
      results: detail!.outcomes.map((outcome) => ({
        label: outcome.label,
        result: outcome.result,
        pool: outcome.pool,
      })),
      disputes: detail!.disputes.length,
    };
    let after: Record<string, unknown>;
    if (input.approve) {
      const voided = await voidDisputedGuess(tx, {
        guessId: guess.id,
        reasonCode: input.reasonCode,
        note: input.note,
        now: input.now,
      });
      after = { status: 'cancelled', dispute_status: 'voided', refunded: voided.refunded };
    } else {
      const released = await releaseGuess(tx, { guessId: guess.id, now: input.now, uphold: true });
      after = { status: 'settled', dispute_status: 'upheld', paid: released.paid };
    }
    // Every disputer and the anchor hear of it, each in their own language (codes, not words).
    const params = {
      item: 'guessDispute',
      title: guess.question,
      reason: input.reasonCode,
      note: input.note,
    };
    const link = `/live?id=${guess.roomId}`;
    for (const { dispute } of detail!.disputes)
      await notify(
        tx,
        {
          userId: dispute.userId,
          subject: input.approve ? 'guess_dispute_voided' : 'guess_dispute_upheld',
          params,
          link: '/member?type=24',
        },
        input.now,
      );
    await notify(
      tx,
      { userId: anchorId, subject: input.approve ? 'guess_voided' : 'guess_upheld', params, link },
      input.now,
    );
    return { userId: null, before, after };
  },
};
