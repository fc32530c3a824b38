// Fun-guess (趣味竞猜) in live rooms. The anchor or a room administrator opens a question with 2–10
// outcomes (or a bound match's markets) and a 30 s – 30 min window; viewers stake coins, which sit in
// escrow (one shard per guess) until the guess is settled pari-mutuel (./payout.ts) or cancelled
// (流局, every stake refunded). Whoever may settle a guess (the anchor, the room's administrators) may
// not stake in it. Every money move is one ledger operation with its idempotency key; state changes
// are conditional updates inside the same transaction, so a stake and a lock never cross: a stake
// holds the guess row FOR SHARE, a lock, settlement or cancellation updates it and waits for them.
// Beyond every anchor, a guess bound to a match locks at kick-off, or at a goal moved earlier by the
// room's stream delay (lib/live/stream-delay.ts): stakes placed after that instant are void.
// A guess its anchor or an administrator settles shows its result at once but pays out only when a
// short dispute window has passed (GUESS_DISPUTE_WINDOW_MS, ./disputes.ts): the upkeep job releases
// the held payouts then, unless a staker's dispute holds them for the review queue.
// This file is the state machine and its money; the job's upkeep is ./upkeep.ts, what rooms and records
// show is ./read.ts.
import { and, eq, inArray, isNotNull, isNull, lte, ne, not, or, type SQL, sql } from 'drizzle-orm';
import { DomainError, ForbiddenError, NotFoundError } from '@/lib/api/errors';
import { isRoomAdmin } from '@/lib/chat/channel';
import type { DbOrTx, Tx } from '@/lib/db';
import { findRoom } from '@/lib/live/service';
import { lineToHundredths, type MarketSport } from '@/lib/markets';
import { rooms } from '@/lib/realtime/events';
import { publish } from '@/lib/realtime/gateway';
import { competitions, matches, seasons } from '@/lib/scores/schema';
import { type Leg, pickEscrowShard, runOperation } from '@/lib/wallet/ledger';
import { parsePlayType, picksOf } from './match-result';
import { parimutuel, type StakeResult } from './payout';
import { guesses, guessOutcomes, guessStakes } from './schema';

export const GUESS_WINDOW_MIN_SECONDS = 30;
export const GUESS_WINDOW_MAX_SECONDS = 30 * 60;
export const GUESS_OUTCOMES_MIN = 2;
export const GUESS_OUTCOMES_MAX = 10;
/** Spec §5: at most 2 play types. */
export const GUESS_PLAY_TYPES_MAX = 2;
export const GUESS_QUESTION_MAX = 60;
export const GUESS_OUTCOME_MAX = 30;
export const GUESS_STAKE_MAX = 100_000;
/** A locked guess nobody settled is cancelled and refunded this long after it locked (as Twitch). */
export const GUESS_UNRESOLVED_MS = 24 * 3600 * 1000;
/** A settlement by the anchor or an administrator pays out this long after it (stakers may dispute). */
export const GUESS_DISPUTE_WINDOW_MS = 10 * 60 * 1000;

export type Guess = typeof guesses.$inferSelect;

const trimmed = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The anchor of the room or one of its administrators: may open, lock, settle and cancel, never stake. */
export async function managesRoom(db: DbOrTx, roomId: number, userId: number) {
  const room = await findRoom(db, roomId);
  if (!room) throw new NotFoundError('ROOM_NOT_FOUND');
  return room.anchorId === userId || (await isRoomAdmin(db, roomId, userId));
}

export function announce(guess: Pick<Guess, 'id' | 'roomId'>, status: Guess['status']) {
  publish(
    { room: rooms.liveRoom(guess.roomId) },
    { type: 'guess', room_id: guess.roomId, data: { id: guess.id, status } },
  );
}

export type BoundMatch = {
  id: number;
  sport: string;
  status: (typeof matches.$inferSelect)['status'];
  statusNote: string | null;
  kickoffAt: Date;
  homeScore: number | null;
  awayScore: number | null;
  homeFullTime: number | null;
  awayFullTime: number | null;
};

