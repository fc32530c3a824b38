// The demo's fictional football league (模拟足球联赛, lib/feeds/simulator: played only with SEED_ON_START)
// goes with the demo on `--remove-demo`: every match of it that nothing real names — a plan or its
// commitment (append-only), a fun-guess, a room or a reserved live bound to it, a booking, an expert's
// article, a news article — then its clubs no match is left to, and the competition (with its seasons)
// once it holds no match. Basketball's and e-sports' simulated leagues stay: they are the portal's only
// data for those sports, demo or not.
import { sql } from 'drizzle-orm';
import { circles } from '@/lib/circles/schema';
import type { Db } from '@/lib/db';
import { expertArticles, expertPlans, planCommitments } from '@/lib/experts/schema';
import { SIMULATED_LEAGUES } from '@/lib/feeds/simulator/simulator';
import { guesses } from '@/lib/guess/schema';
import { bookings, liveRooms, reservedLives } from '@/lib/live/schema';
import { newsArticles } from '@/lib/news/schema';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';

/** Removes the league's unreferenced matches, clubs and (when empty) competition; returns the matches removed. */
export async function removeDemoLeague(db: Db) {
  const league = SIMULATED_LEAGUES.football;
  return db.transaction(async (tx) => {
    const removed = await tx.execute(sql`
      delete from ${matches} m using ${seasons} s, ${competitions} c
      where s.id = m.season_id and c.id = s.competition_id and c.code = ${league.code}
        and not exists (select from ${expertPlans} x where x.match_id = m.id)
        and not exists (select from ${planCommitments} x where x.match_id = m.id)
        and not exists (select from ${guesses} x where x.match_id = m.id)
        and not exists (select from ${liveRooms} x where x.match_id = m.id)
        and not exists (select from ${reservedLives} x where x.match_id = m.id)
        and not exists (select from ${bookings} x where x.match_id = m.id)
        and not exists (select from ${expertArticles} x where x.match_id = m.id)
        and not exists (select from ${newsArticles} x where x.match_id = m.id)`);
    await tx.execute(sql`
      delete from ${competitions} c
      where c.code = ${league.code}
        and not exists (select from ${seasons} s join ${matches} m on m.season_id = s.id where s.competition_id = c.id)
        and not exists (select from ${circles} x where x.competition_id = c.id)`);
    await tx.execute(sql`
      delete from ${teams} t
      where t.sport = 'football' and t.source_name in ${league.teams}
        and not exists (select from ${matches} m where m.home_team_id = t.id or m.away_team_id = t.id)
        and not exists (select from ${circles} x where x.team_id = t.id)`);
    return removed.rowCount ?? 0;
  });
}
