// Taking a queue item ("我来处理"): the staff member says they handle it, and colleagues see who does. The
// first to take an item keeps it; taking one's own again changes nothing; an item that concerns the
// staff member cannot be theirs to handle (`REVIEW_OWN_ITEM`, as for a decision).
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { reviewClaims } from './schema';
import type { QueueSource } from './source';

export type Claim = { staffId: number; nickname: string; claimedAt: Date };

/** Who took each of `ids` (items nobody took are absent). */
export async function claimsOf(db: DbOrTx, source: string, ids: readonly number[]) {
  const claims = new Map<number, Claim>();
  if (!ids.length) return claims;
  const rows = await db
    .select({
      itemId: reviewClaims.itemId,
      staffId: reviewClaims.staffId,
      nickname: users.nickname,
      claimedAt: reviewClaims.claimedAt,
    })
    .from(reviewClaims)
    .innerJoin(users, eq(users.id, reviewClaims.staffId))
    .where(and(eq(reviewClaims.source, source), inArray(reviewClaims.itemId, [...ids])));
  for (const row of rows) claims.set(row.itemId, row);
  return claims;
}

/**
 * `staffId` takes item `id` of `source`: answers the claim (theirs, new or kept). Refuses an item that does
 * not exist (`REVIEW_ITEM_NOT_FOUND`), one that concerns them, and one a colleague took (`REVIEW_TAKEN`,
 * naming the colleague).
 */
export async function takeItem(db: DbOrTx, source: QueueSource, id: number, staffId: number, now: Date) {
  const people = await source.concerns(db, [id]);
  if (!people.has(id)) throw new NotFoundError('REVIEW_ITEM_NOT_FOUND');
  if (people.get(id)!.includes(staffId)) throw new DomainError('REVIEW_OWN_ITEM', { status: 403 });
  await db
    .insert(reviewClaims)
    .values({ source: source.key, itemId: id, staffId, claimedAt: now })
    .onConflictDoNothing();
  const claim = (await claimsOf(db, source.key, [id])).get(id)!;
  if (claim.staffId !== staffId)
    throw new DomainError('REVIEW_TAKEN', { status: 409, values: { name: claim.nickname } });
  return claim;
}
