// Red envelopes in escrow (for the ledger check, lib/wallet/holding.ts): an envelope not yet refunded
// holds its unclaimed shares. The envelope's own operation put the amount in; claims
// (`red-claim:<user>:<key>`, the envelope named in their result) and the expiry's `red-refund:<envelope>`
// take it out. A claimed share keeps `claimed_at` even when its claimer's account is gone.
import { sql } from 'drizzle-orm';
import type { Holding } from '@/lib/wallet/holding';

export const redEnvelopeHolding: Holding = {
  kind: 'red envelope',
  explains: 'its unclaimed shares',
  expected: sql`
    select e.id, e.escrow_shard, 'star', sum(s.amount)
    from red_envelopes e join red_envelope_shares s on s.envelope_id = e.id
    where e.refunded_at is null and s.claimed_at is null and not s.returned
    group by e.id, e.escrow_shard`,
  claims: sql`
    select e.operation_id, e.id from red_envelopes e join escrow_operations o on o.id = e.operation_id
    union all
    select o.id, (o.result->>'envelope_id')::bigint from escrow_operations o
    where o.key like 'red-claim:%'
    union all
    select o.id, split_part(o.key, ':', 2)::bigint from escrow_operations o
    where o.key ~ '^red-refund:[0-9]+$'`,
};
