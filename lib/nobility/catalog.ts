// The nobility tiers as an operator keeps them (the `nobility_tiers` table, seeded by the migration from the
// prices the code used to hold): monthly and renewal prices in yellow diamonds, order, on/off. Purchases read
// the tier at the moment they are made, so a change applies to new purchases only.
import { asc, eq } from 'drizzle-orm';
import { DomainError, NotFoundError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { nobilityTiers } from './schema';

export type NobilityTierRow = typeof nobilityTiers.$inferSelect;

/** Every tier in the operator's order (the console). */
export const nobilityTiersForStaff = (db: DbOrTx) =>
  db.select().from(nobilityTiers).orderBy(asc(nobilityTiers.sort), asc(nobilityTiers.tier));

/** The tiers on sale, in the operator's order (the purchase screens and `api/Guard/getList`). */
export async function nobilityTiersOnSale(db: DbOrTx) {
  return (await nobilityTiersForStaff(db)).filter((row) => row.active);
}

/** One tier on sale, or the refusal a buyer sees. */
export async function tierOnSale(db: DbOrTx, tier: number) {
  const [row] = Number.isInteger(tier)
    ? await db.select().from(nobilityTiers).where(eq(nobilityTiers.tier, tier))
    : [];
  if (!row?.active) throw new DomainError('NOBILITY_TIER_UNKNOWN');
  return row;
}

/** An operator's change of one tier (prices bounded by the route: whole diamonds, NOBILITY_PRICE_*); returns the row before and after (the audit's values). */
export async function saveNobilityTier(
  db: DbOrTx,
  input: { tier: number; monthlyPrice: number; renewalPrice: number; sort: number; active: boolean },
  now: Date,
) {
  const [before] = await db.select().from(nobilityTiers).where(eq(nobilityTiers.tier, input.tier));
  if (!before) throw new NotFoundError('NOBILITY_TIER_UNKNOWN');
  const { tier, ...values } = input;
  const [row] = await db
    .update(nobilityTiers)
    .set({ ...values, updatedAt: now })
    .where(eq(nobilityTiers.tier, tier))
    .returning();
  return { before, row: row! };
}
