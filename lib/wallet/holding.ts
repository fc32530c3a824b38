// What escrow holds money for, as the ledger check (./check.ts) reconciles it: each domain that puts
// money in escrow (a guess's stakes, a plan purchase, a shop order in flight…) describes its open items
// and which operations moved escrow money for them, in SQL, so lib/wallet never imports the domains.
// The list of every holding is composed above the domains (lib/server/holdings.ts).
import type { SQL } from 'drizzle-orm';

export type Holding = {
  /** What one item is called in problems and reports: `guess` → "guess 42: …". */
  kind: string;
  /** In words, what should explain an item's escrow: "its held stakes and unpaid payouts". */
  explains: string;
  /**
   * A query whose rows are (item, shard, currency, amount), in that order: what escrow should hold now
   * for each OPEN item, per escrow shard and currency (`wallet_currency` as text). Closed items are left
   * out (they should hold nothing). Set-based: one statement over the domain's tables.
   */
  expected: SQL;
  /**
   * A query whose rows are (operation id, item), in that order: which item each operation that moved
   * escrow money was for. It may read the check's `escrow_operations (id, key, kind, result)`: every
   * operation with a transfer into or out of escrow (keys such as `guess-lock:<guess>`), so the domain's
   * own rows (e.g. an `operation_id` column) or the key name the item. An operation claimed by no
   * holding, or by two, is a problem.
   */
  claims: SQL;
};
