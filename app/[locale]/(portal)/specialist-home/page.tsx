// /specialist-home?type=0|1 (spec §2): the football (0) or basketball (1) experts — ranking by window,
// plans on sale, graded plans and the day's matches with their plan counts. Server-rendered.
import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { ExpertRanking } from '@/components/experts/expert-ranking';
import { MatchPlanList } from '@/components/experts/match-plan-list';
import { PlanSection } from '@/components/experts/plan-section';
import { Footer } from '@/components/layout/footer';
import { currentUser } from '@/lib/accounts/current-user';
import { cn } from '@/lib/cn';
import { expertBoard, renderNow, sportOfType, windowOf } from '@/lib/experts/page-data';
import { alternatesOf, productName } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ type?: string; window?: string }>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const { type } = await searchParams;
  const t = await getTranslations({ locale, namespace: 'experts' });
  const sport = sportOfType(type);
  return {
    title: t(`home.title.${sport}`),
    description: t('description'),
    alternates: alternatesOf(locale, `/specialist-home?type=${sport === 'basketball' ? 1 : 0}`),
  };
}

export default async function SpecialistHomePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const sport = sportOfType(query.type);
  const type = sport === 'basketball' ? 1 : 0;
  const window = windowOf(query.window);
  const viewer = await currentUser();
  const [t, name, board] = await Promise.all([
    getTranslations('experts'),
    productName(locale),
    expertBoard({ sport, window, viewerId: viewer?.id ?? null, locale, now: renderNow() }),
  ]);
  return (
    <>
      <div className="mx-auto flex w-full max-w-[1240px] flex-col gap-5 px-4 py-6 layout:px-6">
        <header className="flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-bold text-ink-900">{t(`home.title.${sport}`)}</h1>
          <nav className="flex gap-1" aria-label={t('home.sports')}>
            {(['football', 'basketball'] as const).map((option, index) => (
              <Link
                key={option}
                href={`/specialist-home?type=${index}`}
                aria-current={option === sport ? 'page' : undefined}
                className={cn(
                  'rounded-full px-3 py-1 text-sm',
                  option === sport
                    ? 'bg-brand-500 text-white'
                    : 'bg-surface text-ink-700 hover:text-brand-600',
                )}
              >
                {t(`sports.${option}`)}
              </Link>
            ))}
          </nav>
          <Link href="/specialist" className="ml-auto text-sm text-brand-600 hover:underline">
            {t('home.all')}
          </Link>
        </header>
        <div className="grid grid-cols-1 gap-5 layout:grid-cols-[minmax(0,1fr)_360px]">
          <div className="flex min-w-0 flex-col gap-5">
            <PlanSection
              id="plans-on-sale"
              title={t('plans.onSale')}
              plans={board.onSale}
              empty={{ title: t('plans.emptyOnSale'), hint: t('plans.emptyOnSaleHint') }}
              testId="plans-on-sale"
            />
            <PlanSection
              id="plans-graded"
              title={t('plans.graded')}
              plans={board.graded}
              empty={{ title: t('plans.emptyGraded'), hint: t('plans.emptyGradedHint') }}
              testId="plans-graded"
            />
          </div>
          <aside className="flex flex-col gap-5">
            <ExpertRanking
              rows={board.ranking}
              window={window}
              hrefOf={(option) => `/specialist-home?type=${type}&window=${option}`}
            />
            <MatchPlanList matches={board.matches} />
          </aside>
        </div>
      </div>
      <Footer productName={name} />
    </>
  );
}
