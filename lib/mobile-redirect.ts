// Viewports up to 500 px wide belong to the separate mobile site (spec §1). The server decides by
// user agent; the browser re-checks the real width. `?desktop=1` (remembered in a cookie) or
// MOBILE_REDIRECT=off bypasses it for audit tools such as Lighthouse's mobile preset.
import { pathOnSite } from '@/lib/http/same-site-path';

export const MOBILE_MAX_WIDTH = 500;
/** The cookie `?desktop=1` leaves behind (proxy.ts): this browser stays on the desktop site. */
export const FORCE_DESKTOP_COOKIE = 'force_desktop';

const MOBILE_AGENT = /Android.+Mobile|iPhone|iPod|Windows Phone|Mobile Safari|Opera Mini|IEMobile/i;

export function isMobileAgent(userAgent: string | null | undefined) {
  return !!userAgent && MOBILE_AGENT.test(userAgent);
}

/**
 * Pages this site serves at every width, which the mobile site does not have: the QR-login confirmation
 * opened by a phone's camera, and the staff console (built down to 320 px). Sending a phone-wide console
 * to the mobile site left staff on a page that does not exist there (and raced the page's own loading).
 */
const EVERY_WIDTH_PAGES = /^(\/(zh-TW|en|vi))?\/(qr-login|admin)(\/|$)/;

export function isEveryWidthPage(pathname: string) {
  return EVERY_WIDTH_PAGES.test(pathname);
}

/** The same path, query and hash on the mobile site (never another site, whatever the path holds). */
export function mobileUrl(siteUrl: string, pathWithQueryAndHash: string) {
  return pathOnSite(siteUrl, pathWithQueryAndHash);
}

export function mobileRedirectTarget(input: {
  siteUrl: string | undefined;
  userAgent: string | null;
  bypass: boolean;
  path: string;
}) {
  if (!input.siteUrl || input.bypass || !isMobileAgent(input.userAgent)) return undefined;
  if (isEveryWidthPage(input.path.split(/[?#]/)[0]!)) return undefined;
  return mobileUrl(input.siteUrl, input.path);
}
