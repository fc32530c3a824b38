// Runs before every page and API request (Next 16's name for middleware): case-insensitive /api,
// the mobile-site redirect, the spec's redirects (/ and /register), the remembered language, then
// next-intl's locale routing; every answer carries the page's Content-Security-Policy and its nonce.
import { type NextRequest, NextResponse } from 'next/server';
import createIntlMiddleware from 'next-intl/middleware';
import { getConfig } from '@/lib/config';
import { withPageSecurity } from '@/lib/http/page-security';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, localizedPath, routing } from '@/lib/i18n/routing';
import { FORCE_DESKTOP_COOKIE, mobileRedirectTarget } from '@/lib/mobile-redirect';
import { effectiveSettings } from '@/lib/system/settings';

const intl = createIntlMiddleware(routing);
const API_PREFIX = /^\/api(\/|$)/i;

export function proxy(request: NextRequest) {
  return withPageSecurity(request, route);
}

function route(request: NextRequest) {
  const { pathname, search } = request.nextUrl;

  if (API_PREFIX.test(pathname)) {
    if (pathname.startsWith('/api')) return NextResponse.next();
    const url = request.nextUrl.clone();
    url.pathname = `/api${pathname.slice(4)}`;
    return NextResponse.rewrite(url);
  }

  const config = getConfig();
  const mobileTarget = mobileRedirectTarget({
    // The operator's setting when stored (lib/system/settings.ts: a snapshot, no query per request).
    siteUrl: config.MOBILE_REDIRECT ? effectiveSettings().mobileSiteUrl : undefined,
    userAgent: request.headers.get('user-agent'),
    bypass: request.cookies.has(FORCE_DESKTOP_COOKIE) || request.nextUrl.searchParams.has('desktop'),
    path: pathname + search,
  });
  if (mobileTarget) return NextResponse.redirect(mobileTarget, 307);

  const [, first = '', ...rest] = pathname.split('/');
  const prefix = isLocale(first) ? first : undefined;
  const path = prefix ? `/${rest.join('/')}` : pathname;
  const remembered = request.cookies.get(LOCALE_COOKIE)?.value;
  const locale = prefix ?? (isLocale(remembered) ? remembered : DEFAULT_LOCALE);
  const redirectTo = (target: string) =>
    NextResponse.redirect(new URL(localizedPath(locale, target), request.url));

  if (path === '/' || path === '') return redirectTo(`/main${search}`);
  if (path === '/register') {
    const code = request.nextUrl.searchParams.get('code');
    return redirectTo(code ? `/main?code=${encodeURIComponent(code)}` : '/main');
  }
  if (!prefix && locale !== DEFAULT_LOCALE) return redirectTo(pathname + search);

  const response = intl(request);
  if (request.nextUrl.searchParams.has('desktop')) {
    response.cookies.set(FORCE_DESKTOP_COOKIE, '1', {
      path: '/',
      maxAge: 60 * 60 * 24 * 30,
      sameSite: 'lax',
    });
  }
  return response;
}

export const config = {
  // Everything except Next's own assets and files with an extension (public/).
  matcher: ['/((?!_next|_vercel|.*\\..*).*)'],
};
