'use client';
// The score and clock of the match header; follows the live summary cache.
import { useTranslations } from 'next-intl';
import { cn } from '@/lib/cn';
import type { MatchSummary } from '@/lib/scores/detail-api';
import { useMatchSummary } from './match-summary';

export function MatchStatusLabel({ summary }: { summary: MatchSummary }) {
  const t = useTranslations('matchDetail.status');
  if (summary.status === 'live') {
    const minute = summary.minute !== null && !['half_time', 'penalties'].includes(summary.period);
    return (
      <span className="inline-flex items-center gap-1.5 font-semibold text-live">
        <span aria-hidden className="size-2 animate-pulse rounded-full bg-live" />
        {t(`period.${summary.period}` as never)}
        {minute ? <span data-testid="match-minute">{`${summary.minute}'`}</span> : null}
      </span>
    );
  }
  if (summary.status === 'abnormal') {
    return (
      <span data-testid="match-abnormal" className="font-medium text-amber-700">
        {summary.status_note === 'postponed' ||
        summary.status_note === 'awarded' ||
        summary.status_note === 'interrupted'
          ? t(summary.status_note)
          : summary.status_note === 'feed_silent'
            ? `${t('abnormal')} · ${t('feed_silent')}`
            : t('abnormal')}
      </span>
    );
  }
  return (
    <span className="font-medium text-ink-500">
      {t(summary.status === 'finished' ? 'finished' : 'notStarted')}
    </span>
  );
}

export function MatchScoreboard({ initial, compact = false }: { initial: MatchSummary; compact?: boolean }) {
  const t = useTranslations('matchDetail');
  const { data: summary } = useMatchSummary(initial);
  const hasScore = summary.home_score !== null && summary.away_score !== null;
  return (
    <div className="flex flex-col items-center gap-1" aria-live="polite">
      <p
        data-testid="match-score"
        className={cn(
          'font-bold whitespace-nowrap tabular-nums tracking-wider',
          compact ? 'text-2xl sm:text-3xl' : 'text-3xl sm:text-5xl',
          summary.status === 'live' ? 'text-live' : 'text-ink-900',
        )}
      >
        {hasScore ? `${summary.home_score} - ${summary.away_score}` : t('versus')}
      </p>
      <p className="text-sm">
        <MatchStatusLabel summary={summary} />
      </p>
      {summary.home_half_score !== null && summary.away_half_score !== null && hasScore ? (
        <p className="text-xs text-ink-500">
          {t('halfTime', { home: summary.home_half_score, away: summary.away_half_score })}
        </p>
      ) : null}
      {summary.home_penalty_score !== null && summary.away_penalty_score !== null ? (
        <p className="text-xs font-medium text-ink-700" data-testid="match-penalties">
          {t('penalties', { home: summary.home_penalty_score, away: summary.away_penalty_score })}
        </p>
      ) : null}
    </div>
  );
}
