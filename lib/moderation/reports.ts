// Reports (spec §7 `Reportuser/insert`): a signed-in viewer reports a room, a user, a post or a
// comment for a reason; operators dismiss or uphold them. One open report per viewer and target,
// at most 10 an hour per viewer (counted in Postgres like every other limit).
import { and, asc, count, countDistinct, desc, eq, inArray, ne } from 'drizzle-orm';
import { assertWithinLimit, type RateRule, recordEvent } from '@/lib/accounts/rate-limit';
import { users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { uploads } from '@/lib/storage/schema';
import { freshSettings } from '@/lib/system/settings';
import { findReportReason, reasonName } from './report-reasons';
import {
  hideReportTarget,
  type ReportTargetType,
  resolveReportTarget,
  takeDownReportTarget,
} from './report-targets';
import { reportReasons, reports } from './schema';

export const REPORT_CONTENT_MAX = 200;
export const REPORT_IMAGES_MAX = 3;
export const REPORT_LIMIT: RateRule = {
  bucket: 'report:user',
  max: 10,
  windowMs: 3_600_000,
  error: 'REPORT_LIMIT',
};

export type NewReport = {
  targetType: ReportTargetType;
  targetId: number;
  reasonId: number;
  content: string;
  images: string[];
};

export async function createReport(db: DbOrTx, reporterId: number, input: NewReport, now: Date) {
  const target = await resolveReportTarget(db, input.targetType, input.targetId, reporterId);
  if (!target) throw new NotFoundError('REPORT_TARGET_NOT_FOUND');
  if (target.ownerId === reporterId) throw new DomainError('REPORT_SELF');
  const reason = await findReportReason(db, input.reasonId);
  if (!reason) throw new DomainError('REPORT_REASON_NOT_FOUND');
  if (reason.needsContent && !input.content) throw new DomainError('REPORT_CONTENT_REQUIRED');
  const images = [...new Set(input.images)];
  if (images.length) {
    const owned = await db
      .select({ url: uploads.url })
      .from(uploads)
      .where(and(eq(uploads.userId, reporterId), eq(uploads.purpose, 'image'), inArray(uploads.url, images)));
    if (owned.length !== images.length) throw new DomainError('REPORT_IMAGE_NOT_UPLOADED');
  }
  const [open] = await db
    .select({ id: reports.id })
    .from(reports)
    .where(
      and(
        eq(reports.reporterId, reporterId),
        eq(reports.targetType, input.targetType),
        eq(reports.targetId, input.targetId),
        eq(reports.status, 'open'),
      ),
    );
  if (open) throw new DomainError('REPORT_DUPLICATE');
  await assertWithinLimit(db, REPORT_LIMIT, String(reporterId), now);
  const [created] = await db
    .insert(reports)
    .values({
      reporterId,
      targetType: input.targetType,
      targetId: input.targetId,
      reasonId: reason.id,
      content: input.content,
      images,
    })
    // Two clicks racing past the check above meet the partial unique index instead.
    .onConflictDoNothing()
    .returning({ id: reports.id, status: reports.status });
  if (!created) throw new DomainError('REPORT_DUPLICATE');
  await recordEvent(db, REPORT_LIMIT.bucket, String(reporterId), now);
  await hideWhenReportedEnough(db, input.targetType, input.targetId);
  return created;
}

/**
 * Enough distinct reporters (the operator's `autoHideReporters`; one open report per reporter and target)
 * hide the target until a decision: upholding takes it down, dismissing shows it again.
 */
async function hideWhenReportedEnough(db: DbOrTx, targetType: ReportTargetType, targetId: number) {
  const { autoHideReporters } = await freshSettings(db);
  if (!autoHideReporters) return;
  const [open] = await db
    .select({ reporters: countDistinct(reports.reporterId) })
    .from(reports)
    .where(
      and(eq(reports.targetType, targetType), eq(reports.targetId, targetId), eq(reports.status, 'open')),
    );
  if ((open?.reporters ?? 0) >= autoHideReporters) await hideReportTarget(db, targetType, targetId, true);
}

export const REPORT_STATUSES = ['open', 'dismissed', 'upheld'] as const;
export type ReportStatus = (typeof REPORT_STATUSES)[number];

export async function listReports(
  db: DbOrTx,
  query: { status?: ReportStatus; page: number; size?: number; locale: Locale },
) {
  const size = query.size ?? 20;
  const where = query.status ? eq(reports.status, query.status) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select({ report: reports, reasonNames: reportReasons.names, reporter: users.nickname })
      .from(reports)
      .innerJoin(reportReasons, eq(reportReasons.id, reports.reasonId))
      .innerJoin(users, eq(users.id, reports.reporterId))
      .where(where)
      .orderBy(desc(reports.createdAt), desc(reports.id))
      .limit(size)
      .offset((query.page - 1) * size),
    db.select({ total: count() }).from(reports).where(where),
  ]);
  return {
    total: total?.total ?? 0,
    list: rows.map(({ report, reasonNames, reporter }) => ({
      id: report.id,
      reporter: { id: report.reporterId, nickname: reporter },
      target_type: report.targetType,
      target_id: report.targetId,
      reason: reasonName(reasonNames, query.locale),
      content: report.content,
      images: report.images,
      status: report.status as ReportStatus,
      note: report.note,
      handled_at: report.handledAt,
      created_at: report.createdAt,
    })),
  };
}

