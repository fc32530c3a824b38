// /specialist-detail?id=, one plan (spec §2): the match, the commitment shown since publish, the content
// for its expert and buyers (or free) — otherwise a buy button, the content never in the markup — and
// after the match the grade, the content for all, the commitment recomputed and the public chain walked from
// the plan's entry to its head in the visitor's browser. Everything shown is read from the committed text;
// a plan whose text no longer matches its commitment says so and shows no content.
// A buyer may dispute the plan here (once, until 24 h after the grade); a void shows its reason.
import { ChevronRight, Lock, ShieldCheck } from 'lucide-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { LoginButton } from '@/components/accounts/login-button';
import { BuyPlanButton } from '@/components/experts/buy-plan-button';
import { DisputePlan } from '@/components/experts/dispute-plan';
import { GradeBadge } from '@/components/experts/grade-badge';
import { pickLabel } from '@/components/experts/pick-label';
import { VerifyPlan } from '@/components/experts/verify-plan';
import { Footer } from '@/components/layout/footer';
import { LocalTime } from '@/components/ui/local-time';
import { ZoneHint } from '@/components/ui/zone-hint';
import { currentUser } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { disputeStateOf } from '@/lib/experts/disputes';
import { planOfRequest, renderNow } from '@/lib/experts/page-data';
import { PLAN_DISPUTE_WINDOW_MS } from '@/lib/experts/plans';
import { alternatesOf, productName } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ id?: string }> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const { id } = await searchParams;
  const plan = await planOfRequest(id, locale);
  const t = await getTranslations({ locale, namespace: 'experts' });
  if (!plan) return { title: (await getTranslations({ locale, namespace: 'meta' }))('notFound') };
  const description = t('detail.description', {
    expert: plan.expert.nickname,
    home: plan.match.home,
    away: plan.match.away,
  });
  return {
    title: plan.title,
    description,
    alternates: alternatesOf(locale, `/specialist-detail?id=${plan.id}`),
    openGraph: { type: 'article', title: plan.title, description },
  };
}

