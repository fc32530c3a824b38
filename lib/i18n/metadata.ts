// Page titles and language alternates (spec §1: translated screen title + product-name suffix), and the
// public origin every absolute URL starts with (canonical, hreflang, sitemap, feeds, social cards).
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { getConfig } from '@/lib/config';
import { effectiveSettings } from '@/lib/system/settings';
import { LOCALES, type Locale, localizedPath } from './routing';

export async function productName(locale: Locale) {
  const configured = effectiveSettings().productName;
  if (configured) return configured;
  const t = await getTranslations({ locale, namespace: 'brand' });
  return t('name');
}

/** `SITE_URL`, else where this process listens (a wildcard host is reached as localhost). */
export function siteOrigin() {
  const config = getConfig();
  if (config.SITE_URL) return new URL(config.SITE_URL).origin;
  const host = ['0.0.0.0', '::', ''].includes(config.HOST) ? 'localhost' : config.HOST;
  return `http://${host.includes(':') ? `[${host}]` : host}:${config.PORT}`;
}

/** The absolute address of a path in a locale: `https://site/en/main`. */
export function absoluteUrl(locale: Locale, path: string) {
  return `${siteOrigin()}${localizedPath(locale, path)}`;
}

/** Canonical and hreflang alternates (absolute, with x-default) of a path in the given locales. */
export function alternatesOf(locale: Locale, path: string, locales: readonly Locale[] = LOCALES) {
  return {
    canonical: absoluteUrl(locale, path),
    languages: {
      ...Object.fromEntries(locales.map((l) => [l, absoluteUrl(l, path)])),
      'x-default': absoluteUrl(locales.includes('zh-CN') ? 'zh-CN' : locales[0]!, path),
    },
  };
}

/** Open Graph and Twitter cards of a page (they replace the layout's, so the site's name is repeated). */
export async function socialCards(
  locale: Locale,
  input: { title: string; description?: string; url: string },
) {
  const siteName = await productName(locale);
  return {
    openGraph: {
      type: 'website' as const,
      siteName,
      locale: locale.replace('-', '_'),
      title: input.title,
      url: input.url,
      ...(input.description ? { description: input.description } : {}),
    },
    twitter: {
      card: 'summary' as const,
      title: input.title,
      ...(input.description ? { description: input.description } : {}),
    },
  };
}

/** Metadata for a screen: its translated title, hreflang alternates of its path and its social cards. */
export async function screenMetadata(locale: Locale, titleKey: string, path: string): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: 'meta' });
  const alternates = alternatesOf(locale, path);
  const title = t(titleKey as never);
  return { title, alternates, ...(await socialCards(locale, { title, url: alternates.canonical })) };
}
