// Reads of the match detail, match live and intelligence-centre screens: a match's live summary, its
// pre-match analysis (head-to-head, form windows, table context) and the facts of upcoming fixtures.
// Every figure comes from finished real results; replays and simulations never count.
import { and, asc, desc, eq, inArray, isNull, lt, ne, or } from 'drizzle-orm';
import { NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { competitions, matchEvents, matches, matchStatistics, seasons, squadPlayers } from './schema';
import {
  FORM_WINDOWS,
  headToHead,
  localName,
  type matchDetail,
  presentMatch,
  seasonStandings,
  selectMatches,
} from './service';

const isRecord = and(isNull(matches.replayOfMatchId), ne(matches.source, 'simulated'));

/** Ids come from the address bar: anything but a positive integer in range is an unknown match. */
export function parseMatchId(raw: unknown): number | null {
  const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : '';
  if (!/^\d{1,9}$/.test(text)) return null;
  const id = Number(text);
  return id > 0 ? id : null;
}

export type PresentedMatch = ReturnType<typeof presentMatch>;
export type MatchDetail = Awaited<ReturnType<typeof matchDetail>>;

/** The part of a match that changes while it is played: what the client refetches after a reconnect. */
export async function matchLiveSummary(db: DbOrTx, matchId: number, eventLimit = 50) {
  const [match] = await db.select().from(matches).where(eq(matches.id, matchId));
  if (!match) throw new NotFoundError('MATCH_NOT_FOUND');
  const [events, statistics] = await Promise.all([
    db
      .select()
      .from(matchEvents)
      .where(eq(matchEvents.matchId, matchId))
      .orderBy(desc(matchEvents.sequence))
      .limit(eventLimit),
    db.select().from(matchStatistics).where(eq(matchStatistics.matchId, matchId)),
  ]);
  return { match, events: events.reverse(), statistics };
}

type FormMatch = {
  id: number;
  kickoffAt: Date;
  homeTeamId: number;
  awayTeamId: number;
  homeScore: number;
  awayScore: number;
};

export type FormLetter = 'W' | 'D' | 'L';

/** One team's record over a list of its matches, latest first. */
export function formSummary(teamId: number, list: FormMatch[]) {
  let goalsFor = 0;
  let goalsAgainst = 0;
  let cleanSheets = 0;
  let overTwoAndHalf = 0;
  const form = list.map((match): FormLetter => {
    const own = match.homeTeamId === teamId ? match.homeScore : match.awayScore;
    const other = match.homeTeamId === teamId ? match.awayScore : match.homeScore;
    goalsFor += own;
    goalsAgainst += other;
    if (other === 0) cleanSheets += 1;
    if (own + other > 2) overTwoAndHalf += 1;
    return own > other ? 'W' : own === other ? 'D' : 'L';
  });
  return {
    played: list.length,
    form,
    won: form.filter((letter) => letter === 'W').length,
    drawn: form.filter((letter) => letter === 'D').length,
    lost: form.filter((letter) => letter === 'L').length,
    goalsFor,
    goalsAgainst,
    cleanSheets,
    overTwoAndHalf,
  };
}

const formColumns = {
  id: matches.id,
  kickoffAt: matches.kickoffAt,
  homeTeamId: matches.homeTeamId,
  awayTeamId: matches.awayTeamId,
  homeScore: matches.homeScore,
  awayScore: matches.awayScore,
};

/** Finished real results of these teams before a moment, latest first. */
async function resultsBefore(db: DbOrTx, teamIds: number[], before: Date) {
  if (!teamIds.length) return [] as FormMatch[];
  const rows = await db
    .select(formColumns)
    .from(matches)
    .where(
      and(
        eq(matches.status, 'finished'),
        isRecord,
        lt(matches.kickoffAt, before),
        or(inArray(matches.homeTeamId, teamIds), inArray(matches.awayTeamId, teamIds)),
      ),
    )
    .orderBy(desc(matches.kickoffAt), desc(matches.id));
  return rows.map((row) => ({ ...row, homeScore: row.homeScore ?? 0, awayScore: row.awayScore ?? 0 }));
}

const playedBy = (teamId: number) => (match: FormMatch) =>
  match.homeTeamId === teamId || match.awayTeamId === teamId;

/**
 * The spec's form windows (§9: last 5, 10, 15 and 6) for a team before a moment — a finished match is
 * judged on what was known at its kick-off, not on later results.
 */
export async function formWindows(db: DbOrTx, teamId: number, before: Date, locale: Locale) {
  const largest = Math.max(...FORM_WINDOWS);
  const recent = (await resultsBefore(db, [teamId], before)).slice(0, largest);
  const presented = await presentByIds(
    db,
    recent.map((match) => match.id),
    locale,
  );
  return FORM_WINDOW_ORDER.map((size) => {
    const list = recent.slice(0, size);
    return {
      size,
      ...formSummary(teamId, list),
      matches: list.map((match) => presented.get(match.id)!),
    };
  });
}

/** The windows in the order the spec lists them. */
const FORM_WINDOW_ORDER = [5, 10, 15, 6] as const;

async function presentByIds(db: DbOrTx, ids: number[], locale: Locale) {
  if (!ids.length) return new Map<number, PresentedMatch>();
  const rows = await selectMatches(db).where(inArray(matches.id, ids));
  return new Map(rows.map((row) => [row.match.id, presentMatch(row, locale)]));
}

/** The analysis tab: head-to-head, both teams' form windows, and where both stand in their table. */
export async function matchAnalysis(db: DbOrTx, matchId: number, locale: Locale, now: Date) {
  const [match] = await db.select().from(matches).where(eq(matches.id, matchId));
  if (!match) throw new NotFoundError('MATCH_NOT_FOUND');
  // A replay is analysed as the match it plays again.
  const original = match.replayOfMatchId
    ? ((await db.select().from(matches).where(eq(matches.id, match.replayOfMatchId)))[0] ?? match)
    : match;
  const cutoff = original.status === 'finished' ? original.kickoffAt : now;
  const [meetings, homeForm, awayForm, standings] = await Promise.all([
    headToHead(db, original.homeTeamId, original.awayTeamId, locale, 40),
    formWindows(db, original.homeTeamId, cutoff, locale),
    formWindows(db, original.awayTeamId, cutoff, locale),
    seasonStandings(db, { seasonId: original.seasonId }, locale),
  ]);
  const teamIds = [original.homeTeamId, original.awayTeamId];
  const tables = standings.groups.filter((group) => group.rows.some((row) => teamIds.includes(row.teamId)));
  // Like the form, the record is what was known at kick-off.
  const headToHeadList = meetings
    .filter((meeting) => meeting.id !== original.id && +meeting.kickoffAt < +cutoff)
    .slice(0, 10);
  const record = { won: 0, drawn: 0, lost: 0 };
  for (const meeting of headToHeadList) {
    const own = meeting.homeTeamId === original.homeTeamId ? meeting.homeScore! : meeting.awayScore!;
    const other = meeting.homeTeamId === original.homeTeamId ? meeting.awayScore! : meeting.homeScore!;
    if (own > other) record.won += 1;
    else if (own === other) record.drawn += 1;
    else record.lost += 1;
  }
  return {
    matchId: match.id,
    homeTeamId: original.homeTeamId,
    awayTeamId: original.awayTeamId,
    headToHead: { matches: headToHeadList, ...record },
    form: { home: homeForm, away: awayForm },
    standings: {
      competitionName: localName(standings.competition.names, standings.competition.sourceName, locale),
      seasonKey: standings.season.key,
      tables,
    },
  };
}

/** Squad lists of the two teams for the match's season, when the source publishes squads. */
export async function matchSquads(db: DbOrTx, seasonId: number, teamIds: [number, number]) {
  const rows = await db
    .select()
    .from(squadPlayers)
    .where(and(eq(squadPlayers.seasonId, seasonId), inArray(squadPlayers.teamId, teamIds)))
    .orderBy(asc(squadPlayers.number), asc(squadPlayers.name));
  return {
    home: rows.filter((row) => row.teamId === teamIds[0]),
    away: rows.filter((row) => row.teamId === teamIds[1]),
  };
}

const DAY = 86_400_000;
/** How far ahead the intelligence centre looks, and how wide a matchday is. */
export const FORESIGHT_DAYS = 3;

/**
 * Fixtures for the intelligence centre: real (imported) football matches not started yet in the next
 * days; when none are, each competition's scheduled matchday nearest to now, so the screen still
 * shows the next fixtures the data holds.
 */
export async function foresightFixtures(db: DbOrTx, now: Date) {
  const base = and(eq(matches.status, 'not_started'), isRecord, eq(competitions.sport, 'football'));
  const scheduled = await db
    .select({ id: matches.id, kickoffAt: matches.kickoffAt, competitionId: competitions.id })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(base);
  const ahead = scheduled.filter(
    (row) => +row.kickoffAt >= +now && +row.kickoffAt < +now + FORESIGHT_DAYS * DAY,
  );
  if (ahead.length) return { upcoming: true, ids: ahead.map((row) => row.id) };
  const nearest = new Map<number, number>();
  for (const row of scheduled) {
    const best = nearest.get(row.competitionId);
    if (best === undefined || Math.abs(+row.kickoffAt - +now) < Math.abs(best - +now))
      nearest.set(row.competitionId, +row.kickoffAt);
  }
  const ids = scheduled
    .filter((row) => Math.abs(+row.kickoffAt - nearest.get(row.competitionId)!) <= FORESIGHT_DAYS * DAY)
    .map((row) => row.id);
  return { upcoming: false, ids };
}

export type FixtureFacts = Awaited<ReturnType<typeof foresight>>['fixtures'][number];

/** The intelligence centre: each fixture with the pre-match facts the results support. */
export async function foresight(
  db: DbOrTx,
  locale: Locale,
  options: { now: Date; competitionCode?: string },
) {
  const now = options.now;
  const { upcoming, ids } = await foresightFixtures(db, now);
  const rows = ids.length
    ? await selectMatches(db).where(inArray(matches.id, ids)).orderBy(asc(matches.kickoffAt), asc(matches.id))
    : [];
  // Nearest to now first: the fixtures a reader is most likely to be looking for.
  const all = rows
    .map((row) => presentMatch(row, locale))
    .sort((a, b) => Math.abs(+a.kickoffAt - +now) - Math.abs(+b.kickoffAt - +now) || a.id - b.id);
  const competitionsShown = [
    ...new Map(all.map((match) => [match.competitionCode, match.competitionName])).entries(),
  ].map(([code, name]) => ({ code, name }));
  const shown = options.competitionCode
    ? all.filter((match) => match.competitionCode === options.competitionCode)
    : all;
  if (!shown.length) return { upcoming, competitions: competitionsShown, fixtures: [] };

  const teamIds = [...new Set(shown.flatMap((match) => [match.homeTeamId, match.awayTeamId]))];
  const latest = new Date(Math.max(...shown.map((match) => +match.kickoffAt)));
  const history = await resultsBefore(db, teamIds, latest);
  const seasonIds = [...new Set(shown.map((match) => match.seasonId))];
  const tables = new Map(
    await Promise.all(
      seasonIds.map(async (seasonId) => [seasonId, await seasonStandings(db, { seasonId }, locale)] as const),
    ),
  );

  const fixtures = shown.map((match) => {
    const before = history.filter((result) => +result.kickoffAt < +match.kickoffAt);
    const side = (teamId: number) => {
      const own = before.filter(playedBy(teamId));
      const lastTen = formSummary(teamId, own.slice(0, 10));
      const row = tables
        .get(match.seasonId)
        ?.groups.flatMap((group) => group.rows.map((entry) => ({ ...entry, group: group.group })))
        .find((entry) => entry.teamId === teamId);
      return {
        lastFive: formSummary(teamId, own.slice(0, 5)),
        lastTen,
        position: row && row.played > 0 ? { rank: row.position, points: row.points, group: row.group } : null,
      };
    };
    const meetings = before.filter(
      (result) =>
        (result.homeTeamId === match.homeTeamId && result.awayTeamId === match.awayTeamId) ||
        (result.homeTeamId === match.awayTeamId && result.awayTeamId === match.homeTeamId),
    );
    return {
      match,
      home: side(match.homeTeamId),
      away: side(match.awayTeamId),
      headToHead: formSummary(match.homeTeamId, meetings),
    };
  });
  return { upcoming, competitions: competitionsShown, fixtures };
}
