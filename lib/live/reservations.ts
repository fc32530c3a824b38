// Reserved lives, bookings and the room rankings (spec §7 setReserveLiveNew, deleteReserveLive,
// getReserveLiveList, getUserReserveLiveList, reserveMatch, reserveMatch2, roomRanking).
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import { avatarOf } from '@/lib/accounts/avatars';
import { users } from '@/lib/accounts/schema';
import { DomainError, ForbiddenError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { competitions, matches } from '@/lib/scores/schema';
import { type MatchRow, presentMatch, selectMatches } from '@/lib/scores/service';
import { bookings, broadcasts, follows, liveRooms, reservedLives } from './schema';
import { notSealed } from './seal-state';
import { ensureRoom } from './service';

export const RESERVE_TITLE_MAX = 60;
export const RESERVE_HORIZON_DAYS = 30;
/** Matches on /schedule: the next three days. */
export const SCHEDULE_MATCH_DAYS = 3;
const DAY_MS = 86_400_000;
/** Day boundaries follow the portal's home zone, like the /anchor weekday filter. */
const HOME_OFFSET_MS = 8 * 3600_000;

export type ScheduleSport = 'all' | 'football' | 'basketball';

async function upcomingMatch(db: DbOrTx, matchId: number) {
  const [match] = await db.select().from(matches).where(eq(matches.id, matchId));
  if (!match) throw new NotFoundError('MATCH_NOT_FOUND');
  return match;
}

export async function createReservation(
  db: DbOrTx,
  anchorId: number,
  input: { title: string; startsAt: Date; matchId?: number | null },
  now: Date,
) {
  if (input.startsAt.getTime() <= now.getTime()) throw new DomainError('RESERVE_IN_PAST');
  if (input.startsAt.getTime() > now.getTime() + RESERVE_HORIZON_DAYS * DAY_MS)
    throw new DomainError('RESERVE_TOO_FAR', { values: { days: RESERVE_HORIZON_DAYS } });
  if (input.matchId) {
    const match = await upcomingMatch(db, input.matchId);
    if (match.status !== 'not_started') throw new DomainError('RESERVE_MATCH_STARTED');
  }
  const room = await ensureRoom(db, anchorId);
  const [row] = await db
    .insert(reservedLives)
    .values({ roomId: room.id, title: input.title, startsAt: input.startsAt, matchId: input.matchId ?? null })
    .returning();
  return row!;
}

async function liveReservation(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ reservation: reservedLives, anchorId: liveRooms.anchorId })
    .from(reservedLives)
    .innerJoin(liveRooms, eq(liveRooms.id, reservedLives.roomId))
    .where(and(eq(reservedLives.id, id), isNull(reservedLives.deletedAt)));
  if (!row) throw new NotFoundError('RESERVATION_NOT_FOUND');
  return row;
}

/** Soft delete: bookings stay for the record but the live leaves every list. */
export async function deleteReservation(db: DbOrTx, anchorId: number, id: number, now: Date) {
  const row = await liveReservation(db, id);
  if (row.anchorId !== anchorId) throw new ForbiddenError('RESERVATION_NOT_YOURS');
  await db.update(reservedLives).set({ deletedAt: now }).where(eq(reservedLives.id, id));
  return { id };
}

export type ReservationQuery = {
  roomId?: number;
  /** A day in the portal's home zone, `YYYY-MM-DD`. */
  day?: string;
  sport?: ScheduleSport;
  /** Only what this user booked. */
  bookedBy?: number;
  /** Marks `booked` for this viewer. */
  viewerId?: number | null;
  now: Date;
  limit?: number;
};

