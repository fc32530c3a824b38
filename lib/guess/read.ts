// What fun-guess shows: a room's panel (its recent guesses with their pools, the viewer's own stake and
// whether they may still dispute, what the anchor's form may offer) and a viewer's records of three
// months. Read only: every change goes through the state machine (./service.ts).
import { and, asc, desc, eq, gte, inArray, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { liveRooms } from '@/lib/live/schema';
import { findRoom } from '@/lib/live/service';
import { lineFromHundredths, type MarketSport } from '@/lib/markets';
import { localName } from '@/lib/scores/service';
import { recordsSince } from '@/lib/time/record-window';
import { guessDisputes, guesses, guessOutcomes, guessStakes } from './schema';
import { boundMatchOf, GUESS_UNRESOLVED_MS, type Guess, managesRoom } from './service';

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
