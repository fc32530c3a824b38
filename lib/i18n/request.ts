// next-intl's per-request configuration for server components: the language, its catalog, and one
// zone and set of date styles for the whole render (client providers inherit both, so hydration agrees).
import { hasLocale } from 'next-intl';
import { getRequestConfig } from 'next-intl/server';
import { DATE_TIME_FORMATS } from '@/lib/time/format';
import { viewerTimeZone } from '@/lib/time/viewer-zone';
import { catalogs } from './messages';
import { routing } from './routing';

export default getRequestConfig(async ({ requestLocale }) => {
  const requested = await requestLocale;
  const locale = hasLocale(routing.locales, requested) ? requested : routing.defaultLocale;
  return {
    locale,
    messages: catalogs[locale],
    timeZone: await viewerTimeZone(),
    formats: { dateTime: DATE_TIME_FORMATS },
  };
});
