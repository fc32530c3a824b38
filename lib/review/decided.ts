// The queue's decided view: what was decided in a source, newest first, read from the audit log (every
// decision is one entry of `/api/admin/review/<key>/decide`, a bulk one naming several items): who decided,
// when, approve or refuse, the items and whom they concerned, and the reason (code and words). A source may
// be decided by other writes too (`decidedAlsoBy`: a bulk take-down upholds the report cases on what it took
// down); their entries count where an item names the `closed_case` it decided, as an approval.
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { auditLog } from '@/lib/audit/schema';
import type { DbOrTx } from '@/lib/db';

export type DecidedItem = { id: number; decision: 'approve' | 'reject' | null; userId: number | null };
export type DecidedEntry = {
  /** The audit entry's id. */
  id: number;
  /** The staff write it records (the queue's decide path, or one of the source's `decidedAlsoBy`). */
  action: string;
  at: Date;
  actorId: number;
  actorRole: string;
  actorName: string | null;
  items: DecidedItem[];
  /** The people the items concerned, by id. */
  people: Record<number, string>;
  reasonCode: string;
  note: string;
};

/** The audit entry's reason ("code · words", lib/api/audit-change.ts) split back into its parts. */
export function splitReason(reason: string) {
  const at = reason.indexOf(' · ');
  return at < 0 ? { code: reason, note: '' } : { code: reason.slice(0, at), note: reason.slice(at + 3) };
}

/** The cases another write decided: each item's `closed_case` (`{ id, user_id }`), upheld. */
function closedCasesOf(after: unknown): DecidedItem[] {
  if (!Array.isArray(after)) return [];
  return after.flatMap((item) => {
    const closed = (item as { closed_case?: { id?: unknown; user_id?: unknown } } | null)?.closed_case;
    if (!closed || typeof closed.id !== 'number') return [];
    return [
      {
        id: closed.id,
        decision: 'approve' as const,
        userId: typeof closed.user_id === 'number' ? closed.user_id : null,
      },
    ];
  });
}

function itemsOf(after: unknown): DecidedItem[] {
  if (!Array.isArray(after)) return [];
  return after.flatMap((item) => {
    if (!item || typeof item !== 'object' || typeof (item as { id?: unknown }).id !== 'number') return [];
    const { id, decision, user_id } = item as { id: number; decision?: unknown; user_id?: unknown };
    return [
      {
        id,
        decision: decision === 'approve' || decision === 'reject' ? decision : null,
        userId: typeof user_id === 'number' ? user_id : null,
      },
    ];
  });
}

export async function listDecided(
  db: DbOrTx,
  action: string,
  input: { page: number; size: number },
  alsoBy: readonly string[] = [],
): Promise<{ total: number; list: DecidedEntry[] }> {
  const where = or(
    eq(auditLog.action, action),
    alsoBy.length
      ? and(inArray(auditLog.action, [...alsoBy]), sql`${auditLog.after} @> '[{"closed_case": {}}]'::jsonb`)
      : undefined,
  );
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        at: auditLog.at,
        actorId: auditLog.actorId,
        actorRole: auditLog.actorRole,
        actorName: users.nickname,
        after: auditLog.after,
        reason: auditLog.reason,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(where)
      .orderBy(desc(auditLog.id))
      .limit(input.size)
      .offset((input.page - 1) * input.size),
    db.select({ total: sql<number>`count(*)::int` }).from(auditLog).where(and(where)),
  ]);
  const entries = rows.map((row) => ({
    ...row,
    items: row.action === action ? itemsOf(row.after) : closedCasesOf(row.after),
  }));
  const ids = [...new Set(entries.flatMap((entry) => entry.items.flatMap((item) => item.userId ?? [])))];
  const names = ids.length
    ? await db.select({ id: users.id, nickname: users.nickname }).from(users).where(inArray(users.id, ids))
    : [];
  const people = Object.fromEntries(names.map((row) => [row.id, row.nickname]));
  return {
    total: count?.total ?? 0,
    list: entries.map((entry) => {
      const { code, note } = splitReason(entry.reason);
      return {
        id: entry.id,
        action: entry.action,
        at: new Date(entry.at),
        actorId: entry.actorId,
        actorRole: entry.actorRole,
        actorName: entry.actorName,
        items: entry.items,
        people: Object.fromEntries(
          entry.items.flatMap((item) =>
            item.userId !== null && people[item.userId] ? [[item.userId, people[item.userId]!]] : [],
          ),
        ),
        reasonCode: code,
        note,
      };
    }),
  };
}
