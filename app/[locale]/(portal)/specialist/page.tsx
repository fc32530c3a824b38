// /specialist, the expert group (spec §2): top experts per window, hot plans, the day's matches with their
// plan counts, the head of the public commitment chain (with its time, for anyone to keep a copy) and the
// application to become an expert. Server-rendered.
import { Link2, Newspaper } from 'lucide-react';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { LoginButton } from '@/components/accounts/login-button';
import { ApplyExpertForm } from '@/components/experts/apply-expert-form';
import { ExpertRanking } from '@/components/experts/expert-ranking';
import { MatchPlanList } from '@/components/experts/match-plan-list';
import { PlanSection } from '@/components/experts/plan-section';
import { Footer } from '@/components/layout/footer';
import { LocalTime } from '@/components/ui/local-time';
import { currentUser } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { findExpert, latestExpertApplication } from '@/lib/experts/applications';
import { chainHead } from '@/lib/experts/chain';
import { expertBoard, renderNow, windowOf } from '@/lib/experts/page-data';
import { alternatesOf, productName } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ window?: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'experts' });
  return {
    title: t('title'),
    description: t('description'),
    alternates: alternatesOf(locale, '/specialist'),
  };
}

export default async function SpecialistPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const window = windowOf((await searchParams).window);
  const viewer = await currentUser();
  const db = getDb();
  const [t, name, messages, board, head, expert, application] = await Promise.all([
    getTranslations('experts'),
    productName(locale),
    getMessages(),
    expertBoard({ window, viewerId: viewer?.id ?? null, locale, now: renderNow() }),
    chainHead(db),
    viewer ? findExpert(db, viewer.id) : null,
    viewer ? latestExpertApplication(db, viewer.id) : null,
  ]);
  return (
    <>
      <div className="mx-auto flex w-full max-w-[1240px] flex-col gap-5 px-4 py-6 layout:px-6">
        <header className="flex flex-wrap items-center gap-3">
          <h1 className="text-xl font-bold text-ink-900">{t('title')}</h1>
          <nav className="flex gap-1">
            <Link
              href="/specialist-home?type=0"
              className="rounded-full bg-surface px-3 py-1 text-sm text-ink-700 hover:text-brand-600"
            >
              {t('sports.football')}
            </Link>
            <Link
              href="/specialist-home?type=1"
              className="rounded-full bg-surface px-3 py-1 text-sm text-ink-700 hover:text-brand-600"
            >
              {t('sports.basketball')}
            </Link>
          </nav>
          <Link
            href="/specialist-news"
            className="ml-auto flex items-center gap-1 text-sm text-brand-600 hover:underline"
          >
            <Newspaper aria-hidden className="size-4" />
            {t('news.title')}
          </Link>
        </header>
        <p className="text-sm text-ink-500">{t('intro')}</p>
        <div className="grid grid-cols-1 gap-5 layout:grid-cols-[minmax(0,1fr)_360px]">
          <div className="flex min-w-0 flex-col gap-5">
            <ExpertRanking
              rows={board.ranking}
              window={window}
              hrefOf={(option) => `/specialist?window=${option}`}
            />
            <PlanSection
              id="hot-plans"
              title={t('plans.hot')}
              plans={board.onSale}
              empty={{ title: t('plans.emptyOnSale'), hint: t('plans.emptyOnSaleHint') }}
              testId="hot-plans"
            />
            <PlanSection
              id="graded-plans"
              title={t('plans.graded')}
              plans={board.graded}
              empty={{ title: t('plans.emptyGraded'), hint: t('plans.emptyGradedHint') }}
            />
          </div>
          <aside className="flex flex-col gap-5">
            <section
              id="chain"
              className="rounded-xl border border-line bg-surface px-4 py-3"
              aria-labelledby="chain-head"
              data-testid="chain-head"
            >
              <h2 id="chain-head" className="flex items-center gap-1.5 font-semibold text-ink-900">
                <Link2 aria-hidden className="size-4 text-win" />
                {t('chain.title')}
              </h2>
              <p className="mt-1 text-xs text-ink-500">{t('chain.hint')}</p>
              {head ? (
                <dl className="mt-2 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-xs">
                  <dt className="text-ink-500">{t('chain.length')}</dt>
                  <dd className="tabular-nums text-ink-900">{head.seq}</dd>
                  <dt className="text-ink-500">{t('chain.time')}</dt>
                  <dd>
                    <LocalTime
                      at={head.publishedAt}
                      style="longDateTime"
                      className="tabular-nums text-ink-900"
                    />
                  </dd>
                  <dt className="text-ink-500">{t('chain.hash')}</dt>
                  <dd className="break-all font-mono text-ink-700" data-testid="chain-head-hash">
                    {head.hash}
                  </dd>
                </dl>
              ) : (
                <p className="mt-2 text-sm text-ink-500">{t('chain.empty')}</p>
              )}
              <a
                href="/api/expert/chain/download"
                download
                className="mt-2 inline-block text-xs text-brand-600 hover:underline"
              >
                {t('chain.download')}
              </a>
            </section>
            <MatchPlanList matches={board.matches} />
            <section
              className="rounded-xl border border-line bg-surface px-4 py-3"
              aria-labelledby="apply-expert"
            >
              <h2 id="apply-expert" className="mb-2 font-semibold text-ink-900">
                {t('apply.title')}
              </h2>
              {expert ? (
                <p className="text-sm text-ink-500">
                  {t('apply.already')}{' '}
                  <Link
                    href={`/specialist-info?id=${expert.userId}`}
                    className="text-brand-600 hover:underline"
                  >
                    {t('apply.profile')}
                  </Link>
                </p>
              ) : !viewer ? (
                <LoginButton
                  label={t('apply.login')}
                  testId="expert-apply-login"
                  className="text-sm font-medium text-brand-600 hover:underline"
                />
              ) : application?.status === 'pending' ? (
                <p className="text-sm text-ink-500" data-testid="expert-apply-pending">
                  {t('apply.pending')}
                </p>
              ) : (
                <>
                  {application?.status === 'refused' ? (
                    <p className="mb-2 text-sm text-ink-500">{t('apply.refused')}</p>
                  ) : (
                    <p className="mb-2 text-sm text-ink-500">{t('apply.hint')}</p>
                  )}
                  <NextIntlClientProvider locale={locale} messages={{ experts: messages.experts }}>
                    <ApplyExpertForm />
                  </NextIntlClientProvider>
                </>
              )}
            </section>
          </aside>
        </div>
      </div>
      <Footer productName={name} />
    </>
  );
}
