// /specialist-info?id=, an expert's profile (spec §2): who they are, their record from graded plans only
// (last 10, 20, 50 and all; by play type), their latest plans (the same plans /specialist lists: a plan is
// a public, tamper-evident record, so it is not hidden after three months), follow. The expert
// themself also finds the form to publish a plan here, and the ways to the article composer and to their
// income centre (`/member?type=25`).
import { PenLine, TrendingUp } from 'lucide-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { percent, points } from '@/components/experts/expert-ranking';
import { FollowExpertButton } from '@/components/experts/follow-expert-button';
import { PlanSection } from '@/components/experts/plan-section';
import { PublishPlanForm } from '@/components/experts/publish-plan-form';
import { Footer } from '@/components/layout/footer';
import { Button } from '@/components/ui/button';
import { currentUser } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { expertOfRequest, renderNow } from '@/lib/experts/page-data';
import { listPlans } from '@/lib/experts/plans';
import { STAT_WINDOWS } from '@/lib/experts/stats';
import { alternatesOf, productName } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { INCOME_TAB } from '../member/tabs';

/** How many of an expert's plans the profile lists, newest first. */
const HISTORY_PLANS = 50;

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ id?: string }> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const { id } = await searchParams;
  const expert = await expertOfRequest(id);
  if (!expert) return { title: (await getTranslations({ locale, namespace: 'meta' }))('notFound') };
  const t = await getTranslations({ locale, namespace: 'experts' });
  return {
    title: t('info.title', { name: expert.nickname }),
    description: expert.experience,
    alternates: alternatesOf(locale, `/specialist-info?id=${expert.id}`),
  };
}

