// Physical exchanges in escrow (for the ledger check, lib/wallet/holding.ts): an exchange of goods
// shipped home holds its cost in coins while pending or shipped, until `shop-move:<exchange>:delivered`
// burns it or `…:cancelled` refunds it; it entered by the exchange's own operation.
import { sql } from 'drizzle-orm';
import type { Holding } from '@/lib/wallet/holding';

export const shopOrderHolding: Holding = {
  kind: 'shop order',
  explains: 'its cost while in flight',
  expected: sql`
    select x.id, x.escrow_shard, 'coin', x.cost from goods_exchanges x
    where x.escrow_shard is not null and x.status in ('pending', 'shipped')`,
  claims: sql`
    select x.operation_id, x.id from goods_exchanges x join escrow_operations o on o.id = x.operation_id
    union all
    select o.id, split_part(o.key, ':', 2)::bigint from escrow_operations o
    where o.key ~ '^shop-move:[0-9]+:[a-z]+$'`,
};
