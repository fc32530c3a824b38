// Reading the audit log: the console's filtered, sorted, paged list; a date range for export (CSV or
// JSON); and the chain check with the row it breaks at. Days (`from`, `to`, `YYYY-MM-DD`) are read in the
// zone the reader sees (the page's viewer zone, the API's `time_zone`).
import { and, asc, desc, eq, gte, ilike, lt, or, type SQL, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { defineTable, type TableQuery } from '@/lib/admin/table-query';
import type { Db } from '@/lib/db';
import { instantFromWallTime } from '@/lib/time/zone';
import { latestCheckpoint } from './checkpoints';
import { auditLog } from './schema';
import { type ChainCheckOptions, verifyAuditChain } from './service';

export const AUDIT_TABLE = defineTable({
  sorts: ['at', 'action', 'actor'],
  defaultSort: 'at',
  defaultDir: 'desc',
  filters: ['actor', 'role', 'action', 'target', 'target_id', 'from', 'to'],
});
export type AuditFilter = (typeof AUDIT_TABLE.filters)[number];
export type AuditQuery = TableQuery<(typeof AUDIT_TABLE.sorts)[number], AuditFilter>;

/** The most rows one export carries; a longer range is cut there and says so. */
export const AUDIT_EXPORT_MAX = 10_000;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
/** The instant a `YYYY-MM-DD` day starts in `timeZone` (null for anything else). */
export const dayStart = (day: string | undefined, timeZone: string) =>
  day && DAY.test(day) ? instantFromWallTime(`${day}T00:00`, timeZone) : null;
const nextDay = (day: string) => {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
};

function conditions(filters: Partial<Record<AuditFilter, string>>, timeZone: string) {
  const where: SQL[] = [];
  const actor = filters.actor?.trim();
  if (actor) {
    const id = /^\d{1,9}$/.test(actor) ? Number(actor) : null;
    where.push(
      id !== null
        ? eq(auditLog.actorId, id)
        : or(ilike(users.nickname, `%${actor}%`), eq(users.mobile, actor))!,
    );
  }
  if (filters.role) where.push(eq(auditLog.actorRole, filters.role));
  if (filters.action) where.push(ilike(auditLog.action, `%${filters.action}%`));
  if (filters.target) where.push(eq(auditLog.targetType, filters.target));
  if (filters.target_id) where.push(eq(auditLog.targetId, filters.target_id));
  const from = dayStart(filters.from, timeZone);
  if (from) where.push(gte(auditLog.at, from.toISOString()));
  const to = filters.to && DAY.test(filters.to) ? dayStart(nextDay(filters.to), timeZone) : null;
  if (to) where.push(lt(auditLog.at, to.toISOString()));
  return where.length ? and(...where) : undefined;
}

const entryColumns = {
  id: auditLog.id,
  at: auditLog.at,
  actorId: auditLog.actorId,
  actorRole: auditLog.actorRole,
  actorName: users.nickname,
  address: auditLog.address,
  action: auditLog.action,
  targetType: auditLog.targetType,
  targetId: auditLog.targetId,
  before: auditLog.before,
  after: auditLog.after,
  reason: auditLog.reason,
};
export type AuditListEntry = {
  id: number;
  at: string;
  actorId: number;
  actorRole: string;
  actorName: string | null;
  address: string;
  action: string;
  targetType: string;
  targetId: string;
  before: unknown;
  after: unknown;
  reason: string;
};

export async function listAudit(db: Db, query: AuditQuery, timeZone: string) {
  const where = conditions(query.filters, timeZone);
  const order = query.dir === 'asc' ? asc : desc;
  const sortColumn = { at: auditLog.id, action: auditLog.action, actor: auditLog.actorId }[query.sort];
  const [rows, [count]] = await Promise.all([
    db
      .select(entryColumns)
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(order(sortColumn), order(auditLog.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    where
      ? db
          .select({ total: sql<number>`count(*)::int` })
          .from(auditLog)
          .leftJoin(users, eq(users.id, auditLog.actorId))
          .where(where)
      : logLength(db),
  ]);
  return { rows: rows as AuditListEntry[], total: count?.total ?? 0 };
}

/**
 * Entries in the whole log (issue #45), without counting it: the latest checkpoint's `seq` (the entries up
 * to its entry, kept by the append under the audit lock) plus the entries after it (fewer than
 * AUDIT_CHECKPOINT_EVERY, read from the primary key).
 */
async function logLength(db: Db) {
  const latest = await latestCheckpoint(db);
  const { rows } = await db.execute<{ total: number }>(
    sql`select count(*)::int as total from ${auditLog} where ${auditLog.id} > ${latest?.entryId ?? 0}`,
  );
  return [{ total: (latest?.seq ?? 0) + rows[0]!.total }];
}

/** The distinct target types seen, for the filter's list. */
export async function auditTargetTypes(db: Db) {
  const rows = await db
    .selectDistinct({ type: auditLog.targetType })
    .from(auditLog)
    .orderBy(asc(auditLog.targetType));
  return rows.map((row) => row.type).filter(Boolean);
}

const CSV_COLUMNS = [
  'id',
  'at',
  'actorId',
  'actorRole',
  'actorName',
  'address',
  'action',
  'targetType',
  'targetId',
  'reason',
  'before',
  'after',
] as const;

/** One CSV field: quoted when it holds a comma, quote or line break; a leading formula sign is defused. */
function csvField(value: unknown) {
  let text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The entries of a day range (both days included, in `timeZone`), oldest first, as CSV or JSON. */
export async function exportAudit(
  db: Db,
  range: { from: string; to: string; format: 'csv' | 'json' },
  timeZone: string,
) {
  const rows = (await db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(conditions({ from: range.from, to: range.to }, timeZone))
    .orderBy(asc(auditLog.id))
    .limit(AUDIT_EXPORT_MAX + 1)) as AuditListEntry[];
  const truncated = rows.length > AUDIT_EXPORT_MAX;
  const entries = rows
    .slice(0, AUDIT_EXPORT_MAX)
    .map((row) => ({ ...row, at: new Date(row.at).toISOString() }));
  const filename = `audit-${range.from}-${range.to}.${range.format}`;
  const body =
    range.format === 'json'
      ? JSON.stringify(entries, null, 2)
      : [
          CSV_COLUMNS.join(','),
          ...entries.map((entry) => CSV_COLUMNS.map((column) => csvField(entry[column])).join(',')),
        ].join('\r\n');
  return { filename, body, count: entries.length, truncated };
}

/** The chain check, with the entry it breaks at (when it does). */
export async function checkAuditChain(db: Db, options: ChainCheckOptions) {
  const report = await verifyAuditChain(db, options);
  if (report.brokenAt === undefined) return { ...report, broken: null };
  const [broken] = await db
    .select(entryColumns)
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(eq(auditLog.id, report.brokenAt));
  return { ...report, broken: (broken as AuditListEntry | undefined) ?? null };
}
