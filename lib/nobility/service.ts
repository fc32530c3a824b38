// Nobility: buying a tier through the ledger (the yellow-diamond price from the buyer to platform
// revenue, or its star-diamond equivalent at the operator's NOBILITY_STAR_RATE for viewers, who earn
// no yellow diamonds), renewing (extends from the current end), the privileges' one question — "is
// this user a noble now, and of which tier" — and the job that marks ended ones.
import { and, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import { DomainError } from '@/lib/api/errors';
import type { DbOrTx } from '@/lib/db';
import { runOperation } from '@/lib/wallet/ledger';
import { tierOnSale } from './catalog';
import { nobilities, nobilityPurchases } from './schema';
import { NOBILITY_MONTH_MS, NOBILITY_MONTHS } from './tiers';

export type Nobility = { tier: number; startedAt: Date; expiresAt: Date };

/** The query for the user's nobility in force at `now` (also a subquery of one-statement writes). */
export const nobilityInForce = (db: DbOrTx, userId: number, now: Date) =>
  db
    .select({ tier: nobilities.tier, startedAt: nobilities.startedAt, expiresAt: nobilities.expiresAt })
    .from(nobilities)
    .where(and(eq(nobilities.userId, userId), gt(nobilities.expiresAt, now)));

/** The user's nobility in force at `now`, or null. */
export async function activeNobility(db: DbOrTx, userId: number, now: Date): Promise<Nobility | null> {
  const [row] = await nobilityInForce(db, userId, now);
  return row ?? null;
}

/** Tiers of those among `userIds` who are nobles at `now`. */
export async function nobleTiers(db: DbOrTx, userIds: number[], now: Date) {
  const tiers = new Map<number, number>();
  if (!userIds.length) return tiers;
  const rows = await db
    .select({ userId: nobilities.userId, tier: nobilities.tier })
    .from(nobilities)
    .where(and(inArray(nobilities.userId, [...new Set(userIds)]), gt(nobilities.expiresAt, now)));
  for (const row of rows) tiers.set(row.userId, row.tier);
  return tiers;
}

/** What a nobility is paid with: its own yellow diamonds, or star diamonds at the operator's rate. */
export const NOBILITY_PAY_CURRENCIES = ['yellow', 'star'] as const;
export type NobilityPayCurrency = (typeof NOBILITY_PAY_CURRENCIES)[number];

/** What a price in yellow diamonds costs in the chosen currency (`starRate` star per yellow). */
export const nobilityCharge = (price: number, currency: NobilityPayCurrency, starRate: number) =>
  currency === 'star' ? price * starRate : price;

export type BuyNobilityResult = {
  tier: number;
  months: number;
  /** The price in yellow diamonds. */
  price: number;
  /** What was paid with and how much of it. */
  currency: NobilityPayCurrency;
  paid: number;
  renewed: boolean;
  expires_at: string;
  /** The buyer's balance of `currency` after the purchase. */
  balance: number;
};

/**
 * Opens or renews a tier. The same tier while in force extends from its end; a higher tier starts
 * now (the lower tier's remaining time ends); a lower tier while a higher one is in force is refused.
 * Opening pays the tier's monthly price, renewing its renewal price; a tier switched off is not sold.
 */
export async function buyNobility(
  db: DbOrTx,
  input: {
    userId: number;
    tier: number;
    months: number;
    key: string;
    now: Date;
    /** Default yellow: the tiers' own currency. */
    currency?: NobilityPayCurrency;
    /** Star diamonds per yellow diamond (config NOBILITY_STAR_RATE); needed to pay in star. */
    starRate?: number;
  },
) {
  const tier = await tierOnSale(db, input.tier);
  if (!(NOBILITY_MONTHS as readonly number[]).includes(input.months))
    throw new DomainError('NOBILITY_MONTHS');
  const currency = input.currency ?? 'yellow';
  const starRate = input.starRate ?? 1;
  if (!Number.isSafeInteger(starRate) || starRate < 1) throw new DomainError('INVALID_AMOUNT');
  return runOperation<BuyNobilityResult>(db, {
    key: `nobility:${input.userId}:${input.key}`,
    kind: 'nobility',
    userId: input.userId,
    // The currency is part of what was asked: the same key paying the other way is refused. The rate
    // is not: a retry after the operator changed it returns what the first attempt paid.
    payload:
      currency === 'yellow'
        ? { tier: tier.tier, months: input.months }
        : { tier: tier.tier, months: input.months, currency },
    now: input.now,
    prepare: async (tx) => {
      // The row lock serialises two purchases of one user (a double click with two keys).
      const [current] = await tx
        .select()
        .from(nobilities)
        .where(eq(nobilities.userId, input.userId))
        .for('update');
      const inForce = current && current.expiresAt > input.now ? current : null;
      if (inForce && inForce.tier > tier.tier) throw new DomainError('NOBILITY_LOWER_TIER');
      const renewed = inForce?.tier === tier.tier;
      const from = renewed ? inForce.expiresAt : input.now;
      const expiresAt = new Date(from.getTime() + input.months * NOBILITY_MONTH_MS);
      const startedAt = renewed ? inForce.startedAt : input.now;
      // The tier's prices as they are now: a renewal pays the renewal price.
      const price = (renewed ? tier.renewalPrice : tier.monthlyPrice) * input.months;
      const paid = nobilityCharge(price, currency, starRate);
      await tx
        .insert(nobilities)
        .values({ userId: input.userId, tier: tier.tier, startedAt, expiresAt })
        .onConflictDoUpdate({
          target: nobilities.userId,
          set: { tier: tier.tier, startedAt, expiresAt, expiredAt: null },
        });
      return {
        legs: [
          // One transfer in the currency paid: star diamonds never become yellow ones (which anchors
          // may withdraw), they go to revenue like a gift's platform share.
          { from: { user: input.userId }, to: { system: 'revenue' }, currency, amount: paid },
        ],
        result: {
          tier: tier.tier,
          months: input.months,
          price,
          currency,
          paid,
          renewed,
          expires_at: expiresAt.toISOString(),
          balance: 0,
        },
      };
    },
    after: async (tx, operationId, result) => {
      await tx.insert(nobilityPurchases).values({
        operationId,
        userId: input.userId,
        tier: result.tier,
        months: result.months,
        price: result.price,
        currency: result.currency,
        paid: result.paid,
        renewed: result.renewed,
        expiresAt: new Date(result.expires_at),
        createdAt: input.now,
      });
      const { rows } = await tx.execute<{ balance: string }>(sql`
        select balance from wallet_accounts
        where kind = 'user' and user_id = ${input.userId} and currency = ${result.currency}::wallet_currency`);
      return { ...result, balance: Number(rows[0]?.balance ?? 0) };
    },
  });
}

/** The user's nobility (in force or not) and their latest purchases, for the user center. */
export async function nobilityOf(db: DbOrTx, userId: number, now: Date) {
  const [[row], purchases] = await Promise.all([
    db.select().from(nobilities).where(eq(nobilities.userId, userId)),
    db
      .select()
      .from(nobilityPurchases)
      .where(eq(nobilityPurchases.userId, userId))
      .orderBy(desc(nobilityPurchases.createdAt), desc(nobilityPurchases.id))
      .limit(20),
  ]);
  return {
    tier: row && row.expiresAt > now ? row.tier : 0,
    expires_at: row?.expiresAt.toISOString() ?? null,
    active: Boolean(row && row.expiresAt > now),
    purchases: purchases.map((purchase) => ({
      id: purchase.id,
      tier: purchase.tier,
      months: purchase.months,
      price: purchase.price,
      currency: purchase.currency,
      paid: purchase.paid,
      renewed: purchase.renewed,
      expires_at: purchase.expiresAt.toISOString(),
      created_at: purchase.createdAt.toISOString(),
    })),
  };
}

/** The expiry job: marks nobilities that ended (idempotent; privileges already compare with now). */
export async function markExpiredNobilities(db: DbOrTx, now: Date) {
  const rows = await db
    .update(nobilities)
    .set({ expiredAt: now })
    .where(and(lte(nobilities.expiresAt, now), isNull(nobilities.expiredAt)))
    .returning({ userId: nobilities.userId });
  return rows.length;
}
