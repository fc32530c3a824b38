// Titles of the databases and World Cup screens (spec §1: screen title + product-name suffix, added by
// the layout's template) with their language alternates.
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { LOCALES, type Locale, localizedPath } from '@/lib/i18n/routing';

export async function namespacedMetadata(
  locale: Locale,
  namespace: 'database' | 'worldCup',
  titleKey: string,
  path: string,
): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace });
  return {
    title: t(titleKey as never),
    alternates: {
      canonical: localizedPath(locale, path),
      languages: Object.fromEntries(LOCALES.map((l) => [l, localizedPath(l, path)])),
    },
  };
}
