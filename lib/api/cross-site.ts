// The cross-site request guard (Fetch Metadata resource isolation, with Origin/Referer for browsers that
// send no metadata): a call that changes state runs only when a page of this portal made it, or when it
// carries the session in the `token` header, which a foreign page cannot set without a CORS preflight
// that the API never grants. Every route declared `effect: 'write'` in `defineRoute` passes through it.
import { createMiddleware } from 'hono/factory';
import { cookieValue } from '@/lib/cookies';
import type { AppEnv } from './context';
import { ForbiddenError } from './errors';
import { TOKEN_COOKIE, TOKEN_HEADER } from './session-token';

export type CrossSiteOptions = {
  /** Origins besides the portal's own that may call (e.g. an admin app on another host). */
  trustedOrigins: readonly string[];
};

function originOf(value: string | null) {
  if (!value || value === 'null') return null;
  try {
    return new URL(value);
  } catch {
    return null;
  }
}

/** True when a browser made this request from a page that is not this portal's. */
export function isCrossSite(headers: Headers, options: CrossSiteOptions) {
  if (headers.get(TOKEN_HEADER)) return false;
  const site = headers.get('sec-fetch-site');
  if (site) return site !== 'same-origin';
  const host = headers.get('host');
  const declared = headers.get('origin') ?? headers.get('referer');
  if (declared !== null) {
    const origin = originOf(declared);
    if (!origin) return true;
    if (options.trustedOrigins.includes(origin.origin)) return false;
    return !host || origin.host !== host;
  }
  // No metadata at all: not a browser (curl, a server hook) unless it sends the session cookie.
  return Boolean(cookieValue(headers.get('cookie'), TOKEN_COOKIE));
}

export const crossSiteGuard = (options: () => CrossSiteOptions) =>
  createMiddleware<AppEnv>(async (c, next) => {
    if (isCrossSite(c.req.raw.headers, options())) throw new ForbiddenError('CROSS_SITE_REQUEST');
    await next();
  });
