// The nobility (贵族 / guard) tiers: monthly prices in yellow diamonds (spec §9 "nobility costs yellow
// diamonds per month"; the amounts are ours, listed in docs/architecture.md). Shared by server and screens.
export const NOBILITY_TIERS = [
  { tier: 1, code: 'knight', monthlyPrice: 300 },
  { tier: 2, code: 'baron', monthlyPrice: 1_000 },
  { tier: 3, code: 'viscount', monthlyPrice: 3_000 },
  { tier: 4, code: 'earl', monthlyPrice: 10_000 },
  { tier: 5, code: 'duke', monthlyPrice: 30_000 },
] as const;
export type NobilityTier = (typeof NOBILITY_TIERS)[number];
export type NobilityCode = NobilityTier['code'];

/** Months a purchase may cover. */
export const NOBILITY_MONTHS = [1, 3, 6, 12] as const;
/** A nobility month is 30 days. */
export const NOBILITY_MONTH_MS = 30 * 24 * 3600 * 1000;
/** Spec §9: free horn messages a noble gets each calendar month (UTC). */
export const NOBLE_FREE_HORNS = 30;

export const tierOf = (tier: number) => NOBILITY_TIERS.find((entry) => entry.tier === tier);
