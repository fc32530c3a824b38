// Demo experts keep plans on sale (issue 43): while the demo runs, each demo expert who covers basketball
// has a couple of open plans on the simulated league's games of the next three days, published through
// the experts' own service (committed, locked at tip-off, graded by the same job). Football plans need a
// real match whose result is not known yet: replays are refused (PLAN_MATCH_REPLAY), so football has none.
import { and, asc, count, eq, gt, inArray, lte } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import type { Db } from '@/lib/db';
import { pricingEligibility, publishPlan } from '@/lib/experts/plans';
import { expertPlans, experts } from '@/lib/experts/schema';
import { seededRandom } from '@/lib/feeds/clock';
import { competitions, matches, seasons } from '@/lib/scores/schema';

const OPEN_PLANS = 2;
const DAY_MS = 86_400_000;
/** Published at least this long before tip-off (the plan must be bought before it locks). */
const LEAD_MS = 30 * 60_000;

export async function keepDemoPlans(db: Db, now: Date) {
  const demoExperts = await db
    .select({ id: experts.userId, sports: experts.sports })
    .from(experts)
    .innerJoin(users, eq(users.id, experts.userId))
    .where(eq(users.demo, true));
  const covering = demoExperts.filter((expert) => expert.sports.includes('basketball'));
  if (!covering.length) return 0;
  const games = await db
    .select({ id: matches.id, kickoffAt: matches.kickoffAt })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(
      and(
        eq(competitions.sport, 'basketball'),
        eq(matches.status, 'not_started'),
        gt(matches.kickoffAt, new Date(now.getTime() + LEAD_MS)),
        lte(matches.kickoffAt, new Date(now.getTime() + 3 * DAY_MS)),
      ),
    )
    .orderBy(asc(matches.kickoffAt))
    .limit(12);
  let published = 0;
  for (const [index, expert] of covering.entries()) {
    const [open] = await db
      .select({ n: count() })
      .from(expertPlans)
      .where(
        and(
          eq(expertPlans.expertId, expert.id),
          eq(expertPlans.sport, 'basketball'),
          eq(expertPlans.status, 'open'),
          gt(expertPlans.kickoffAt, now),
        ),
      );
    let missing = OPEN_PLANS - (open?.n ?? 0);
    if (missing <= 0) continue;
    const taken = new Set(
      (
        await db
          .select({ matchId: expertPlans.matchId })
          .from(expertPlans)
          .where(
            and(
              eq(expertPlans.expertId, expert.id),
              inArray(
                expertPlans.matchId,
                games.map((g) => g.id),
              ),
            ),
          )
      ).map((row) => row.matchId),
    );
    const eligibility = await pricingEligibility(db, expert.id);
    for (const game of games) {
      if (missing <= 0) break;
      if (taken.has(game.id)) continue;
      const random = seededRandom(`demo-plan:${expert.id}:${game.id}`);
      const kind = Math.floor(random() * 3);
      const selection =
        kind === 0
          ? { market: 'basketball_moneyline', pick: random() < 0.5 ? 'home' : 'away', line: null }
          : kind === 1
            ? { market: 'basketball_spread', pick: random() < 0.5 ? 'home' : 'away', line: -4.5 + index * 2 }
            : { market: 'basketball_total', pick: random() < 0.5 ? 'over' : 'under', line: 208.5 };
      const price = eligibility.eligible ? Math.min(eligibility.maxPrice, 28 + index * 10) : 0;
      await publishPlan(
        db,
        expert.id,
        {
          matchId: game.id,
          title: '演示方案 · 模拟篮球联赛看点',
          selections: [selection],
          reasoning:
            '演示方案：根据两队近期在模拟联赛中的得分节奏与攻防效率给出判断，开赛即锁定，赛后按比分自动结算。',
          price,
          refundIfLost: price > 0,
        },
        now,
      );
      missing -= 1;
      published += 1;
    }
  }
  return published;
}