export async function boundMatchOf(db: DbOrTx, matchId: number): Promise<BoundMatch | undefined> {
  const [row] = await db
    .select({
      id: matches.id,
      sport: competitions.sport,
      status: matches.status,
      statusNote: matches.statusNote,
      kickoffAt: matches.kickoffAt,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      homeFullTime: matches.homeFullTime,
      awayFullTime: matches.awayFullTime,
    })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(eq(matches.id, matchId));
  return row;
}

const started = (match: BoundMatch, now: Date) => match.status !== 'not_started' || match.kickoffAt <= now;
const scoreOf = (match: BoundMatch): [number, number] => [match.homeScore ?? 0, match.awayScore ?? 0];

export type OpenGuessInput = {
  userId: number;
  roomId: number;
  question: string;
  outcomes?: string[];
  windowSeconds: number;
  /** Bind to the room's match: its markets become the outcomes. */
  playTypes?: string[];
  now: Date;
};

export async function openGuess(db: DbOrTx, input: OpenGuessInput) {
  if (!(await managesRoom(db, input.roomId, input.userId))) throw new ForbiddenError('GUESS_NOT_MANAGER');
  const question = trimmed(input.question);
  if (!question || question.length > GUESS_QUESTION_MAX)
    throw new DomainError('GUESS_QUESTION', { values: { max: GUESS_QUESTION_MAX } });
  if (
    !Number.isInteger(input.windowSeconds) ||
    input.windowSeconds < GUESS_WINDOW_MIN_SECONDS ||
    input.windowSeconds > GUESS_WINDOW_MAX_SECONDS
  )
    throw new DomainError('GUESS_WINDOW', {
      values: { min: GUESS_WINDOW_MIN_SECONDS, max: GUESS_WINDOW_MAX_SECONDS / 60 },
    });
  let closesAt = new Date(input.now.getTime() + input.windowSeconds * 1000);
  let outcomes: { label: string; market: string | null; pick: string | null; line?: number | null }[];
  let matchId: number | null = null;
  let openingScore: [number, number] | null = null;
  if (input.playTypes) {
    const playTypes = [...new Set(input.playTypes)];
    if (!playTypes.length || playTypes.length > GUESS_PLAY_TYPES_MAX)
      throw new DomainError('GUESS_PLAY_TYPES', { values: { max: GUESS_PLAY_TYPES_MAX } });
    const room = (await findRoom(db, input.roomId))!;
    if (!room.matchId) throw new DomainError('GUESS_NO_MATCH');
    const match = await boundMatchOf(db, room.matchId);
    if (!match) throw new DomainError('GUESS_NO_MATCH');
    if (match.status === 'finished' || match.status === 'abnormal') throw new DomainError('GUESS_MATCH_OVER');
    const parsed = playTypes.map((text) => parsePlayType(text, match.sport as MarketSport));
    if (parsed.some((type) => type === null)) throw new DomainError('GUESS_PLAY_TYPE_UNSUPPORTED');
    if (started(match, input.now)) {
      // In play only where a score is a rare event (a football goal, an e-sports map): a basketball
      // score changes every minute.
      if (match.sport === 'basketball') throw new DomainError('GUESS_MATCH_STARTED');
      openingScore = scoreOf(match);
    } else if (match.kickoffAt < closesAt) {
      closesAt = match.kickoffAt;
    }
    matchId = match.id;
    outcomes = parsed.flatMap((type) =>
      picksOf(type!.market).map((pick) => ({
        label: '',
        market: type!.market,
        pick,
        line: lineToHundredths(type!.line),
      })),
    );
  } else {
    const labels = (input.outcomes ?? []).map(trimmed);
    if (labels.length < GUESS_OUTCOMES_MIN || labels.length > GUESS_OUTCOMES_MAX)
      throw new DomainError('GUESS_OUTCOMES', {
        values: { min: GUESS_OUTCOMES_MIN, max: GUESS_OUTCOMES_MAX },
      });
    if (labels.some((label) => !label || label.length > GUESS_OUTCOME_MAX))
      throw new DomainError('GUESS_OUTCOME_LABEL', { values: { max: GUESS_OUTCOME_MAX } });
    if (new Set(labels).size !== labels.length) throw new DomainError('GUESS_OUTCOME_DUPLICATE');
    outcomes = labels.map((label) => ({ label, market: null, pick: null }));
  }
  const guess = await db.transaction(async (tx) => {
    // One open guess per room at a time (as Twitch): the room row serialises two openings.
    await tx.execute(sql`select id from live_rooms where id = ${input.roomId} for update`);
    const [open] = await tx
      .select({ id: guesses.id })
      .from(guesses)
      .where(and(eq(guesses.roomId, input.roomId), eq(guesses.status, 'open')));
    if (open) throw new DomainError('GUESS_ALREADY_OPEN');
    const [created] = await tx
      .insert(guesses)
      .values({
        roomId: input.roomId,
        openerId: input.userId,
        question,
        escrowShard: pickEscrowShard(),
        openedAt: input.now,
        closesAt,
        matchId,
        openingScore,
      })
      .returning();
    await tx
      .insert(guessOutcomes)
      .values(outcomes.map((outcome, position) => ({ ...outcome, guessId: created!.id, position })));
    return created!;
  });
  announce(guess, 'open');
  return { id: guess.id, closes_at: guess.closesAt.toISOString() };
}

