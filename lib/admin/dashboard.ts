// The operations dashboard (issue 29, item 6): today and the six days before it, in the portal's zone
// (TIME_ZONE) — registrations, signed-in viewers (anyone with watch time that day), the peak of concurrent
// viewers in live rooms (sampled each minute), recharges, gifts and withdrawal requests — what waits
// now (reports, withdrawals to review and to pay out, anchor applications), and what the latest ledger check found (the
// `ledger-check` job, lib/jobs/ledger-check.ts).
import { and, eq, gte, inArray, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import type { Db, DbOrTx } from '@/lib/db';
import { withdrawals } from '@/lib/earnings/schema';
import { giftSends } from '@/lib/gifts/schema';
import { lastLedgerCheck } from '@/lib/jobs/ledger-check';
import { anchorApplications, liveRooms } from '@/lib/live/schema';
import { reports } from '@/lib/moderation/schema';
import { watchTime } from '@/lib/tasks/schema';
import { dayIn } from '@/lib/time/zone';
import { payOrders } from '@/lib/wallet/schema';
import { viewerSamples } from './schema';

export const DASHBOARD_DAYS = 7;
const DAY_MS = 86_400_000;

export type DashboardDay = {
  day: string;
  registrations: number;
  activeViewers: number;
  /** null: no sample that day (the sampling job did not run). */
  peakViewers: number | null;
  recharges: { count: number; diamonds: number };
  gifts: { count: number; value: number };
  withdrawals: { count: number; amount: number };
};

/** The last DASHBOARD_DAYS local days, oldest first, ending with `now`'s. */
export function dashboardDays(now: Date, timeZone: string) {
  return Array.from({ length: DASHBOARD_DAYS }, (_, index) =>
    dayIn(new Date(now.getTime() - (DASHBOARD_DAYS - 1 - index) * DAY_MS), timeZone),
  ).filter((day, index, all) => all.indexOf(day) === index);
}

export async function operationsDashboard(db: Db, now: Date, timeZone: string) {
  const days = dashboardDays(now, timeZone);
  // A day earlier than the first local day's start in any zone: the SQL cuts the days exactly.
  const since = new Date(`${days[0]}T00:00:00Z`).getTime() - DAY_MS;
  const sinceIso = new Date(since);
  const localDay = (column: unknown) =>
    sql<string>`to_char(${column} at time zone ${timeZone}, 'YYYY-MM-DD')`;
  type Row = { day: string; count: number; total: number };
  const perDay = async (query: Promise<Row[]>) => new Map((await query).map((row) => [row.day, row]));

  const [registrations, active, peaks, recharges, gifts, requested, waiting, ledger] = await Promise.all([
    perDay(
      db
        .select({ day: localDay(users.createdAt), count: sql<number>`count(*)::int`, total: sql<number>`0` })
        .from(users)
        .where(gte(users.createdAt, sinceIso))
        .groupBy(sql`1`),
    ),
    perDay(
      db
        .select({
          day: watchTime.day,
          count: sql<number>`count(distinct ${watchTime.userId})::int`,
          total: sql<number>`0`,
        })
        .from(watchTime)
        .where(inArray(watchTime.day, days))
        .groupBy(watchTime.day),
    ),
    perDay(
      db
        .select({
          day: localDay(viewerSamples.at),
          count: sql<number>`max(${viewerSamples.viewers})::int`,
          total: sql<number>`0`,
        })
        .from(viewerSamples)
        .where(gte(viewerSamples.at, sinceIso))
        .groupBy(sql`1`),
    ),
    perDay(
      db
        .select({
          day: localDay(payOrders.settledAt),
          count: sql<number>`count(*)::int`,
          total: sql<number>`coalesce(sum(${payOrders.diamonds}), 0)::int`,
        })
        .from(payOrders)
        .where(
          and(inArray(payOrders.status, ['paid', 'paid_after_cancel']), gte(payOrders.settledAt, sinceIso)),
        )
        .groupBy(sql`1`),
    ),
    perDay(
      db
        .select({
          day: localDay(giftSends.createdAt),
          count: sql<number>`count(*)::int`,
          total: sql<number>`coalesce(sum(${giftSends.value}), 0)::bigint`,
        })
        .from(giftSends)
        .where(gte(giftSends.createdAt, sinceIso))
        .groupBy(sql`1`),
    ),
    perDay(
      db
        .select({
          day: localDay(withdrawals.createdAt),
          count: sql<number>`count(*)::int`,
          total: sql<number>`coalesce(sum(${withdrawals.amount}), 0)::bigint`,
        })
        .from(withdrawals)
        .where(gte(withdrawals.createdAt, sinceIso))
        .groupBy(sql`1`),
    ),
    waitingNow(db),
    ledgerOnDashboard(db),
  ]);

  const series: DashboardDay[] = days.map((day) => ({
    day,
    registrations: registrations.get(day)?.count ?? 0,
    activeViewers: active.get(day)?.count ?? 0,
    peakViewers: peaks.get(day)?.count ?? null,
    recharges: { count: recharges.get(day)?.count ?? 0, diamonds: Number(recharges.get(day)?.total ?? 0) },
    gifts: { count: gifts.get(day)?.count ?? 0, value: Number(gifts.get(day)?.total ?? 0) },
    withdrawals: { count: requested.get(day)?.count ?? 0, amount: Number(requested.get(day)?.total ?? 0) },
  }));
  return { timeZone, days: series, now: waiting, ledger };
}

/**
 * The latest ledger check, as the dashboard's line says it: when, how many problems and the first one,
 * how many open items escrow was reconciled with. Null before the first check (or unreadable).
 */
async function ledgerOnDashboard(db: Db) {
  const last = await lastLedgerCheck(db).catch(() => null);
  if (!last) return null;
  return {
    checkedAt: last.checkedAt,
    problems: last.problemCount,
    firstProblem: last.problems[0] ?? null,
    openItems: last.holdings.reduce((sum, holding) => sum + holding.items, 0),
  };
}

async function waitingNow(db: Db) {
  const [row] = await db
    .select({
      onAir: sql<number>`(select count(*)::int from ${liveRooms} where ${liveRooms.status} = 'live')`,
      // Reports on one target are one case (lib/moderation/report-cases.ts): counted as the queue counts them.
      reportsWaiting: sql<number>`(select count(distinct (${reports.targetType}, ${reports.targetId}))::int from ${reports} where ${reports.status} = 'open')`,
      withdrawalsWaiting: sql<number>`(select count(*)::int from ${withdrawals} where ${withdrawals.status} = 'pending')`,
      // Approved withdrawals whose money has not left yet (finance's /admin/payouts).
      payoutsWaiting: sql<number>`(select count(*)::int from ${withdrawals} where ${withdrawals.status} = 'approved')`,
      applicationsWaiting: sql<number>`(select count(*)::int from ${anchorApplications} where ${anchorApplications.status} = 'pending')`,
      viewersNow: sql<
        number | null
      >`(select ${viewerSamples.viewers} from ${viewerSamples} order by ${viewerSamples.at} desc limit 1)`,
    })
    .from(sql`(select 1) as one`);
  return row!;
}

/**
 * Records this minute's viewers in live rooms (the jobs' `ops-viewer-samples`, once a minute in the
 * cluster); `count` answers a room's online figure on every node (lib/realtime/online.ts).
 */
export async function sampleViewers(db: DbOrTx, now: Date, count: (room: string) => Promise<number>) {
  const rooms = await db.select({ id: liveRooms.id }).from(liveRooms).where(eq(liveRooms.status, 'live'));
  const online = await Promise.all(rooms.map((room) => count(`live:${room.id}`)));
  const minute = new Date(Math.floor(now.getTime() / 60_000) * 60_000);
  await db
    .insert(viewerSamples)
    .values({ at: minute, viewers: online.reduce((sum, value) => sum + value, 0), rooms: rooms.length })
    .onConflictDoNothing();
}
