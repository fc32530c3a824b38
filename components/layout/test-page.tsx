// The spec's bare test pages (/dome, /new_file; §2): a heading and one line, linked from nowhere and
// never indexed. /demo is the richer one (the design system).
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { screenMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';

export type TestPageProps = { params: Promise<{ locale: Locale }> };

export async function testPageMetadata(locale: Locale, titleKey: string, path: string): Promise<Metadata> {
  return { ...(await screenMetadata(locale, titleKey, path)), robots: { index: false } };
}

export async function TestPage({ locale, path }: { locale: Locale; path: string }) {
  setRequestLocale(locale);
  const t = await getTranslations('testPage');
  return (
    <div className="mx-auto w-full max-w-[800px] px-6 py-10">
      <h1 className="text-xl font-semibold text-ink-900">{t('title', { path })}</h1>
      <p className="mt-2 text-sm text-ink-500">{t('text')}</p>
    </div>
  );
}
