import 'server-only';
// The zone and formatting locale a page request is rendered in, read once per request: the zone the
// signed-in viewer chose in the user centre, else the browser's (`tz` cookie, written by
// components/layout/zone-script.tsx before the first paint), else none yet; the locale is the page's
// language with the region of the browser's Accept-Language.
import { cookies, headers } from 'next/headers';
import { getLocale, getTranslations } from 'next-intl/server';
import { cache } from 'react';
import { currentUser, renderInstant } from '@/lib/accounts/current-user';
import { getConfig } from '@/lib/config';
import { acceptedLanguages, formatLocaleFor } from './format-locale';
import { createTimeFormat, type ViewerTimes } from './time-format';
import { isTimeZone, TIME_ZONE_COOKIE } from './zone';

/** The zone alone (next-intl's request config reads it before the locale is settled). */
export const viewerZone = cache(async (): Promise<Pick<ViewerTimes, 'timeZone' | 'source'>> => {
  const [user, jar] = await Promise.all([currentUser(), cookies()]);
  if (user?.timeZone && isTimeZone(user.timeZone)) return { timeZone: user.timeZone, source: 'chosen' };
  let stored: string | undefined;
  try {
    stored = decodeURIComponent(jar.get(TIME_ZONE_COOKIE)?.value ?? '');
  } catch {
    stored = undefined;
  }
  if (stored && isTimeZone(stored)) return { timeZone: stored, source: 'browser' };
  return { timeZone: 'UTC', source: 'unknown' };
});

export const viewerTimes = cache(async (): Promise<ViewerTimes> => {
  const [zone, head, locale, t] = await Promise.all([
    viewerZone(),
    headers(),
    getLocale(),
    getTranslations('common.time'),
  ]);
  const formatLocale = formatLocaleFor(locale, acceptedLanguages(head.get('accept-language')));
  // The templates themselves (their {…} slots filled in later, in the viewer's zone): written through
  // t() with each slot passed as itself, so they read the same from raw or precompiled catalogs.
  const words = {
    hint: t('hint', { name: '{name}', offset: '{offset}' }),
    title: t('title', { time: '{time}', name: '{name}', offset: '{offset}' }),
  };
  return { ...zone, locale: formatLocale, at: renderInstant().toISOString(), words };
});

/** The one formatter for server components: `(await getTimeFormat()).dateTime(at, 'kickoff')`. */
export async function getTimeFormat() {
  const [times, locale] = await Promise.all([viewerTimes(), getLocale()]);
  return createTimeFormat(times, locale);
}

/**
 * The zone server code cuts days in and reads typed times in: the viewer's, else the portal's
 * (TIME_ZONE) while the browser has not said yet (its times are masked, the page is rendered again).
 */
export async function viewerTimeZone() {
  const times = await viewerZone();
  return times.source === 'unknown' ? getConfig().TIME_ZONE : times.timeZone;
}