export default async function SpecialistInfoPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { id } = await searchParams;
  const expert = await expertOfRequest(id);
  if (!expert) notFound();
  const viewer = await currentUser();
  const now = renderNow();
  const [t, times, name, messages, history] = await Promise.all([
    getTranslations('experts'),
    getTimeFormat(),
    productName(locale),
    getMessages(),
    listPlans(getDb(), { expertId: expert.id, limit: HISTORY_PLANS }, viewer?.id ?? null, locale, now),
  ]);
  const own = viewer?.id === expert.id;
  const islandMessages = { experts: messages.experts };
  return (
    <>
      <div className="mx-auto grid w-full max-w-[1240px] grid-cols-1 gap-5 px-4 py-6 layout:grid-cols-[360px_minmax(0,1fr)] layout:px-6">
        <aside className="flex flex-col gap-5">
          <section
            className="rounded-xl border border-line bg-surface px-5 py-5"
            data-testid="expert-profile"
          >
            <div className="flex items-center gap-3">
              <img
                src={expert.avatar}
                alt=""
                width={64}
                height={64}
                className="size-16 rounded-full bg-canvas"
              />
              <div className="min-w-0">
                <h1 className="truncate text-lg font-bold text-ink-900" title={expert.nickname}>
                  {expert.nickname}
                </h1>
                <p className="text-xs text-ink-500">
                  {expert.sports.map((sport) => t(`sports.${sport}`)).join(' · ')} ·{' '}
                  {t('info.since', { date: times.dateTime(expert.approved_at, 'date') })}
                </p>
              </div>
            </div>
            <p className="mt-3 whitespace-pre-line break-words text-sm text-ink-700">{expert.experience}</p>
            <div className="mt-4">
              {own ? (
                <p className="text-sm text-ink-500">{t('followers', { count: expert.followers })}</p>
              ) : (
                <NextIntlClientProvider locale={locale} messages={islandMessages}>
                  <FollowExpertButton
                    id={expert.id}
                    initial={{ following: expert.following, followers: expert.followers }}
                  />
                </NextIntlClientProvider>
              )}
            </div>
          </section>
          <section
            className="rounded-xl border border-line bg-surface"
            aria-labelledby="expert-record"
            data-testid="expert-record"
          >
            <h2 id="expert-record" className="border-b border-line px-4 py-3 font-semibold text-ink-900">
              {t('info.record')}
            </h2>
            <div className="overflow-x-auto">
              <table className="w-full min-w-[26rem] text-sm">
                <thead>
                  <tr className="text-xs text-ink-500">
                    <th className="px-4 py-2 text-left font-normal">{t('info.window')}</th>
                    <th className="px-2 py-2 text-right font-normal">{t('stats.hitRate')}</th>
                    <th className="px-2 py-2 text-right font-normal">{t('stats.streak')}</th>
                    <th className="px-2 py-2 text-right font-normal">{t('stats.return')}</th>
                    <th className="px-4 py-2 text-right font-normal">{t('stats.sample')}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {STAT_WINDOWS.map((window) => {
                    const record = expert.record.windows[window];
                    return (
                      <tr key={window} data-testid={`record-${window}`}>
                        <td className="px-4 py-2 text-ink-700">{t(`windows.${window}`)}</td>
                        <td className="px-2 py-2 text-right font-semibold tabular-nums text-live">
                          {percent(record.hitRate)}
                        </td>
                        <td className="px-2 py-2 text-right tabular-nums">{record.streak}</td>
                        <td className="px-2 py-2 text-right tabular-nums">{points(record.unitReturn)}</td>
                        <td className="px-4 py-2 text-right tabular-nums text-ink-500">{record.graded}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            </div>
            {expert.record.byMarket.length ? (
              <>
                <h3 className="border-t border-line px-4 pt-3 text-xs font-semibold text-ink-700">
                  {t('info.byMarket')}
                </h3>
                <ul className="px-4 pb-3 text-sm">
                  {expert.record.byMarket.map(({ market, record }) => (
                    <li key={market} className="flex justify-between py-1">
                      <span className="text-ink-700">{t(`markets.${market}`)}</span>
                      <span className="tabular-nums text-ink-500">
                        {percent(record.hitRate)} · {t('stats.sampleValue', { count: record.graded })}
                      </span>
                    </li>
                  ))}
                </ul>
              </>
            ) : null}
            <p className="border-t border-line px-4 py-2 text-xs text-ink-500">{t('info.recordHint')}</p>
          </section>
        </aside>
        <div className="flex min-w-0 flex-col gap-5">
          {own ? (
            <section
              className="flex flex-wrap items-center gap-3 rounded-xl border border-line bg-surface px-5 py-4"
              aria-labelledby="write-article"
            >
              <div className="min-w-0 flex-1">
                <h2 id="write-article" className="font-semibold text-ink-900">
                  {t('compose.entry')}
                </h2>
                <p className="text-sm text-ink-500">{t('compose.entryHint')}</p>
              </div>
              <Button asChild variant="secondary" data-testid="write-article">
                <Link href="/specialist-news/write">
                  <PenLine aria-hidden className="size-4" />
                  {t('compose.entry')}
                </Link>
              </Button>
              <Button asChild variant="secondary" data-testid="income-entry">
                <Link href={`/member?type=${INCOME_TAB}`}>
                  <TrendingUp aria-hidden className="size-4" />
                  {t('info.income')}
                </Link>
              </Button>
            </section>
          ) : null}
          {own ? (
            <section
              className="rounded-xl border border-line bg-surface px-5 py-4"
              aria-labelledby="publish-plan"
            >
              <h2 id="publish-plan" className="mb-3 font-semibold text-ink-900">
                {t('publish.title')}
              </h2>
              <NextIntlClientProvider locale={locale} messages={islandMessages}>
                <PublishPlanForm sports={expert.sports} />
              </NextIntlClientProvider>
            </section>
          ) : null}
          <PlanSection
            id="expert-history"
            title={t('info.history')}
            plans={history}
            empty={{ title: t('info.historyEmpty'), hint: t('info.historyEmptyHint') }}
            testId="expert-history"
          />
        </div>
      </div>
      <Footer productName={name} />
    </>
  );
}
