// Withdrawals in escrow (for the ledger check, lib/wallet/holding.ts): a pending or approved withdrawal
// holds its amount in yellow diamonds on the anchor's shard (user id mod ESCROW_SHARDS) until
// `withdraw-decision:<withdrawal>` pays it out or gives it back; it entered by its own operation.
import { sql } from 'drizzle-orm';
import type { Holding } from '@/lib/wallet/holding';
import { ESCROW_SHARDS } from '@/lib/wallet/ledger';

export const withdrawalHolding: Holding = {
  kind: 'withdrawal',
  explains: 'its amount while pending or approved',
  expected: sql`
    select w.id, w.user_id % ${ESCROW_SHARDS}::int, 'yellow', w.amount from withdrawals w
    where w.status in ('pending', 'approved')`,
  claims: sql`
    select w.operation_id, w.id from withdrawals w join escrow_operations o on o.id = w.operation_id
    union all
    select o.id, split_part(o.key, ':', 2)::bigint from escrow_operations o
    where o.key ~ '^withdraw-decision:[0-9]+$'`,
};
