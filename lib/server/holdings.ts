// Every holding of escrow (lib/wallet/holding.ts), composed above the domains: what `npm run
// ledger:check`, the console's check and the `ledger-check` job reconcile. A domain that starts
// holding money in escrow adds its definition here. Invitation rewards are not among them: they are
// minted to the inviter only when paid (lib/invites/service.ts), so a held reward holds no money.

import { withdrawalHolding } from '@/lib/earnings/holding';
import { planPurchaseHolding } from '@/lib/experts/holding';
import { guessHolding } from '@/lib/guess/holding';
import { hornHolding } from '@/lib/horn/holding';
import { redEnvelopeHolding } from '@/lib/red-envelopes/holding';
import { shopOrderHolding } from '@/lib/shop/holding';
import type { Holding } from '@/lib/wallet/holding';

export const HOLDINGS: readonly Holding[] = [
  guessHolding,
  planPurchaseHolding,
  shopOrderHolding,
  redEnvelopeHolding,
  hornHolding,
  withdrawalHolding,
];
