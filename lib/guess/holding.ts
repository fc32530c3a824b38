// Fun-guess stakes in escrow (for the ledger check, lib/wallet/holding.ts): an open or locked guess
// holds its held stakes; a settlement held for its dispute window holds what `releaseGuess` will pay
// (the payouts of the stakes placed by the lock); every other guess holds nothing. Stakes enter by
// their own operation (`guess_stakes.operation_id`), and leave by the guess's lock, settlement,
// release, cancellation or void (`guess-<step>:<guess>`).
import { sql } from 'drizzle-orm';
import type { Holding } from '@/lib/wallet/holding';

export const guessHolding: Holding = {
  kind: 'guess',
  explains: 'its held stakes and unpaid payouts',
  expected: sql`
    select g.id, g.escrow_shard, 'coin', sum(s.amount)
    from guesses g join guess_stakes s on s.guess_id = g.id and s.status = 'held'
    where g.status in ('open', 'locked')
    group by g.id, g.escrow_shard
    union all
    select g.id, g.escrow_shard, 'coin', sum(coalesce(s.payout, 0))
    from guesses g join guess_stakes s on s.guess_id = g.id and s.placed_at <= g.locked_at
    where g.status = 'settled' and g.paid_at is null
    group by g.id, g.escrow_shard
    having sum(coalesce(s.payout, 0)) > 0`,
  claims: sql`
    select s.operation_id, s.guess_id from guess_stakes s join escrow_operations o on o.id = s.operation_id
    union all
    select o.id, split_part(o.key, ':', 2)::bigint from escrow_operations o
    where o.key ~ '^guess-(lock|settle|release|cancel|void):[0-9]+$'`,
};
