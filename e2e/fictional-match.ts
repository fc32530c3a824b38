// A not-started football match between two fictional teams (simulated, and labelled so), for specs that need
// a fixture in the future: the real data holds none.
import { randomInt } from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';

export async function createFictionalMatch(
  db: Db,
  options: { teamNames: readonly [string, string]; colour: string; externalPrefix: string; kickoffAt: Date },
) {
  const [season] = await db
    .select({ id: seasons.id })
    .from(seasons)
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(eq(competitions.sport, 'football'))
    .limit(1);
  const [home, away] = await db
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
  const [created] = await db
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
}

/** Removes what createFictionalMatch made (the match first: it names the teams). */
export async function removeFictionalMatch(db: Db, matchId: number, teamNames: readonly string[]) {
  await db.delete(matches).where(eq(matches.id, matchId));
  await db.delete(teams).where(inArray(teams.sourceName, [...teamNames]));
}
