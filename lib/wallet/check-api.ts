// The ledger check on demand (the console's /admin/ledger; `npm run ledger:check` from a terminal): one
// read-only snapshot of a running portal, answered with its figures, what each holding of escrow holds
// and any problem found. The holdings come from the composition root (lib/server/holdings.ts).
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { checkLedger } from './check';
import type { Holding } from './holding';
import { CURRENCIES } from './ledger';

export function registerLedgerCheckRoutes(app: OpenAPIHono<AppEnv>, holdings: readonly Holding[]) {
  defineRoute(
    app,
    {
      path: '/api/admin/ledger/check',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary:
        'Prove the ledger balances now: every balance is the sum of its transfers, nothing negative but mint, held = minted − burnt, and escrow holds exactly what its open items (guesses, plan purchases, shop orders, red envelopes, horn messages, withdrawals) explain',
      staff: ['finance'],
      output: z.object({
        ok: z.boolean(),
        checkedAt: z.date(),
        operations: z.number(),
        transfers: z.number(),
        accounts: z.number(),
        currencies: z.array(
          z.object({
            currency: z.enum(CURRENCIES),
            accounts: z.number(),
            held: z.number(),
            minted: z.number(),
            burnt: z.number(),
          }),
        ),
        holdings: z.array(
          z.object({
            kind: z.string(),
            items: z.number(),
            amounts: z.array(z.object({ currency: z.enum(CURRENCIES), amount: z.number() })),
          }),
        ),
        problems: z.array(z.string()),
      }),
    },
    async (c) => ({ ...(await checkLedger(c.var.db, holdings)), checkedAt: c.var.now }),
  );
}
