// Hands every /api request to the hono app (lib/api).
import { handle } from 'hono/vercel';
import { getDb, getReadDb } from '@/lib/db';
import { createApiApp } from '@/lib/server/api-app';

export const dynamic = 'force-dynamic';

const app = createApiApp({ db: getDb, readDb: getReadDb });
const handler = handle(app);

export {
  handler as DELETE,
  handler as GET,
  handler as OPTIONS,
  handler as PATCH,
  handler as POST,
  handler as PUT,
};
