// Reads and writes of the live-scores screens: the board of one sport and tab (live, results of a day,
// schedule of a day, the reader's favourites) with cards, corners and the latest odds of each match;
// a match's key events for the expanded row; and favourites. Replays and simulations are labelled.
import { aliasedTable, and, asc, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { preparedFor, slot } from '@/lib/db/prepared';
import type { Locale } from '@/lib/i18n/routing';
import { translator } from '@/lib/i18n/translate';
import { dayIn, zoneOffsetMinutes } from '@/lib/time/zone';
import { type Board, type BoardSport, type ScoreRow, type ScoreTab, shiftDay } from './board-schema';
import { matchFavourites } from './favourites-schema';
import { competitions, matchEvents, matches, matchStatistics, oddsSnapshots, seasons, teams } from './schema';
import { localName } from './service';

const home = aliasedTable(teams, 'home_team');
const away = aliasedTable(teams, 'away_team');

export type BoardQuery = {
  sport: BoardSport;
  tab: ScoreTab;
  day?: string;
  timeZone: string;
  competition?: string;
  region?: string;
  userId?: number | null;
};

/** The instant a calendar day starts in a zone (DST-safe: the offset is read at the start itself). */
export function dayStart(day: string, timeZone: string) {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  const guess = midnightUtc - zoneOffsetMinutes(timeZone, midnightUtc) * 60_000;
  return new Date(midnightUtc - zoneOffsetMinutes(timeZone, guess) * 60_000);
}

const MAX_ROWS = 300;
const MAX_FAVOURITES = 100;

function selectRows(db: DbOrTx) {
  return db
    .select({
      match: matches,
      competition: {
        code: competitions.code,
        names: competitions.names,
        sourceName: competitions.sourceName,
        sport: competitions.sport,
        region: competitions.region,
      },
      seasonKey: seasons.key,
      home: {
        id: home.id,
        sourceName: home.sourceName,
        names: home.names,
        crestColors: home.crestColors,
        simulated: home.simulated,
      },
      away: { id: away.id, sourceName: away.sourceName, names: away.names, crestColors: away.crestColors },
    })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .$dynamic();
}

type RawRow = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

/** Region names: the runtime's CLDR names for countries, the catalog for the rest (`eu`, `gb-eng`). */
function regionNamer(locale: Locale) {
  const t = translator(locale);
  const display = new Intl.DisplayNames([locale], { type: 'region' });
  return (code: string) => {
    const key = `scores.regions.${code.replace('-', '_')}`;
    if (t.has(key as never)) return t(key as never);
    if (/^[a-z]{2}$/.test(code)) return display.of(code.toUpperCase()) ?? code.toUpperCase();
    return code.toUpperCase();
  };
}

const TALLIED_KINDS = ['yellow_card', 'red_card', 'corner'];

/** The board's queries that run with the same shape on every request (lib/db/prepared.ts). */
const boardStatements = preparedFor((db) => {
  const sportIs = eq(competitions.sport, slot('sport'));
  const ids = sql`any(${slot('ids')}::int[])`;
  return {
    live: selectRows(db)
      .where(and(sportIs, eq(matches.status, 'live')))
      .orderBy(asc(matches.kickoffAt), asc(matches.id))
      .limit(MAX_ROWS)
      .prepare('scores_board_live'),
    day: selectRows(db)
      .where(
        and(
          sportIs,
          gte(matches.kickoffAt, slot('start')),
          lt(matches.kickoffAt, slot('end')),
          sql`${matches.status} = any(${slot('statuses')}::text[])`,
        ),
      )
      .orderBy(asc(matches.kickoffAt), asc(matches.id))
      .limit(MAX_ROWS)
      .prepare('scores_board_day'),
    liveCount: db
      .select({ count: sql<number>`count(*)`.mapWith(Number) })
      .from(matches)
      .innerJoin(seasons, eq(seasons.id, matches.seasonId))
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(and(sportIs, eq(matches.status, 'live')))
      .prepare('scores_board_live_count'),
    next: selectRows(db)
      .where(and(sportIs, eq(matches.status, 'not_started'), gte(matches.kickoffAt, slot('now'))))
      .orderBy(asc(matches.kickoffAt))
      .limit(1)
      .prepare('scores_board_next'),
    counts: db
      .select({
        matchId: matchEvents.matchId,
        kind: matchEvents.kind,
        side: matchEvents.side,
        count: sql<number>`count(*)`.mapWith(Number),
        generated: sql<boolean>`bool_or(${matchEvents.generated})`,
      })
      .from(matchEvents)
      .where(
        and(sql`${matchEvents.matchId} = ${ids}`, sql`${matchEvents.kind} = any(${slot('kinds')}::text[])`),
      )
      .groupBy(matchEvents.matchId, matchEvents.kind, matchEvents.side)
      .prepare('scores_board_counts'),
    odds: db
      .selectDistinctOn([oddsSnapshots.matchId])
      .from(oddsSnapshots)
      .where(and(sql`${oddsSnapshots.matchId} = ${ids}`, eq(oddsSnapshots.market, '1x2')))
      .orderBy(oddsSnapshots.matchId, desc(oddsSnapshots.capturedAt))
      .prepare('scores_board_odds'),
  };
});

async function extras(db: DbOrTx, ids: number[], userId: number | null | undefined) {
  if (!ids.length) return { counts: [], odds: [], favourites: new Set<number>() };
  const statements = boardStatements(db);
  const [counts, odds, favourites] = await Promise.all([
    statements.counts.execute({ ids, kinds: TALLIED_KINDS }),
    statements.odds.execute({ ids }),
    userId
      ? db
          .select({ matchId: matchFavourites.matchId })
          .from(matchFavourites)
          .where(and(eq(matchFavourites.userId, userId), inArray(matchFavourites.matchId, ids)))
      : Promise.resolve([]),
  ]);
  return { counts, odds, favourites: new Set(favourites.map((row) => row.matchId)) };
}

async function presentRows(
  db: DbOrTx,
  raw: RawRow[],
  locale: Locale,
  userId: number | null | undefined,
): Promise<ScoreRow[]> {
  const { counts, odds, favourites } = await extras(
    db,
    raw.map((row) => row.match.id),
    userId,
  );
  const oddsOf = new Map(odds.map((row) => [row.matchId, row]));
  return raw.map(({ match, competition, seasonKey, home: homeTeam, away: awayTeam }) => {
    const mine = counts.filter((row) => row.matchId === match.id);
    const tally = (kind: string): [number, number] => [
      mine.find((row) => row.kind === kind && row.side === 'home')?.count ?? 0,
      mine.find((row) => row.kind === kind && row.side === 'away')?.count ?? 0,
    ];
    const cardRows = mine.filter((row) => row.kind !== 'corner');
    const cornerRows = mine.filter((row) => row.kind === 'corner');
    const price = oddsOf.get(match.id);
    const both = (a: number | null, b: number | null): [number, number] | null =>
      a === null || b === null ? null : [a, b];
    return {
      id: match.id,
      sport: competition.sport,
      competitionCode: competition.code,
      competitionName: localName(competition.names, competition.sourceName, locale),
      region: competition.region,
      seasonKey,
      round: match.round,
      kickoffAt: match.kickoffAt.toISOString(),
      kickoffTimeKnown: match.kickoffTimeKnown,
      status: match.status,
      statusNote: match.statusNote,
      period: match.period,
      minute: match.minute,
      home: {
        id: homeTeam.id,
        name: localName(homeTeam.names, homeTeam.sourceName, locale),
        colors: homeTeam.crestColors,
      },
      away: {
        id: awayTeam.id,
        name: localName(awayTeam.names, awayTeam.sourceName, locale),
        colors: awayTeam.crestColors,
      },
      score: both(match.homeScore, match.awayScore),
      halfTime: both(match.homeHalfTime, match.awayHalfTime),
      penalties: both(match.homePenalties, match.awayPenalties),
      periods: match.periodScores,
      // Cards and corners only when the feed reports them: a record without them shows nothing.
      cards: cardRows.length
        ? {
            yellow: tally('yellow_card'),
            red: tally('red_card'),
            generated: cardRows.some((row) => row.generated),
          }
        : match.source === 'replay'
          ? { yellow: [0, 0], red: [0, 0], generated: true }
          : null,
      corners: cornerRows.length
        ? { value: tally('corner'), generated: cornerRows.some((row) => row.generated) }
        : match.source === 'replay'
          ? { value: [0, 0], generated: true }
          : null,
      odds: price
        ? { home: price.home, draw: price.draw, away: price.away, generated: price.generated }
        : null,
      source: match.source,
      replayOfDate: match.replayOfDate,
      simulated: match.source === 'simulated' || homeTeam.simulated,
      favourite: favourites.has(match.id),
    };
  });
}

const STATUS_ORDER = { live: 0, not_started: 1, finished: 2, abnormal: 3 } as const;

/** One tab of the scores screen, with the competition and region choices its matches offer. */
export async function scoreBoard(db: DbOrTx, query: BoardQuery, locale: Locale, now: Date): Promise<Board> {
  const day = query.day ?? dayIn(now, query.timeZone);
  const sportIs = eq(competitions.sport, query.sport);
  const statements = boardStatements(db);
  let raw: RawRow[] = [];
  const signInNeeded = query.tab === 'favourites' && !query.userId;
  if (query.tab === 'live') {
    raw = await statements.live.execute({ sport: query.sport });
  } else if (query.tab === 'favourites') {
    if (query.userId) {
      raw = await selectRows(db)
        .innerJoin(
          matchFavourites,
          and(eq(matchFavourites.matchId, matches.id), eq(matchFavourites.userId, query.userId)),
        )
        .where(sportIs)
        .orderBy(desc(matches.kickoffAt))
        .limit(MAX_FAVOURITES);
      raw.sort(
        (a, b) =>
          STATUS_ORDER[a.match.status] - STATUS_ORDER[b.match.status] ||
          (a.match.status === 'not_started' ? 1 : -1) * (+a.match.kickoffAt - +b.match.kickoffAt),
      );
    }
  } else {
    const start = dayStart(day, query.timeZone);
    const end = dayStart(shiftDay(day, 1), query.timeZone);
    raw = await statements.day.execute({
      sport: query.sport,
      start,
      end,
      statuses: query.tab === 'results' ? ['finished', 'abnormal'] : ['not_started'],
    });
  }

  const regionName = regionNamer(locale);
  const competitionOptions = new Map<string, { code: string; name: string; count: number }>();
  const regionOptions = new Map<string, { code: string; name: string; count: number }>();
  for (const row of raw) {
    const competition = competitionOptions.get(row.competition.code) ?? {
      code: row.competition.code,
      name: localName(row.competition.names, row.competition.sourceName, locale),
      count: 0,
    };
    competition.count += 1;
    competitionOptions.set(competition.code, competition);
    const region = regionOptions.get(row.competition.region) ?? {
      code: row.competition.region,
      name: regionName(row.competition.region),
      count: 0,
    };
    region.count += 1;
    regionOptions.set(region.code, region);
  }
  const [live, nextRows] = await Promise.all([
    // The live tab's rows are the count when they were not cut at MAX_ROWS.
    query.tab === 'live' && raw.length < MAX_ROWS
      ? [{ count: raw.length }]
      : statements.liveCount.execute({ sport: query.sport }),
    query.tab === 'live' && !raw.length
      ? statements.next.execute({ sport: query.sport, now })
      : Promise.resolve([] as RawRow[]),
  ]);
  const next = nextRows[0];
  const shown = raw.filter(
    (row) =>
      (!query.competition || row.competition.code === query.competition) &&
      (!query.region || row.competition.region === query.region),
  );
  return {
    sport: query.sport,
    tab: query.tab,
    day,
    timeZone: query.timeZone,
    competitions: [...competitionOptions.values()],
    regions: [...regionOptions.values()].sort((a, b) => a.name.localeCompare(b.name, locale)),
    rows: await presentRows(db, shown, locale, query.userId),
    signInNeeded,
    liveCount: live[0]?.count ?? 0,
    next: next
      ? {
          kickoffAt: next.match.kickoffAt.toISOString(),
          home: localName(next.home.names, next.home.sourceName, locale),
          away: localName(next.away.names, next.away.sourceName, locale),
          day: dayIn(next.match.kickoffAt, query.timeZone),
        }
      : null,
  };
}

/**
 * Every match a user starred, of every sport (the user centre's collection): under way first, then the
 * coming ones soonest first, then the played ones latest first.
 */
export async function favouriteMatches(db: DbOrTx, userId: number, locale: Locale) {
  const raw = await selectRows(db)
    .innerJoin(
      matchFavourites,
      and(eq(matchFavourites.matchId, matches.id), eq(matchFavourites.userId, userId)),
    )
    .orderBy(desc(matches.kickoffAt))
    .limit(MAX_FAVOURITES);
  raw.sort(
    (a, b) =>
      STATUS_ORDER[a.match.status] - STATUS_ORDER[b.match.status] ||
      (a.match.status === 'not_started' ? 1 : -1) * (+a.match.kickoffAt - +b.match.kickoffAt),
  );
  return presentRows(db, raw, locale, userId);
}

/** Kinds shown on the expanded row's timeline (scoring plays of basketball and e-sports are too many). */
const TIMELINE_KINDS = ['goal', 'own_goal', 'penalty_goal', 'yellow_card', 'red_card', 'objective'] as const;

/** A match's key events and statistics, for the expanded row. */
export async function matchBrief(db: DbOrTx, matchId: number) {
  const [match] = await db
    .select({ id: matches.id, sport: competitions.sport, periods: matches.periodScores })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(eq(matches.id, matchId));
  if (!match) throw new NotFoundError('MATCH_NOT_FOUND');
  const [events, statistics, kills] = await Promise.all([
    db
      .select({
        kind: matchEvents.kind,
        minute: matchEvents.minute,
        offset: matchEvents.offset,
        side: matchEvents.side,
        playerName: matchEvents.playerName,
        generated: matchEvents.generated,
      })
      .from(matchEvents)
      .where(and(eq(matchEvents.matchId, matchId), inArray(matchEvents.kind, [...TIMELINE_KINDS])))
      .orderBy(asc(matchEvents.sequence)),
    db
      .select({
        kind: matchStatistics.kind,
        home: matchStatistics.home,
        away: matchStatistics.away,
        generated: matchStatistics.generated,
      })
      .from(matchStatistics)
      .where(eq(matchStatistics.matchId, matchId)),
    db
      .select({ side: matchEvents.side, count: sql<number>`count(*)`.mapWith(Number) })
      .from(matchEvents)
      .where(and(eq(matchEvents.matchId, matchId), eq(matchEvents.kind, 'kill')))
      .groupBy(matchEvents.side),
  ]);
  const ordered = [...events].sort((a, b) => a.minute - b.minute || (a.offset ?? 0) - (b.offset ?? 0));
  const stats = [...statistics];
  if (kills.length) {
    stats.push({
      kind: 'kills',
      home: kills.find((row) => row.side === 'home')?.count ?? 0,
      away: kills.find((row) => row.side === 'away')?.count ?? 0,
      generated: true,
    });
  }
  return { matchId: match.id, sport: match.sport, events: ordered, statistics: stats };
}

/**
 * Stars or unstars a match for the user; `sports` are the ones this route's page lists. Returns whether
 * the match is now a favourite.
 */
export async function toggleFavourite(
  db: DbOrTx,
  userId: number,
  matchId: number,
  sports: readonly BoardSport[],
) {
  const [match] = await db
    .select({ id: matches.id, sport: competitions.sport })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(eq(matches.id, matchId));
  if (!match) throw new NotFoundError('MATCH_NOT_FOUND');
  if (!sports.includes(match.sport)) throw new DomainError('MATCH_WRONG_SPORT');
  const removed = await db
    .delete(matchFavourites)
    .where(and(eq(matchFavourites.userId, userId), eq(matchFavourites.matchId, matchId)))
    .returning();
  if (removed.length) return false;
  await db.insert(matchFavourites).values({ userId, matchId }).onConflictDoNothing();
  return true;
}
