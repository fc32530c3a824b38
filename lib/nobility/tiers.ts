// The nobility (贵族 / guard) tiers: their ranks and names, shared by server and screens. What an operator
// edits — the monthly and renewal prices in yellow diamonds (spec §9 "nobility costs yellow diamonds per
// month"), the order, on/off — is the `nobility_tiers` table keyed by these codes (lib/nobility/catalog.ts).
export const NOBILITY_TIERS = [
  { tier: 1, code: 'knight' },
  { tier: 2, code: 'baron' },
  { tier: 3, code: 'viscount' },
  { tier: 4, code: 'earl' },
  { tier: 5, code: 'duke' },
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

/** Bounds of a tier's monthly or renewal price, in whole yellow diamonds. */
export const NOBILITY_PRICE_MIN = 1;
export const NOBILITY_PRICE_MAX = 10_000_000;
/** The privileges every tier grants (messages `nobility.privileges.<key>`). */
export const NOBILITY_PRIVILEGES = ['entry', 'badge', 'horn', 'seat', 'speak'] as const;
