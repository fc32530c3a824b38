// A plan in a list (server markup): expert, match, play types, price or free, and the grade once there is
// one. Never the pick or the reasoning: lists show what a plan is, its page shows what it says.
import { Lock } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { LocalTime } from '@/components/ui/local-time';
import type { PlanView } from '@/lib/experts/plans';
import { Link } from '@/lib/i18n/navigation';
import { GradeBadge } from './grade-badge';

export async function PlanCard({ plan }: { plan: PlanView }) {
  const t = await getTranslations('experts');
  const state = plan.status === 'voided' ? 'voided' : (plan.grade ?? 'open');
  return (
    <li className="flex gap-3 px-4 py-3" data-testid="plan-card">
      <img
        src={plan.expert.avatar}
        alt=""
        width={40}
        height={40}
        className="size-10 shrink-0 rounded-full bg-canvas"
      />
      <div className="min-w-0 flex-1 space-y-1">
        <div className="flex items-start gap-2">
          <Link
            href={`/specialist-detail?id=${plan.id}`}
            className="min-w-0 flex-1 font-medium leading-6 text-ink-900 hover:text-brand-600"
            data-testid="plan-link"
          >
            {plan.title}
          </Link>
          <GradeBadge grade={state} label={t(`grades.${state}`)} />
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-0.5 text-xs text-ink-500">
          <Link
            href={`/specialist-info?id=${plan.expert.id}`}
            className="whitespace-nowrap text-ink-700 hover:text-brand-600"
          >
            {plan.expert.nickname}
          </Link>
          <span>{t('versus', { home: plan.match.home, away: plan.match.away })}</span>
          <LocalTime at={plan.kickoff_at} style="datedKickoff" className="whitespace-nowrap tabular-nums" />
          <span>{plan.markets.map((market) => t(`markets.${market}`)).join(' · ')}</span>
        </p>
      </div>
      <div className="flex shrink-0 flex-col items-end justify-center text-sm">
        {plan.price > 0 ? (
          <span className="inline-flex items-center gap-1 font-semibold text-brand-600">
            {plan.access === 'locked' ? <Lock aria-hidden className="size-3.5" /> : null}
            {t('price', { price: plan.price })}
          </span>
        ) : (
          <span className="font-semibold text-win">{t('free')}</span>
        )}
        {plan.refund_if_lost ? <span className="text-xs text-ink-500">{t('refundIfLost')}</span> : null}
      </div>
    </li>
  );
}
