// One fixture of the intelligence centre with both teams' facts side by side.
import { getFormatter, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { matchRoundText } from '@/components/scores/match-header';
import { MatchTeamBadge } from '@/components/scores/match-team-badge';
import { LocalTime } from '@/components/ui/local-time';
import { Link } from '@/lib/i18n/navigation';
import type { FixtureFacts } from '@/lib/scores/detail-service';
import { FormChips } from '../score-detail/form-chips';

function FactRow({
  label,
  home,
  away,
  testId,
}: {
  label: string;
  home: ReactNode;
  away: ReactNode;
  testId: string;
}) {
  return (
    <tr className="border-t border-line" data-testid={testId}>
      <td className="py-1.5 text-left break-keep tabular-nums" data-side="home">
        {home}
      </td>
      <th scope="row" className="py-1.5 text-center text-xs font-normal text-ink-500">
        {label}
      </th>
      <td className="py-1.5 text-right break-keep tabular-nums" data-side="away">
        {away}
      </td>
    </tr>
  );
}

export async function FixtureCard({ fixture }: { fixture: FixtureFacts }) {
  const t = await getTranslations('foresight');
  const format = await getFormatter();
  const { match, home, away, headToHead } = fixture;
  const average = (total: number, played: number) =>
    played ? format.number(total / played, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '-';
  const share = (part: number, played: number) =>
    played ? format.number(part / played, { style: 'percent', maximumFractionDigits: 0 }) : '-';
  const position = (side: typeof home) =>
    side.position ? t('position', { rank: side.position.rank, points: side.position.points }) : '-';
  const record = (side: typeof home) =>
    t('record', { won: side.lastTen.won, drawn: side.lastTen.drawn, lost: side.lastTen.lost });

  return (
    <article
      className="flex h-full flex-col rounded-xl border border-line bg-surface"
      data-testid="foresight-card"
      data-home={match.homeTeam.name}
      data-away={match.awayTeam.name}
    >
      <Link
        href={`/score-detail?id=${match.id}`}
        className="flex flex-col gap-3 rounded-t-xl px-4 pt-4 pb-3 hover:bg-canvas/60 sm:px-5"
      >
        <p className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 text-xs text-ink-500">
          <span>
            <span className="font-semibold text-ink-700">{match.competitionName}</span>
            {` · ${await matchRoundText(match)}`}
          </span>
          <LocalTime at={match.kickoffAt} style={match.kickoffTimeKnown ? 'dateTime' : 'date'} />
        </p>
        <div className="grid grid-cols-[minmax(0,1fr)_auto_minmax(0,1fr)] items-center gap-2 sm:gap-3">
          <span className="flex min-w-0 items-center gap-2 font-semibold">
            <MatchTeamBadge name={match.homeTeam.name} colors={match.homeTeam.crestColors} />
            <span className="truncate" title={match.homeTeam.name}>
              {match.homeTeam.name}
            </span>
          </span>
          <span className="text-sm text-ink-500">{t('versus')}</span>
          <span className="flex min-w-0 items-center justify-end gap-2 text-right font-semibold">
            <span className="truncate" title={match.awayTeam.name}>
              {match.awayTeam.name}
            </span>
            <MatchTeamBadge name={match.awayTeam.name} colors={match.awayTeam.crestColors} />
          </span>
        </div>
      </Link>
      <table className="mx-4 mb-3 text-sm sm:mx-5">
        <tbody>
          <FactRow
            testId="fact-position"
            label={t('facts.position')}
            home={position(home)}
            away={position(away)}
          />
          <FactRow
            testId="fact-last5"
            label={t('facts.lastFive')}
            home={<FormChips form={home.lastFive.form} />}
            away={
              <span className="inline-flex justify-end">
                <FormChips form={away.lastFive.form} />
              </span>
            }
          />
          <FactRow testId="fact-last10" label={t('facts.lastTen')} home={record(home)} away={record(away)} />
          <FactRow
            testId="fact-scored"
            label={t('facts.scored')}
            home={average(home.lastTen.goalsFor, home.lastTen.played)}
            away={average(away.lastTen.goalsFor, away.lastTen.played)}
          />
          <FactRow
            testId="fact-conceded"
            label={t('facts.conceded')}
            home={average(home.lastTen.goalsAgainst, home.lastTen.played)}
            away={average(away.lastTen.goalsAgainst, away.lastTen.played)}
          />
          <FactRow
            testId="fact-over"
            label={t('facts.over')}
            home={share(home.lastTen.overTwoAndHalf, home.lastTen.played)}
            away={share(away.lastTen.overTwoAndHalf, away.lastTen.played)}
          />
          <FactRow
            testId="fact-clean"
            label={t('facts.cleanSheets')}
            home={home.lastTen.cleanSheets}
            away={away.lastTen.cleanSheets}
          />
        </tbody>
      </table>
      <p className="mt-auto border-t border-line px-5 py-2.5 text-xs text-ink-500" data-testid="fact-h2h">
        {headToHead.played
          ? t('headToHead', {
              played: headToHead.played,
              team: match.homeTeam.name,
              won: headToHead.won,
              drawn: headToHead.drawn,
              lost: headToHead.lost,
            })
          : t('noHeadToHead')}
      </p>
    </article>
  );
}
