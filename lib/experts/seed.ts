// Demo experts for a fresh install, built through the same services as everyone's: applications approved
// by the demo operator, free plans on real past Premier League matches published the day before each,
// graded by the same job from the stored results, paid plans once their record allows, and a few free
// articles. Idempotent: nothing is added once the demo experts exist.
import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import { hashPassword } from '@/lib/accounts/password';
import { users } from '@/lib/accounts/schema';
import type { Db } from '@/lib/db';
import { competitions, matches, seasons, teams } from '@/lib/scores/schema';
import { decideExpertApplication, findExpert, submitExpertApplication } from './applications';
import { releaseDuePlans } from './disputes';
import { publishPlan } from './plans';
import { publishArticle } from './profiles';
import { gradeDuePlans } from './settlement';

export const DEMO_EXPERTS = [
  {
    mobile: '13800000011',
    nickname: '老炮儿看球',
    experience: '十年英超数据分析，专注亚盘让球与大小球，赛前必看伤停与赛程密度。',
    contact: 'wx: laopao_kanqiu',
    /** How often the seeded pick follows the real result: different records for the ranking. */
    insight: 0.68,
  },
  {
    mobile: '13800000012',
    nickname: '数据派阿杰',
    experience: '前体育媒体数据编辑，用进球期望值和近期状态建模，足球篮球都看。',
    contact: 'qq: 20241130',
    insight: 0.55,
  },
  {
    mobile: '13800000013',
    nickname: '冷门猎手',
    experience: '专找被低估的客队和小球，长期跟踪欧洲五大联赛。',
    contact: 'mail: lengmen@example.com',
    insight: 0.42,
  },
] as const;

const PLANS_PER_EXPERT = 16;
const FREE_FIRST = 11;
/** Each expert takes one match in this many (about one a round), so free plans are graded before paid ones. */
const STRIDE = 8;

/** A deterministic 0–1 draw from a match and an expert (the seed writes the same demo every time). */
function draw(matchId: number, salt: number) {
  let x = (matchId * 2654435761 + salt * 40503) >>> 0;
  x ^= x >>> 13;
  x = Math.imul(x, 0x5bd1e995) >>> 0;
  x ^= x >>> 15;
  return ((x >>> 0) % 10_000) / 10_000;
}

type Finished = {
  id: number;
  kickoffAt: Date;
  home: number;
  away: number;
  homeName: string;
  awayName: string;
};

/** A pick that follows the real score with probability `insight`, in one of the three football markets. */
function pickFor(match: Finished, expertIndex: number, insight: number) {
  const right = draw(match.id, expertIndex) < insight;
  const kind = Math.floor(draw(match.id, expertIndex + 7) * 3);
  const margin = match.home - match.away;
  const goals = match.home + match.away;
  if (kind === 0) {
    const truth = margin > 0 ? 'home' : margin < 0 ? 'away' : 'draw';
    const wrong = truth === 'home' ? 'away' : 'home';
    return { market: 'football_1x2', pick: right ? truth : wrong, line: null };
  }
  if (kind === 1) {
    const line = [-0.25, -0.5, -0.75, 0.25, 0][Math.floor(draw(match.id, expertIndex + 3) * 5)]!;
    const homeCovers = margin + line > 0;
    return { market: 'football_handicap', pick: right === homeCovers ? 'home' : 'away', line };
  }
  const line = [2.5, 2.25, 2.75, 3][Math.floor(draw(match.id, expertIndex + 5) * 4)]!;
  const over = goals > line;
  return { market: 'football_total', pick: right === over ? 'over' : 'under', line };
}

