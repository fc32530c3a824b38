// What settling a guess on one outcome would pay, before the anchor confirms it: the pool, the winners and
// each winner's payout, computed by the settlement's own pari-mutuel code (./payout.ts) over the stakes
// held now. Read only: the settlement itself (./service.ts settleByManager) moves the coins.
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { DomainError, ForbiddenError, NotFoundError } from '@/lib/api/errors';
import { isRoomAdmin } from '@/lib/chat/channel';
import type { DbOrTx } from '@/lib/db';
import { findRoom } from '@/lib/live/service';
import { parimutuel } from './payout';
import { guesses, guessOutcomes, guessStakes } from './schema';

/** The winners listed by name (largest payout first); the totals count them all. */
export const SETTLE_PREVIEW_WINNERS = 10;

export async function settlePreview(
  db: DbOrTx,
  input: { userId: number; guessId: number; outcomeId: number },
) {
  const [guess] = await db.select().from(guesses).where(eq(guesses.id, input.guessId));
  if (!guess) throw new NotFoundError('GUESS_NOT_FOUND');
  // The settlement's own rules, in its order: who may, which guesses, which outcome.
  const room = await findRoom(db, guess.roomId);
  if (!room) throw new NotFoundError('ROOM_NOT_FOUND');
  if (room.anchorId !== input.userId && !(await isRoomAdmin(db, guess.roomId, input.userId)))
    throw new ForbiddenError('GUESS_NOT_MANAGER');
  if (guess.matchId !== null) throw new DomainError('GUESS_SETTLED_BY_MATCH');
  if (guess.status !== 'open' && guess.status !== 'locked') throw new DomainError('GUESS_NOT_SETTLEABLE');
  const outcomes = await db
    .select({ id: guessOutcomes.id })
    .from(guessOutcomes)
    .where(eq(guessOutcomes.guessId, guess.id));
  if (!outcomes.some((row) => row.id === input.outcomeId)) throw new NotFoundError('GUESS_OUTCOME_NOT_FOUND');

  const held = await db
    .select({
      id: guessStakes.id,
      outcomeId: guessStakes.outcomeId,
      amount: guessStakes.amount,
      userId: guessStakes.userId,
    })
    .from(guessStakes)
    .where(and(eq(guessStakes.guessId, guess.id), eq(guessStakes.status, 'held')));
  const payouts = parimutuel(
    held,
    new Map(
      outcomes.map((row) => [row.id, row.id === input.outcomeId ? ('won' as const) : ('lost' as const)]),
    ),
  );
  // One line per winning person (a person may have staked more than once on the outcome).
  const perUser = new Map<number, { stake: number; payout: number }>();
  for (const stake of held) {
    const payout = payouts.get(stake.id)!;
    if (payout.status !== 'won') continue;
    const line = perUser.get(stake.userId) ?? { stake: 0, payout: 0 };
    line.stake += stake.amount;
    line.payout += payout.payout;
    perUser.set(stake.userId, line);
  }
  const top = [...perUser]
    .sort(([a, x], [b, y]) => y.payout - x.payout || a - b)
    .slice(0, SETTLE_PREVIEW_WINNERS);
  const names = top.length
    ? await db
        .select({ id: users.id, nickname: users.nickname })
        .from(users)
        .where(
          inArray(
            users.id,
            top.map(([userId]) => userId),
          ),
        )
    : [];
  const nameOf = new Map(names.map((row) => [row.id, row.nickname]));
  const pool = held.reduce((sum, stake) => sum + stake.amount, 0);
  const winningPool = held
    .filter((stake) => stake.outcomeId === input.outcomeId)
    .reduce((sum, stake) => sum + stake.amount, 0);
  return {
    guess_id: guess.id,
    outcome_id: input.outcomeId,
    /** Every coin held in the guess, which the settlement pays out whole. */
    pool,
    winning_pool: winningPool,
    losing_pool: pool - winningPool,
    stakers: new Set(held.map((stake) => stake.userId)).size,
    winners: perUser.size,
    /** Nobody staked on the outcome: every stake goes back (void). */
    refund_all: perUser.size === 0,
    paid_to_winners: [...perUser.values()].reduce((sum, line) => sum + line.payout, 0),
    top: top.map(([userId, line]) => ({
      user_id: userId,
      nickname: nameOf.get(userId) ?? '',
      stake: line.stake,
      payout: line.payout,
    })),
  };
}
