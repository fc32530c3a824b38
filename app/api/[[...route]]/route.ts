// Hands every /api request to the hono app (lib/api).
import { handle } from 'hono/vercel';
import { createApiApp } from '@/lib/api/app';
import { getDb } from '@/lib/db';

export const dynamic = 'force-dynamic';

const app = createApiApp({ db: getDb });
const handler = handle(app);

export {
  handler as DELETE,
  handler as GET,
  handler as OPTIONS,
  handler as PATCH,
  handler as POST,
  handler as PUT,
};
