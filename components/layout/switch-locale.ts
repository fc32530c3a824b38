// Changing the language: remembered in the cookie, then a full load of the same page in the new one, so
// the document language, title and every server-rendered text change together.
import { sameSitePath } from '@/lib/http/same-site-path';
import { LOCALE_COOKIE, type Locale, localizedPath } from '@/lib/i18n/routing';

/** Spec §1 offers Simplified, Traditional Chinese and English; Vietnamese is listed when it is current. */
const OFFERED: Locale[] = ['zh-CN', 'zh-TW', 'en'];

export const offeredLocales = (current: Locale) =>
  OFFERED.includes(current) ? OFFERED : [...OFFERED, current];

/** `pathname`: the current path without its locale prefix (next-intl's usePathname). */
export function switchLocale(locale: Locale, current: Locale, pathname: string) {
  if (locale === current) return;
  document.cookie = `${LOCALE_COOKIE}=${locale}; path=/; max-age=31536000; samesite=lax`;
  window.location.assign(
    sameSitePath(localizedPath(locale, pathname) + window.location.search + window.location.hash, '/'),
  );
}