/**
 * Locks every report about a target in one order, so two decisions about the same content (which both
 * close its open reports) wait for each other instead of deadlocking; the rows are read after the wait.
 */
function lockTargetReports(db: DbOrTx, targetType: string, targetId: number) {
  return db
    .select()
    .from(reports)
    .where(and(eq(reports.targetType, targetType), eq(reports.targetId, targetId)))
    .orderBy(asc(reports.id))
    .for('update');
}

type Handled = { status: 'dismissed' | 'upheld'; handlerId: number; handledAt: Date; note: string | null };

/** Closes the target's open reports (but `except`) with one decision; answers them, oldest first. */
function closeOpenReports(
  db: DbOrTx,
  target: { type: string; id: number },
  handled: Handled,
  except?: number,
) {
  return db
    .update(reports)
    .set(handled)
    .where(
      and(
        eq(reports.targetType, target.type),
        eq(reports.targetId, target.id),
        eq(reports.status, 'open'),
        except === undefined ? undefined : ne(reports.id, except),
      ),
    )
    .returning({ id: reports.id, reporterId: reports.reporterId });
}

/**
 * Content staff took down outside a report (the console's bulk take-down, ./content.ts) closes the open
 * reports about it as upheld by the same moderator, as upholding one of them would: answers the case
 * (named by its first report, as the queue names it) and every reporter, or null when none was open.
 * `db` is the take-down's transaction.
 */
export async function upholdOpenReports(
  db: DbOrTx,
  target: { type: string; id: number },
  input: { actorId: number; note: string; now: Date },
) {
  const open = (await lockTargetReports(db, target.type, target.id)).filter((row) => row.status === 'open');
  if (!open.length) return null;
  const closed = await closeOpenReports(db, target, {
    status: 'upheld',
    handlerId: input.actorId,
    handledAt: input.now,
    note: input.note || null,
  });
  closed.sort((a, b) => a.id - b.id);
  return { caseId: closed[0]!.id, reporterId: closed[0]!.reporterId, reports: closed };
}

/** Who owns what a report points at (the author of a post, the user reported…); null when no one does. */
export async function reportedOwner(db: DbOrTx, reportId: number) {
  const [report] = await db.select().from(reports).where(eq(reports.id, reportId));
  if (!report) return null;
  const target = await resolveReportTarget(db, report.targetType as ReportTargetType, report.targetId);
  return target?.ownerId ?? null;
}

/**
 * Dismisses or upholds an open report. Upholding takes the reported content down (its kind's `takeDown`,
 * in the same transaction: `db` is the decision's) and closes every other open report about the same
 * target as upheld by the same decision; dismissing leaves the content and dismisses every other open report
 * about it (the reports on one target are one case, `./report-cases.ts`).
 */
export async function handleReport(
  db: DbOrTx,
  operatorId: number,
  input: { id: number; action: 'dismiss' | 'uphold'; note?: string },
  now: Date,
) {
  const [found] = await db.select().from(reports).where(eq(reports.id, input.id));
  if (!found) throw new NotFoundError('REPORT_NOT_FOUND');
  const locked = await lockTargetReports(db, found.targetType, found.targetId);
  const report = locked.find((row) => row.id === found.id) ?? found;
  if (report.status !== 'open') throw new DomainError('REPORT_ALREADY_HANDLED');
  const status = input.action === 'dismiss' ? 'dismissed' : 'upheld';
  const handled: Handled = { status, handlerId: operatorId, handledAt: now, note: input.note ?? null };
  await db.update(reports).set(handled).where(eq(reports.id, report.id));
  const target = { type: report.targetType, id: report.targetId };
  const takenDown =
    status === 'upheld'
      ? await takeDownReportTarget(db, report.targetType, report.targetId, {
          now,
          reason: input.note ?? '',
          actorId: operatorId,
        })
      : null;
  // Dismissed: content the reports hid until now is shown again.
  if (status === 'dismissed') await hideReportTarget(db, report.targetType, report.targetId, false);
  // The reports about one target are one case: the decision closes every open one alike.
  const closed = await closeOpenReports(db, target, handled, report.id);
  // The reporters are told by the review queue (lib/review), with the decision's reason.
  return { id: report.id, status, reporterId: report.reporterId, target, takenDown, closed };
}
