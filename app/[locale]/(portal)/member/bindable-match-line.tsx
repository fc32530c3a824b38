// One match as the binding field and its picker show it: state, teams with their generated badges,
// competition, kick-off and whether it is a replay or a simulation.
import { useTranslations } from 'next-intl';
import { MatchTeamBadge } from '@/components/scores/match-team-badge';
import { LocalTime } from '@/components/ui/local-time';
import type { BindableView } from '@/lib/live/match-binding';

export function BindableMatchLine({ match }: { match: BindableView }) {
  const t = useTranslations('liveExtras.binding');
  const live = match.status === 'live';
  const score = match.home_score !== null && match.away_score !== null;
  return (
    <div className="flex min-w-0 flex-1 items-center gap-4">
      <div className="flex w-24 shrink-0 flex-col text-xs tabular-nums">
        {live ? (
          <span className="inline-flex items-center gap-1 font-semibold text-live">
            <span aria-hidden className="size-1.5 rounded-full bg-live" />
            {t('status.live')}
            {match.minute !== null ? ` ${t('minute', { minute: match.minute })}` : null}
          </span>
        ) : (
          <span className="text-ink-500">{t(`status.${match.status}`)}</span>
        )}
        <span className="text-ink-500">
          <LocalTime at={match.kickoff_at} style="kickoff" />
        </span>
      </div>
      <div className="min-w-0 flex-1">
        <p className="flex min-w-0 items-center gap-2 text-sm font-medium text-ink-900">
          <MatchTeamBadge name={match.home.name} colors={match.home.colors} size="sm" />
          <span className="truncate" data-testid="bindable-home" title={match.home.name}>
            {match.home.name}
          </span>
          <span className="shrink-0 font-semibold tabular-nums text-ink-700">
            {score ? `${match.home_score} - ${match.away_score}` : t('versus')}
          </span>
          <span className="truncate" data-testid="bindable-away" title={match.away.name}>
            {match.away.name}
          </span>
          <MatchTeamBadge name={match.away.name} colors={match.away.colors} size="sm" />
        </p>
        <p className="mt-0.5 flex min-w-0 items-center gap-2 text-xs text-ink-500">
          <span className="truncate" title={match.competition}>
            {match.competition}
          </span>
          {match.kind === 'record' ? null : (
            <span className="shrink-0 rounded bg-brand-50 px-1.5 py-px text-brand-700" data-kind={match.kind}>
              {match.replay_of ? t('replayOf', { fixture: match.replay_of.fixture }) : t(match.kind)}
            </span>
          )}
        </p>
      </div>
    </div>
  );
}
