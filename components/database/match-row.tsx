import { getTranslations } from 'next-intl/server';
import { LocalTime } from '@/components/ui/local-time';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/i18n/navigation';
import type { GoalLine, PresentedMatch } from '@/lib/scores/database-service';
import { groupLetter, roundName } from '@/lib/scores/round-name';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { Crest } from './crest';

type Row = PresentedMatch & { goals?: GoalLine[] };

function TeamName({ team, link, align }: { team: Row['homeTeam']; link: boolean; align: 'left' | 'right' }) {
  const body = (
    <>
      {align === 'right' ? (
        <span className="truncate" title={team.name}>
          {team.name}
        </span>
      ) : null}
      <Crest name={team.name} colors={team.crestColors} />
      {align === 'left' ? (
        <span className="truncate" title={team.name}>
          {team.name}
        </span>
      ) : null}
    </>
  );
  const className = cn(
    'flex min-w-0 items-center gap-1.5',
    align === 'right' ? 'justify-end text-right' : 'justify-start',
  );
  return link ? (
    <Link href={`/base-football?team=${team.id}`} className={cn(className, 'hover:text-brand-600')}>
      {body}
    </Link>
  ) : (
    <span className={className}>{body}</span>
  );
}

/** One match on a line: when, teams, score or status, and what kind of match it is (replay, simulated). */
export async function MatchRow({
  match,
  showDate = false,
  showCompetition = false,
  showRound = false,
}: {
  match: Row;
  showDate?: boolean;
  showCompetition?: boolean;
  showRound?: boolean;
}) {
  const t = await getTranslations('database');
  const iso = match.kickoffAt.toISOString();
  const hasScore = match.homeScore !== null && match.awayScore !== null && match.status !== 'not_started';
  const linkTeams = match.sport === 'football' && match.source !== 'simulated';
  const times = await getTimeFormat();
  return (
    <li className="border-b border-line px-3 py-2 text-sm last:border-b-0">
      <div className="grid grid-cols-[2.5rem_minmax(0,1fr)_4rem_minmax(0,1fr)] items-center gap-1 sm:grid-cols-[3.25rem_minmax(0,1fr)_4.5rem_minmax(0,1fr)] sm:gap-2">
        <div className="flex flex-col text-xs leading-tight text-ink-500">
          {showDate ? <LocalTime at={iso} style="monthDay" /> : null}
          {match.kickoffTimeKnown ? <LocalTime at={iso} style="time" /> : null}
        </div>
        <TeamName team={match.homeTeam} link={linkTeams} align="right" />
        <Link
          href={`/score-detail?id=${match.id}`}
          className="flex flex-col items-center rounded leading-tight hover:bg-brand-50"
        >
          {hasScore ? (
            <span
              className={cn(
                'whitespace-nowrap font-semibold tabular-nums',
                match.status === 'live' ? 'text-live' : 'text-ink-900',
              )}
            >
              {match.homeScore}
              {' - '}
              {match.awayScore}
            </span>
          ) : (
            <span className="text-xs text-ink-500">{t(`status.${match.status}`)}</span>
          )}
          {match.status === 'live' ? (
            <span className="text-[11px] font-medium text-live">
              {match.minute !== null ? t('minute', { minute: match.minute }) : t(`periods.${match.period}`)}
            </span>
          ) : match.status === 'abnormal' && hasScore ? (
            <span data-testid="match-abnormal" className="text-[11px] font-medium text-amber-700">
              {t('status.abnormal')}
            </span>
          ) : null}
          {match.homePenalties !== null && match.awayPenalties !== null ? (
            <span className="text-[11px] text-ink-500">
              {t('penalties', { home: match.homePenalties, away: match.awayPenalties })}
            </span>
          ) : match.homeExtraTime !== null && match.status === 'finished' ? (
            <span className="text-[11px] text-ink-500">{t('afterExtraTime')}</span>
          ) : null}
          {/* After the visible score, so the link's name starts with what it shows (WCAG 2.5.3). */}
          <span className="sr-only">
            {t('openMatch', { home: match.homeTeam.name, away: match.awayTeam.name })}
          </span>
        </Link>
        <TeamName team={match.awayTeam} link={linkTeams} align="left" />
      </div>
      {showCompetition || showRound || match.source !== 'openfootball' || match.statusNote ? (
        <div className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-0.5 pl-[3.75rem] text-[11px] text-ink-500">
          {showCompetition ? <span>{match.competitionName}</span> : null}
          {showRound ? (
            <span>
              {match.groupName
                ? t('group', { group: groupLetter(match.groupName) })
                : roundName(match.round, t)}
            </span>
          ) : null}
          {match.statusNote ? (
            <span>
              {t.has(`statusNotes.${match.statusNote}`)
                ? t(`statusNotes.${match.statusNote}` as never)
                : match.statusNote}
            </span>
          ) : null}
          {match.source === 'simulated' ? (
            <span className="rounded bg-canvas px-1.5 py-px font-medium text-ink-700">{t('simulated')}</span>
          ) : null}
          {match.replayOfDate ? (
            <span className="rounded bg-brand-50 px-1.5 py-px font-medium text-brand-700">
              {t('replayOf', {
                fixture: `${match.homeTeam.name} - ${match.awayTeam.name}`,
                date: times.day(match.replayOfDate, 'date'),
              })}
            </span>
          ) : null}
        </div>
      ) : null}
      {match.goals?.length ? (
        <ul className="mt-1 grid grid-cols-[2.5rem_minmax(0,1fr)_4rem_minmax(0,1fr)] gap-x-1 text-[11px] text-ink-500 sm:grid-cols-[3.25rem_minmax(0,1fr)_4.5rem_minmax(0,1fr)] sm:gap-x-2">
          <li className="col-start-2 text-right">
            {match.goals
              .filter((goal) => goal.side === 'home')
              .map((goal) => goalText(goal, t))
              .join(', ')}
          </li>
          <li className="col-start-4">
            {match.goals
              .filter((goal) => goal.side === 'away')
              .map((goal) => goalText(goal, t))
              .join(', ')}
          </li>
        </ul>
      ) : null}
    </li>
  );
}

function goalText(goal: GoalLine, t: (key: string, values?: Record<string, string | number>) => string) {
  const minute = goal.offset ? `${goal.minute}+${goal.offset}` : String(goal.minute);
  const name = goal.playerName ?? '';
  if (goal.kind === 'penalty_goal') return t('goalPenalty', { name, minute });
  if (goal.kind === 'own_goal') return t('goalOwn', { name, minute });
  return t('goal', { name, minute });
}
