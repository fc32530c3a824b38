// The match header of the detail and live screens: competition, round, kick-off in the reader's time,
// ground, both teams with generated crests, the live score, and what kind of record this is.
import { History, MapPin, Sparkles } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { LocalTime } from '@/components/ui/local-time';
import { ZoneHint } from '@/components/ui/zone-hint';
import { Link } from '@/lib/i18n/navigation';
import type { MatchSummary } from '@/lib/scores/detail-api';
import type { MatchDetail } from '@/lib/scores/detail-service';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { groupLetter, roundLabel } from './match-round';
import { MatchScoreboard } from './match-scoreboard';
import { MatchTeamBadge } from './match-team-badge';

export async function matchRoundText(match: { round: string; groupName: string | null }) {
  const t = await getTranslations('matchDetail.round');
  // In a group the group says it all; a tournament's running matchday number would only confuse.
  if (match.groupName) return t('group', { group: groupLetter(match.groupName) });
  const label = roundLabel(match.round);
  return 'raw' in label ? label.raw : t(label.key as never, label.values as never);
}

export async function MatchHeader({
  detail,
  summary,
  compact = false,
}: {
  detail: MatchDetail;
  summary: MatchSummary;
  compact?: boolean;
}) {
  const t = await getTranslations('matchDetail');
  const times = await getTimeFormat();
  const ground = detail.stadium ? `${detail.stadium.name}, ${detail.stadium.city}` : detail.ground;
  const extraTime = detail.homeExtraTime !== null && detail.awayExtraTime !== null;
  return (
    <header className="overflow-hidden rounded-xl border border-line bg-surface">
      <h1 className="sr-only">{t('heading', { home: detail.homeTeam.name, away: detail.awayTeam.name })}</h1>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-1 border-b border-line bg-canvas/60 px-3 py-2.5 text-sm text-ink-500 sm:px-5">
        <span className="font-semibold text-ink-900" data-testid="match-competition">
          {detail.competitionName}
        </span>
        <span>{await matchRoundText(detail)}</span>
        <span>
          {detail.kickoffTimeKnown ? (
            <LocalTime at={detail.kickoffAt} />
          ) : (
            <LocalTime at={detail.kickoffAt} style="date" />
          )}
        </span>
        {detail.kickoffTimeKnown ? <ZoneHint at={detail.kickoffAt} /> : null}
        {ground ? (
          <span className="inline-flex items-center gap-1">
            <MapPin aria-hidden className="size-3.5" />
            {ground}
          </span>
        ) : null}
      </div>
      {detail.replayOf ? (
        <p
          className="flex items-center gap-2 border-b border-line bg-brand-50 px-5 py-2 text-sm text-brand-700"
          data-testid="replay-note"
        >
          <History aria-hidden className="size-4" />
          <span>
            {t.rich('replayOf', {
              date: times.day(
                detail.replayOfDate ?? detail.replayOf.kickoffAt.toISOString().slice(0, 10),
                'longDate',
              ),
              fixture: () => (
                <Link href={`/score-detail?id=${detail.replayOf!.id}`} className="font-semibold underline">
                  {t('fixture', {
                    home: detail.replayOf!.homeTeam.name,
                    away: detail.replayOf!.awayTeam.name,
                  })}
                </Link>
              ),
            })}
          </span>
        </p>
      ) : null}
      {detail.source === 'simulated' ? (
        <p
          className="flex items-center gap-2 border-b border-line bg-canvas px-5 py-2 text-sm text-ink-700"
          data-testid="simulated-note"
        >
          <Sparkles aria-hidden className="size-4" />
          {t('simulated')}
        </p>
      ) : null}
      <div
        className={
          compact
            ? 'grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-3 px-3 py-4 sm:gap-6 sm:px-6'
            : 'grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-3 px-3 py-5 sm:gap-8 sm:px-8 sm:py-7'
        }
      >
        {/* On a phone each side is its badge over its name, which wraps between words. */}
        <div className="flex min-w-0 flex-col-reverse items-center gap-2 text-center sm:flex-row sm:justify-end sm:gap-4 sm:text-right">
          <p
            className="min-w-0 text-sm font-semibold break-keep text-ink-900 sm:text-xl"
            data-testid="home-team"
            title={detail.homeTeam.name}
          >
            {detail.homeTeam.name}
          </p>
          <MatchTeamBadge
            name={detail.homeTeam.name}
            colors={detail.homeTeam.crestColors}
            size={compact ? 'md' : 'lg'}
          />
        </div>
        <div className="flex min-w-0 flex-col items-center gap-1 text-center sm:min-w-44">
          <MatchScoreboard initial={summary} compact={compact} />
          {extraTime && detail.homeFullTime !== null && detail.awayFullTime !== null ? (
            <p className="text-xs text-ink-500" data-testid="match-extra-time">
              {t('fullAndExtraTime', {
                fullHome: detail.homeFullTime,
                fullAway: detail.awayFullTime,
                extraHome: detail.homeExtraTime!,
                extraAway: detail.awayExtraTime!,
              })}
            </p>
          ) : null}
        </div>
        <div className="flex min-w-0 flex-col items-center gap-2 text-center sm:flex-row sm:gap-4 sm:text-left">
          <MatchTeamBadge
            name={detail.awayTeam.name}
            colors={detail.awayTeam.crestColors}
            size={compact ? 'md' : 'lg'}
          />
          <p
            className="min-w-0 text-sm font-semibold break-keep text-ink-900 sm:text-xl"
            data-testid="away-team"
            title={detail.awayTeam.name}
          >
            {detail.awayTeam.name}
          </p>
        </div>
      </div>
    </header>
  );
}
