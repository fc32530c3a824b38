// /demo, one of the spec's test pages: the design system's tokens and primitives on one screen, so
// contributors see how screens are meant to look before building one.
import { Inbox } from 'lucide-react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { screenMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { ToastSample } from './toast-sample';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'demo', '/demo');
}

const SWATCHES = [
  'bg-brand-500',
  'bg-brand-50',
  'bg-night',
  'bg-ink-700',
  'bg-ink-500',
  'bg-line',
  'bg-live',
  'bg-win',
];

export default async function DemoPage({ params }: Props) {
  setRequestLocale((await params).locale);
  const t = await getTranslations('demo');
  return (
    <div className="space-y-6">
      <header>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="mt-1 text-sm text-ink-500">{t('intro')}</p>
      </header>
      <section className="rounded-xl border border-line bg-surface p-5">
        <h2 className="mb-3 font-semibold">{t('colours')}</h2>
        <ul className="flex flex-wrap gap-3">
          {SWATCHES.map((swatch) => (
            <li key={swatch} className="flex flex-col items-center gap-1 text-xs text-ink-500">
              <span className={`size-14 rounded-lg border border-line ${swatch}`} />
              <code>{swatch.replace('bg-', '')}</code>
            </li>
          ))}
        </ul>
      </section>
      <section className="rounded-xl border border-line bg-surface p-5">
        <h2 className="mb-3 font-semibold">{t('buttons')}</h2>
        <div className="flex flex-wrap items-center gap-3">
          <Button>{t('primary')}</Button>
          <Button variant="secondary">{t('secondary')}</Button>
          <Button variant="ghost">{t('ghost')}</Button>
          <Button disabled>{t('disabled')}</Button>
          <ToastSample label={t('toast')} message={t('toastMessage')} />
        </div>
      </section>
      <div className="grid grid-cols-2 gap-6">
        <section className="rounded-xl border border-line bg-surface p-5">
          <h2 className="mb-3 font-semibold">{t('loading')}</h2>
          <div className="flex gap-3">
            <Skeleton className="aspect-[135/76] w-48" />
            <div className="flex-1 space-y-2">
              <Skeleton className="h-5 w-3/4" />
              <Skeleton className="h-4 w-1/2" />
              <Skeleton className="h-4 w-2/3" />
            </div>
          </div>
        </section>
        <section className="rounded-xl border border-line bg-surface p-5">
          <h2 className="mb-3 font-semibold">{t('empty')}</h2>
          <EmptyState icon={Inbox} title={t('emptyTitle')} hint={t('emptyHint')} />
        </section>
      </div>
    </div>
  );
}
