// The experts' income centre (`/member?type=25`): what their paid plans sold, what escrow still holds,
// what went back to buyers and what reached them in yellow diamonds (lib/experts/income.ts), then the same
// withdrawals as every earner's (./withdrawals-tab.tsx: payout accounts, the form, the history). Both stream
// in behind one skeleton shaped like them (taller than a screen, so nothing visible moves when they arrive).
import { ArrowLeft, ArrowRight, ListOrdered, TrendingUp } from 'lucide-react';
import { getFormatter, getLocale, getTranslations } from 'next-intl/server';
import { Suspense } from 'react';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { Skeleton } from '@/components/ui/skeleton';
import { getDb } from '@/lib/db';
import type { EarnerRoles } from '@/lib/earnings/earner';
import { expertIncome, type IncomeState } from '@/lib/experts/income';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { SectionCard, StatusPill } from './section-card';
import { INCOME_TAB } from './tabs';
import { WithdrawalsTab } from './withdrawals-tab';

const TONE: Record<IncomeState, 'good' | 'bad' | 'waiting' | 'neutral'> = {
  on_sale: 'waiting',
  awaiting_result: 'neutral',
  in_window: 'waiting',
  released: 'good',
  refunded: 'neutral',
  voided: 'bad',
  unsold: 'neutral',
};

/** Each summary card's height, reserved by its skeleton too. */
const CARD = 'min-h-[108px] rounded-xl border border-line bg-surface px-4 py-4 sm:px-5';

export async function IncomeTab({
  userId,
  now,
  page,
  roles,
}: {
  userId: number;
  now: Date;
  page: number;
  roles: Pick<EarnerRoles, 'anchor' | 'expert'>;
}) {
  const t = await getTranslations('earnings.income');
  return (
    <div className="space-y-5">
      <p className="text-sm text-ink-700">{t('intro')}</p>
      {/* One boundary for everything that loads: nothing below it is on screen to be pushed down. */}
      <Suspense fallback={<IncomeSkeleton />}>
        <IncomeSales userId={userId} now={now} page={page} />
        <WithdrawalsTab userId={userId} now={now} roles={roles} />
      </Suspense>
    </div>
  );
}