/** Upcoming reserved lives, soonest first, with the room, the anchor and the booking count. */
export async function listReservations(db: DbOrTx, query: ReservationQuery) {
  const now = query.now;
  const dayStart = query.day ? new Date(Date.parse(`${query.day}T00:00:00Z`) - HOME_OFFSET_MS) : null;
  const viewer = query.viewerId ?? query.bookedBy ?? -1;
  const sportOf = sql<string>`coalesce((select c.sport from ${matches} m
    join seasons s on s.id = m.season_id join ${competitions} c on c.id = s.competition_id
    where m.id = ${reservedLives.matchId}), ${liveRooms.category}::text)`;
  const rows = await db
    .select({
      id: reservedLives.id,
      title: reservedLives.title,
      startsAt: reservedLives.startsAt,
      matchId: reservedLives.matchId,
      roomId: liveRooms.id,
      roomStatus: liveRooms.status,
      anchorId: users.id,
      nickname: users.nickname,
      avatar: users.avatar,
      sport: sportOf,
      bookings: sql<number>`(select count(*)::int from ${bookings} b where b.reserved_live_id = ${reservedLives.id})`,
      booked: sql<boolean>`exists (select 1 from ${bookings} b where b.reserved_live_id = ${reservedLives.id}
        and b.user_id = ${viewer})`,
    })
    .from(reservedLives)
    .innerJoin(liveRooms, eq(liveRooms.id, reservedLives.roomId))
    .innerJoin(users, eq(users.id, liveRooms.anchorId))
    .where(
      and(
        isNull(reservedLives.deletedAt),
        notSealed(now),
        gte(reservedLives.startsAt, dayStart && dayStart > now ? dayStart : now),
        dayStart ? lt(reservedLives.startsAt, new Date(dayStart.getTime() + DAY_MS)) : undefined,
        query.roomId ? eq(reservedLives.roomId, query.roomId) : undefined,
        query.sport && query.sport !== 'all' ? sql`${sportOf} = ${query.sport}` : undefined,
        query.bookedBy
          ? sql`exists (select 1 from ${bookings} b where b.reserved_live_id = ${reservedLives.id}
              and b.user_id = ${query.bookedBy})`
          : undefined,
      ),
    )
    .orderBy(asc(reservedLives.startsAt), asc(reservedLives.id))
    .limit(query.limit ?? 200);
  return rows.map((row) => ({ ...row, avatar: avatarOf({ id: row.anchorId, avatar: row.avatar }) }));
}

export type ReservationItem = Awaited<ReturnType<typeof listReservations>>[number];

/** Not-started matches kicking off within the next days, with the viewer's booking marked. */
export async function upcomingMatches(
  db: DbOrTx,
  locale: Locale,
  options: {
    sport?: ScheduleSport;
    viewerId?: number | null;
    days?: number;
    now: Date;
    limit?: number;
  },
) {
  const now = options.now;
  const rows = await selectMatches(db)
    .where(
      and(
        eq(matches.status, 'not_started'),
        gte(matches.kickoffAt, now),
        lt(matches.kickoffAt, new Date(now.getTime() + (options.days ?? SCHEDULE_MATCH_DAYS) * DAY_MS)),
        options.sport && options.sport !== 'all' ? eq(competitions.sport, options.sport) : undefined,
      ),
    )
    .orderBy(asc(matches.kickoffAt), asc(matches.id))
    .limit(options.limit ?? 120);
  const booked = await bookedMatchIds(
    db,
    options.viewerId ?? null,
    rows.map((row) => row.match.id),
  );
  return (await withReplayLabels(db, rows, locale)).map((match) => ({
    ...match,
    booked: booked.has(match.id),
  }));
}

/** Replays must name the fixture they replay and its original date, so the original is looked up. */
export async function withReplayLabels(db: DbOrTx, rows: MatchRow[], locale: Locale) {
  const originalIds = rows.flatMap((row) => (row.match.replayOfMatchId ? [row.match.replayOfMatchId] : []));
  const originals = new Map(
    (originalIds.length ? await selectMatches(db).where(inArray(matches.id, originalIds)) : []).map((row) => {
      const original = presentMatch(row, locale);
      return [
        original.id,
        { fixture: `${original.homeTeam.name} – ${original.awayTeam.name}`, kickoffAt: original.kickoffAt },
      ] as const;
    }),
  );
  return rows.map((row) => ({
    ...presentMatch(row, locale),
    replayOf: row.match.replayOfMatchId ? (originals.get(row.match.replayOfMatchId) ?? null) : null,
  }));
}

export type UpcomingMatch = Awaited<ReturnType<typeof upcomingMatches>>[number];

async function bookedMatchIds(db: DbOrTx, userId: number | null, matchIds: number[]) {
  if (!userId || !matchIds.length) return new Set<number>();
  const rows = await db
    .select({ matchId: bookings.matchId })
    .from(bookings)
    .where(and(eq(bookings.userId, userId), inArray(bookings.matchId, matchIds)));
  return new Set(rows.map((row) => row.matchId!));
}

/** What a user booked: upcoming reserved lives and matches not finished yet, soonest first. */
export async function userBookings(db: DbOrTx, userId: number, locale: Locale, now: Date) {
  const [lives, matchRows] = await Promise.all([
    listReservations(db, { bookedBy: userId, now }),
    db
      .select({ matchId: bookings.matchId })
      .from(bookings)
      .where(and(eq(bookings.userId, userId), sql`${bookings.matchId} is not null`)),
  ]);
  const ids = matchRows.map((row) => row.matchId!);
  const booked = ids.length
    ? await selectMatches(db)
        .where(and(inArray(matches.id, ids), inArray(matches.status, ['not_started', 'live'])))
        .orderBy(asc(matches.kickoffAt))
    : [];
  return {
    lives,
    matches: (await withReplayLabels(db, booked, locale)).map((match) => ({ ...match, booked: true })),
  };
}

