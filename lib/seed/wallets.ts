// Demo money: the gift catalog and recharge packages, a welcome gift of star diamonds for the demo
// viewer (minted through the ledger once: its key makes a re-run a replay) and a few backpack gifts.
import { and, eq, inArray } from 'drizzle-orm';
import { users } from '@/lib/accounts/schema';
import type { Db } from '@/lib/db';
import { seedGiftCatalog } from '@/lib/gifts/catalog';
import { backpackItems, gifts } from '@/lib/gifts/schema';
import { seedShopCatalogue } from '@/lib/shop/seed';
import { mintLeg, runOperation } from '@/lib/wallet/ledger';
import { seedChargeRules } from '@/lib/wallet/recharge';

export const DEMO_WELCOME_DIAMONDS = 2000;
/** Coins the demo viewer starts with, to try the exchange shop (coins are otherwise earned). */
export const DEMO_WELCOME_COINS = 1000;
const SEEDED_AT = new Date('2026-01-01T00:00:00Z');

export async function seedDemoWallets(db: Db) {
  await seedGiftCatalog(db);
  await seedChargeRules(db);
  await seedShopCatalogue(db);
  const [viewer] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.countryCode, '86'), eq(users.mobile, '13800000001')));
  if (!viewer) return;
  await runOperation(db, {
    key: `seed:welcome:${viewer.id}`,
    kind: 'reward',
    userId: viewer.id,
    payload: { amount: DEMO_WELCOME_DIAMONDS },
    now: SEEDED_AT,
    prepare: async () => ({ legs: [mintLeg(viewer.id, 'star', DEMO_WELCOME_DIAMONDS)], result: {} }),
  });
  await runOperation(db, {
    key: `seed:welcome-coins:${viewer.id}`,
    kind: 'reward',
    userId: viewer.id,
    payload: { amount: DEMO_WELCOME_COINS },
    now: SEEDED_AT,
    prepare: async () => ({ legs: [mintLeg(viewer.id, 'coin', DEMO_WELCOME_COINS)], result: {} }),
  });
  const rows = await db
    .select({ id: gifts.id })
    .from(gifts)
    .where(inArray(gifts.code, ['rose', 'football']));
  await db
    .insert(backpackItems)
    .values(rows.map((gift) => ({ userId: viewer.id, giftId: gift.id, quantity: 20 })))
    .onConflictDoNothing();
}
