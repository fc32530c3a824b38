// The console's view of users: search by id, mobile or nickname, and one user's profile with wallet,
// latest records and mutes and bans (read by /api/admin/users/* and the /admin/users pages alike).
import { desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import { defineTable } from '@/lib/admin/table-query';
import { NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { balancesOf } from '@/lib/wallet/ledger';
import { statement } from '@/lib/wallet/records';
import { avatarOf } from './avatars';
import { sanctionHistory } from './sanctions';
import { users } from './schema';

export const presentUser = (row: typeof users.$inferSelect) => ({
  id: row.id,
  nickname: row.nickname,
  avatar: avatarOf(row),
  mobile: row.mobile,
  role: row.role,
  is_anchor: row.isAnchor,
  banned_until: row.bannedUntil,
  muted_until: row.mutedUntil,
  created_at: row.createdAt,
  last_login_at: row.lastLoginAt,
});

/** The console's user search: the text typed, in the URL (`?q=`); at most one page of matches (without
 * one, the newest sign-ups). */
export const USERS_TABLE = defineTable({ sorts: ['id'], defaultSort: 'id', filters: ['q'], pageSize: 20 });

/** Digits: an id or (part of) a mobile number; anything else: part of a nickname. */
export async function searchUsers(db: DbOrTx, query: string, limit = 20) {
  const q = query.trim();
  const escaped = q.replace(/[\\%_]/g, (char) => `\\${char}`);
  const conditions: SQL[] = [ilike(users.nickname, `%${escaped}%`)];
  if (/^\d+$/.test(q)) {
    if (q.length <= 9) conditions.push(eq(users.id, Number(q)));
    conditions.push(ilike(users.mobile, `${escaped}%`));
  }
  const rows = await db
    .select()
    .from(users)
    .where(or(...conditions))
    .orderBy(desc(users.id))
    .limit(limit);
  return rows.map(presentUser);
}

/** The newest sign-ups: what the users page lists before a search. */
export async function recentUsers(db: DbOrTx, limit = 20) {
  const rows = await db.select().from(users).orderBy(desc(users.id)).limit(limit);
  return rows.map(presentUser);
}

/** One user for the console: profile, balances, the latest 20 wallet records and every mute and ban. */
export async function userProfile(db: DbOrTx, id: number, now: Date) {
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new NotFoundError('USER_NOT_FOUND');
  const [balances, records, sanctions] = await Promise.all([
    balancesOf(db, id),
    statement(db, id, { type: 'all', page: 1, size: 20, now }),
    sanctionHistory(db, id),
  ]);
  return {
    user: { ...presentUser(row), signature: row.signature, experience: row.experience / 10 },
    balances: { star: balances.star, yellow: balances.yellow, coin: balances.coin },
    records: records.list.map(({ id: recordId, kind, currency, amount, created_at }) => ({
      id: recordId,
      kind,
      currency,
      amount,
      created_at,
    })),
    sanctions: sanctions.map((sanction) => ({
      id: sanction.id,
      kind: sanction.kind,
      reason_code: sanction.reasonCode,
      note: sanction.note,
      until: sanction.until,
      actor_id: sanction.actorId,
      created_at: sanction.createdAt,
      lifted_at: sanction.liftedAt,
      lifted_by: sanction.liftedBy,
    })),
  };
}
