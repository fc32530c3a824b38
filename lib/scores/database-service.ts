// Reads of the databases (/base-football, /base-basketball), the World Cup screen and the home page's
// match blocks. Built on the scores service; replays and simulations are listed only where the screen
// labels them, and never count in a real table.
import { and, asc, count, desc, eq, gte, inArray, lt, lte, min, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { preparedFor, slot } from '@/lib/db/prepared';
import type { Locale } from '@/lib/i18n/routing';
import {
  competitions,
  matchEvents,
  matches,
  type Sport,
  seasons,
  squadPlayers,
  stadiums,
  teams,
} from './schema';
import {
  findSeason,
  isRecord,
  localName,
  presentMatch,
  type SeasonSelector,
  seasonStandings,
  selectMatches,
} from './service';

export type PresentedMatch = ReturnType<typeof presentMatch>;

/** Regions in the order a reader scans them: tournaments first, then the big leagues. */
const REGION_ORDER = ['world', 'eu', 'gb-eng', 'es', 'de', 'it', 'fr', 'cn', 'jp', 'us'];

/** Competitions of a sport with their seasons (latest first), grouped by country or region. */
export async function competitionDirectory(db: DbOrTx, sport: Sport, locale: Locale) {
  const rows = await db
    .select({
      code: competitions.code,
      kind: competitions.kind,
      region: competitions.region,
      source: competitions.source,
      names: competitions.names,
      sourceName: competitions.sourceName,
      seasonKey: seasons.key,
    })
    .from(competitions)
    .innerJoin(seasons, eq(seasons.competitionId, competitions.id))
    .where(eq(competitions.sport, sport))
    .orderBy(asc(competitions.code), desc(seasons.key));
  const byCode = new Map<
    string,
    { code: string; name: string; kind: string; region: string; simulated: boolean; seasons: string[] }
  >();
  for (const row of rows) {
    const entry = byCode.get(row.code) ?? {
      code: row.code,
      name: localName(row.names, row.sourceName, locale),
      kind: row.kind,
      region: row.region,
      simulated: row.source === 'simulated',
      seasons: [],
    };
    entry.seasons.push(row.seasonKey);
    byCode.set(row.code, entry);
  }
  const rank = (region: string) => {
    const index = REGION_ORDER.indexOf(region);
    return index === -1 ? REGION_ORDER.length : index;
  };
  const regions = [...new Set([...byCode.values()].map((entry) => entry.region))].sort(
    (a, b) => rank(a) - rank(b) || a.localeCompare(b),
  );
  return regions.map((region) => ({
    region,
    competitions: [...byCode.values()].filter((entry) => entry.region === region),
  }));
}

/** Rounds of a season in playing order, with how many of their matches are finished. */
export async function seasonRounds(db: DbOrTx, seasonId: number) {
  const rows = await db
    .select({
      round: matches.round,
      firstKickoff: min(matches.kickoffAt),
      total: count(),
      finished: sql<number>`count(*) filter (where ${matches.status} = 'finished')`.mapWith(Number),
    })
    .from(matches)
    .where(and(eq(matches.seasonId, seasonId), isRecord))
    .groupBy(matches.round)
    .orderBy(min(matches.kickoffAt));
  return rows.map((row) => ({ ...row, firstKickoff: row.firstKickoff ? new Date(row.firstKickoff) : null }));
}

/** The round to open on: the first one not yet fully played, else the last. */
export function currentRound(rounds: Awaited<ReturnType<typeof seasonRounds>>) {
  return (rounds.find((round) => round.finished < round.total) ?? rounds.at(-1))?.round ?? null;
}

export async function roundMatches(db: DbOrTx, seasonId: number, round: string, locale: Locale) {
  const rows = await selectMatches(db)
    .where(and(eq(matches.seasonId, seasonId), eq(matches.round, round), isRecord))
    .orderBy(asc(matches.kickoffAt), asc(matches.id));
  return rows.map((row) => presentMatch(row, locale));
}

/** Whether the season's source lists who scored (openfootball does for the World Cups, not the leagues). */
export async function hasGoalData(db: DbOrTx, seasonId: number) {
  const [row] = await db
    .select({ id: matchEvents.id })
    .from(matchEvents)
    .innerJoin(matches, eq(matches.id, matchEvents.matchId))
    .where(and(eq(matches.seasonId, seasonId), isRecord, eq(matchEvents.generated, false)))
    .limit(1);
  return !!row;
}

export type SimulatedTableRow = {
  position: number;
  teamId: number;
  teamName: string;
  crestColors: [string, string];
  played: number;
  won: number;
  lost: number;
  pointsFor: number;
  pointsAgainst: number;
};

/**
 * A simulated league's table from its simulated results: wins, losses, points scored and conceded,
 * ranked by win rate, then wins, then point difference. Only for the simulator's fictional leagues.
 */
export async function simulatedLeague(db: DbOrTx, selector: SeasonSelector, locale: Locale) {
  const { season, competition } = await findSeason(db, selector);
  const [members, rows] = await Promise.all([
    db
      .select()
      .from(teams)
      .where(and(eq(teams.sport, competition.sport), eq(teams.simulated, true))),
    selectMatches(db)
      .where(and(eq(matches.seasonId, season.id), eq(matches.source, 'simulated')))
      .orderBy(desc(matches.kickoffAt))
      .limit(200),
  ]);
  const list = rows.map((row) => presentMatch(row, locale));
  const lines = new Map<number, SimulatedTableRow>();
  for (const team of members) {
    lines.set(team.id, {
      position: 0,
      teamId: team.id,
      teamName: localName(team.names, team.sourceName, locale),
      crestColors: team.crestColors,
      played: 0,
      won: 0,
      lost: 0,
      pointsFor: 0,
      pointsAgainst: 0,
    });
  }
  for (const match of list) {
    if (match.status !== 'finished' || match.homeScore === null || match.awayScore === null) continue;
    const homeLine = lines.get(match.homeTeamId);
    const awayLine = lines.get(match.awayTeamId);
    if (!homeLine || !awayLine) continue;
    homeLine.played += 1;
    awayLine.played += 1;
    homeLine.pointsFor += match.homeScore;
    homeLine.pointsAgainst += match.awayScore;
    awayLine.pointsFor += match.awayScore;
    awayLine.pointsAgainst += match.homeScore;
    const homeWon = match.homeScore > match.awayScore;
    (homeWon ? homeLine : awayLine).won += 1;
    (homeWon ? awayLine : homeLine).lost += 1;
  }
  const rate = (line: SimulatedTableRow) => (line.played ? line.won / line.played : 0);
  const table = [...lines.values()]
    .sort(
      (a, b) =>
        rate(b) - rate(a) ||
        b.won - a.won ||
        b.pointsFor - b.pointsAgainst - (a.pointsFor - a.pointsAgainst) ||
        a.teamName.localeCompare(b.teamName),
    )
    .map((line, index) => ({ ...line, position: index + 1 }));
  return {
    competition: { ...competition, name: localName(competition.names, competition.sourceName, locale) },
    season,
    table,
    finished: list.filter((match) => match.status === 'finished'),
    current: list.filter((match) => match.status !== 'finished').reverse(),
  };
}

/** Who won a finished knockout match (penalties decide a draw); null while undecided. */
export function winnerOf(match: PresentedMatch) {
  if (match.status !== 'finished' || match.homeScore === null || match.awayScore === null) return null;
  if (match.homeScore !== match.awayScore)
    return match.homeScore > match.awayScore ? match.homeTeamId : match.awayTeamId;
  if (match.homePenalties === null || match.awayPenalties === null) return null;
  return match.homePenalties > match.awayPenalties ? match.homeTeamId : match.awayTeamId;
}

const THIRD_PLACE = /third place/i;

/**
 * The knockout rounds as a bracket: the final, then for each match the two matches its teams came
 * from, so every column lines up with the next one however the source orders its fixtures.
 */
export function buildBracket(knockout: PresentedMatch[]) {
  const main = knockout.filter((match) => !THIRD_PLACE.test(match.round));
  const roundOrder = [...new Set(main.map((match) => match.round))];
  const rounds = roundOrder.map((round) => main.filter((match) => match.round === round));
  const finalRound = rounds.at(-1) ?? [];
  const columns: (PresentedMatch | null)[][] = [finalRound.length === 1 ? finalRound : []];
  for (let index = rounds.length - 2; index >= 0 && columns[0]!.length; index -= 1) {
    const earlier = rounds[index]!;
    const next = columns[0]!.flatMap((match) =>
      match
        ? [match.homeTeamId, match.awayTeamId].map(
            (teamId) =>
              earlier.find(
                (candidate) => candidate.homeTeamId === teamId || candidate.awayTeamId === teamId,
              ) ?? null,
          )
        : [null, null],
    );
    columns.unshift(next);
  }
  return {
    columns: columns.map((column, index) => ({ round: roundOrder[index] ?? '', matches: column })),
    thirdPlace: knockout.find((match) => THIRD_PLACE.test(match.round)) ?? null,
  };
}

export type GoalLine = {
  minute: number;
  offset: number | null;
  side: 'home' | 'away';
  kind: string;
  playerName: string | null;
};

/** A World Cup: every real match with its scorers, the knockout bracket and the grounds. */
export async function worldCupEdition(db: DbOrTx, year: string, locale: Locale) {
  const { season, competition } = await findSeason(db, { competitionCode: 'worldcup', seasonKey: year });
  const rows = await selectMatches(db)
    .where(and(eq(matches.seasonId, season.id), isRecord))
    .orderBy(asc(matches.kickoffAt), asc(matches.id));
  const list = rows.map((row) => presentMatch(row, locale));
  const ids = list.map((match) => match.id);
  const [goals, grounds] = await Promise.all([
    ids.length
      ? db
          .select()
          .from(matchEvents)
          .where(
            and(
              inArray(matchEvents.matchId, ids),
              eq(matchEvents.generated, false),
              inArray(matchEvents.kind, ['goal', 'own_goal', 'penalty_goal']),
            ),
          )
          .orderBy(asc(matchEvents.matchId), asc(matchEvents.minute), asc(matchEvents.sequence))
      : Promise.resolve([]),
    db
      .select({ stadium: stadiums, matches: count(matches.id) })
      .from(stadiums)
      .innerJoin(matches, eq(matches.stadiumId, stadiums.id))
      .where(and(eq(matches.seasonId, season.id), isRecord))
      .groupBy(stadiums.id)
      .orderBy(desc(stadiums.capacity)),
  ]);
  const goalsByMatch = new Map<number, GoalLine[]>();
  for (const goal of goals) {
    goalsByMatch.set(goal.matchId, [
      ...(goalsByMatch.get(goal.matchId) ?? []),
      {
        minute: goal.minute,
        offset: goal.offset,
        side: goal.side,
        kind: goal.kind,
        playerName: goal.playerName,
      },
    ]);
  }
  const knockout = list.filter((match) => !match.groupName);
  return {
    competition: { ...competition, name: localName(competition.names, competition.sourceName, locale) },
    season,
    matches: list.map((match) => ({ ...match, goals: goalsByMatch.get(match.id) ?? [] })),
    bracket: buildBracket(knockout),
    /** Teams that reached the knockout rounds: the group rows to mark as through. */
    advanced: new Set(knockout.flatMap((match) => [match.homeTeamId, match.awayTeamId])),
    stadiums: grounds.map((row) => ({ ...row.stadium, matches: row.matches })),
  };
}

/** The teams that named a squad for a season, and the chosen team's players. */
export async function seasonSquads(db: DbOrTx, seasonId: number, teamId: number | null, locale: Locale) {
  const squadTeams = await db
    .selectDistinct({
      id: teams.id,
      sourceName: teams.sourceName,
      names: teams.names,
      crestColors: teams.crestColors,
    })
    .from(squadPlayers)
    .innerJoin(teams, eq(teams.id, squadPlayers.teamId))
    .where(eq(squadPlayers.seasonId, seasonId));
  const named = squadTeams
    .map((team) => ({
      id: team.id,
      name: localName(team.names, team.sourceName, locale),
      crestColors: team.crestColors,
    }))
    .sort((a, b) => a.name.localeCompare(b.name, locale));
  const chosen = named.find((team) => team.id === teamId) ?? named[0] ?? null;
  const players = chosen
    ? await db
        .select()
        .from(squadPlayers)
        .where(and(eq(squadPlayers.seasonId, seasonId), eq(squadPlayers.teamId, chosen.id)))
        .orderBy(asc(squadPlayers.number), asc(squadPlayers.name))
    : [];
  return { teams: named, team: chosen, players };
}

const HOUR = 3_600_000;

/**
 * The home page's match blocks: matches under way, those starting in the next day, today's finished
 * (or abnormal) ones, and the latest real results. One small indexed read per block: a single range
 * read over the day cut off under way matches on busy days (a sped-up feed clock plays hundreds).
 */
/** The home page's match blocks and headline matches, run on every visit (lib/db/prepared.ts). */
const homeStatements = preparedFor((db) => {
  const now = slot('now');
  const limit = slot('limit');
  const upcoming = and(eq(matches.status, 'not_started'), gte(matches.kickoffAt, now));
  return {
    live: selectMatches(db)
      .where(eq(matches.status, 'live'))
      .orderBy(asc(matches.kickoffAt), asc(matches.id))
      .limit(limit)
      .prepare('home_live'),
    upcoming: selectMatches(db)
      .where(and(upcoming, lt(matches.kickoffAt, slot('dayAhead'))))
      .orderBy(asc(matches.kickoffAt), asc(matches.id))
      .limit(limit)
      .prepare('home_upcoming'),
    finishedToday: selectMatches(db)
      .where(
        and(
          inArray(matches.status, ['finished', 'abnormal']),
          gte(matches.kickoffAt, slot('dayStart')),
          lte(matches.kickoffAt, now),
        ),
      )
      .orderBy(desc(matches.kickoffAt), desc(matches.id))
      .limit(limit)
      .prepare('home_finished_today'),
    results: selectMatches(db)
      .where(and(eq(matches.status, 'finished'), isRecord, lte(matches.kickoffAt, now)))
      // Kick-off alone, so the kick-off index is read backwards and stops after `limit` rows.
      .orderBy(desc(matches.kickoffAt))
      .limit(limit)
      .prepare('home_results'),
    hot: selectMatches(db)
      .where(
        and(
          or(
            and(eq(matches.status, 'live'), gte(matches.kickoffAt, slot('liveSince'))),
            and(upcoming, lt(matches.kickoffAt, slot('weekAhead'))),
          ),
          ne(matches.status, 'abnormal'),
        ),
      )
      .orderBy(asc(matches.kickoffAt))
      .limit(60)
      .prepare('home_hot'),
    next: selectMatches(db)
      .where(upcoming)
      .orderBy(asc(matches.kickoffAt), asc(matches.id))
      .limit(limit)
      .prepare('home_next'),
  };
});

export async function homeMatchBoard(db: DbOrTx, locale: Locale, now: Date, limit = 8) {
  const dayStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
  const statements = homeStatements(db);
  const [live, upcoming, finishedToday, results] = await Promise.all([
    statements.live.execute({ limit }),
    statements.upcoming.execute({ now, dayAhead: new Date(+now + 24 * HOUR), limit }),
    statements.finishedToday.execute({ now, dayStart, limit }),
    statements.results.execute({ now, limit }),
  ]);
  const present = (rows: typeof live) => rows.map((row) => presentMatch(row, locale));
  return {
    live: present(live),
    upcoming: present(upcoming),
    finishedToday: present(finishedToday),
    recentResults: present(results),
  };
}

const SPORT_WEIGHT: Record<string, number> = { football: 0, basketball: 1, esports: 2 };

/**
 * Headline matches (spec `hot_match`): under way first, then the next to start within a week; football
 * before others. When nothing is under way or due within the week (a quiet hour, feeds off), the next
 * matches to start whenever they are: a visitor at any hour sees what is on or what comes next.
 */
export async function hotMatches(db: DbOrTx, locale: Locale, now: Date, limit = 6) {
  const statements = homeStatements(db);
  const rows = await statements.hot.execute({
    now,
    liveSince: new Date(+now - 6 * HOUR),
    weekAhead: new Date(+now + 7 * 24 * HOUR),
  });
  const found = rows.length ? rows : await statements.next.execute({ now, limit });
  return found
    .map((row) => presentMatch(row, locale))
    .sort(
      (a, b) =>
        Number(b.status === 'live') - Number(a.status === 'live') ||
        (SPORT_WEIGHT[a.sport] ?? 3) - (SPORT_WEIGHT[b.sport] ?? 3) ||
        +a.kickoffAt - +b.kickoffAt,
    )
    .slice(0, limit);
}

const STANDINGS_TTL_MS = 60_000;
const standingsCache = new Map<
  string,
  { at: number; value: Promise<Awaited<ReturnType<typeof seasonStandings>>> }
>();

/**
 * The home page's standings block, kept for a minute: tables change only when a real result is
 * imported (replays and simulations never count), and /main is the busiest page.
 */
export function cachedLatestStandings(db: DbOrTx, competitionCode: string, locale: Locale, now: number) {
  const key = `${competitionCode}|${locale}`;
  const hit = standingsCache.get(key);
  if (hit && now - hit.at < STANDINGS_TTL_MS) return hit.value;
  const value = seasonStandings(db, { competitionCode }, locale);
  standingsCache.set(key, { at: now, value });
  value.catch(() => standingsCache.delete(key));
  return value;
}
