// Which joins of a live room get their page opened before Next renders it (app-hold.ts, EarlyDocument):
// a viewer arriving without any cookie, the usual first visit from a shared link. Such a request can
// only be answered 200 with the room page: no session (no kick-out redirect), no remembered language
// (no locale redirect), no mobile redirect (checked here as the proxy checks it), no `?desktop`
// cookie to set. Its headers are the ones Next sends for the page, its nonce is chosen here and handed
// to the proxy (lib/http/page-security.ts), which stamps it on the page's scripts.
import type http from 'node:http';
import type { Config } from '@/lib/config/schema';
import { createNonce, NONCE_HEADER, pageContentSecurityPolicy } from '@/lib/http/security-headers';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, routing } from '@/lib/i18n/routing';
import { mobileRedirectTarget } from '@/lib/mobile-redirect';
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
  if (request.headers.cookie) return null;
  const url = new URL(request.url ?? '/', 'http://portal');
  if (url.searchParams.has('desktop')) return null;
  const mobile = mobileRedirectTarget({
    siteUrl: config.MOBILE_REDIRECT ? config.MOBILE_SITE_URL : undefined,
    userAgent: request.headers['user-agent'] ?? null,
    bypass: false,
    path: url.pathname + url.search,
  });
  if (mobile) return null;
  const first = url.pathname.split('/')[1];
  const locale = isLocale(first) ? first : DEFAULT_LOCALE;
  const nonce = createNonce();
  request.headers[NONCE_HEADER] = nonce;
  const cookie = routing.localeCookie;
  const maxAge = typeof cookie === 'object' && cookie.maxAge ? `; Max-Age=${cookie.maxAge}` : '';
  return {
    nonce,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'cache-control': PAGE_CACHE_CONTROL,
      vary: PAGE_VARY,
      'content-security-policy': pageContentSecurityPolicy(nonce, config),
      // The language of the page, remembered as next-intl's middleware remembers it.
      'set-cookie': `${LOCALE_COOKIE}=${locale}; Path=/${maxAge}; SameSite=lax`,
    },
  };
}