function IncomeSkeleton() {
  return (
    <div className="space-y-5" data-testid="income-loading">
      <div className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
        {[0, 1, 2, 3].map((key) => (
          <Skeleton key={key} className="h-[108px] rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-[560px] rounded-xl" />
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-3">
        {[0, 1, 2].map((key) => (
          <Skeleton key={key} className="h-[106px] rounded-xl" />
        ))}
      </div>
      <Skeleton className="h-[260px] rounded-xl" />
    </div>
  );
}

async function IncomeSales({ userId, now, page }: { userId: number; now: Date; page: number }) {
  const [t, format, times, locale] = await Promise.all([
    getTranslations('earnings.income'),
    getFormatter(),
    getTimeFormat(),
    getLocale(),
  ]);
  const income = await expertIncome(getDb(), userId, { page, locale: locale as Locale, now });
  const { totals } = income;
  const cards = [
    {
      key: 'gross',
      value: totals.gross,
      unit: 'star',
      hint: t('totals.grossHint', { count: totals.buyers }),
    },
    { key: 'held', value: totals.held, unit: 'star', hint: t('totals.heldHint') },
    {
      key: 'released',
      value: totals.released,
      unit: 'yellow',
      hint: t('totals.releasedHint', { share: income.share }),
    },
    {
      key: 'refunded',
      value: totals.refunded,
      unit: 'star',
      hint: t('totals.refundedHint', { count: totals.refunds }),
    },
  ] as const;
  const pages = Math.max(1, Math.ceil(income.total / income.size));
  return (
    <>
      <section aria-label={t('totals.label')} className="grid grid-cols-2 gap-3 sm:gap-4 md:grid-cols-4">
        {cards.map(({ key, value, unit, hint }) => (
          <div key={key} className={`min-w-0 ${CARD}`}>
            <p className="text-sm whitespace-nowrap text-ink-500">{t(`totals.${key}`)}</p>
            <p className="mt-1 flex items-baseline gap-1 text-ink-900">
              <span className="text-2xl font-semibold tabular-nums" data-testid={`income-${key}`}>
                {format.number(value)}
              </span>
              <span className="text-xs whitespace-nowrap text-ink-500">{t(`unit.${unit}`)}</span>
            </p>
            <p className="mt-1 text-xs text-ink-500">{hint}</p>
          </div>
        ))}
      </section>
      <SectionCard
        title={t('sales.title')}
        icon={ListOrdered}
        aside={
          <span className="text-xs text-ink-500" data-testid="income-disputes">
            {t('sales.summary', {
              plans: income.total,
              open: totals.open_disputes,
              disputes: totals.disputes,
            })}
          </span>
        }
      >
        {income.plans.length === 0 ? (
          <EmptyState
            icon={TrendingUp}
            title={t(income.total ? 'sales.pageEmpty' : 'sales.emptyTitle')}
            hint={t('sales.emptyHint')}
            action={
              <Button asChild>
                <Link href={`/specialist-info?id=${userId}#publish-plan`} data-testid="income-publish">
                  {t('sales.publishFirst')}
                </Link>
              </Button>
            }
          />
        ) : (
          <ul className="divide-y divide-line" data-testid="income-plans">
            {income.plans.map((plan) => {
              const figures = [
                { key: 'price', value: plan.price, unit: 'star' },
                { key: 'buyers', value: plan.buyers, unit: null },
                { key: 'gross', value: plan.gross, unit: 'star' },
                { key: 'held', value: plan.held, unit: 'star' },
                { key: 'released', value: plan.released, unit: 'yellow' },
                { key: 'refunded', value: plan.refunded, unit: 'star' },
                { key: 'disputes', value: plan.open_disputes, unit: null },
              ] as const;
              return (
                <li
                  key={plan.id}
                  className="py-4 first:pt-0 last:pb-0"
                  data-testid="income-plan"
                  data-plan-id={plan.id}
                >
                  <div className="flex flex-wrap items-start justify-between gap-x-3 gap-y-1">
                    <Link
                      href={`/specialist-detail?id=${plan.id}`}
                      className="min-w-0 font-medium break-words text-ink-900 hover:text-brand-600"
                    >
                      {plan.title}
                    </Link>
                    <span data-testid="income-plan-state">
                      <StatusPill tone={TONE[plan.state]}>
                        {plan.release_at && plan.state === 'in_window'
                          ? t('state.in_window_until', {
                              at: times.dateTime(new Date(plan.release_at), 'shortDateTime'),
                            })
                          : t(`state.${plan.state}`)}
                      </StatusPill>
                    </span>
                  </div>
                  <p className="mt-1 text-xs text-ink-500">
                    {t('sales.match', {
                      home: plan.match.home,
                      away: plan.match.away,
                      competition: plan.match.competition,
                      kickoff: times.dateTime(new Date(plan.kickoff_at), 'shortDateTime'),
                    })}
                  </p>
                  <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm min-[420px]:grid-cols-4 lg:grid-cols-7">
                    {figures.map(({ key, value, unit }) => (
                      <div key={key} className="min-w-0">
                        <dt className="text-xs whitespace-nowrap text-ink-500">{t(`sales.${key}`)}</dt>
                        <dd
                          className="font-medium text-ink-900 tabular-nums"
                          data-testid={`income-plan-${key}`}
                        >
                          {format.number(value)}
                          {unit ? (
                            <span className="ml-0.5 text-xs font-normal text-ink-500">
                              {t(`unit.${unit}`)}
                            </span>
                          ) : null}
                        </dd>
                      </div>
                    ))}
                  </dl>
                </li>
              );
            })}
          </ul>
        )}
        {pages > 1 ? (
          <nav
            aria-label={t('sales.pages')}
            className="mt-4 flex items-center justify-between gap-3 border-t border-line pt-4 text-sm"
          >
            {income.page > 1 ? (
              <Link
                href={`/member?type=${INCOME_TAB}&page=${income.page - 1}`}
                className="inline-flex items-center gap-1 text-brand-600 hover:underline"
                rel="prev"
              >
                <ArrowLeft aria-hidden className="size-4" />
                {t('sales.previous')}
              </Link>
            ) : (
              <span />
            )}
            <span className="text-ink-500 tabular-nums">
              {t('sales.pageOf', { page: income.page, pages })}
            </span>
            {income.page < pages ? (
              <Link
                href={`/member?type=${INCOME_TAB}&page=${income.page + 1}`}
                className="inline-flex items-center gap-1 text-brand-600 hover:underline"
                rel="next"
              >
                {t('sales.next')}
                <ArrowRight aria-hidden className="size-4" />
              </Link>
            ) : (
              <span />
            )}
          </nav>
        ) : null}
      </SectionCard>
    </>
  );
}
