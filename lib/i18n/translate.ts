// Translation outside React (API errors, push texts), from the same catalogs as the pages.
import { createTranslator } from 'use-intl/core';
import { cookieValue } from '@/lib/cookies';
import { catalogs } from './messages';
import { DEFAULT_LOCALE, isLocale, LOCALE_COOKIE, type Locale } from './routing';

const makeTranslator = (locale: Locale) => createTranslator({ locale, messages: catalogs[locale] });
const translators = new Map<Locale, ReturnType<typeof makeTranslator>>();
/** The translator of a locale (made once: every API request asks for one). */
export function translator(locale: Locale) {
  let t = translators.get(locale);
  if (!t) {
    t = makeTranslator(locale);
    translators.set(locale, t);
  }
  return t;
}

/** The reader's language for an API call: the `lang` header, then the remembered cookie, then zh-CN. */
export function localeOfRequest(headers: Headers): Locale {
  const header = headers.get('lang');
  if (isLocale(header)) return header;
  const cookie = cookieValue(headers.get('cookie'), LOCALE_COOKIE);
  return isLocale(cookie) ? cookie : DEFAULT_LOCALE;
}
