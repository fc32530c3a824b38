'use client';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations('common');
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <p aria-hidden className="text-5xl font-bold text-brand-500">
        !
      </p>
      <h1 className="text-xl font-semibold">{t('pageFailed')}</h1>
      <p className="text-ink-500">{t('pageFailedHint')}</p>
      <Button onClick={reset}>{t('retry')}</Button>
    </section>
  );
}
