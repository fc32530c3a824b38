// Reads of the scores screens: tables, matches by day, match detail, head-to-head, form, scorers, team
// pages. Replays and simulations are shown as live matches but never count in tables or records.
import { aliasedTable, and, asc, count, desc, eq, gte, inArray, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import {
  competitions,
  type LocalizedNames,
  lineups,
  type MatchStatus,
  matchEvents,
  matches,
  matchStatistics,
  oddsSnapshots,
  pointAdjustments,
  type Sport,
  seasons,
  seasonTeams,
  squadPlayers,
  stadiums,
  teams,
} from './schema';
import { computeTable, type FormLetter, tableRules } from './standings';

/** The name in the reader's language, else the source's own name. */
export function localName(names: LocalizedNames, sourceName: string, locale: Locale) {
  return names[locale] ?? sourceName;
}

/** Matches that are records of what happened (not replays, not simulations). */
export const isRecord = and(isNull(matches.replayOfMatchId), ne(matches.source, 'simulated'));

export type SeasonSelector = {
  competitionId?: number;
  competitionCode?: string;
  seasonId?: number;
  seasonKey?: string;
};

/** The season asked for; without a season, the competition's latest. */
export async function findSeason(db: DbOrTx, selector: SeasonSelector) {
  if (selector.seasonId !== undefined) {
    const [row] = await db
      .select({ season: seasons, competition: competitions })
      .from(seasons)
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(eq(seasons.id, selector.seasonId));
    if (!row) throw new NotFoundError('SEASON_NOT_FOUND');
    return row;
  }
  const [competition] = await db
    .select()
    .from(competitions)
    .where(
      selector.competitionId !== undefined
        ? eq(competitions.id, selector.competitionId)
        : eq(competitions.code, selector.competitionCode ?? ''),
    );
  if (!competition) throw new NotFoundError('COMPETITION_NOT_FOUND');
  const [season] = await db
    .select()
    .from(seasons)
    .where(
      and(
        eq(seasons.competitionId, competition.id),
        selector.seasonKey !== undefined ? eq(seasons.key, selector.seasonKey) : undefined,
      ),
    )
    .orderBy(desc(seasons.startsOn), desc(seasons.key))
    .limit(1);
  if (!season) throw new NotFoundError('SEASON_NOT_FOUND');
  return { season, competition };
}

export type StandingsRow = ReturnType<typeof computeTable>[number] & {
  teamName: string;
  crestColors: [string, string];
};

/**
 * The season's table: one for a league, one per group for a tournament, the league phase for a cup that
 * has one (Champions League `League, Matchday n`).
 */
export async function seasonStandings(db: DbOrTx, selector: SeasonSelector, locale: Locale) {
  const { season, competition } = await findSeason(db, selector);
  const members = await db
    .select({
      teamId: teams.id,
      sourceName: teams.sourceName,
      names: teams.names,
      crestColors: teams.crestColors,
      group: seasonTeams.groupName,
    })
    .from(seasonTeams)
    .innerJoin(teams, eq(teams.id, seasonTeams.teamId))
    .where(eq(seasonTeams.seasonId, season.id));
  const played = await db
    .select({
      homeTeamId: matches.homeTeamId,
      awayTeamId: matches.awayTeamId,
      homeGoals: matches.homeScore,
      awayGoals: matches.awayScore,
      kickoffAt: matches.kickoffAt,
      round: matches.round,
      group: matches.groupName,
    })
    .from(matches)
    .where(and(eq(matches.seasonId, season.id), eq(matches.status, 'finished'), isRecord));
  const adjustments = await db
    .select()
    .from(pointAdjustments)
    .where(eq(pointAdjustments.seasonId, season.id));
  const byId = new Map(members.map((member) => [member.teamId, member]));
  const rules = tableRules(competition.code);
  const results = played.map((match) => ({
    ...match,
    homeGoals: match.homeGoals ?? 0,
    awayGoals: match.awayGoals ?? 0,
  }));

  const hasGroups = results.some((match) => match.group);
  const leaguePhase = results.filter((match) => /^League\b/.test(match.round));
  const tables: { group: string | null; teamIds: number[]; results: typeof results }[] = hasGroups
    ? [...new Set(members.map((member) => member.group).filter((group): group is string => !!group))]
        .sort()
        .map((group) => ({
          group,
          teamIds: members.filter((member) => member.group === group).map((member) => member.teamId),
          results: results.filter((match) => match.group === group),
        }))
    : [
        {
          group: null,
          teamIds:
            competition.kind === 'cup' && leaguePhase.length
              ? [...new Set(leaguePhase.flatMap((match) => [match.homeTeamId, match.awayTeamId]))]
              : members.map((member) => member.teamId),
          results: competition.kind === 'cup' && leaguePhase.length ? leaguePhase : results,
        },
      ];

  return {
    competition,
    season,
    groups: tables.map((table) => ({
      group: table.group,
      rows: computeTable({
        teamIds: table.teamIds,
        results: table.results,
        adjustments: adjustments.filter((adjustment) => table.teamIds.includes(adjustment.teamId)),
        rules,
        teamName: (id) => byId.get(id)?.sourceName ?? String(id),
      }).map(
        (row): StandingsRow => ({
          ...row,
          teamName: localName(
            byId.get(row.teamId)?.names ?? {},
            byId.get(row.teamId)?.sourceName ?? '',
            locale,
          ),
          crestColors: byId.get(row.teamId)?.crestColors ?? ['#555555', '#ffffff'],
        }),
      ),
    })),
    adjustments: adjustments.map((adjustment) => ({
      teamId: adjustment.teamId,
      points: adjustment.points,
      reason: adjustment.reason,
    })),
  };
}

const home = aliasedTable(teams, 'home_team');
const away = aliasedTable(teams, 'away_team');

function matchSelection() {
  return {
    match: matches,
    competition: {
      id: competitions.id,
      code: competitions.code,
      names: competitions.names,
      sourceName: competitions.sourceName,
      sport: competitions.sport,
    },
    home: { id: home.id, sourceName: home.sourceName, names: home.names, crestColors: home.crestColors },
    away: { id: away.id, sourceName: away.sourceName, names: away.names, crestColors: away.crestColors },
  };
}

export type MatchRow = Awaited<ReturnType<typeof selectMatches>>[number];

export function selectMatches(db: DbOrTx) {
  return db
    .select(matchSelection())
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .innerJoin(home, eq(home.id, matches.homeTeamId))
    .innerJoin(away, eq(away.id, matches.awayTeamId))
    .$dynamic();
}

/** A match as the screens show it, names in the reader's language. */
export function presentMatch(row: MatchRow, locale: Locale) {
  return {
    ...row.match,
    competitionCode: row.competition.code,
    competitionName: localName(row.competition.names, row.competition.sourceName, locale),
    sport: row.competition.sport,
    homeTeam: {
      id: row.home.id,
      name: localName(row.home.names, row.home.sourceName, locale),
      crestColors: row.home.crestColors,
    },
    awayTeam: {
      id: row.away.id,
      name: localName(row.away.names, row.away.sourceName, locale),
      crestColors: row.away.crestColors,
    },
  };
}

export type MatchFilter = {
  /** A UTC calendar day, `YYYY-MM-DD`. */
  day?: string;
  status?: MatchStatus;
  competitionCode?: string;
  sport?: Sport;
  limit?: number;
};

export async function listMatches(db: DbOrTx, filter: MatchFilter, locale: Locale) {
  const start = filter.day ? new Date(`${filter.day}T00:00:00Z`) : null;
  const rows = await selectMatches(db)
    .where(
      and(
        start
          ? and(gte(matches.kickoffAt, start), lt(matches.kickoffAt, new Date(+start + 86_400_000)))
          : undefined,
        filter.status ? eq(matches.status, filter.status) : undefined,
        filter.competitionCode ? eq(competitions.code, filter.competitionCode) : undefined,
        filter.sport ? eq(competitions.sport, filter.sport) : undefined,
      ),
    )
    .orderBy(asc(matches.kickoffAt), asc(matches.id))
    .limit(filter.limit ?? 200);
  return rows.map((row) => presentMatch(row, locale));
}

export async function matchDetail(db: DbOrTx, matchId: number, locale: Locale) {
  const [row] = await selectMatches(db).where(eq(matches.id, matchId));
  if (!row) throw new NotFoundError('MATCH_NOT_FOUND');
  const [events, statistics, lineup, odds, stadium, original] = await Promise.all([
    db.select().from(matchEvents).where(eq(matchEvents.matchId, matchId)).orderBy(asc(matchEvents.sequence)),
    db.select().from(matchStatistics).where(eq(matchStatistics.matchId, matchId)),
    db
      .select()
      .from(lineups)
      .where(eq(lineups.matchId, matchId))
      .orderBy(asc(lineups.side), desc(lineups.starter), asc(lineups.number)),
    db
      .select()
      .from(oddsSnapshots)
      .where(eq(oddsSnapshots.matchId, matchId))
      .orderBy(asc(oddsSnapshots.capturedAt)),
    row.match.stadiumId
      ? db.select().from(stadiums).where(eq(stadiums.id, row.match.stadiumId))
      : Promise.resolve([]),
    row.match.replayOfMatchId
      ? selectMatches(db).where(eq(matches.id, row.match.replayOfMatchId))
      : Promise.resolve([] as MatchRow[]),
  ]);
  return {
    ...presentMatch(row, locale),
    events,
    statistics,
    lineups: lineup,
    odds,
    stadium: stadium[0] ?? null,
    replayOf: original[0] ? presentMatch(original[0], locale) : null,
  };
}

/** Finished meetings of two teams, latest first. */
export async function headToHead(db: DbOrTx, teamA: number, teamB: number, locale: Locale, limit = 10) {
  const rows = await selectMatches(db)
    .where(
      and(
        eq(matches.status, 'finished'),
        isRecord,
        or(
          and(eq(matches.homeTeamId, teamA), eq(matches.awayTeamId, teamB)),
          and(eq(matches.homeTeamId, teamB), eq(matches.awayTeamId, teamA)),
        ),
      ),
    )
    .orderBy(desc(matches.kickoffAt))
    .limit(limit);
  return rows.map((row) => presentMatch(row, locale));
}

/** The spec's recent form windows (§9): last 5, 10, 15 or 6 matches. */
export const FORM_WINDOWS = [5, 6, 10, 15] as const;

export async function recentForm(
  db: DbOrTx,
  teamId: number,
  window: (typeof FORM_WINDOWS)[number],
  locale: Locale,
) {
  const rows = await selectMatches(db)
    .where(
      and(
        eq(matches.status, 'finished'),
        isRecord,
        or(eq(matches.homeTeamId, teamId), eq(matches.awayTeamId, teamId)),
      ),
    )
    .orderBy(desc(matches.kickoffAt))
    .limit(window);
  const list = rows.map((row) => presentMatch(row, locale));
  const letters = list.map((match): FormLetter => {
    const own = match.homeTeamId === teamId ? match.homeScore! : match.awayScore!;
    const other = match.homeTeamId === teamId ? match.awayScore! : match.homeScore!;
    return own > other ? 'W' : own === other ? 'D' : 'L';
  });
  return {
    matches: list,
    form: letters,
    won: letters.filter((letter) => letter === 'W').length,
    drawn: letters.filter((letter) => letter === 'D').length,
    lost: letters.filter((letter) => letter === 'L').length,
  };
}

/** Scorers from real goal events (own goals excluded), most goals first. */
export async function topScorers(db: DbOrTx, selector: SeasonSelector, locale: Locale, limit = 20) {
  const { season } = await findSeason(db, selector);
  const scoringTeam = sql<number>`case when ${matchEvents.side} = 'home' then ${matches.homeTeamId} else ${matches.awayTeamId} end`;
  const rows = await db
    .select({
      playerName: matchEvents.playerName,
      teamId: scoringTeam,
      goals: count(),
      penalties: sql<number>`count(*) filter (where ${matchEvents.kind} = 'penalty_goal')`.mapWith(Number),
    })
    .from(matchEvents)
    .innerJoin(matches, eq(matches.id, matchEvents.matchId))
    .where(
      and(
        eq(matches.seasonId, season.id),
        isRecord,
        eq(matchEvents.generated, false),
        inArray(matchEvents.kind, ['goal', 'penalty_goal']),
      ),
    )
    .groupBy(matchEvents.playerName, scoringTeam)
    .orderBy(desc(count()), asc(matchEvents.playerName))
    .limit(limit);
  const teamRows = rows.length
    ? await db
        .select()
        .from(teams)
        .where(inArray(teams.id, [...new Set(rows.map((row) => Number(row.teamId)))]))
    : [];
  const byId = new Map(teamRows.map((team) => [team.id, team]));
  return rows.map((row) => {
    const team = byId.get(Number(row.teamId))!;
    return {
      playerName: row.playerName ?? '',
      teamId: team.id,
      teamName: localName(team.names, team.sourceName, locale),
      goals: row.goals,
      penalties: row.penalties,
    };
  });
}

/** What a team page shows: the team, its seasons, last and next matches, its latest squad. */
export async function teamPage(db: DbOrTx, teamId: number, locale: Locale, now: Date) {
  const [team] = await db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw new NotFoundError('TEAM_NOT_FOUND');
  const played = or(eq(matches.homeTeamId, teamId), eq(matches.awayTeamId, teamId));
  const [memberships, recent, upcoming] = await Promise.all([
    db
      .select({
        seasonId: seasons.id,
        seasonKey: seasons.key,
        competitionCode: competitions.code,
        names: competitions.names,
        sourceName: competitions.sourceName,
        group: seasonTeams.groupName,
      })
      .from(seasonTeams)
      .innerJoin(seasons, eq(seasons.id, seasonTeams.seasonId))
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(eq(seasonTeams.teamId, teamId))
      .orderBy(desc(seasons.startsOn)),
    selectMatches(db)
      .where(and(played, eq(matches.status, 'finished'), isRecord))
      .orderBy(desc(matches.kickoffAt))
      .limit(10),
    selectMatches(db)
      .where(and(played, eq(matches.status, 'not_started'), gte(matches.kickoffAt, now)))
      .orderBy(asc(matches.kickoffAt))
      .limit(10),
  ]);
  // Squads exist for tournaments (World Cup 2026); the latest season's list comes first.
  const squad = await db
    .select()
    .from(squadPlayers)
    .where(eq(squadPlayers.teamId, teamId))
    .orderBy(desc(squadPlayers.seasonId), asc(squadPlayers.number));
  return {
    id: team.id,
    name: localName(team.names, team.sourceName, locale),
    sourceName: team.sourceName,
    countryCode: team.countryCode,
    isNational: team.isNational,
    simulated: team.simulated,
    crestColors: team.crestColors,
    competitions: memberships.map((membership) => ({
      seasonId: membership.seasonId,
      seasonKey: membership.seasonKey,
      competitionCode: membership.competitionCode,
      competitionName: localName(membership.names, membership.sourceName, locale),
      group: membership.group,
    })),
    recent: recent.map((row) => presentMatch(row, locale)),
    upcoming: upcoming.map((row) => presentMatch(row, locale)),
    squad,
  };
}
