import { Compass } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { Button } from '@/components/ui/button';
import { productName } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

export default async function NotFound() {
  const t = await getTranslations('notFound');
  const locale = (await getLocale()) as Locale;
  return (
    <>
      <title>{`${t('title')} - ${await productName(locale)}`}</title>
      <section className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
        <Compass aria-hidden className="size-16 text-brand-500" strokeWidth={1.4} />
        <p className="text-6xl font-bold text-ink-500">404</p>
        <h1 className="text-2xl font-semibold">{t('title')}</h1>
        <p className="text-ink-500">{t('body')}</p>
        <Button asChild size="lg">
          <Link href="/main">{t('back')}</Link>
        </Button>
      </section>
      <Footer productName={await productName(locale)} />
    </>
  );
}
