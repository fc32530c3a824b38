// Match states move forward only (spec §4: not started → in progress → finished, or abnormal): a feed
// that reports a match going back (a finished replay seen live again, a late tick of a stopped process)
// is not believed, and a live match whose feed falls silent past its expected end is marked abnormal
// by the watchdog rather than left "live" on every page.
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/db';
import { competitions, type MatchStatus, matches, seasons } from './schema';

/** The order states follow. Abnormal may still become finished (a result that arrives late). */
export const MATCH_STATE_ORDER: readonly MatchStatus[] = ['not_started', 'live', 'abnormal', 'finished'];

export function canMoveTo(from: MatchStatus, to: MatchStatus) {
  return MATCH_STATE_ORDER.indexOf(to) >= MATCH_STATE_ORDER.indexOf(from);
}

/** SQL rank of a status column or value, in MATCH_STATE_ORDER. */
export function stateRank(column: unknown) {
  return sql`array_position(array[${sql.raw(MATCH_STATE_ORDER.map((state) => `'${state}'`).join(','))}]::text[], ${column}::text)`;
}

/** Without a word from its feed for this long, a live match past its expected end is abnormal. */
export const FEED_SILENCE_MS = 5 * 60_000;
/** A match whose feed gives no expected end is over this long after kick-off (extra time, delays). */
export const LONGEST_MATCH_SPAN_MS = 4 * 60 * 60_000;
export const FEED_SILENT_NOTE = 'feed_silent';

/**
 * The watchdog: live matches past their expected end whose feed has said nothing for FEED_SILENCE_MS
 * become abnormal (note `feed_silent`). Returns them as they now stand, for the caller to push.
 */
export async function markSilentMatches(db: DbOrTx, now: Date) {
  const changed = await db
    .update(matches)
    .set({ status: 'abnormal', statusNote: FEED_SILENT_NOTE, minute: null, updatedAt: now })
    .where(
      and(
        eq(matches.status, 'live'),
        lt(matches.updatedAt, new Date(now.getTime() - FEED_SILENCE_MS)),
        sql`coalesce(${matches.expectedEndAt}, ${matches.kickoffAt} + ${sql.raw(`interval '${LONGEST_MATCH_SPAN_MS / 1000} seconds'`)}) < ${now}`,
      ),
    )
    .returning({ id: matches.id });
  if (!changed.length) return [];
  return db
    .select({
      id: matches.id,
      sport: competitions.sport,
      status: matches.status,
      period: matches.period,
      minute: matches.minute,
      homeScore: matches.homeScore,
      awayScore: matches.awayScore,
      source: matches.source,
      replayOfDate: matches.replayOfDate,
    })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(
      inArray(
        matches.id,
        changed.map((row) => row.id),
      ),
    );
}
