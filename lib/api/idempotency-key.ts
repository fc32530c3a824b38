// A send's idempotency key in a route's input: what the browser makes per intent (lib/http/retry-key.ts)
// and the ledger stores with the operation, so a retry of a send whose answer was lost replays it.
import { z } from 'zod';

export const idempotencyKey = z
  .string()
  .regex(/^[A-Za-z0-9_-]{8,64}$/)
  .optional();
