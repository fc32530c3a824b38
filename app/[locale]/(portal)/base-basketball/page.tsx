// /base-basketball, the basketball database (spec §2). No open basketball data exists, so it shows the
// simulator's fictional leagues: tables from their simulated results, every screen labelled simulated.
import { FlaskConical, SearchX } from 'lucide-react';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { CompetitionNav } from '@/components/database/competition-nav';
import { Crest } from '@/components/database/crest';
import { MatchRow } from '@/components/database/match-row';
import { namespacedMetadata } from '@/components/database/metadata';
import { Panel } from '@/components/database/panel';
import { EmptyState } from '@/components/ui/empty-state';
import { DomainError } from '@/lib/api/errors';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { competitionDirectory, simulatedLeague } from '@/lib/scores/database-service';

type Props = {
  params: Promise<{ locale: Locale }>;
  searchParams: Promise<{ competition?: string; season?: string }>;
};

export async function generateMetadata({ params }: Props) {
  return namespacedMetadata((await params).locale, 'database', 'basketballTitle', '/base-basketball');
}

async function loadLeague(code: string, seasonKey: string | undefined, locale: Locale) {
  try {
    return await simulatedLeague(getDb(), { competitionCode: code, seasonKey }, locale);
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) return null;
    throw error;
  }
}

export default async function BaseBasketballPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const t = await getTranslations('database');
  const format = await getFormatter();
  const directory = await competitionDirectory(getDb(), 'basketball', locale);
  const code = search.competition?.slice(0, 40) || directory[0]?.competitions[0]?.code;
  const league = code ? await loadLeague(code, search.season?.slice(0, 10), locale) : null;
  const simulated = league?.competition.source === 'simulated';

  return (
    <div className="mx-auto flex w-full max-w-[1440px] flex-col gap-4 px-3 py-4 sm:px-4 sm:py-5 md:flex-row md:items-start">
      <CompetitionNav
        directory={directory}
        basePath="/base-basketball"
        current={league?.competition.code ?? null}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-4">
        {!league || !simulated ? (
          <EmptyState icon={SearchX} title={t('basketballEmpty')} hint={t('basketballEmptyHint')} />
        ) : (
          <>
            <header className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface px-4 py-3">
              <div>
                <h1 className="text-lg font-semibold">{league.competition.name}</h1>
                <p className="text-xs text-ink-500">{t('seasonLabel', { season: league.season.key })}</p>
              </div>
              <p className="flex items-center gap-2 rounded-md bg-canvas px-3 py-1.5 text-xs text-ink-700">
                <FlaskConical aria-hidden className="size-4 text-brand-600" />
                <span>
                  <strong className="font-semibold">{t('simulated')}</strong> · {t('simulatedNote')}
                </span>
              </p>
            </header>
            <div className="grid grid-cols-1 items-start gap-4 xl:grid-cols-[minmax(0,1fr)_420px]">
              <Panel id="basketball-table" title={t('standings')}>
                <table className="w-full text-sm">
                  <thead>
                    <tr className="border-b border-line text-xs text-ink-500">
                      <th scope="col" className="w-9 py-1.5 pl-3 text-left font-medium">
                        {t('table.rank')}
                      </th>
                      <th scope="col" className="py-1.5 text-left font-medium">
                        {t('table.team')}
                      </th>
                      {(['played', 'won', 'lost', 'winRate', 'pointsFor', 'pointsAgainst'] as const).map(
                        (key) => (
                          <th key={key} scope="col" className="px-2 py-1.5 text-center font-medium last:pr-3">
                            {t(`basketballTable.${key}`)}
                          </th>
                        ),
                      )}
                    </tr>
                  </thead>
                  <tbody>
                    {league.table.map((row) => (
                      <tr key={row.teamId} className="border-b border-line last:border-b-0 hover:bg-canvas">
                        <td className="py-1.5 pl-3 tabular-nums text-ink-700">{row.position}</td>
                        <td className="py-1.5">
                          <span className="flex items-center gap-2">
                            <Crest name={row.teamName} colors={row.crestColors} />
                            {row.teamName}
                          </span>
                        </td>
                        <td className="px-2 py-1.5 text-center tabular-nums">{row.played}</td>
                        <td className="px-2 py-1.5 text-center tabular-nums">{row.won}</td>
                        <td className="px-2 py-1.5 text-center tabular-nums">{row.lost}</td>
                        <td className="px-2 py-1.5 text-center tabular-nums">
                          {row.played ? format.number(row.won / row.played, { style: 'percent' }) : '-'}
                        </td>
                        <td className="px-2 py-1.5 text-center tabular-nums">{row.pointsFor}</td>
                        <td className="px-2 py-1.5 pr-3 text-center tabular-nums">{row.pointsAgainst}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
                {league.finished.length ? null : (
                  <p className="border-t border-line px-3 py-2 text-xs text-ink-500">
                    {t('basketballNoResults')}
                  </p>
                )}
              </Panel>
              <div className="flex flex-col gap-4">
                <Panel id="basketball-current" title={t('liveAndUpcoming')}>
                  {league.current.length ? (
                    <ul>
                      {league.current.map((match) => (
                        <MatchRow key={match.id} match={match} showDate />
                      ))}
                    </ul>
                  ) : (
                    <p className="px-3 py-6 text-center text-sm text-ink-500">{t('noFixtures')}</p>
                  )}
                </Panel>
                <Panel id="basketball-results" title={t('results')}>
                  {league.finished.length ? (
                    <ul>
                      {league.finished.slice(0, 20).map((match) => (
                        <MatchRow key={match.id} match={match} showDate />
                      ))}
                    </ul>
                  ) : (
                    <p className="px-3 py-6 text-center text-sm text-ink-500">{t('noResults')}</p>
                  )}
                </Panel>
              </div>
            </div>
          </>
        )}
      </div>
    </div>
  );
}
