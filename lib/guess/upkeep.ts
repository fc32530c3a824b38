// The fun-guess upkeep the jobs run (lib/jobs): locks at a window's end, at a bound match's kick-off and
// at goals (moved earlier by the room's stream delay), settles guesses bound to a finished match from its
// result, cancels those of an abandoned match and those left locked 24 h, and releases a person's
// settlement when its dispute window passed. Every change goes through the state machine (./service.ts).
import { and, eq, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { roomStreamDelayMs } from '@/lib/live/stream-delay';
import { lineFromHundredths } from '@/lib/markets';
import { matches } from '@/lib/scores/schema';
import { gradeGuessOutcome } from './match-result';
import type { StakeResult } from './payout';
import { guesses, guessOutcomes } from './schema';
import {
  boundMatchOf,
  cancelGuess,
  GUESS_UNRESOLVED_MS,
  type Guess,
  lockGuess,
  releaseGuess,
  settleGuess,
} from './service';

/**
 * Match-bound guesses opened in play lock when the score moved: at the goal's instant `now` (the feed
 * tick that stored it calls this at once) moved earlier by the room's stream delay, so a stake placed
 * while the video may already have shown the goal is void. Also locks on a finished or abandoned match.
 */
export async function lockGuessesOnGoals(db: DbOrTx, now: Date) {
  const open = await db
    .select({ guess: guesses, status: matches.status, home: matches.homeScore, away: matches.awayScore })
    .from(guesses)
    .innerJoin(matches, eq(matches.id, guesses.matchId))
    .where(and(eq(guesses.status, 'open'), sql`${guesses.openingScore} is not null`));
  let locked = 0;
  for (const { guess, status, home, away } of open) {
    const [was, wasAway] = guess.openingScore!;
    const scored = (home ?? 0) !== was || (away ?? 0) !== wasAway;
    if (!scored && status === 'live') continue;
    const delayMs = scored ? await roomStreamDelayMs(db, guess.roomId) : 0;
    const at = new Date(Math.min(now.getTime() - delayMs, guess.closesAt.getTime()));
    const reason = scored ? 'goal' : 'window';
    if ((await lockGuess(db, { guessId: guess.id, at, reason, delayMs, now })).locked) locked += 1;
  }
  return locked;
}

/**
 * The upkeep job: windows that ended lock at their end, bound matches that kicked off lock at the
 * kick-off, goals lock (as above, in case the feed tick's own call was missed), finished matches
 * settle their guesses, abandoned ones cancel them, a guess left locked for 24 h is cancelled, and a
 * person's settlement pays out when its dispute window passed undisputed.
 */
export async function guessUpkeep(db: DbOrTx, now: Date) {
  let changed = await lockGuessesOnGoals(db, now);
  const open = await db
    .select({ guess: guesses, kickoffAt: matches.kickoffAt, status: matches.status })
    .from(guesses)
    .leftJoin(matches, eq(matches.id, guesses.matchId))
    .where(eq(guesses.status, 'open'));
  for (const { guess, kickoffAt, status } of open) {
    const kickedOff =
      guess.matchId !== null &&
      !guess.openingScore &&
      kickoffAt !== null &&
      (kickoffAt <= now || status !== 'not_started');
    if (kickedOff) {
      const beforeWindow = kickoffAt! <= guess.closesAt;
      await lockGuess(db, {
        guessId: guess.id,
        at: beforeWindow ? kickoffAt! : guess.closesAt,
        reason: beforeWindow ? 'kickoff' : 'window',
        now,
      });
      changed += 1;
    } else if (guess.closesAt <= now) {
      await lockGuess(db, { guessId: guess.id, at: guess.closesAt, reason: 'window', now });
      changed += 1;
    }
  }
  const bound = await db
    .select({ guess: guesses })
    .from(guesses)
    .innerJoin(matches, eq(matches.id, guesses.matchId))
    .where(and(eq(guesses.status, 'locked'), inArray(matches.status, ['finished', 'abnormal'])));
  for (const { guess } of bound) {
    await settleFromMatch(db, guess, now);
    changed += 1;
  }
  const unresolved = await db
    .select({ id: guesses.id })
    .from(guesses)
    .where(
      and(eq(guesses.status, 'locked'), lte(guesses.lockedAt, new Date(now.getTime() - GUESS_UNRESOLVED_MS))),
    );
  for (const { id } of unresolved) {
    await cancelGuess(db, { guessId: id, reason: 'unresolved', now }).catch((error) => {
      // Settled meanwhile by its anchor: nothing to cancel.
      if (!(error instanceof DomainError && error.code === 'GUESS_NOT_SETTLEABLE')) throw error;
    });
    changed += 1;
  }
  // Held settlements whose dispute window passed with no open dispute pay out.
  const due = await db
    .select({ id: guesses.id })
    .from(guesses)
    .where(
      and(
        eq(guesses.status, 'settled'),
        isNull(guesses.paidAt),
        lte(guesses.payAt, now),
        or(isNull(guesses.disputeStatus), ne(guesses.disputeStatus, 'open')),
      ),
    );
  for (const { id } of due) {
    await releaseGuess(db, { guessId: id, now }).catch((error) => {
      // Disputed or voided meanwhile: the review queue decides it.
      if (!(error instanceof DomainError && error.code === 'GUESS_NOT_RELEASABLE')) throw error;
    });
    changed += 1;
  }
  return changed;
}

async function settleFromMatch(db: DbOrTx, guess: Guess, now: Date) {
  const match = await boundMatchOf(db, guess.matchId!);
  if (!match) return;
  if (match.status === 'abnormal') return cancelGuess(db, { guessId: guess.id, reason: 'match_void', now });
  const outcomes = await db
    .select({
      id: guessOutcomes.id,
      market: guessOutcomes.market,
      pick: guessOutcomes.pick,
      line: guessOutcomes.line,
    })
    .from(guessOutcomes)
    .where(eq(guessOutcomes.guessId, guess.id));
  const results = new Map<number, StakeResult>();
  for (const outcome of outcomes) {
    const graded = gradeGuessOutcome(
      { market: outcome.market!, pick: outcome.pick!, line: lineFromHundredths(outcome.line) },
      match,
    );
    if (!graded) return;
    results.set(outcome.id, graded);
  }
  return settleGuess(db, { guessId: guess.id, results, now });
}
