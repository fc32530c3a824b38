// How far back a user's records go (spec §5: records are kept only within three months). Shared by the
// ledger's domains (wallet, shop, gifts, guess, earnings) and live's watch history, so none of them
// imports another domain for it.

export const RECORD_MONTHS = 3;

/** The oldest instant a record may have to be shown. */
export function recordsSince(now: Date) {
  const since = new Date(now);
  since.setUTCMonth(since.getUTCMonth() - RECORD_MONTHS);
  return since;
}