export type StakeOutcome = {
  guess_id: number;
  outcome_id: number;
  amount: number;
  /** The caller's whole stake in this guess now. */
  total: number;
  /** The caller's coins after the stake. */
  balance: number;
};

/** Whether staking is still allowed at `now` (the window, and a bound match's kick-off and score). */
async function stakingOpen(db: DbOrTx, guess: Guess, now: Date) {
  if (guess.status !== 'open' || now >= guess.closesAt) return false;
  if (guess.matchId === null) return true;
  const match = await boundMatchOf(db, guess.matchId);
  if (!match) return false;
  if (!guess.openingScore) return !started(match, now);
  const [home, away] = scoreOf(match);
  return match.status === 'live' && home === guess.openingScore[0] && away === guess.openingScore[1];
}

export async function stakeGuess(
  db: DbOrTx,
  input: { userId: number; guessId: number; outcomeId: number; amount: number; key: string; now: Date },
) {
  if (!Number.isSafeInteger(input.amount) || input.amount < 1 || input.amount > GUESS_STAKE_MAX)
    throw new DomainError('GUESS_STAKE_AMOUNT', { values: { max: GUESS_STAKE_MAX } });
  try {
    const outcome = await runOperation<StakeOutcome>(db, {
      key: `guess-stake:${input.userId}:${input.key}`,
      kind: 'guess_stake',
      userId: input.userId,
      payload: { guess: input.guessId, outcome: input.outcomeId, amount: input.amount },
      now: input.now,
      prepare: async (tx, operationId) => {
        // FOR SHARE: stakes run side by side; a lock, settlement or cancellation waits for them.
        const [guess] = await tx.select().from(guesses).where(eq(guesses.id, input.guessId)).for('share');
        if (!guess) throw new NotFoundError('GUESS_NOT_FOUND');
        if (guess.openerId === input.userId || (await managesRoom(tx, guess.roomId, input.userId)))
          throw new DomainError('GUESS_MANAGER_CANNOT_STAKE');
        if (!(await stakingOpen(tx, guess, input.now))) throw new DomainError('GUESS_CLOSED');
        const [chosen] = await tx
          .select({ id: guessOutcomes.id })
          .from(guessOutcomes)
          .where(and(eq(guessOutcomes.id, input.outcomeId), eq(guessOutcomes.guessId, guess.id)));
        if (!chosen) throw new NotFoundError('GUESS_OUTCOME_NOT_FOUND');
        // One outcome per viewer: their stakes on this guess are taken one at a time.
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtextextended(${`guess:${guess.id}:${input.userId}`}, 0))`,
        );
        const mine = await tx
          .select({ outcomeId: guessStakes.outcomeId, amount: guessStakes.amount })
          .from(guessStakes)
          .where(and(eq(guessStakes.guessId, guess.id), eq(guessStakes.userId, input.userId)));
        if (mine.some((stake) => stake.outcomeId !== chosen.id)) throw new DomainError('GUESS_ONE_OUTCOME');
        await tx.insert(guessStakes).values({
          guessId: guess.id,
          outcomeId: chosen.id,
          userId: input.userId,
          operationId,
          amount: input.amount,
          placedAt: input.now,
        });
        return {
          legs: [
            {
              from: { user: input.userId },
              to: { system: 'escrow', shard: guess.escrowShard },
              currency: 'coin',
              amount: input.amount,
            },
          ],
          result: {
            guess_id: guess.id,
            outcome_id: chosen.id,
            amount: input.amount,
            total: mine.reduce((sum, stake) => sum + stake.amount, input.amount),
            balance: 0,
          },
          balanceFields: { balance: { user: input.userId, currency: 'coin' } },
        };
      },
    });
    if (!outcome.replayed) {
      const [guess] = await db
        .select({ id: guesses.id, roomId: guesses.roomId })
        .from(guesses)
        .where(eq(guesses.id, input.guessId));
      if (guess) announce(guess, 'open');
    }
    return outcome;
  } catch (error) {
    // Coins are earned, never bought: "top up" is not the way out here.
    if (error instanceof DomainError && error.code === 'INSUFFICIENT_BALANCE')
      throw new DomainError('COINS_NOT_ENOUGH');
    throw error;
  }
}

/** Escrow → each user, one leg per user. */
export function refundLegs(shard: number, rows: { userId: number; amount: number }[]): Leg[] {
  const byUser = new Map<number, number>();
  for (const row of rows)
    if (row.amount > 0) byUser.set(row.userId, (byUser.get(row.userId) ?? 0) + row.amount);
  return [...byUser].map(([user, amount]) => ({
    from: { system: 'escrow', shard },
    to: { user },
    currency: 'coin',
    amount,
  }));
}

/**
 * The refund of a guess turned void, in one ledger operation keyed `key`: `claim` moves the guess to
 * cancelled (or throws when it may not), its outcomes turn void, and the stakes `stakes` picks get their
 * coins back from escrow. The room is told once, not on a replay.
 */
export async function refundVoidedGuess(
  db: DbOrTx,
  input: { key: string; guessId: number; now: Date },
  claim: (tx: Tx) => Promise<Guess>,
  stakes: (guess: Guess) => SQL,
) {
  const outcome = await runOperation<{ room_id: number; refunded: number }>(db, {
    key: input.key,
    kind: 'guess_refund',
    userId: 0,
    payload: { guess: input.guessId },
    now: input.now,
    prepare: async (tx) => {
      const guess = await claim(tx);
      await tx.update(guessOutcomes).set({ result: 'void' }).where(eq(guessOutcomes.guessId, guess.id));
      const refunded = await tx
        .update(guessStakes)
        .set({ status: 'void', payout: guessStakes.amount })
        .where(and(eq(guessStakes.guessId, guess.id), stakes(guess)))
        .returning({ userId: guessStakes.userId, amount: guessStakes.amount });
      return {
        legs: refundLegs(guess.escrowShard, refunded),
        result: { room_id: guess.roomId, refunded: refunded.reduce((sum, row) => sum + row.amount, 0) },
      };
    },
  });
  if (!outcome.replayed) announce({ id: input.guessId, roomId: outcome.result.room_id }, 'cancelled');
  return outcome.result;
}

/**
 * A stake counts when it was placed by the lock instant: later ones are void and refunded by the
 * operation that set the lock (a lock, or the settlement of a guess that was still open).
 */
export const counted = (lockedAt: Date | null) =>
  sql`${guessStakes.placedAt} <= ${(lockedAt ?? new Date(0)).toISOString()}::timestamptz`;

export type LockReason = NonNullable<Guess['lockReason']>;

/**
 * Stops staking as of `at` (≤ now): the guess locks, and stakes placed after `at` are void and
 * refunded in the same operation. Once per guess (a locked guess stays as it is).
 */
export async function lockGuess(
  db: DbOrTx,
  input: { guessId: number; at: Date; reason: LockReason; delayMs?: number; now: Date },
) {
  const outcome = await runOperation<{ locked: boolean; room_id: number | null; voided: number }>(db, {
    key: `guess-lock:${input.guessId}`,
    kind: 'guess_refund',
    userId: 0,
    payload: { guess: input.guessId },
    now: input.now,
    prepare: async (tx) => {
      const [guess] = await tx
        .update(guesses)
        .set({
          status: 'locked',
          lockedAt: sql`greatest(${guesses.openedAt}, ${input.at.toISOString()}::timestamptz)`,
          lockReason: input.reason,
          lockDelayMs: input.delayMs ?? null,
        })
        .where(and(eq(guesses.id, input.guessId), eq(guesses.status, 'open')))
        .returning();
      if (!guess) return { legs: [], result: { locked: false, room_id: null, voided: 0 } };
      const late = await tx
        .update(guessStakes)
        .set({ status: 'void', payout: guessStakes.amount })
        .where(
          and(
            eq(guessStakes.guessId, guess.id),
            eq(guessStakes.status, 'held'),
            not(counted(guess.lockedAt)),
          ),
        )
        .returning({ userId: guessStakes.userId, amount: guessStakes.amount });
      return {
        legs: refundLegs(guess.escrowShard, late),
        result: { locked: true, room_id: guess.roomId, voided: late.length },
      };
    },
  });
  const { room_id: roomId } = outcome.result;
  if (!outcome.replayed && roomId !== null) announce({ id: input.guessId, roomId }, 'locked');
  return outcome.result;
}

/** A manager's lock (停止竞猜 / 封盘) of an open guess of their room. */
export async function lockByManager(db: DbOrTx, input: { userId: number; guessId: number; now: Date }) {
  const guess = await managedGuess(db, input.guessId, input.userId);
  if (guess.status !== 'open') throw new DomainError('GUESS_NOT_OPEN');
  const windowEnded = guess.closesAt <= input.now;
  return lockGuess(db, {
    guessId: guess.id,
    at: windowEnded ? guess.closesAt : input.now,
    reason: windowEnded ? 'window' : 'anchor',
    now: input.now,
  });
}

async function managedGuess(db: DbOrTx, guessId: number, userId: number) {
  const [guess] = await db.select().from(guesses).where(eq(guesses.id, guessId));
  if (!guess) throw new NotFoundError('GUESS_NOT_FOUND');
  if (!(await managesRoom(db, guess.roomId, userId))) throw new ForbiddenError('GUESS_NOT_MANAGER');
  return guess;
}

/**
 * Settles a guess: each outcome won, lost or void (push); held stakes are paid pari-mutuel from the
 * guess's escrow. An open guess locks at `now` on the way, exactly as `lockGuess` does: a stake placed
 * after that instant (it committed first, or came from a node whose clock runs ahead) is void and
 * refunded in the same operation, so every stake marked won is one the release pays. Once per guess.
 */
export async function settleGuess(
  db: DbOrTx,
  input: {
    guessId: number;
    results: Map<number, StakeResult>;
    now: Date;
    /** A person's settlement: the payouts stay in escrow until the dispute window ends. */
    hold?: boolean;
  },
) {
  const results = [...input.results].sort(([a], [b]) => a - b);
  const payAt = input.hold ? new Date(input.now.getTime() + GUESS_DISPUTE_WINDOW_MS) : null;
  const outcome = await runOperation<{
    room_id: number;
    paid: number;
    winners: number;
    pay_at: string | null;
  }>(db, {
    key: `guess-settle:${input.guessId}`,
    kind: 'guess_settle',
    userId: 0,
    payload: { guess: input.guessId, results },
    now: input.now,
    prepare: async (tx) => {
      const [guess] = await tx
        .update(guesses)
        .set({
          status: 'settled',
          settledAt: input.now,
          lockedAt: sql`coalesce(${guesses.lockedAt}, ${input.now.toISOString()}::timestamptz)`,
          lockReason: sql`coalesce(${guesses.lockReason}, 'anchor')`,
          payAt,
          paidAt: payAt ? null : input.now,
        })
        .where(and(eq(guesses.id, input.guessId), inArray(guesses.status, ['open', 'locked'])))
        .returning();
      if (!guess) throw new DomainError('GUESS_NOT_SETTLEABLE');
      const outcomes = await tx
        .select({ id: guessOutcomes.id })
        .from(guessOutcomes)
        .where(eq(guessOutcomes.guessId, guess.id));
      if (outcomes.some((row) => !input.results.has(row.id)) || outcomes.length !== input.results.size)
        throw new NotFoundError('GUESS_OUTCOME_NOT_FOUND');
      for (const [id, result] of results)
        await tx.update(guessOutcomes).set({ result }).where(eq(guessOutcomes.id, id));
      const late = await tx
        .update(guessStakes)
        .set({ status: 'void', payout: guessStakes.amount })
        .where(
          and(
            eq(guessStakes.guessId, guess.id),
            eq(guessStakes.status, 'held'),
            not(counted(guess.lockedAt)),
          ),
        )
        .returning({ userId: guessStakes.userId, amount: guessStakes.amount });
      const held = await tx
        .select({
          id: guessStakes.id,
          outcomeId: guessStakes.outcomeId,
          amount: guessStakes.amount,
          userId: guessStakes.userId,
        })
        .from(guessStakes)
        .where(and(eq(guessStakes.guessId, guess.id), eq(guessStakes.status, 'held')));
      const payouts = parimutuel(held, input.results);
      await writeStakeResults(tx, payouts);
      const paid = held.map((stake) => ({ userId: stake.userId, amount: payouts.get(stake.id)!.payout }));
      const total = paid.reduce((sum, row) => sum + row.amount, 0);
      const staked = held.reduce((sum, stake) => sum + stake.amount, 0);
      // The pool leaves escrow whole: pari-mutuel rounding neither makes nor loses a coin.
      if (total !== staked) throw new Error(`guess ${guess.id}: payouts ${total} ≠ stakes ${staked}`);
      return {
        // Held: the release (releaseGuess) moves the same coins after the dispute window; late stakes
        // go back now either way.
        legs: refundLegs(guess.escrowShard, payAt ? late : [...paid, ...late]),
        result: {
          room_id: guess.roomId,
          paid: total,
          winners: [...payouts.values()].filter((payout) => payout.status === 'won').length,
          pay_at: payAt?.toISOString() ?? null,
        },
      };
    },
  }).catch((error: unknown) => {
    // The key is the guess's: another settlement with other results got there first.
    if (error instanceof DomainError && error.code === 'IDEMPOTENCY_CONFLICT')
      throw new DomainError('GUESS_NOT_SETTLEABLE');
    throw error;
  });
  if (!outcome.replayed) announce({ id: input.guessId, roomId: outcome.result.room_id }, 'settled');
  return outcome.result;
}

async function writeStakeResults(tx: Tx, payouts: Map<number, { status: StakeResult; payout: number }>) {
  if (!payouts.size) return;
  const rows = [...payouts];
  await tx.execute(sql`
    update guess_stakes s set status = x.status::guess_stake_status, payout = x.payout
    from unnest(${sql.param(rows.map(([id]) => id))}::int[], ${sql.param(rows.map(([, p]) => p.status))}::text[],
                ${sql.param(rows.map(([, p]) => p.payout))}::int[]) as x(id, status, payout)
    where s.id = x.id`);
}

/**
 * Pays a held settlement out of escrow: each stake that counted (placed by the lock; later ones were
 * refunded at the lock) gets the payout written at settlement. The job calls it once the dispute window
 * passed with no open dispute; an upheld dispute (`uphold`) calls it at once. Once per guess.
 */
export async function releaseGuess(db: DbOrTx, input: { guessId: number; now: Date; uphold?: boolean }) {
  const outcome = await runOperation<{ room_id: number; paid: number }>(db, {
    key: `guess-release:${input.guessId}`,
    kind: 'guess_settle',
    userId: 0,
    payload: { guess: input.guessId },
    now: input.now,
    prepare: async (tx) => {
      const [guess] = await tx
        .update(guesses)
        .set({ paidAt: input.now, ...(input.uphold ? { disputeStatus: 'upheld' as const } : {}) })
        .where(
          and(
            eq(guesses.id, input.guessId),
            eq(guesses.status, 'settled'),
            isNull(guesses.paidAt),
            isNotNull(guesses.payAt),
            input.uphold
              ? eq(guesses.disputeStatus, 'open')
              : and(
                  lte(guesses.payAt, input.now),
                  or(isNull(guesses.disputeStatus), ne(guesses.disputeStatus, 'open')),
                ),
          ),
        )
        .returning();
      if (!guess) throw new DomainError(input.uphold ? 'GUESS_DISPUTE_DECIDED' : 'GUESS_NOT_RELEASABLE');
      const payouts = await tx
        .select({ userId: guessStakes.userId, amount: guessStakes.payout })
        .from(guessStakes)
        .where(and(eq(guessStakes.guessId, guess.id), counted(guess.lockedAt)));
      const paid = payouts.map((row) => ({ userId: row.userId, amount: row.amount ?? 0 }));
      return {
        legs: refundLegs(guess.escrowShard, paid),
        result: { room_id: guess.roomId, paid: paid.reduce((sum, row) => sum + row.amount, 0) },
      };
    },
  });
  if (!outcome.replayed) announce({ id: input.guessId, roomId: outcome.result.room_id }, 'settled');
  return outcome.result;
}

/** The anchor's settlement: the winning outcome; every other one lost. Not for match-bound guesses. */
export async function settleByManager(
  db: DbOrTx,
  input: { userId: number; guessId: number; outcomeId: number; now: Date },
) {
  const guess = await managedGuess(db, input.guessId, input.userId);
  if (guess.matchId !== null) throw new DomainError('GUESS_SETTLED_BY_MATCH');
  if (guess.status !== 'open' && guess.status !== 'locked') throw new DomainError('GUESS_NOT_SETTLEABLE');
  const outcomes = await db
    .select({ id: guessOutcomes.id })
    .from(guessOutcomes)
    .where(eq(guessOutcomes.guessId, guess.id));
  if (!outcomes.some((row) => row.id === input.outcomeId)) throw new NotFoundError('GUESS_OUTCOME_NOT_FOUND');
  return settleGuess(db, {
    guessId: guess.id,
    results: new Map(outcomes.map((row) => [row.id, row.id === input.outcomeId ? 'won' : 'lost'])),
    now: input.now,
    hold: true,
  });
}

/** 流局: the guess is void and every held stake goes back. Once per guess. */
export async function cancelGuess(
  db: DbOrTx,
  input: { guessId: number; reason: NonNullable<Guess['cancelReason']>; now: Date },
) {
  return refundVoidedGuess(
    db,
    { key: `guess-cancel:${input.guessId}`, guessId: input.guessId, now: input.now },
    async (tx) => {
      const [guess] = await tx
        .update(guesses)
        .set({
          status: 'cancelled',
          cancelReason: input.reason,
          settledAt: input.now,
          lockedAt: sql`coalesce(${guesses.lockedAt}, ${input.now.toISOString()}::timestamptz)`,
        })
        .where(and(eq(guesses.id, input.guessId), inArray(guesses.status, ['open', 'locked'])))
        .returning();
      if (!guess) throw new DomainError('GUESS_NOT_SETTLEABLE');
      return guess;
    },
    () => eq(guessStakes.status, 'held'),
  );
}

export async function cancelByManager(db: DbOrTx, input: { userId: number; guessId: number; now: Date }) {
  const guess = await managedGuess(db, input.guessId, input.userId);
  return cancelGuess(db, { guessId: guess.id, reason: 'anchor', now: input.now });
}
