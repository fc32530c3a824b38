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
import {
  and,
  asc,
  desc,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  lte,
  ne,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { DomainError, ForbiddenError, NotFoundError } from '@/lib/api/errors';
import { isRoomAdmin } from '@/lib/chat/channel';
import type { DbOrTx, Tx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { liveRooms } from '@/lib/live/schema';
import { findRoom } from '@/lib/live/service';
import { roomStreamDelayMs } from '@/lib/live/stream-delay';
import { lineFromHundredths, lineToHundredths, type MarketSport } from '@/lib/markets';
import { rooms } from '@/lib/realtime/events';
import { publish } from '@/lib/realtime/gateway';
import { competitions, matches, seasons } from '@/lib/scores/schema';
import { localName } from '@/lib/scores/service';
import { recordsSince } from '@/lib/time/record-window';
import { type Leg, pickEscrowShard, runOperation } from '@/lib/wallet/ledger';
import { gradeGuessOutcome, parsePlayType, picksOf } from './match-result';
import { parimutuel, type StakeResult } from './payout';
import { guessDisputes, guesses, guessOutcomes, guessStakes } from './schema';

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

type Guess = typeof guesses.$inferSelect;

const trimmed = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The anchor of the room or one of its administrators: may open, lock, settle and cancel, never stake. */
async function managesRoom(db: DbOrTx, roomId: number, userId: number) {
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

type BoundMatch = {
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

async function boundMatchOf(db: DbOrTx, matchId: number): Promise<BoundMatch | undefined> {
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

// ---- Reading -------------------------------------------------------------------------------------

/** How many of a room's guesses its panel lists (the newest first). */
export const ROOM_GUESSES_SHOWN = 5;

export type GuessView = Awaited<ReturnType<typeof roomGuesses>>['list'][number];

/** A room's recent guesses for its panel: outcomes with their pools, and the viewer's own stake. */
export async function roomGuesses(
  db: DbOrTx,
  roomId: number,
  viewerId: number | null,
  locale: Locale,
  now: Date,
) {
  const room = await findRoom(db, roomId);
  if (!room) throw new NotFoundError('ROOM_NOT_FOUND');
  const list = await db
    .select()
    .from(guesses)
    .where(
      and(
        eq(guesses.roomId, roomId),
        gte(guesses.openedAt, new Date(now.getTime() - GUESS_UNRESOLVED_MS * 2)),
      ),
    )
    .orderBy(desc(guesses.openedAt), desc(guesses.id))
    .limit(ROOM_GUESSES_SHOWN);
  const ids = list.map((guess) => guess.id);
  const [outcomes, pools, mine, canManage, teamsOf, roomMatch, disputed] = await Promise.all([
    ids.length
      ? db
          .select()
          .from(guessOutcomes)
          .where(inArray(guessOutcomes.guessId, ids))
          .orderBy(asc(guessOutcomes.position))
      : [],
    ids.length
      ? db
          .select({
            outcomeId: guessStakes.outcomeId,
            amount: sql<number>`coalesce(sum(${guessStakes.amount}) filter (where ${guessStakes.status} <> 'void'), 0)::int`,
            people: sql<number>`count(distinct ${guessStakes.userId}) filter (where ${guessStakes.status} <> 'void')::int`,
          })
          .from(guessStakes)
          .where(inArray(guessStakes.guessId, ids))
          .groupBy(guessStakes.outcomeId)
      : [],
    ids.length && viewerId
      ? db
          .select()
          .from(guessStakes)
          .where(and(inArray(guessStakes.guessId, ids), eq(guessStakes.userId, viewerId)))
      : [],
    viewerId ? managesRoom(db, roomId, viewerId) : false,
    matchTeams(db, [...new Set(list.map((guess) => guess.matchId).filter((id) => id !== null))], locale),
    room.matchId ? boundMatchOf(db, room.matchId) : undefined,
    ids.length && viewerId
      ? db
          .select({ guessId: guessDisputes.guessId })
          .from(guessDisputes)
          .where(and(inArray(guessDisputes.guessId, ids), eq(guessDisputes.userId, viewerId)))
      : [],
  ]);
  const disputedByMe = new Set(disputed.map((row) => row.guessId));
  // What the anchor's form may offer: the bound match's sport while a guess can still be opened on it.
  const openable =
    roomMatch &&
    (roomMatch.sport === 'football' || roomMatch.sport === 'basketball' || roomMatch.sport === 'esports') &&
    (roomMatch.status === 'not_started' || (roomMatch.status === 'live' && roomMatch.sport !== 'basketball'))
      ? (roomMatch.sport as MarketSport)
      : null;
  const poolOf = new Map(pools.map((pool) => [pool.outcomeId, pool]));
  return {
    can_manage: canManage,
    room_match_id: room.matchId,
    room_match_sport: openable,
    list: list.map((guess) => {
      const own = mine.filter((stake) => stake.guessId === guess.id);
      // An open guess whose window passed is locked for everyone, before the job writes it.
      const status = guess.status === 'open' && guess.closesAt <= now ? 'locked' : guess.status;
      return {
        id: guess.id,
        question: guess.question,
        status,
        opened_at: guess.openedAt.toISOString(),
        closes_at: guess.closesAt.toISOString(),
        locked_at: guess.lockedAt?.toISOString() ?? null,
        lock_reason: guess.lockReason,
        lock_delay_ms: guess.lockDelayMs,
        cancel_reason: guess.cancelReason,
        ...settlementView(guess),
        disputed_by_me: disputedByMe.has(guess.id),
        // Whether this viewer may still dispute: a person's settlement, its window running, a stake that
        // counted, no dispute of theirs yet, not decided by a moderator.
        can_dispute:
          guess.status === 'settled' &&
          guess.payAt !== null &&
          guess.paidAt === null &&
          now < guess.payAt &&
          guess.disputeStatus !== 'upheld' &&
          !disputedByMe.has(guess.id) &&
          mine.some(
            (stake) =>
              stake.guessId === guess.id && guess.lockedAt !== null && stake.placedAt <= guess.lockedAt,
          ),
        match: guess.matchId ? (teamsOf.get(guess.matchId) ?? null) : null,
        outcomes: outcomes
          .filter((outcome) => outcome.guessId === guess.id)
          .map((outcome) => ({
            id: outcome.id,
            label: outcome.label,
            market: outcome.market,
            pick: outcome.pick,
            line: lineFromHundredths(outcome.line),
            result: outcome.result,
            pool: poolOf.get(outcome.id)?.amount ?? 0,
            people: poolOf.get(outcome.id)?.people ?? 0,
          })),
        mine: own.length
          ? {
              outcome_id: own[0]!.outcomeId,
              amount: own.reduce((sum, stake) => sum + stake.amount, 0),
              payout: own.every((stake) => stake.payout !== null)
                ? own.reduce((sum, stake) => sum + (stake.payout ?? 0), 0)
                : null,
              status: stakeSummary(own.map((stake) => stake.status)),
            }
          : null,
      };
    }),
  };
}

/** When a settled guess pays (or paid) out, its dispute's state, and why it was voided after one. */
function settlementView(
  guess: Pick<Guess, 'payAt' | 'paidAt' | 'disputeStatus' | 'voidReasonCode' | 'voidNote'>,
) {
  return {
    pay_at: guess.payAt?.toISOString() ?? null,
    paid_out: guess.paidAt !== null,
    dispute_status: guess.disputeStatus,
    void_reason: guess.voidReasonCode ? { code: guess.voidReasonCode, note: guess.voidNote ?? '' } : null,
  };
}

/** One word for a viewer's stakes in a guess: pending while any is held, else won / lost / void. */
function stakeSummary(statuses: (typeof guessStakes.$inferSelect)['status'][]) {
  if (statuses.includes('held')) return 'held' as const;
  if (statuses.includes('won')) return 'won' as const;
  if (statuses.includes('lost')) return 'lost' as const;
  return 'void' as const;
}

async function matchTeams(db: DbOrTx, ids: number[], locale: Locale) {
  if (!ids.length) return new Map<number, { home: string; away: string }>();
  const rows = await db.execute<{
    id: number;
    home_names: Record<string, string>;
    home_source: string;
    away_names: Record<string, string>;
    away_source: string;
  }>(sql`
    select m.id, h.names as home_names, h.source_name as home_source, a.names as away_names, a.source_name as away_source
    from matches m join teams h on h.id = m.home_team_id join teams a on a.id = m.away_team_id
    where m.id = any(${sql.param(ids)}::int[])`);
  return new Map(
    rows.rows.map((row) => [
      Number(row.id),
      {
        home: localName(row.home_names, row.home_source, locale),
        away: localName(row.away_names, row.away_source, locale),
      },
    ]),
  );
}

export const GUESS_RECORDS_PAGE = 20;

/** The viewer's guesses of the last three months (spec §5), newest first: what they staked and got back. */
export async function guessRecords(db: DbOrTx, userId: number, now: Date, page = 1) {
  const since = recordsSince(now);
  const rows = await db
    .select({
      guessId: guesses.id,
      question: guesses.question,
      status: guesses.status,
      payAt: guesses.payAt,
      paidAt: guesses.paidAt,
      disputeStatus: guesses.disputeStatus,
      voidReasonCode: guesses.voidReasonCode,
      voidNote: guesses.voidNote,
      roomId: guesses.roomId,
      anchor: users.nickname,
      outcomeLabel: guessOutcomes.label,
      market: guessOutcomes.market,
      pick: guessOutcomes.pick,
      line: guessOutcomes.line,
      matchId: guesses.matchId,
      amount: sql<number>`sum(${guessStakes.amount})::int`,
      payout: sql<
        number | null
      >`case when bool_and(${guessStakes.payout} is not null) then sum(${guessStakes.payout})::int end`,
      statuses: sql<string[]>`array_agg(distinct ${guessStakes.status}::text)`,
      placedAt: sql<string>`max(${guessStakes.placedAt})`,
      total: sql<number>`count(*) over ()::int`,
    })
    .from(guessStakes)
    .innerJoin(guesses, eq(guesses.id, guessStakes.guessId))
    .innerJoin(guessOutcomes, eq(guessOutcomes.id, guessStakes.outcomeId))
    .innerJoin(liveRooms, eq(liveRooms.id, guesses.roomId))
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .where(and(eq(guessStakes.userId, userId), gte(guessStakes.placedAt, since)))
    .groupBy(guesses.id, guessOutcomes.id, users.nickname)
    .orderBy(desc(sql`max(${guessStakes.placedAt})`), desc(guesses.id))
    .limit(GUESS_RECORDS_PAGE)
    .offset((page - 1) * GUESS_RECORDS_PAGE);
  return {
    total: rows[0]?.total ?? 0,
    list: rows.map((row) => ({
      guess_id: row.guessId,
      question: row.question,
      guess_status: row.status,
      ...settlementView(row),
      room_id: row.roomId,
      anchor: row.anchor,
      outcome: {
        label: row.outcomeLabel,
        market: row.market,
        pick: row.pick,
        line: lineFromHundredths(row.line),
      },
      amount: row.amount,
      payout: row.payout,
      status: stakeSummary(row.statuses as (typeof guessStakes.$inferSelect)['status'][]),
      placed_at: new Date(row.placedAt).toISOString(),
    })),
  };
}
