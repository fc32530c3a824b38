// Disputes of a fun-guess settlement (issue 34 item 6, issue 29 item 2). A guess its anchor or a room
// administrator settled pays out only after GUESS_DISPUTE_WINDOW_MS (./service.ts); within it, a viewer
// whose stake counted may dispute the result once (a reason code and up to 200 characters). An open
// dispute holds the payout, and the guess waits in the console's one review queue (`guessDispute`,
// moderators and operators): "uphold" releases the payouts as settled, "void" refunds every stake in
// one ledger operation and shows the guess cancelled with the reviewer's reason. The disputers and the
// anchor read the decision in their message centre, in their own language.
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { translator } from '@/lib/i18n/translate';
import { notify } from '@/lib/im/notices';
import { liveRooms } from '@/lib/live/schema';
import { concernsOf, countWhere, page } from '@/lib/review/paging';
import { GUESS_UPHOLD_REASONS, GUESS_VOID_REASONS } from '@/lib/review/reasons';
import type { QueueSource } from '@/lib/review/source';
import { GUESS_DISPUTE_REASONS, GUESS_DISPUTE_TEXT_MAX } from './dispute-rules';
import { guessDisputes, guesses, guessOutcomes, guessStakes } from './schema';
import { announce, counted, refundVoidedGuess, releaseGuess } from './service';

export async function disputeGuess(
  db: DbOrTx,
  input: { userId: number; guessId: number; reasonCode: string; text: string; now: Date },
) {
  const text = input.text.replace(/\s+/g, ' ').trim();
  if (!(GUESS_DISPUTE_REASONS as readonly string[]).includes(input.reasonCode))
    throw new DomainError('GUESS_DISPUTE_REASON');
  if (text.length > GUESS_DISPUTE_TEXT_MAX || (input.reasonCode === 'other' && !text))
    throw new DomainError('GUESS_DISPUTE_TEXT', { values: { max: GUESS_DISPUTE_TEXT_MAX } });
  const guess = await db.transaction(async (tx) => {
    // The guess row serialises a dispute with the release and the review's decision.
    const [guess] = await tx.select().from(guesses).where(eq(guesses.id, input.guessId)).for('update');
    if (!guess) throw new NotFoundError('GUESS_NOT_FOUND');
    if (guess.matchId !== null || (guess.status === 'settled' && guess.payAt === null))
      throw new DomainError('GUESS_DISPUTE_FEED');
    if (guess.status !== 'settled') throw new DomainError('GUESS_DISPUTE_NOT_SETTLED');
    if (guess.paidAt !== null || guess.disputeStatus === 'upheld' || input.now >= guess.payAt!)
      throw new DomainError('GUESS_DISPUTE_CLOSED');
    const [stake] = await tx
      .select({ id: guessStakes.id })
      .from(guessStakes)
      .where(
        and(eq(guessStakes.guessId, guess.id), eq(guessStakes.userId, input.userId), counted(guess.lockedAt)),
      )
      .limit(1);
    if (!stake) throw new DomainError('GUESS_DISPUTE_NOT_STAKER');
    const [created] = await tx
      .insert(guessDisputes)
      .values({
        guessId: guess.id,
        userId: input.userId,
        reasonCode: input.reasonCode,
        text,
        createdAt: input.now,
      })
      .onConflictDoNothing()
      .returning({ id: guessDisputes.id });
    if (!created) throw new DomainError('GUESS_DISPUTE_TWICE');
    await tx.update(guesses).set({ disputeStatus: 'open' }).where(eq(guesses.id, guess.id));
    return guess;
  });
  announce(guess, 'settled');
  return { guess_id: guess.id, dispute_status: 'open' as const };
}

/**
 * Voids a disputed settlement: every stake that counted gets its coins back from escrow in one ledger
 * operation, the outcomes turn void, and the guess shows cancelled with the reviewer's reason.
 */
export async function voidDisputedGuess(
  db: DbOrTx,
  input: { guessId: number; reasonCode: string; note: string; now: Date },
) {
  return refundVoidedGuess(
    db,
    { key: `guess-void:${input.guessId}`, guessId: input.guessId, now: input.now },
    async (tx) => {
      const [guess] = await tx
        .update(guesses)
        .set({
          status: 'cancelled',
          cancelReason: 'disputed',
          disputeStatus: 'voided',
          voidReasonCode: input.reasonCode,
          voidNote: input.note.slice(0, 200),
        })
        .where(
          and(
            eq(guesses.id, input.guessId),
            eq(guesses.status, 'settled'),
            isNull(guesses.paidAt),
            eq(guesses.disputeStatus, 'open'),
          ),
        )
        .returning();
      if (!guess) throw new DomainError('GUESS_DISPUTE_DECIDED');
      return guess;
    },
    (guess) => counted(guess.lockedAt),
  );
}

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
    const rows = await db
      .select({ guess: guesses, anchorId: liveRooms.anchorId, anchor: users.nickname, first })
      .from(guesses)
      .innerJoin(liveRooms, eq(liveRooms.id, guesses.roomId))
      .innerJoin(users, eq(users.id, liveRooms.anchorId))
      .where(waiting)
      .orderBy(input.dir === 'desc' ? sql`${first} desc` : sql`${first} asc`, asc(guesses.id))
      .limit(page(input).limit)
      .offset(page(input).offset);
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
        nickname: row.anchor,
        summary: row.guess.question,
        fields: {
          room: `#${row.guess.roomId} · ${row.anchor}`,
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
