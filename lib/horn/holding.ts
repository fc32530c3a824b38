// Horn messages in escrow (for the ledger check, lib/wallet/holding.ts): a paid message waiting for
// review holds its price until `horn-review:<message>` gives it to the platform or back; it entered by
// the message's own operation.
import { sql } from 'drizzle-orm';
import type { Holding } from '@/lib/wallet/holding';

export const hornHolding: Holding = {
  kind: 'horn message',
  explains: 'its price while in review',
  expected: sql`
    select h.id, h.escrow_shard, 'star', h.price from horn_messages h
    where h.status = 'pending' and h.escrow_shard is not null and h.price > 0`,
  claims: sql`
    select h.operation_id, h.id from horn_messages h join escrow_operations o on o.id = h.operation_id
    union all
    select o.id, split_part(o.key, ':', 2)::bigint from escrow_operations o
    where o.key ~ '^horn-review:[0-9]+$'`,
};
