// Page titles and language alternates (spec §1: translated screen title + product-name suffix).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import { LOCALES, type Locale, localizedPath } from './routing';

export async function productName(locale: Locale) {
  const configured = getConfig().PRODUCT_NAME;
  if (configured) return configured;
  const t = await getTranslations({ locale, namespace: 'brand' });
  return t('name');
}

/** Metadata for a screen: its translated title and hreflang alternates of its path. */
export async function screenMetadata(locale: Locale, titleKey: string, path: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'meta' });
  return {
    title: t(titleKey as never),
    alternates: {
      canonical: localizedPath(locale, path),
      languages: Object.fromEntries(LOCALES.map((l) => [l, localizedPath(l, path)])),
    },
  };
}
