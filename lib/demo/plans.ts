// Demo experts keep plans on sale (issue 43): while the demo runs, each demo expert keeps a couple of
// open plans per sport they cover, on the matches ahead of the next three days that accept plans — the
// simulated leagues' games (football's fictional league plays in the demo, lib/feeds/simulator), never a
// replay, whose result is known (PLAN_MATCH_REPLAY). Published through the experts' own service
// (committed, locked at kick-off, graded by the same job).
import { and, count, eq, gt, inArray } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import type { Db } from '@/lib/db';
import { plannableMatches, pricingEligibility, publishPlan } from '@/lib/experts/plans';
import { expertPlans, experts } from '@/lib/experts/schema';
import { seededRandom } from '@/lib/feeds/clock';

const OPEN_PLANS = 2;
/** Published at least this long before tip-off (the plan must be bought before it locks). */
const LEAD_MS = 30 * 60_000;
const SPORTS = ['football', 'basketball'] as const;
type PlanSport = (typeof SPORTS)[number];

const COPY: Record<PlanSport, { title: string; reasoning: string }> = {
  football: {
    title: '演示方案 · 模拟足球联赛看点',
    reasoning:
      '演示方案：根据两队近期在模拟联赛中的进球效率与主客场表现给出判断，开赛即锁定，赛后按比分自动结算。',
  },
  basketball: {
    title: '演示方案 · 模拟篮球联赛看点',
    reasoning:
      '演示方案：根据两队近期在模拟联赛中的得分节奏与攻防效率给出判断，开赛即锁定，赛后按比分自动结算。',
  },
};

function selectionFor(sport: PlanSport, seed: string, index: number) {
  const random = seededRandom(seed);
  const kind = Math.floor(random() * 3);
  const side = random() < 0.5 ? 'home' : 'away';
  const over = random() < 0.5 ? 'over' : 'under';
  if (sport === 'football')
    return kind === 0
      ? { market: 'football_1x2', pick: random() < 0.25 ? 'draw' : side, line: null }
      : kind === 1
        ? { market: 'football_handicap', pick: side, line: [-0.25, -0.5, 0][index % 3]! }
        : { market: 'football_total', pick: over, line: 2.5 };
  return kind === 0
    ? { market: 'basketball_moneyline', pick: side, line: null }
    : kind === 1
      ? { market: 'basketball_spread', pick: side, line: -4.5 + index * 2 }
      : { market: 'basketball_total', pick: over, line: 208.5 };
}

/** The sport's matches of the next three days open to plans (not started, not a replay), with a lead. */
export const plannableMatchesAhead = (db: Db, sport: PlanSport, now: Date) =>
  plannableMatches(db, { sport, now: new Date(now.getTime() + LEAD_MS), limit: 12, locale: 'zh-CN' });

export async function keepDemoPlans(db: Db, now: Date) {
  const demoExperts = await db
    .select({ id: experts.userId, sports: experts.sports })
    .from(experts)
    .innerJoin(users, eq(users.id, experts.userId))
    .where(eq(users.demo, true));
  let published = 0;
  for (const sport of SPORTS) {
    const covering = demoExperts.filter((expert) => expert.sports.includes(sport));
    if (!covering.length) continue;
    const games = await plannableMatchesAhead(db, sport, now);
    for (const [index, expert] of covering.entries())
      published += await keepExpertPlans(db, expert.id, sport, games, index, now);
  }
  return published;
}

async function keepExpertPlans(
  db: Db,
  expertId: number,
  sport: PlanSport,
  games: { id: number }[],
  index: number,
  now: Date,
) {
  const [open] = await db
    .select({ n: count() })
    .from(expertPlans)
    .where(
      and(
        eq(expertPlans.expertId, expertId),
        eq(expertPlans.sport, sport),
        eq(expertPlans.status, 'open'),
        gt(expertPlans.kickoffAt, now),
      ),
    );
  let missing = OPEN_PLANS - (open?.n ?? 0);
  if (missing <= 0 || !games.length) return 0;
  const taken = new Set(
    (
      await db
        .select({ matchId: expertPlans.matchId })
        .from(expertPlans)
        .where(
          and(
            eq(expertPlans.expertId, expertId),
            inArray(
              expertPlans.matchId,
              games.map((game) => game.id),
            ),
          ),
        )
    ).map((row) => row.matchId),
  );
  const eligibility = await pricingEligibility(db, expertId);
  let published = 0;
  for (const game of games) {
    if (missing <= 0) break;
    if (taken.has(game.id)) continue;
    const price = eligibility.eligible ? Math.min(eligibility.maxPrice, 28 + index * 10) : 0;
    await publishPlan(
      db,
      expertId,
      {
        matchId: game.id,
        ...COPY[sport],
        selections: [selectionFor(sport, `demo-plan:${expertId}:${game.id}`, index)],
        price,
        refundIfLost: price > 0,
      },
      now,
    );
    missing -= 1;
    published += 1;
  }
  return published;
}
