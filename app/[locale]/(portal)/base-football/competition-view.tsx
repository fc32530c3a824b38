import { ChevronDown, ChevronLeft, ChevronRight, SearchX, Trophy } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { MatchRow } from '@/components/database/match-row';
import { chipClass, Panel } from '@/components/database/panel';
import { StandingsTable, ZONE_BAR } from '@/components/database/standings-table';
import { EmptyState } from '@/components/ui/empty-state';
import { DomainError } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import {
  type competitionDirectory,
  currentRound,
  hasGoalData,
  roundMatches,
  seasonRounds,
} from '@/lib/scores/database-service';
import { groupLetter, roundName } from '@/lib/scores/round-name';
import { localName, seasonStandings, topScorers } from '@/lib/scores/service';
import { zoneOf, zonesOf } from '@/lib/scores/table-zones';

type Directory = Awaited<ReturnType<typeof competitionDirectory>>;

async function loadStandings(code: string, seasonKey: string | undefined, locale: Locale) {
  try {
    return await seasonStandings(getDb(), { competitionCode: code, seasonKey }, locale);
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) return null;
    throw error;
  }
}

/** A competition's season: table(s), results and fixtures by round, top scorers. */
export async function CompetitionView({
  code,
  seasonKey,
  round,
  directory,
  locale,
}: {
  code: string;
  seasonKey?: string;
  round?: string;
  directory: Directory;
  locale: Locale;
}) {
  const t = await getTranslations('database');
  const standings = await loadStandings(code, seasonKey, locale);
  if (!standings) {
    return <EmptyState icon={SearchX} title={t('competitionMissing')} hint={t('competitionMissingHint')} />;
  }
  const db = getDb();
  const { competition, season } = standings;
  const [rounds, withGoals] = await Promise.all([seasonRounds(db, season.id), hasGoalData(db, season.id)]);
  const chosenRound = rounds.find((entry) => entry.round === round)?.round ?? currentRound(rounds);
  const [matches, scorers] = await Promise.all([
    chosenRound ? roundMatches(db, season.id, chosenRound, locale) : Promise.resolve([]),
    withGoals ? topScorers(db, { seasonId: season.id }, locale, 20) : Promise.resolve([]),
  ]);
  const seasonsOffered =
    directory.flatMap((group) => group.competitions).find((entry) => entry.code === competition.code)
      ?.seasons ?? [];
  const name = localName(competition.names, competition.sourceName, locale);
  const base = `/base-football?competition=${encodeURIComponent(competition.code)}&season=${encodeURIComponent(season.key)}`;
  const roundIndex = rounds.findIndex((entry) => entry.round === chosenRound);
  const roundHref = (value: string) => `${base}&round=${encodeURIComponent(value)}`;
  const legend = zonesOf(competition.code, season.key);
  const isGroupStage = standings.groups.length > 1;

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center justify-between gap-3 rounded-lg border border-line bg-surface px-4 py-3">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-lg bg-brand-50 text-brand-600">
            <Trophy aria-hidden className="size-5" />
          </span>
          <div>
            <h1 className="text-lg font-semibold">{name}</h1>
            <p className="text-xs text-ink-500">{t('seasonLabel', { season: season.key })}</p>
          </div>
        </div>
        <nav className="flex flex-wrap items-center gap-2" aria-label={t('seasonPicker')}>
          <span className="text-xs text-ink-500">{t('season')}</span>
          {seasonsOffered.map((key) => (
            <Link
              key={key}
              href={`/base-football?competition=${encodeURIComponent(competition.code)}&season=${encodeURIComponent(key)}`}
              aria-current={key === season.key ? 'page' : undefined}
              className={chipClass(key === season.key)}
            >
              {key}
            </Link>
          ))}
        </nav>
      </header>

      <div
        className={cn(
          'grid grid-cols-1 items-start gap-4',
          // Group tables take the full width; a single league table shares it with the rounds.
          !isGroupStage && 'xl:grid-cols-[minmax(0,1fr)_420px]',
        )}
      >
        <Panel
          id="standings-heading"
          title={isGroupStage ? t('groupTables') : t('standings')}
          aside={
            legend.length ? (
              <ul className="flex flex-wrap gap-3 text-[11px] text-ink-500">
                {legend.map((zone) => (
                  <li key={zone} className="flex items-center gap-1">
                    <span aria-hidden className={cn('inline-block h-3 w-1 rounded', ZONE_BAR[zone])} />
                    {t(`zones.${zone}`)}
                  </li>
                ))}
              </ul>
            ) : null
          }
        >
          {isGroupStage ? (
            <div className="grid grid-cols-1 gap-px bg-line lg:grid-cols-2 2xl:grid-cols-3">
              {standings.groups.map((group) => (
                <div key={group.group} className="bg-surface">
                  <StandingsTable
                    rows={group.rows}
                    compact
                    caption={t('group', { group: groupLetter(group.group ?? '') })}
                    zone={() => null}
                  />
                </div>
              ))}
            </div>
          ) : (
            <StandingsTable
              rows={standings.groups[0]?.rows ?? []}
              zone={(row) => zoneOf(competition.code, season.key, row.position)}
            />
          )}
          {standings.adjustments.length ? (
            <p className="border-t border-line px-3 py-2 text-xs text-ink-500">{t('adjustmentNote')}</p>
          ) : null}
        </Panel>

        <Panel
          id="rounds-heading"
          title={t('resultsAndFixtures')}
          aside={
            rounds.length ? (
              <div className="flex items-center gap-1">
                {roundIndex > 0 ? (
                  <Link
                    href={roundHref(rounds[roundIndex - 1]!.round)}
                    aria-label={t('previousRound')}
                    className="rounded p-1 text-ink-500 hover:bg-canvas hover:text-brand-600"
                  >
                    <ChevronLeft aria-hidden className="size-4" />
                  </Link>
                ) : null}
                <details className="group relative">
                  <summary className="flex h-7 cursor-pointer list-none items-center gap-1 rounded-md bg-canvas px-2.5 text-xs font-medium text-ink-700 hover:text-brand-600">
                    {chosenRound ? roundName(chosenRound, t) : null}
                    <ChevronDown aria-hidden className="size-3.5" />
                  </summary>
                  <ul className="absolute right-0 z-10 mt-1 grid max-h-80 w-72 grid-cols-2 gap-1 overflow-y-auto rounded-lg border border-line bg-surface p-2 shadow-lg">
                    {rounds.map((entry) => (
                      <li key={entry.round}>
                        <Link
                          href={roundHref(entry.round)}
                          aria-current={entry.round === chosenRound ? 'true' : undefined}
                          className={cn(chipClass(entry.round === chosenRound), 'w-full')}
                        >
                          {roundName(entry.round, t)}
                        </Link>
                      </li>
                    ))}
                  </ul>
                </details>
                {roundIndex >= 0 && roundIndex < rounds.length - 1 ? (
                  <Link
                    href={roundHref(rounds[roundIndex + 1]!.round)}
                    aria-label={t('nextRound')}
                    className="rounded p-1 text-ink-500 hover:bg-canvas hover:text-brand-600"
                  >
                    <ChevronRight aria-hidden className="size-4" />
                  </Link>
                ) : null}
              </div>
            ) : null
          }
        >
          {matches.length ? (
            <ul>
              {matches.map((match) => (
                <MatchRow key={match.id} match={match} showDate />
              ))}
            </ul>
          ) : (
            <p className="px-3 py-6 text-center text-sm text-ink-500">{t('noMatches')}</p>
          )}
        </Panel>
      </div>

      <Panel id="scorers-heading" title={t('topScorers')}>
        {scorers.length ? (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line text-xs text-ink-500">
                <th scope="col" className="w-10 py-1.5 pl-3 text-left font-medium">
                  {t('table.rank')}
                </th>
                <th scope="col" className="py-1.5 text-left font-medium">
                  {t('player')}
                </th>
                <th scope="col" className="py-1.5 text-left font-medium">
                  {t('table.team')}
                </th>
                <th scope="col" className="py-1.5 text-center font-medium">
                  {t('goals')}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-center font-medium">
                  {t('penaltyGoals')}
                </th>
              </tr>
            </thead>
            <tbody>
              {scorers.map((scorer, index) => (
                <tr
                  key={`${scorer.playerName}-${scorer.teamId}`}
                  className="border-b border-line last:border-b-0"
                >
                  <td className="py-1.5 pl-3 tabular-nums text-ink-500">
                    {index > 0 && scorers[index - 1]!.goals === scorer.goals ? '' : index + 1}
                  </td>
                  <td className="py-1.5 font-medium">{scorer.playerName}</td>
                  <td className="py-1.5">
                    <Link href={`/base-football?team=${scorer.teamId}`} className="hover:text-brand-600">
                      {scorer.teamName}
                    </Link>
                  </td>
                  <td className="py-1.5 text-center font-semibold tabular-nums">{scorer.goals}</td>
                  <td className="py-1.5 pr-3 text-center tabular-nums text-ink-500">{scorer.penalties}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="px-3 py-4 text-sm text-ink-500">{t('noScorerData')}</p>
        )}
      </Panel>
    </div>
  );
}
