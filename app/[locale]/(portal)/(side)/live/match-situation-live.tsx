// The moving part of the match situation: score and clock, key events and a few statistics, all from
// the match centre's live summary cache, which code-100 pushes patch and goals refetch.
import { useTranslations } from 'next-intl';
import { MatchEventTimeline } from '@/components/scores/match-event-timeline';
import { MatchScoreboard } from '@/components/scores/match-scoreboard';
import { MatchStatBars } from '@/components/scores/match-stat-bars';
import { MatchLiveSync } from '@/components/scores/match-summary';
import { MatchTeamBadge } from '@/components/scores/match-team-badge';
import { LocalTime } from '@/components/ui/local-time';
import type { MatchSummary } from '@/lib/scores/detail-api';
import type { Sport } from '@/lib/scores/schema';

const KEY_EVENTS = [
  'goal',
  'own_goal',
  'penalty_goal',
  'red_card',
  'yellow_card',
  'substitution',
  'objective',
] as const;
const FEW_STATISTICS = ['possession', 'shots_on_target', 'corners'];
const LATEST_EVENTS = 5;

type Team = { name: string; colors: [string, string] };

export default function MatchSituationLive({
  summary,
  sport,
  kickoffAt,
  home,
  away,
}: {
  summary: MatchSummary;
  sport: Sport;
  kickoffAt: string;
  home: Team;
  away: Team;
}) {
  const t = useTranslations('liveExtras.match');
  const following = summary.status === 'live' || summary.status === 'not_started';
  const team = (side: Team, testId: string) => (
    <div className="flex flex-col items-center gap-1.5 text-center">
      <MatchTeamBadge name={side.name} colors={side.colors} />
      <p className="line-clamp-2 text-sm font-medium text-ink-900" data-testid={testId}>
        {side.name}
      </p>
    </div>
  );
  return (
    <>
      {following ? <MatchLiveSync matchId={summary.match_id} sport={sport} /> : null}
      <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-start gap-2 px-3 py-4">
        {team(home, 'situation-home')}
        <div className="flex flex-col items-center gap-1 pt-0.5">
          <MatchScoreboard initial={summary} compact />
          {summary.status === 'not_started' ? (
            <p className="text-xs text-ink-500">
              {t.rich('kickoff', { time: () => <LocalTime at={kickoffAt} style="kickoff" /> })}
            </p>
          ) : null}
        </div>
        {team(away, 'situation-away')}
      </div>
      {sport === 'basketball' ? null : (
        <div className="border-t border-line px-4 py-3">
          <h3 className="mb-1 text-xs font-semibold text-ink-500">{t('keyEvents')}</h3>
          <MatchEventTimeline
            initial={summary}
            kinds={KEY_EVENTS}
            latest={LATEST_EVENTS}
            dense
            empty={<p className="py-2 text-xs text-ink-500">{t('noEvents')}</p>}
          />
        </div>
      )}
      {sport === 'football' ? (
        <div className="border-t border-line px-4 py-3">
          <h3 className="mb-2 text-xs font-semibold text-ink-500">{t('stats')}</h3>
          <MatchStatBars
            initial={summary}
            kinds={FEW_STATISTICS}
            empty={<p className="py-2 text-xs text-ink-500">{t('noStats')}</p>}
          />
        </div>
      ) : null}
    </>
  );
}
