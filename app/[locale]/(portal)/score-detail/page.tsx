// /score-detail?id= (spec §2): the match header and its tabs (`?tab=`): events, statistics, lineups,
// odds, analysis. Live matches follow code-100 pushes and goals without a reload.
import { BarChart3, ListX, Radio } from 'lucide-react';
import type { Metadata } from 'next';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { MatchEventTimeline } from '@/components/scores/match-event-timeline';
import { MatchHeader } from '@/components/scores/match-header';
import { MatchStatBars } from '@/components/scores/match-stat-bars';
import { MatchLiveSync } from '@/components/scores/match-summary';
import { JsonLd } from '@/components/seo/json-ld';
import { sportsEventJsonLd } from '@/components/seo/sports-event';
import { EmptyState } from '@/components/ui/empty-state';
import { cn } from '@/lib/cn';
import { productName } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { loadMatchPage, matchPageMetadata } from '@/lib/scores/page-data';
import { AnalysisPanel } from './analysis-panel';
import { DETAIL_TABS, detailTabOf } from './detail-tabs';
import { LineupsPanel } from './lineups-panel';
import { OddsPanel } from './odds-panel';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ id?: string; tab?: string }>;
};

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  return matchPageMetadata((await params).locale, (await searchParams).id, {
    path: '/score-detail',
    namespace: 'matchDetail',
  });
}

export default async function ScoreDetailPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const { detail, summary } = await loadMatchPage(query.id, locale);
  const tab = detailTabOf(query.tab);
  const [messages, t, name] = await Promise.all([
    getMessages(),
    getTranslations('matchDetail'),
    productName(locale),
  ]);
  const following = detail.status === 'live' || detail.status === 'not_started';

  return (
    <>
      <JsonLd data={sportsEventJsonLd(detail, locale)} />
      <div className="mx-auto flex w-full max-w-[1240px] flex-col gap-4 px-6 py-6">
        {/* Only this page's texts go to its islands. */}
        <NextIntlClientProvider locale={locale} messages={{ matchDetail: messages.matchDetail }}>
          {following ? <MatchLiveSync matchId={detail.id} sport={detail.sport} /> : null}
          <MatchHeader detail={detail} summary={summary} />
          <div className="flex items-center justify-between gap-4 border-b border-line">
            <nav
              aria-label={t('tabsLabel')}
              className="flex min-w-0 gap-1 overflow-x-auto sm:overflow-visible"
            >
              {DETAIL_TABS.map((key) => (
                <Link
                  key={key}
                  href={`/score-detail?id=${detail.id}&tab=${key}`}
                  aria-current={key === tab ? 'page' : undefined}
                  scroll={false}
                  className={cn(
                    'shrink-0 border-b-2 px-2.5 py-2.5 text-sm font-medium whitespace-nowrap transition-colors sm:-mb-px sm:px-4',
                    key === tab
                      ? 'border-brand-500 text-brand-600'
                      : 'border-transparent text-ink-500 hover:text-ink-900',
                  )}
                >
                  {t(`tabs.${key}`)}
                </Link>
              ))}
            </nav>
            {detail.status === 'live' ? (
              <Link
                href={`/score-live?id=${detail.id}`}
                className="inline-flex items-center gap-1.5 rounded-md px-3 py-1.5 text-sm font-medium text-live hover:bg-canvas"
              >
                <Radio aria-hidden className="size-4" />
                {t('watchLive')}
              </Link>
            ) : null}
          </div>
          <section
            aria-label={t(`tabs.${tab}`)}
            className="min-h-80 rounded-xl border border-line bg-surface p-5"
          >
            {tab === 'events' ? (
              <MatchEventTimeline
                initial={summary}
                empty={
                  <EmptyState
                    icon={ListX}
                    title={t('events.emptyTitle')}
                    hint={
                      detail.status === 'not_started' ? t('events.emptyNotStarted') : t('events.emptyHint')
                    }
                  />
                }
              />
            ) : tab === 'statistics' ? (
              <MatchStatBars
                initial={summary}
                empty={
                  <EmptyState
                    icon={BarChart3}
                    title={t('statistics.emptyTitle')}
                    hint={t('statistics.emptyHint')}
                  />
                }
              />
            ) : tab === 'lineups' ? (
              <LineupsPanel detail={detail} />
            ) : tab === 'odds' ? (
              <OddsPanel detail={detail} />
            ) : (
              <AnalysisPanel detail={detail} locale={locale} />
            )}
          </section>
        </NextIntlClientProvider>
      </div>
      <Footer productName={name} />
    </>
  );
}
