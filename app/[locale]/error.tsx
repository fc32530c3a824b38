'use client';
import { useTranslations } from 'next-intl';
import { buttonClass } from '@/components/ui/button-styles';

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations('common');
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <p aria-hidden className="text-5xl font-bold text-brand-500">
        !
      </p>
      <h1 className="text-xl font-semibold">{t('pageFailed')}</h1>
      <p className="text-ink-500">{t('pageFailedHint')}</p>
      {/* The button's look without the component: this boundary loads with every page (no Radix Slot). */}
      <button type="button" className={buttonClass()} onClick={reset}>
        {t('retry')}
      </button>
    </section>
  );
}