export async function setLiveBooking(db: DbOrTx, userId: number, id: number, book: boolean) {
  await liveReservation(db, id);
  const where = and(eq(bookings.userId, userId), eq(bookings.reservedLiveId, id));
  if (book) await db.insert(bookings).values({ userId, reservedLiveId: id }).onConflictDoNothing();
  else await db.delete(bookings).where(where);
  const [row] = await db.select({ total: count() }).from(bookings).where(eq(bookings.reservedLiveId, id));
  return { id, booked: book, bookings: row?.total ?? 0 };
}

export async function setMatchBooking(db: DbOrTx, userId: number, matchId: number, book: boolean) {
  const match = await upcomingMatch(db, matchId);
  if (book && match.status !== 'not_started') throw new DomainError('BOOK_MATCH_STARTED');
  if (book) await db.insert(bookings).values({ userId, matchId }).onConflictDoNothing();
  else await db.delete(bookings).where(and(eq(bookings.userId, userId), eq(bookings.matchId, matchId)));
  return { match_id: matchId, booked: book };
}

export const RANK_WINDOWS = ['day', 'week', 'month', 'total'] as const;
export type RankWindow = (typeof RANK_WINDOWS)[number];

/** Start of today, this week (Monday) or this month in the portal's home zone; `total` has none. */
export function rankWindowStart(window: RankWindow, now: Date) {
  if (window === 'total') return null;
  const local = new Date(now.getTime() + HOME_OFFSET_MS);
  let start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate());
  if (window === 'week') start -= ((local.getUTCDay() + 6) % 7) * DAY_MS;
  if (window === 'month') start = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), 1);
  return new Date(start - HOME_OFFSET_MS);
}

/**
 * Streamer ranking: heat = Σ over the room's broadcasts started in the window of
 * peak viewers × hours on air (an open broadcast counts up to now), i.e. peak viewer-hours.
 * It rewards both audience and time on air, and it is made only of recorded broadcasts, never of
 * the room's live `heat` counter, so past windows stay stable. Ties go to more minutes on air.
 * Fans ranking: follows an anchor gained in the window (`follows.createdAt`).
 */
export async function roomRanking(db: DbOrTx, window: RankWindow, now: Date, limit = 30) {
  const start = rankWindowStart(window, now);
  const minutes = sql<number>`sum(extract(epoch from (coalesce(${broadcasts.endedAt}, ${now}) - ${broadcasts.startedAt})) / 60)`;
  const heat = sql<number>`sum(${broadcasts.peakViewers} * extract(epoch from (coalesce(${broadcasts.endedAt}, ${now}) - ${broadcasts.startedAt})) / 3600)`;
  const [streamers, fans] = await Promise.all([
    db
      .select({
        roomId: liveRooms.id,
        title: liveRooms.title,
        status: liveRooms.status,
        anchorId: users.id,
        nickname: users.nickname,
        avatar: users.avatar,
        broadcasts: sql<number>`count(${broadcasts.id})::int`,
        minutes: sql<number>`round(${minutes})::int`,
        heat: sql<number>`round(${heat})::int`,
      })
      .from(broadcasts)
      .innerJoin(liveRooms, eq(liveRooms.id, broadcasts.roomId))
      .innerJoin(users, eq(users.id, liveRooms.anchorId))
      .where(and(notSealed(now), start ? gte(broadcasts.startedAt, start) : undefined))
      .groupBy(liveRooms.id, users.id)
      .orderBy(desc(heat), desc(minutes), asc(liveRooms.id))
      .limit(limit),
    db
      .select({
        anchorId: users.id,
        nickname: users.nickname,
        avatar: users.avatar,
        roomId: liveRooms.id,
        gained: sql<number>`count(*)::int`,
      })
      .from(follows)
      .innerJoin(users, eq(users.id, follows.anchorId))
      .leftJoin(liveRooms, eq(liveRooms.anchorId, follows.anchorId))
      .where(and(notSealed(now), start ? gte(follows.createdAt, start) : undefined))
      .groupBy(users.id, liveRooms.id)
      .orderBy(desc(count()), asc(users.id))
      .limit(limit),
  ]);
  const withAvatar = <T extends { anchorId: number; avatar: string }>(row: T, index: number) => ({
    ...row,
    rank: index + 1,
    avatar: avatarOf({ id: row.anchorId, avatar: row.avatar }),
  });
  return { window, since: start, streamers: streamers.map(withAvatar), fans: fans.map(withAvatar) };
}

export type Ranking = Awaited<ReturnType<typeof roomRanking>>;
