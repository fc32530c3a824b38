'use client';
import { RotateCw, TriangleAlert } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Button } from '@/components/ui/button';

export default function ErrorPage({ reset }: { error: Error; reset: () => void }) {
  const t = useTranslations('common');
  return (
    <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <TriangleAlert aria-hidden className="size-14 text-brand-500" strokeWidth={1.4} />
      <h1 className="text-xl font-semibold">{t('pageFailed')}</h1>
      <p className="text-ink-500">{t('pageFailedHint')}</p>
      <Button onClick={reset}>
        <RotateCw aria-hidden className="size-4" />
        {t('retry')}
      </Button>
    </section>
  );
}
