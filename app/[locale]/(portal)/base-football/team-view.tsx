import { Shirt, UsersRound } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { Crest } from '@/components/database/crest';
import { MatchRow } from '@/components/database/match-row';
import { chipClass, Panel } from '@/components/database/panel';
import { EmptyState } from '@/components/ui/empty-state';
import { DomainError } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { FORM_WINDOWS, recentForm, teamPage } from '@/lib/scores/service';

type Window = (typeof FORM_WINDOWS)[number];
const FORM_CLASS = { W: 'bg-win', D: 'bg-ink-300', L: 'bg-live' } as const;

async function loadTeam(teamId: number, locale: Locale) {
  try {
    return await teamPage(getDb(), teamId, locale, new Date());
  } catch (error) {
    if (error instanceof DomainError && error.status === 404) return null;
    throw error;
  }
}

/** A team: where it plays, its recent form (spec §9 windows), results, fixtures and squad. */
export async function TeamView({ teamId, form, locale }: { teamId: number; form: number; locale: Locale }) {
  const t = await getTranslations('database');
  const team = await loadTeam(teamId, locale);
  if (!team || team.simulated) {
    return <EmptyState icon={UsersRound} title={t('teamMissing')} hint={t('teamMissingHint')} />;
  }
  const window: Window = (FORM_WINDOWS as readonly number[]).includes(form) ? (form as Window) : 5;
  const recent = await recentForm(getDb(), teamId, window, locale);
  const squadSeason = team.squad[0]?.seasonId;
  const squad = team.squad.filter((player) => player.seasonId === squadSeason);
  const squadCompetition = team.competitions.find((entry) => entry.seasonId === squadSeason);

  return (
    <div className="flex flex-col gap-4">
      <header className="flex flex-wrap items-center gap-4 rounded-lg border border-line bg-surface px-4 py-4">
        <Crest name={team.name} colors={team.crestColors} size="lg" />
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-semibold">{team.name}</h1>
          <p className="text-xs text-ink-500">
            {team.isNational ? t('nationalTeam') : t('club')}
            {team.countryCode ? ` · ${team.countryCode}` : ''}
          </p>
          <ul className="mt-2 flex flex-wrap gap-1.5">
            {team.competitions.map((entry) => (
              <li key={entry.seasonId}>
                <Link
                  href={`/base-football?competition=${encodeURIComponent(entry.competitionCode)}&season=${encodeURIComponent(entry.seasonKey)}`}
                  className={chipClass(false)}
                >
                  {entry.competitionName} {entry.seasonKey}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </header>

      <Panel
        id="form-heading"
        title={t('recentForm')}
        aside={
          <nav className="flex items-center gap-1" aria-label={t('formWindow')}>
            {FORM_WINDOWS.map((size) => (
              <Link
                key={size}
                href={`/base-football?team=${teamId}&form=${size}`}
                aria-current={size === window ? 'true' : undefined}
                className={chipClass(size === window)}
              >
                {t('lastMatches', { count: size })}
              </Link>
            ))}
          </nav>
        }
      >
        <div className="flex flex-wrap items-center gap-4 px-3 py-3 text-sm">
          <span className="flex gap-1">
            {[...recent.form].reverse().map((letter, index) => (
              <span
                // biome-ignore lint/suspicious/noArrayIndexKey: a run of results, ordered by time
                key={index}
                title={t(`table.formLetters.${letter}`)}
                className={cn(
                  'inline-flex size-6 items-center justify-center rounded text-xs font-bold text-white',
                  FORM_CLASS[letter],
                )}
              >
                {t(`table.formShort.${letter}`)}
              </span>
            ))}
          </span>
          <span className="text-ink-700">
            {t('formSummary', { won: recent.won, drawn: recent.drawn, lost: recent.lost })}
          </span>
        </div>
      </Panel>

      <div className="grid grid-cols-1 items-start gap-4 xl:grid-cols-2">
        <Panel id="results-heading" title={t('results')}>
          {team.recent.length ? (
            <ul>
              {team.recent.map((match) => (
                <MatchRow key={match.id} match={match} showDate showCompetition showRound />
              ))}
            </ul>
          ) : (
            <p className="px-3 py-6 text-center text-sm text-ink-500">{t('noResults')}</p>
          )}
        </Panel>
        <Panel id="fixtures-heading" title={t('fixtures')}>
          {team.upcoming.length ? (
            <ul>
              {team.upcoming.map((match) => (
                <MatchRow key={match.id} match={match} showDate showCompetition showRound />
              ))}
            </ul>
          ) : (
            <p className="px-3 py-6 text-center text-sm text-ink-500">{t('noFixtures')}</p>
          )}
        </Panel>
      </div>

      <Panel
        id="squad-heading"
        title={
          squadCompetition
            ? t('squadOf', {
                competition: `${squadCompetition.competitionName} ${squadCompetition.seasonKey}`,
              })
            : t('squad')
        }
      >
        {squad.length ? (
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line text-xs text-ink-500">
                <th scope="col" className="w-12 py-1.5 pl-3 text-left font-medium">
                  {t('shirtNumber')}
                </th>
                <th scope="col" className="py-1.5 text-left font-medium">
                  {t('player')}
                </th>
                <th scope="col" className="py-1.5 text-left font-medium">
                  {t('position')}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                  {t('playerClub')}
                </th>
              </tr>
            </thead>
            <tbody>
              {squad.map((player) => (
                <tr key={player.id} className="border-b border-line last:border-b-0">
                  <td className="py-1.5 pl-3 tabular-nums text-ink-500">{player.number}</td>
                  <td className="py-1.5 font-medium">{player.name}</td>
                  <td className="py-1.5 text-ink-700">
                    {player.position && t.has(`positions.${player.position}`)
                      ? t(`positions.${player.position}` as never)
                      : player.position}
                  </td>
                  <td className="py-1.5 pr-3 text-ink-700">{player.club}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <div className="flex items-center gap-2 px-3 py-4 text-sm text-ink-500">
            <Shirt aria-hidden className="size-4" />
            {t('noSquad')}
          </div>
        )}
      </Panel>
    </div>
  );
}
