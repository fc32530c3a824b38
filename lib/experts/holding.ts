// Plan purchases in escrow (for the ledger check, lib/wallet/holding.ts): a purchase `held` holds its
// price in star diamonds on its shard until `plan-settle:<purchase>` refunds it or pays the platform;
// it entered by `plan-buy:<plan>:<buyer>`.
import { sql } from 'drizzle-orm';
import type { Holding } from '@/lib/wallet/holding';

export const planPurchaseHolding: Holding = {
  kind: 'plan purchase',
  explains: 'its held price',
  expected: sql`
    select p.id, p.escrow_shard, 'star', p.price from plan_purchases p
    where p.status = 'held' and p.price > 0`,
  claims: sql`
    select o.id, p.id from (
      select id, split_part(key, ':', 2)::int as plan_id, split_part(key, ':', 3)::int as user_id
      from escrow_operations where key ~ '^plan-buy:[0-9]+:[0-9]+$' offset 0) o
    join plan_purchases p on p.plan_id = o.plan_id and p.user_id = o.user_id
    union all
    select o.id, split_part(o.key, ':', 2)::bigint from escrow_operations o
    where o.key ~ '^plan-settle:[0-9]+$'`,
};