export default async function SpecialistDetailPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { id } = await searchParams;
  const plan = await planOfRequest(id, locale);
  if (!plan) notFound();
  const [t, name, messages, viewer] = await Promise.all([
    getTranslations('experts'),
    productName(locale),
    getMessages(),
    currentUser(),
  ]);
  // A buyer's dispute: its state, or whether one may still be opened (once per purchase).
  const dispute = viewer ? await disputeStateOf(getDb(), plan.id, viewer.id, renderNow()) : null;
  const state = plan.status === 'voided' ? 'voided' : (plan.grade ?? 'open');
  const teams = { home: plan.match.home, away: plan.match.away };
  const kickoff = new Date(plan.kickoff_at);
  // A dispute's decision reads its reason's code in the reader's language (useReadReason).
  const islandMessages = {
    experts: messages.experts,
    im: { notices: { reasons: messages.im.notices.reasons } },
  };
  // The buy button's spend sheet: its texts, the currencies and the recharge it offers.
  const buyMessages = { ...islandMessages, wallet: messages.wallet };

  return (
    <>
      <div className="mx-auto flex w-full max-w-[960px] flex-col gap-5 px-4 py-6 layout:px-6">
        <article
          className="rounded-xl border border-line bg-surface px-5 py-5 layout:px-8"
          data-testid="plan-detail"
        >
          <nav aria-label={t('breadcrumb')} className="mb-3 flex items-center gap-1 text-xs text-ink-500">
            <Link href="/specialist" className="hover:text-brand-600">
              {t('title')}
            </Link>
            <ChevronRight aria-hidden className="size-3.5" />
            <Link href={`/specialist-info?id=${plan.expert.id}`} className="hover:text-brand-600">
              {plan.expert.nickname}
            </Link>
          </nav>
          <div className="flex items-start gap-3">
            <h1 className="min-w-0 flex-1 text-xl font-bold leading-8 text-ink-900 layout:text-2xl">
              {plan.title}
            </h1>
            <GradeBadge grade={state} label={t(`grades.${state}`)} />
          </div>
          <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1 text-xs text-ink-500">
            <Link
              href={`/specialist-info?id=${plan.expert.id}`}
              className="flex items-center gap-1.5 text-ink-700 hover:text-brand-600"
            >
              <img
                src={plan.expert.avatar}
                alt=""
                width={20}
                height={20}
                className="size-5 rounded-full bg-canvas"
              />
              {plan.expert.nickname}
            </Link>
            <span>
              {t('publishedAt')}{' '}
              <LocalTime at={plan.published_at} style="longDateTime" className="tabular-nums" />
            </span>
            <ZoneHint />
            {plan.price > 0 ? <span>{t('buyers', { count: plan.buyers })}</span> : null}
          </p>

          <section
            className="mt-5 rounded-lg border border-line bg-canvas px-4 py-3"
            aria-label={t('detail.match')}
          >
            <p className="text-xs text-ink-500">
              {plan.match.competition} ·{' '}
              <LocalTime at={kickoff} style="longDateTime" className="tabular-nums" />
            </p>
            <p className="mt-1 flex items-center gap-3 text-base font-semibold text-ink-900">
              <span className="min-w-0 flex-1 truncate text-right" title={plan.match.home}>
                {plan.match.home}
              </span>
              <span className="shrink-0 tabular-nums text-brand-600" data-testid="plan-score">
                {plan.match.home_score !== null
                  ? `${plan.match.home_full_time ?? plan.match.home_score} : ${plan.match.away_full_time ?? plan.match.away_score}`
                  : t('vs')}
              </span>
              <span className="min-w-0 flex-1 truncate" title={plan.match.away}>
                {plan.match.away}
              </span>
            </p>
            <p className="mt-1 text-center text-xs text-ink-500">
              {plan.markets.map((market) => t(`markets.${market}`)).join(' · ')}
              {plan.match.home_score !== null &&
              plan.match.home_full_time !== null &&
              (plan.match.home_score !== plan.match.home_full_time ||
                plan.match.away_score !== plan.match.away_full_time)
                ? ` · ${t('detail.regulation')}`
                : ''}
            </p>
          </section>

          {plan.status === 'voided' ? (
            <p
              className="mt-4 rounded-md border border-line bg-canvas px-3 py-2 text-sm text-ink-700"
              data-testid="plan-void-reason"
            >
              {t('detail.voided', { reason: plan.void_reason ?? '' })}
            </p>
          ) : null}

          {plan.committed ? null : (
            <p
              className="mt-4 rounded-md border border-live/40 bg-canvas px-3 py-2 text-sm text-live"
              data-testid="plan-not-committed"
              role="alert"
            >
              {t('detail.notCommitted')}
            </p>
          )}

          {plan.content ? (
            <section className="mt-5 space-y-4" data-testid="plan-content">
              <h2 className="font-semibold text-ink-900">{t('detail.picks')}</h2>
              <ul className="space-y-2">
                {plan.content.selections.map((selection, index) => (
                  <li
                    key={selection.market}
                    className="flex items-center gap-3 rounded-md border border-line px-3 py-2"
                  >
                    <span className="w-20 shrink-0 text-xs text-ink-500">
                      {t(`markets.${selection.market}`)}
                    </span>
                    <span className="min-w-0 flex-1 font-semibold text-brand-600" data-testid="plan-pick">
                      {pickLabel(t as never, selection, teams)}
                    </span>
                    {plan.selection_grades?.[index] ? (
                      <GradeBadge
                        grade={plan.selection_grades[index]}
                        label={t(`grades.${plan.selection_grades[index]}`)}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
              <h2 className="font-semibold text-ink-900">{t('detail.reasoning')}</h2>
              <div className="space-y-3 text-[15px] leading-7 text-ink-900" data-testid="plan-reasoning">
                {plan.content.reasoning.split(/\n+/).map((paragraph, index) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of a fixed text
                  <p key={index} className="whitespace-pre-line break-words">
                    {paragraph}
                  </p>
                ))}
              </div>
            </section>
          ) : (
            <section
              className="mt-5 flex flex-col items-center gap-3 rounded-lg border border-dashed border-line px-6 py-8 text-center"
              data-testid="plan-locked"
            >
              <Lock aria-hidden className="size-8 text-ink-300" />
              <p className="font-medium text-ink-900">
                {plan.status === 'voided'
                  ? t('detail.voidedLocked')
                  : t('detail.locked', { price: plan.price })}
              </p>
              {plan.refund_if_lost ? <p className="text-sm text-ink-500">{t('detail.refundHint')}</p> : null}
              {plan.on_sale ? (
                viewer ? (
                  <NextIntlClientProvider locale={locale} messages={buyMessages}>
                    <BuyPlanButton
                      id={plan.id}
                      title={plan.title}
                      price={plan.price}
                      refundIfLost={plan.refund_if_lost}
                      disputeHours={PLAN_DISPUTE_WINDOW_MS / 3_600_000}
                    />
                  </NextIntlClientProvider>
                ) : (
                  <LoginButton
                    label={t('detail.loginToBuy')}
                    testId="plan-login-to-buy"
                    className="text-sm font-medium text-brand-600 hover:underline"
                  />
                )
              ) : plan.status === 'open' ? (
                <p className="text-sm text-ink-500">{t('detail.salesClosed')}</p>
              ) : null}
            </section>
          )}

          {dispute ? (
            <NextIntlClientProvider locale={locale} messages={islandMessages}>
              <DisputePlan id={plan.id} state={dispute} />
            </NextIntlClientProvider>
          ) : null}

          <section className="mt-6 space-y-2 border-t border-line pt-4" aria-labelledby="plan-commitment">
            <h2 id="plan-commitment" className="flex items-center gap-1.5 font-semibold text-ink-900">
              <ShieldCheck aria-hidden className="size-4 text-win" />
              {t('detail.commitment')}
            </h2>
            <p className="text-xs text-ink-500">{t('detail.commitmentHint')}</p>
            <p
              className="break-all rounded bg-canvas px-3 py-2 font-mono text-xs text-ink-700"
              data-testid="plan-commitment"
            >
              {plan.commitment}
            </p>
            {plan.chain_seq ? (
              <p className="text-xs text-ink-500">
                {t('detail.chainEntry', { seq: plan.chain_seq })}{' '}
                <Link href="/specialist#chain" className="text-brand-600 hover:underline">
                  {t('detail.chainLink')}
                </Link>
              </p>
            ) : null}
            {plan.reveal ? (
              <NextIntlClientProvider locale={locale} messages={islandMessages}>
                <VerifyPlan
                  planId={plan.id}
                  chainSeq={plan.chain_seq}
                  canonical={plan.reveal.canonical}
                  nonce={plan.reveal.nonce}
                  commitment={plan.commitment}
                />
              </NextIntlClientProvider>
            ) : (
              <p className="text-xs text-ink-500">{t('detail.revealLater')}</p>
            )}
          </section>
        </article>
      </div>
      <Footer productName={name} />
    </>
  );
}
