// Reports gathered into cases (issue #41): every open report about one target (a post, a comment, a room,
// a user, a chat line) is one case, shown as one row of the review queue and decided once (`handleReport`
// closes them all). A case is named by its first open report's id, which stays its name while it is open
// (ids only grow and the case's reports close together).
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import type { DbOrTx } from '@/lib/db';
import { order, page } from '@/lib/review/paging';
import type { QueueListInput } from '@/lib/review/source';
import { reasonName } from './report-reasons';
import { reportReasons, reports } from './schema';

export type CaseReport = {
  id: number;
  reporterId: number;
  nickname: string;
  reason: string;
  content: string;
  images: string[];
  createdAt: Date;
};

export type ReportCase = {
  /** The first open report's id: the case's name in the queue and its routes. */
  id: number;
  targetType: string;
  targetId: number;
  /** Oldest first. */
  reports: CaseReport[];
  first: Date;
  last: Date;
};

const open = eq(reports.status, 'open');

/** How many targets have an open report. */
export async function countOpenCases(db: DbOrTx) {
  const [row] = await db
    .select({ value: sql<number>`count(distinct (${reports.targetType}, ${reports.targetId}))::int` })
    .from(reports)
    .where(open);
  return row?.value ?? 0;
}

/** One page of open cases, ordered by their first report (`asc`: the longest waiting first). */
export async function listOpenCases(db: DbOrTx, input: QueueListInput): Promise<ReportCase[]> {
  const first = sql<number>`min(${reports.id})`;
  const heads = await db
    .select({ id: first.mapWith(Number), targetType: reports.targetType, targetId: reports.targetId })
    .from(reports)
    .where(open)
    .groupBy(reports.targetType, reports.targetId)
    .orderBy(order(first, input))
    .limit(page(input).limit)
    .offset(page(input).offset);
  if (!heads.length) return [];
  const rows = await db
    .select({ report: reports, nickname: users.nickname, reasonNames: reportReasons.names })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .innerJoin(reportReasons, eq(reportReasons.id, reports.reasonId))
    .where(
      and(
        open,
        or(
          ...heads.map((head) =>
            and(eq(reports.targetType, head.targetType), eq(reports.targetId, head.targetId)),
          ),
        ),
      ),
    )
    .orderBy(asc(reports.id));
  return heads.map((head) => {
    const mine = rows
      .filter(({ report }) => report.targetType === head.targetType && report.targetId === head.targetId)
      .map(({ report, nickname, reasonNames }) => ({
        id: report.id,
        reporterId: report.reporterId,
        nickname,
        reason: reasonName(reasonNames, input.locale),
        content: report.content,
        images: report.images,
        createdAt: report.createdAt,
      }));
    const times = mine.map((report) => report.createdAt.getTime());
    return {
      ...head,
      reports: mine,
      first: new Date(Math.min(...times)),
      last: new Date(Math.max(...times)),
    };
  });
}

/**
 * The reporters of each case named in `ids` (its first report's reporter, and every open report's about the
 * same target), with the target: for the queue's `concerns`.
 */
export async function caseReporters(db: DbOrTx, ids: readonly number[]) {
  if (!ids.length) return [];
  const named = await db
    .select({
      id: reports.id,
      reporterId: reports.reporterId,
      targetType: reports.targetType,
      targetId: reports.targetId,
    })
    .from(reports)
    .where(inArray(reports.id, [...ids]));
  const result = [];
  // One after another: `db` may be the decision's transaction (one connection).
  for (const head of named) {
    const others = await db
      .select({ reporterId: reports.reporterId })
      .from(reports)
      .where(and(open, eq(reports.targetType, head.targetType), eq(reports.targetId, head.targetId)));
    result.push({
      ...head,
      reporters: [...new Set([head.reporterId, ...others.map((row) => row.reporterId)])],
    });
  }
  return result;
}
