// /foresight, the intelligence centre (spec §2): for each upcoming fixture, the pre-match facts the
// results support — form, head-to-head, table position, goal averages. Nothing is predicted.
import { CalendarX, Info } from 'lucide-react';
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { productName } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import { LOCALES, type Locale, localizedPath } from '@/lib/i18n/routing';
import { FORESIGHT_DAYS, foresight } from '@/lib/scores/detail-service';
import { FixtureCard } from './fixture-card';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ competition?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'foresight' });
  return {
    title: t('title'),
    alternates: {
      canonical: localizedPath(locale, '/foresight'),
      languages: Object.fromEntries(LOCALES.map((l) => [l, localizedPath(l, '/foresight')])),
    },
  };
}

export default async function ForesightPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const competition = (await searchParams).competition?.slice(0, 40);
  const [t, name, result] = await Promise.all([
    getTranslations('foresight'),
    productName(locale),
    foresight(getDb(), locale, { competitionCode: competition, now: new Date() }),
  ]);
  const filters = [
    { code: undefined as string | undefined, name: t('allCompetitions') },
    ...result.competitions,
  ];

  return (
    <>
      <div className="mx-auto flex w-full max-w-[1240px] flex-col gap-5 px-3 py-4 sm:px-6 sm:py-6">
        <header className="flex flex-col gap-1">
          <h1 className="text-2xl font-semibold text-ink-900">{t('title')}</h1>
          <p className="text-sm text-ink-500">{t('subtitle')}</p>
        </header>
        {result.competitions.length ? (
          <nav aria-label={t('filterLabel')} className="flex flex-wrap gap-2">
            {filters.map((filter) => {
              const active = filter.code === competition || (!filter.code && !competition);
              return (
                <Link
                  key={filter.code ?? 'all'}
                  href={
                    filter.code ? `/foresight?competition=${encodeURIComponent(filter.code)}` : '/foresight'
                  }
                  aria-current={active ? 'page' : undefined}
                  className={cn(
                    'rounded-full border px-3.5 py-1 text-sm transition-colors',
                    active
                      ? 'border-brand-500 bg-brand-500 text-white'
                      : 'border-line bg-surface text-ink-700 hover:border-brand-400 hover:text-brand-600',
                  )}
                >
                  {filter.name}
                </Link>
              );
            })}
          </nav>
        ) : null}
        {!result.upcoming && result.fixtures.length ? (
          <p
            className="flex items-start gap-2 rounded-lg border border-line bg-surface px-4 py-3 text-sm text-ink-700"
            data-testid="foresight-fallback"
          >
            <Info aria-hidden className="mt-0.5 size-4 shrink-0 text-brand-500" />
            {t('fallbackNote', { days: FORESIGHT_DAYS })}
          </p>
        ) : null}
        {result.fixtures.length ? (
          <ul className="grid grid-cols-1 gap-4 xl:grid-cols-2">
            {result.fixtures.map((fixture) => (
              <li key={fixture.match.id}>
                <FixtureCard fixture={fixture} />
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState
            icon={CalendarX}
            title={t('emptyTitle')}
            hint={t('emptyHint')}
            action={
              <Button asChild variant="secondary">
                <Link href="/football">{t('toScores')}</Link>
              </Button>
            }
          />
        )}
      </div>
      <Footer productName={name} />
    </>
  );
}
