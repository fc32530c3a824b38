// The analysis tab: head-to-head, the spec's form windows (§9) and both teams in their table.
import { getTranslations } from 'next-intl/server';
import { groupLetter } from '@/components/scores/match-round';
import { MatchTeamBadge } from '@/components/scores/match-team-badge';
import { LocalTime } from '@/components/ui/local-time';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { type MatchDetail, matchAnalysis } from '@/lib/scores/detail-service';
import { FormChips } from './form-chips';

function SectionTitle({ children }: { children: React.ReactNode }) {
  return <h2 className="mb-3 text-base font-semibold text-ink-900">{children}</h2>;
}

export async function AnalysisPanel({ detail, locale }: { detail: MatchDetail; locale: Locale }) {
  const t = await getTranslations('matchDetail.analysis');
  const tRound = await getTranslations('matchDetail.round');
  const analysis = await matchAnalysis(getDb(), detail.id, locale, new Date());
  const teams = [
    { side: 'home' as const, team: detail.homeTeam, windows: analysis.form.home },
    { side: 'away' as const, team: detail.awayTeam, windows: analysis.form.away },
  ];
  const h2h = analysis.headToHead;
  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="h2h-title" data-testid="head-to-head">
        <SectionTitle>
          <span id="h2h-title">{t('headToHead')}</span>
        </SectionTitle>
        {h2h.matches.length ? (
          <>
            <p className="mb-3 text-sm text-ink-700" data-testid="head-to-head-record">
              {t('headToHeadRecord', {
                team: detail.homeTeam.name,
                played: h2h.matches.length,
                won: h2h.won,
                drawn: h2h.drawn,
                lost: h2h.lost,
              })}
            </p>
            <ul className="divide-y divide-line rounded-lg border border-line">
              {h2h.matches.map((meeting) => (
                <li key={meeting.id}>
                  <Link
                    href={`/score-detail?id=${meeting.id}`}
                    className="grid grid-cols-[110px_1fr_1fr_64px_1fr] items-center gap-3 px-3 py-2 text-sm hover:bg-canvas"
                  >
                    <span className="text-ink-500">
                      <LocalTime at={meeting.kickoffAt} style="date" />
                    </span>
                    <span className="truncate text-ink-500" title={meeting.competitionName}>
                      {meeting.competitionName}
                    </span>
                    <span className="truncate text-right" title={meeting.homeTeam.name}>
                      {meeting.homeTeam.name}
                    </span>
                    <span className="text-center font-semibold tabular-nums">{`${meeting.homeScore} - ${meeting.awayScore}`}</span>
                    <span className="truncate" title={meeting.awayTeam.name}>
                      {meeting.awayTeam.name}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="rounded-lg border border-dashed border-line px-4 py-6 text-center text-sm text-ink-500">
            {t('noHeadToHead')}
          </p>
        )}
      </section>

      <section aria-labelledby="form-title">
        <SectionTitle>
          <span id="form-title">{t('recentForm')}</span>
        </SectionTitle>
        <p className="-mt-2 mb-3 text-xs text-ink-500">{t('formNote')}</p>
        <div className="grid grid-cols-2 gap-4">
          {teams.map(({ side, team, windows }) => (
            <div key={side} className="rounded-lg border border-line p-4" data-testid={`form-${side}`}>
              <p className="mb-3 flex items-center gap-2 font-semibold">
                <MatchTeamBadge name={team.name} colors={team.crestColors} size="sm" />
                {team.name}
              </p>
              <ul className="flex flex-col gap-2.5">
                {windows.map((window) => (
                  <li
                    key={window.size}
                    data-testid={`form-window-${window.size}`}
                    className="flex flex-col gap-1 text-sm"
                  >
                    <span className="flex items-baseline justify-between gap-2">
                      <span className="font-medium text-ink-700">{t('lastN', { n: window.size })}</span>
                      <span className="text-xs text-ink-500 tabular-nums">
                        {t('windowSummary', {
                          played: window.played,
                          won: window.won,
                          drawn: window.drawn,
                          lost: window.lost,
                          goalsFor: window.goalsFor,
                          goalsAgainst: window.goalsAgainst,
                        })}
                      </span>
                    </span>
                    {window.played ? (
                      <FormChips form={window.form} />
                    ) : (
                      <span className="text-xs text-ink-500">{t('noResults')}</span>
                    )}
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </div>
      </section>

      <section aria-labelledby="table-title" data-testid="standings-context">
        <SectionTitle>
          <span id="table-title">
            {t('standings', {
              competition: analysis.standings.competitionName,
              season: analysis.standings.seasonKey,
            })}
          </span>
        </SectionTitle>
        {analysis.standings.tables.length ? (
          <div
            className={cn('grid grid-cols-1 gap-4', analysis.standings.tables.length > 1 && 'xl:grid-cols-2')}
          >
            {analysis.standings.tables.map((table) => (
              <table key={table.group ?? 'table'} className="w-full text-sm tabular-nums">
                {table.group ? (
                  <caption className="mb-1 text-left text-sm font-medium text-ink-700">
                    {tRound('group', { group: groupLetter(table.group) })}
                  </caption>
                ) : null}
                <thead className="text-xs text-ink-500">
                  <tr className="border-b border-line">
                    <th className="w-8 py-1.5 text-left font-normal">{t('table.rank')}</th>
                    <th className="py-1.5 text-left font-normal">{t('table.team')}</th>
                    <th className="w-8 font-normal">{t('table.played')}</th>
                    <th className="w-8 font-normal">{t('table.won')}</th>
                    <th className="w-8 font-normal">{t('table.drawn')}</th>
                    <th className="w-8 font-normal">{t('table.lost')}</th>
                    <th className="w-14 font-normal">{t('table.goals')}</th>
                    <th className="w-10 font-normal">{t('table.points')}</th>
                  </tr>
                </thead>
                <tbody>
                  {table.rows.map((row) => {
                    const highlighted =
                      row.teamId === analysis.homeTeamId || row.teamId === analysis.awayTeamId;
                    return (
                      <tr
                        key={row.teamId}
                        data-highlighted={highlighted ? 'true' : undefined}
                        className={cn(
                          'border-b border-line',
                          highlighted && 'bg-brand-50 font-semibold text-brand-700',
                        )}
                      >
                        <td className="py-1.5">{row.position}</td>
                        <td className="py-1.5">
                          <span className="flex items-center gap-2">
                            <MatchTeamBadge name={row.teamName} colors={row.crestColors} size="sm" />
                            <span className="truncate" title={row.teamName}>
                              {row.teamName}
                            </span>
                          </span>
                        </td>
                        <td className="text-center">{row.played}</td>
                        <td className="text-center">{row.won}</td>
                        <td className="text-center">{row.drawn}</td>
                        <td className="text-center">{row.lost}</td>
                        <td className="text-center">{`${row.goalsFor}:${row.goalsAgainst}`}</td>
                        <td className="text-center font-semibold">{row.points}</td>
                      </tr>
                    );
                  })}
                </tbody>
              </table>
            ))}
          </div>
        ) : (
          <p className="rounded-lg border border-dashed border-line px-4 py-6 text-center text-sm text-ink-500">
            {t('noTable')}
          </p>
        )}
      </section>
    </div>
  );
}
