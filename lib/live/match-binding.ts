// Binding a live room to a match (spec §7 `setLiveInfo`): the anchor picks a match live now or starting
// soon; the room then shows the match situation and is listed on /score-live. A football or basketball
// room only covers its own sport; a finished match cannot be bound.
import { aliasedTable, and, asc, eq, gte, lt, or, sql } from 'drizzle-orm';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { competitions, matches, type Sport, seasons, teams } from '@/lib/scores/schema';
import { selectMatches } from '@/lib/scores/service';
import { withReplayLabels } from './reservations';
import { liveRooms } from './schema';
import { ensureRoom } from './service';

/** How far ahead the picker looks for matches not started yet. */
export const BINDABLE_DAYS = 3;
export const BINDABLE_LIMIT = 100;
const DAY_MS = 86_400_000;

// Same aliases as the scores service's selection, so the search can name both teams' columns.
const home = aliasedTable(teams, 'home_team');
const away = aliasedTable(teams, 'away_team');

/** Room categories that cover one sport only; 18+ and custom rooms may cover any match. */
const SPORT_ROOMS: Partial<Record<string, Sport>> = { football: 'football', basketball: 'basketball' };

/** Binds the anchor's room to a match, or unbinds it with `null`; a title may be set on the way. */
export async function setLiveInfo(
  db: DbOrTx,
  anchorId: number,
  input: { matchId: number | null; title?: string },
) {
  const room = await ensureRoom(db, anchorId);
  if (input.matchId !== null) {
    const [match] = await db
      .select({ status: matches.status, sport: competitions.sport })
      .from(matches)
      .innerJoin(seasons, eq(seasons.id, matches.seasonId))
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(eq(matches.id, input.matchId));
    if (!match) throw new NotFoundError('MATCH_NOT_FOUND');
    if (match.status === 'finished') throw new DomainError('LIVE_MATCH_FINISHED');
    const sport = SPORT_ROOMS[room.category];
    if (sport && match.sport !== sport) throw new DomainError('LIVE_MATCH_WRONG_SPORT');
  }
  await db
    .update(liveRooms)
    .set({ matchId: input.matchId, ...(input.title !== undefined ? { title: input.title } : {}) })
    .where(eq(liveRooms.id, room.id));
  return { room_id: room.id, match_id: input.matchId, title: input.title ?? room.title };
}

/** `%`, `_` and `\` typed by the anchor are searched as themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * Matches an anchor may bind: live now, or not started and kicking off within `BINDABLE_DAYS`; live
 * first, then by kick-off. `q` searches team and competition names in every language.
 */
export async function bindableMatches(
  db: DbOrTx,
  locale: Locale,
  options: { sport?: Sport; q?: string; now: Date; limit?: number },
) {
  const now = options.now;
  const q = options.q?.trim();
  const pattern = q ? likePattern(q) : null;
  const named = (column: unknown) => sql`${column}::text ilike ${pattern}`;
  const rows = await selectMatches(db)
    .where(
      and(
        or(
          eq(matches.status, 'live'),
          and(
            eq(matches.status, 'not_started'),
            gte(matches.kickoffAt, now),
            lt(matches.kickoffAt, new Date(now.getTime() + BINDABLE_DAYS * DAY_MS)),
          ),
        ),
        options.sport ? eq(competitions.sport, options.sport) : undefined,
        pattern
          ? or(
              named(home.sourceName),
              named(home.names),
              named(away.sourceName),
              named(away.names),
              named(competitions.sourceName),
              named(competitions.names),
            )
          : undefined,
      ),
    )
    .orderBy(sql`${matches.status} = 'live' desc`, asc(matches.kickoffAt), asc(matches.id))
    .limit(options.limit ?? BINDABLE_LIMIT);
  return withReplayLabels(db, rows, locale);
}

export type BindableMatch = Awaited<ReturnType<typeof bindableMatches>>[number];

/** The match a room is bound to, named in the reader's language; null when unbound or gone. */
export async function boundMatch(db: DbOrTx, matchId: number | null, locale: Locale) {
  if (matchId === null) return null;
  const rows = await selectMatches(db).where(eq(matches.id, matchId));
  const [match] = await withReplayLabels(db, rows, locale);
  return match ?? null;
}

/** The API and the anchor centre show a match the same way. */
export function presentBindable(match: BindableMatch) {
  return {
    id: match.id,
    sport: match.sport,
    competition: match.competitionName,
    home: { name: match.homeTeam.name, colors: match.homeTeam.crestColors },
    away: { name: match.awayTeam.name, colors: match.awayTeam.crestColors },
    kickoff_at: match.kickoffAt.toISOString(),
    status: match.status,
    minute: match.minute,
    home_score: match.homeScore,
    away_score: match.awayScore,
    kind: match.replayOf
      ? ('replay' as const)
      : match.source === 'simulated'
        ? ('simulated' as const)
        : ('record' as const),
    replay_of: match.replayOf
      ? { fixture: match.replayOf.fixture, kickoff_at: match.replayOf.kickoffAt.toISOString() }
      : null,
  };
}

export type BindableView = ReturnType<typeof presentBindable>;
