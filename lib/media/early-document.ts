// Which joins of a live room get their page opened before Next renders it (app-hold.ts, EarlyDocument):
// a viewer without a session, whose request can only be answered 200 with the room page — no kick-out
// redirect (that needs a session), no remembered-language redirect (proxy.ts: an unprefixed path with
// another language remembered), no mobile redirect (checked here as the proxy checks it), no `?desktop`
// cookie to set. Its headers are those Next sends for the page (the locale cookie as next-intl syncs it;
// not next-intl's hreflang `Link` header, whose alternates the page's <head> carries too); its nonce is
// chosen here and handed to the proxy (lib/http/page-security.ts), which stamps it on the page's scripts.
import { randomUUID } from 'node:crypto';
import type http from 'node:http';
import { TOKEN_COOKIE } from '@/lib/api/session-token';
import type { Config } from '@/lib/config/schema';
import { cookieValue } from '@/lib/cookies';
import { createNonce, NONCE_HEADER, pageContentSecurityPolicy } from '@/lib/http/security-headers';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, routing } from '@/lib/i18n/routing';
import { FORCE_DESKTOP_COOKIE, mobileRedirectTarget } from '@/lib/mobile-redirect';
import type { EarlyDocument } from './app-hold';

/** Next's caching headers for a dynamic page, as it sends them (a test compares). */
export const PAGE_CACHE_CONTROL = 'private, no-cache, no-store, max-age=0, must-revalidate';
export const PAGE_VARY =
  'rsc, next-router-state-tree, next-router-prefetch, next-router-segment-prefetch, Accept-Encoding';

/**
 * The early document of a held room request (heldRoomOf), or null when Next must decide the answer.
 * Sets the nonce on the request for the proxy: call for held room requests only, whose NONCE_HEADER
 * server.ts has cleared.
 */
export function earlyDocumentOf(
  request: http.IncomingMessage,
  config: Pick<Config, 'MOBILE_REDIRECT' | 'MOBILE_SITE_URL'> &
    Parameters<typeof pageContentSecurityPolicy>[1],
): EarlyDocument | null {
  const cookies = request.headers.cookie;
  if (cookieValue(cookies, TOKEN_COOKIE) !== undefined) return null;
  const url = new URL(request.url ?? '/', 'http://portal');
  if (url.searchParams.has('desktop')) return null;
  const first = url.pathname.split('/')[1];
  const prefix = isLocale(first) ? first : undefined;
  const remembered = cookieValue(cookies, LOCALE_COOKIE);
  if (!prefix && isLocale(remembered) && remembered !== DEFAULT_LOCALE) return null;
  const mobile = mobileRedirectTarget({
    siteUrl: config.MOBILE_REDIRECT ? config.MOBILE_SITE_URL : undefined,
    userAgent: request.headers['user-agent'] ?? null,
    bypass: cookieValue(cookies, FORCE_DESKTOP_COOKIE) !== undefined,
    path: url.pathname + url.search,
  });
  if (mobile) return null;
  const locale = prefix ?? DEFAULT_LOCALE;
  const nonce = createNonce();
  request.headers[NONCE_HEADER] = nonce;
  const headers: http.OutgoingHttpHeaders = {
    'content-type': 'text/html; charset=utf-8',
    'cache-control': PAGE_CACHE_CONTROL,
    vary: PAGE_VARY,
    'content-security-policy': pageContentSecurityPolicy(nonce, config),
  };
  // The page's language remembered, as next-intl's middleware does on a document request (it also
  // skips a first visit whose browser prefers that language already; this remembers it then too).
  const destination = request.headers['sec-fetch-dest'];
  if (remembered !== locale && (!destination || destination === 'document')) {
    const cookie = routing.localeCookie;
    const maxAge = typeof cookie === 'object' && cookie.maxAge ? `; Max-Age=${cookie.maxAge}` : '';
    headers['set-cookie'] = `${LOCALE_COOKIE}=${locale}; Path=/${maxAge}; SameSite=lax`;
  }
  return { nonce, headers, ticket: randomUUID() };
}