export async function seedDemoExperts(db: Db, operatorMobile: string, now: Date) {
  const [operator] = await db.select({ id: users.id }).from(users).where(eq(users.mobile, operatorMobile));
  if (!operator) return;
  const home = teams;
  const rows = await db
    .select({
      id: matches.id,
      kickoffAt: matches.kickoffAt,
      home: matches.homeFullTime,
      away: matches.awayFullTime,
      homeTeamId: matches.homeTeamId,
      awayTeamId: matches.awayTeamId,
    })
    .from(matches)
    .innerJoin(seasons, eq(seasons.id, matches.seasonId))
    .innerJoin(competitions, eq(competitions.id, seasons.competitionId))
    .where(and(eq(competitions.code, 'en.1'), eq(seasons.key, '2024-25'), eq(matches.status, 'finished')))
    .orderBy(desc(matches.kickoffAt))
    .limit(PLANS_PER_EXPERT * STRIDE);
  if (rows.length < PLANS_PER_EXPERT * STRIDE) return;
  const names = new Map(
    (
      await db
        .select({ id: home.id, name: home.sourceName, names: home.names })
        .from(home)
        .where(inArray(home.id, [...new Set(rows.flatMap((row) => [row.homeTeamId, row.awayTeamId]))]))
    ).map((row) => [row.id, row.names['zh-CN'] ?? row.name.replace(/ FC$/, '')]),
  );
  const finished: Finished[] = rows
    .filter((row) => row.home !== null && row.away !== null)
    .map((row) => ({
      id: row.id,
      kickoffAt: row.kickoffAt,
      home: row.home!,
      away: row.away!,
      homeName: names.get(row.homeTeamId) ?? '',
      awayName: names.get(row.awayTeamId) ?? '',
    }))
    .reverse();

  const plans: { expertId: number; expertIndex: number; match: Finished; order: number }[] = [];
  for (const [index, demo] of DEMO_EXPERTS.entries()) {
    await db
      .insert(users)
      .values({
        countryCode: '86',
        mobile: demo.mobile,
        nickname: demo.nickname,
        passwordHash: await hashPassword('demo123456'),
        demo: true,
      })
      .onConflictDoNothing();
    const [user] = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.countryCode, '86'), eq(users.mobile, demo.mobile)));
    if (!user || (await findExpert(db, user.id))) continue;
    const applyAt = new Date(finished[0]!.kickoffAt.getTime() - 20 * 86_400_000);
    const application = await submitExpertApplication(
      db,
      user.id,
      {
        // Every demo expert also covers basketball, whose simulated games are ahead (lib/demo/plans.ts).
        sports: ['football', 'basketball'],
        experience: demo.experience,
        contact: demo.contact,
      },
      applyAt,
    );
    await decideExpertApplication(
      db,
      operator.id,
      { id: application.id, approve: true },
      new Date(applyAt.getTime() + 3_600_000),
    );
    // Each expert takes one match in STRIDE, offset by the expert: about one a round, never the same match.
    finished
      .filter((_, at) => at % STRIDE === index * 2)
      .slice(0, PLANS_PER_EXPERT)
      .forEach((match, order) => {
        plans.push({ expertId: user.id, expertIndex: index, match, order });
      });
  }
  if (!plans.length) return;
  // Published in time order (the chain never goes back in time), each the day before its match; the job
  // grades what finished before each publish, so paid plans appear once a record allows them.
  plans.sort((a, b) => a.match.kickoffAt.getTime() - b.match.kickoffAt.getTime() || a.expertId - b.expertId);
  let last = 0;
  for (const plan of plans) {
    const demo = DEMO_EXPERTS[plan.expertIndex]!;
    const publishAt = new Date(
      Math.max(last + 60_000, plan.match.kickoffAt.getTime() - 86_400_000 + plan.expertIndex * 60_000),
    );
    last = publishAt.getTime();
    await gradeDuePlans(db, publishAt);
    const selection = pickFor(plan.match, plan.expertIndex, demo.insight);
    const paid = plan.order >= FREE_FIRST;
    try {
      await publishPlan(
        db,
        plan.expertId,
        {
          matchId: plan.match.id,
          title:
            `${plan.match.homeName} vs ${plan.match.awayName}：${selection.market === 'football_1x2' ? '胜负看点' : selection.market === 'football_handicap' ? '让球分析' : '进球数判断'}`.slice(
              0,
              60,
            ),
          selections: [selection],
          reasoning: `${plan.match.homeName}近期主场状态与${plan.match.awayName}的客场表现对比明显，结合伤停与赛程密度，给出本场判断。赛后自动结算，欢迎验证。`,
          price: paid ? 30 + plan.order * 4 : 0,
          refundIfLost: paid && plan.order % 2 === 0,
        },
        publishAt,
        { history: true },
      );
    } catch {
      // A paid plan whose record does not allow it yet stays unpublished, as it would for anyone.
    }
  }
  await gradeDuePlans(db, now);
  await releaseDuePlans(db, now);
  // A couple of free articles per expert, on their latest matches.
  const experts = await db
    .select({ id: users.id, mobile: users.mobile })
    .from(users)
    .where(
      inArray(
        users.mobile,
        DEMO_EXPERTS.map((demo) => demo.mobile),
      ),
    )
    .orderBy(asc(users.id));
  for (const [index, expert] of experts.entries()) {
    const match = finished[finished.length - 1 - index]!;
    await publishArticle(
      db,
      expert.id,
      {
        sport: 'football',
        locale: 'zh-CN',
        matchId: match.id,
        title: `复盘：${match.homeName} ${match.home}–${match.away} ${match.awayName}`,
        body: `这场 ${match.homeName} 对 ${match.awayName} 的比赛最终 ${match.home}–${match.away}。\n\n从比赛走势看，双方在中场的争夺决定了节奏：控球一方未必占优，反击效率才是关键。赛前我们关注的伤停和体能因素在下半场体现得很明显。\n\n下一轮我们会继续跟踪两队的状态变化，方案发布后开赛前锁定，赛后自动结算，欢迎关注。`,
      },
      new Date(match.kickoffAt.getTime() + 6 * 3_600_000),
    );
  }
}
