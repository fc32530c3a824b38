// next-intl's per-request configuration for server components: the language, its catalog, and one
// zone and set of date styles for the whole render (client providers inherit both, so hydration agrees).
// Dates and times themselves are written by lib/time/time-format.ts (the viewer's region and zone).
import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { DATE_TIME_FORMATS } from '@/lib/time/format';
import { viewerZone } from '@/lib/time/viewer-zone';
import { catalogs } from './messages';
import { routing } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: catalogs[locale],
    // UTC while the browser has not said its zone: pages format through lib/time/time-format.ts, which
    // masks times until then; this is only next-intl's own default.
    timeZone: (await viewerZone()).timeZone,
    formats: { dateTime: DATE_TIME_FORMATS },
  };
});
