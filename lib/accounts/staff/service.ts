// Staff roles: who holds one, and granting or taking one back (operators only, through the console).
// A role takes effect on the holder's next request (sessions read it from the user's row); an operator
// cannot change their own role, so the console always keeps the operator who is using it.
import { and, asc, desc, eq, ilike, ne, or, type SQL, sql } from 'drizzle-orm';
import { defineTable, type TableQuery } from '@/lib/admin/table-query';
import type { Role } from '@/lib/api/context';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { users } from '../schema';

export const ROLE_VALUES = ['user', 'operator', 'moderator', 'finance'] as const satisfies readonly Role[];

export const STAFF_TABLE = defineTable({
  sorts: ['id', 'nickname', 'role'],
  defaultSort: 'id',
  defaultDir: 'asc',
  filters: ['q', 'role'],
});
export type StaffQuery = TableQuery<(typeof STAFF_TABLE.sorts)[number], (typeof STAFF_TABLE.filters)[number]>;

const personColumns = {
  id: users.id,
  nickname: users.nickname,
  mobile: users.mobile,
  role: users.role,
  isAnchor: users.isAnchor,
  createdAt: users.createdAt,
};

/** id, a mobile number or part of a nickname. */
function personMatch(q: string): SQL {
  const id = /^\d{1,9}$/.test(q) ? Number(q) : null;
  return or(
    ...(id !== null ? [eq(users.id, id)] : []),
    eq(users.mobile, q),
    ilike(users.nickname, `%${q.replace(/[%_\\]/g, '\\$&')}%`),
  )!;
}

export async function listStaff(db: DbOrTx, query: StaffQuery) {
  const where: SQL[] = [ne(users.role, 'user')];
  if (query.filters.q) where.push(personMatch(query.filters.q));
  const role = ROLE_VALUES.find((value) => value === query.filters.role);
  if (role) where.push(eq(users.role, role));
  const order = query.dir === 'asc' ? asc : desc;
  const column = { id: users.id, nickname: users.nickname, role: users.role }[query.sort];
  const [rows, [count]] = await Promise.all([
    db
      .select(personColumns)
      .from(users)
      .where(and(...where))
      .orderBy(order(column), asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(users)
      .where(and(...where)),
  ]);
  return { rows, total: count?.total ?? 0 };
}

/** The account an id or a mobile number names (exact), for the grant form. */
export async function findPerson(db: DbOrTx, q: string) {
  const id = /^\d{1,9}$/.test(q) ? Number(q) : null;
  const [row] = await db
    .select(personColumns)
    .from(users)
    .where(or(...(id !== null ? [eq(users.id, id)] : []), eq(users.mobile, q)))
    .orderBy(asc(users.id))
    .limit(1);
  return row ?? null;
}

/** Sets a user's role; answers the role before and after (for the audit entry). */
export async function grantRole(db: DbOrTx, input: { actorId: number; userId: number; role: Role }) {
  if (input.userId === input.actorId) throw new DomainError('CANNOT_CHANGE_OWN_ROLE');
  return db.transaction(async (tx) => {
    const [before] = await tx
      .select({ role: users.role })
      .from(users)
      .where(eq(users.id, input.userId))
      .for('update');
    if (!before) throw new NotFoundError('USER_NOT_FOUND');
    if (before.role === input.role) throw new DomainError('ROLE_UNCHANGED');
    await tx.update(users).set({ role: input.role }).where(eq(users.id, input.userId));
    return { before: before.role, after: input.role };
  });
}
