// The ledger check on demand (the console's /admin/ledger; `npm run ledger:check` from a terminal): one
// read-only snapshot of a running portal, answered with its figures and any problem found.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import type { AppEnv } from '@/lib/api/context';
import { defineRoute } from '@/lib/api/route';
import { checkLedger } from './check';
import { CURRENCIES } from './ledger';

export function registerLedgerCheckRoutes(app: OpenAPIHono<AppEnv>) {
  defineRoute(
    app,
    {
      path: '/api/admin/ledger/check',
      effect: 'read',
      methods: ['get'],
      tag: 'Operator',
      summary:
        'Prove the ledger balances now: every balance is the sum of its transfers, nothing negative but mint, held = minted − burnt',
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
        problems: z.array(z.string()),
      }),
    },
    async (c) => ({ ...(await checkLedger(c.var.db)), checkedAt: c.var.now }),
  );
}
