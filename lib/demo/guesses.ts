// Fun-guesses in the demo rooms (issue 43): each demo room on air, bound to a match of its sport (a replay
// or a simulated game), gets one match-bound guess per match, opened in the anchor's name through the
// guess service — so it locks at kick-off, on a goal or at its window's end, and the upkeep job settles it
// from the final score exactly as for a real anchor's guess (lib/guess/upkeep.ts). The demo stakes
// nothing itself: money moves only when viewers stake, through the same ledger operations.
// Football and e-sports (who wins the series) open in play too (a goal or a map won locks them);
// basketball only before tip-off (its score moves every minute).
import { and, eq, or } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { Db } from '@/lib/db';
import { guesses } from '@/lib/guess/schema';
import { GUESS_WINDOW_MAX_SECONDS, openGuess } from '@/lib/guess/service';
import { liveRooms } from '@/lib/live/schema';
import { log } from '@/lib/log';
import { competitions, matches, seasons } from '@/lib/scores/schema';

const PLAY_TYPES = {
  football: ['football_1x2'],
  basketball: ['basketball_moneyline'],
  esports: ['esports_winner'],
} as const;
export const DEMO_GUESS_QUESTION = '【演示】这场比赛谁会赢？';

/** Opens the missing guesses of these demo rooms at `now`; returns how many were opened. */
export async function keepDemoGuesses(db: Db, rooms: { roomId: number; anchorId: number }[], now: Date) {
  let opened = 0;
  for (const { roomId, anchorId } of rooms) {
    const [row] = await db
      .select({
        matchId: matches.id,
        sport: competitions.sport,
        status: matches.status,
        kickoffAt: matches.kickoffAt,
      })
      .from(liveRooms)
      .innerJoin(matches, eq(matches.id, liveRooms.matchId))
      .innerJoin(seasons, eq(seasons.id, matches.seasonId))
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(eq(liveRooms.id, roomId));
    if (!row || !(row.sport in PLAY_TYPES)) continue;
    if (row.status !== 'not_started' && row.status !== 'live') continue;
    const started = row.status === 'live' || row.kickoffAt <= now;
    if (started && row.sport === 'basketball') continue;
    // One guess per match per room, and never beside another open one.
    const [existing] = await db
      .select({ id: guesses.id })
      .from(guesses)
      .where(
        and(eq(guesses.roomId, roomId), or(eq(guesses.status, 'open'), eq(guesses.matchId, row.matchId))),
      )
      .limit(1);
    if (existing) continue;
    try {
      await openGuess(db, {
        userId: anchorId,
        roomId,
        question: DEMO_GUESS_QUESTION,
        playTypes: [...PLAY_TYPES[row.sport as keyof typeof PLAY_TYPES]],
        windowSeconds: GUESS_WINDOW_MAX_SECONDS,
        now,
      });
      opened += 1;
    } catch (error) {
      // The match moved on meanwhile (kicked off, finished): the next beat looks again.
      if (!(error instanceof DomainError)) throw error;
      log.debug({ roomId, code: error.code }, 'demo guess not opened');
    }
  }
  return opened;
}
