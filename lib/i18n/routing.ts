// Languages of the portal (spec §1, DESIGN §9): Chinese first, the default locale keeps the spec's
// paths (/main), the others carry a prefix (/en/main).
import { defineRouting } from 'next-intl/routing';

export const LOCALES = ['zh-CN', 'zh-TW', 'en', 'vi'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const LOCALE_COOKIE = 'NEXT_LOCALE';

export const routing = defineRouting({
  locales: LOCALES,
  defaultLocale: DEFAULT_LOCALE,
  localePrefix: 'as-needed',
  // The browser's Accept-Language never overrides the Chinese default; the remembered choice
  // (cookie) is applied by proxy.ts.
  localeDetection: false,
  localeCookie: { name: LOCALE_COOKIE, maxAge: 60 * 60 * 24 * 365 },
});

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

/** The path as seen in the browser for a locale: `/main` for zh-CN, `/en/main` for English. */
export function localizedPath(locale: Locale, path: string) {
  return locale === DEFAULT_LOCALE ? path : `/${locale}${path === '/' ? '' : path}`;
}
