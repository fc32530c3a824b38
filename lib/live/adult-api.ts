// The 18+ category's age confirmation: a plain link that remembers the answer in a cookie and
// returns to the list, so it works before (or without) any script.
import type { OpenAPIHono } from '@hono/zod-openapi';
import { setCookie } from 'hono/cookie';
import type { AppEnv } from '@/lib/api/context';
import { writeGuard } from '@/lib/api/route';
import { sameSitePath } from '@/lib/http/same-site-path';

export const ADULT_COOKIE = 'adult_ok';

export function registerAdultRoutes(app: OpenAPIHono<AppEnv>) {
  app.get('/api/live/confirmadult', writeGuard, (c) => {
    setCookie(c, ADULT_COOKIE, '1', { path: '/', maxAge: 365 * 24 * 3600, sameSite: 'Lax', httpOnly: true });
    return c.redirect(sameSitePath(c.req.query('next'), '/anchor?type=3'), 303);
  });
}
