// Disputes of a fun-guess settlement (issue 34 item 6, issue 29 item 2). A guess its anchor or a room
// administrator settled pays out only after GUESS_DISPUTE_WINDOW_MS (./service.ts); within it, a viewer
// whose stake counted may dispute the result once (a reason code and up to 200 characters). An open
// dispute holds the payout, and the guess waits in the console's one review queue (`guessDispute`,
// moderators and operators): "uphold" releases the payouts as settled, "void" refunds every stake in
// one ledger operation and shows the guess cancelled with the reviewer's reason. The disputers and the
// anchor read the decision in their message centre, in their own language (the queue's source:
// ./review-source.ts).
import { and, eq, isNull } from 'drizzle-orm';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { GUESS_DISPUTE_REASONS, GUESS_DISPUTE_TEXT_MAX } from './dispute-rules';
import { guessDisputes, guesses, guessStakes } from './schema';
import { announce, counted, refundVoidedGuess } from './service';

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
