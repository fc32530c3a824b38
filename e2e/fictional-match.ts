// A not-started football match between two fictional teams (simulated, and labelled so), for specs that need
// a fixture in the future: the real data holds none. A spec's tests run in both workers, each with its own
// match between the same two teams: making and removing take one lock, and the teams go with the last match.
import { randomInt } from 'node:crypto';
import { and, eq, inArray, notExists, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '@/lib/db';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';

const lockFictional = (tx: Tx) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext('e2e:fictional-match'))`);

export async function createFictionalMatch(
  db: Db,
  options: { teamNames: readonly [string, string]; colour: string; externalPrefix: string; kickoffAt: Date },
) {
  return db.transaction(async (tx) => {
    await lockFictional(tx);
    const [season] = await tx
      .select({ id: seasons.id })
      .from(seasons)
      .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
      .where(eq(competitions.sport, 'football'))
      .limit(1);
    const [home, away] = await tx
      .insert(teams)
      .values(
        options.teamNames.map((sourceName) => ({
          sport: 'football' as const,
          sourceName,
          simulated: true,
          crestColors: [options.colour, '#ffffff'] as [string, string],
        })),
      )
      .onConflictDoUpdate({ target: [teams.sport, teams.sourceName], set: { simulated: true } })
      .returning({ id: teams.id });
    const [created] = await tx
      .insert(matches)
      .values({
        seasonId: season!.id,
        source: 'simulated',
        externalId: `${options.externalPrefix}-${randomInt(1_000_000_000)}`,
        round: 'e2e',
        homeTeamId: home!.id,
        awayTeamId: away!.id,
        kickoffAt: options.kickoffAt,
      })
      .returning();
    return created!;
  });
}

/** Removes what createFictionalMatch made: the match, then the teams if no other worker's match names them. */
export async function removeFictionalMatch(db: Db, matchId: number, teamNames: readonly string[]) {
  await db.transaction(async (tx) => {
    await lockFictional(tx);
    await tx.delete(matches).where(eq(matches.id, matchId));
    const named = tx
      .select({ id: matches.id })
      .from(matches)
      .where(or(eq(matches.homeTeamId, teams.id), eq(matches.awayTeamId, teams.id)));
    await tx.delete(teams).where(and(inArray(teams.sourceName, [...teamNames]), notExists(named)));
  });
}
