// /trophy/home, the World Cup (spec §2): 2026 by default, 2022 with `?year=2022`. Groups and the
// knockout bracket, every match with its scorers, the grounds and the 2026 squads, all from the
// openfootball data; state in the URL, rendered on the server.
import { CalendarDays, Landmark, Trophy, UsersRound } from 'lucide-react';
import { getFormatter, getTranslations, setRequestLocale } from 'next-intl/server';
import { Crest } from '@/components/database/crest';
import { MatchRow } from '@/components/database/match-row';
import { namespacedMetadata } from '@/components/database/metadata';
import { chipClass, Panel } from '@/components/database/panel';
import { StandingsTable, ZONE_BAR } from '@/components/database/standings-table';
import { LocalTime } from '@/components/ui/local-time';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { seasonSquads, worldCupEdition } from '@/lib/scores/database-service';
import { groupLetter, roundName } from '@/lib/scores/round-name';
import { seasonStandings } from '@/lib/scores/service';
import { viewerTimeZone } from '@/lib/time/viewer-zone';
import { dayIn } from '@/lib/time/zone';
import { KnockoutBracket } from './bracket';

const YEARS = ['2026', '2022'] as const;
const VIEWS = [
  { key: 'overview', icon: Trophy },
  { key: 'matches', icon: CalendarDays },
  { key: 'stadiums', icon: Landmark },
  { key: 'squads', icon: UsersRound },
] as const;
type View = (typeof VIEWS)[number]['key'];

type Search = { year?: string; view?: string; by?: string; team?: string };
type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Search> };

export async function generateMetadata({ params }: Props) {
  return namespacedMetadata((await params).locale, 'worldCup', 'title', '/trophy/home');
}

export default async function WorldCupPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const year = YEARS.find((candidate) => candidate === search.year) ?? '2026';
  const view: View = VIEWS.find((entry) => entry.key === search.view)?.key ?? 'overview';
  const t = await getTranslations('worldCup');
  const td = await getTranslations('database');
  const db = getDb();
  const [edition, standings] = await Promise.all([
    worldCupEdition(db, year, locale),
    seasonStandings(db, { competitionCode: 'worldcup', seasonKey: year }, locale),
  ]);
  // Links keep the year and view; `by` and `team` only where given. Defaults stay out of the URL.
  const href = (changes: Partial<Search>) => {
    const merged: Search = { year, view, by: search.by, team: search.team, ...changes };
    const query = new URLSearchParams(
      Object.entries(merged).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
    );
    if (query.get('year') === '2026') query.delete('year');
    if (query.get('view') === 'overview') query.delete('view');
    const text = query.toString();
    return `/trophy/home${text ? `?${text}` : ''}`;
  };
  const finished = edition.matches.filter((match) => match.status === 'finished');
  const goals = finished.reduce((total, match) => total + (match.homeScore ?? 0) + (match.awayScore ?? 0), 0);

  return (
    <div className="mx-auto flex w-full max-w-[1440px] flex-col gap-4 px-3 py-4 sm:px-4 sm:py-5">
      <header className="flex flex-wrap items-center justify-between gap-4 rounded-lg bg-gradient-to-r from-night via-night-2 to-brand-700 px-5 py-4 text-white">
        <div>
          <h1 className="text-2xl font-bold">{t('heading', { year })}</h1>
          <p className="text-sm text-white/75">
            {t('summary', {
              teams: standings.groups.reduce((total, group) => total + group.rows.length, 0),
              matches: edition.matches.length,
              goals,
            })}
          </p>
        </div>
        <nav className="flex flex-wrap items-center gap-2" aria-label={t('yearPicker')}>
          {YEARS.map((candidate) => (
            <Link
              key={candidate}
              href={candidate === '2026' ? '/trophy/home' : `/trophy/home?year=${candidate}`}
              aria-current={candidate === year ? 'page' : undefined}
              className={cn(
                'inline-flex h-8 items-center rounded-md px-3 text-sm font-medium',
                candidate === year ? 'bg-white text-ink-900' : 'bg-white/10 text-white hover:bg-white/20',
              )}
            >
              {candidate}
            </Link>
          ))}
        </nav>
      </header>

      <nav
        aria-label={t('viewsLabel')}
        className="flex gap-1 overflow-x-auto rounded-lg border border-line bg-surface p-1"
      >
        {VIEWS.filter((entry) => entry.key !== 'squads' || year === '2026').map(({ key, icon: Icon }) => (
          <Link
            key={key}
            href={href({ view: key, by: undefined, team: undefined })}
            aria-current={key === view ? 'page' : undefined}
            className={cn(
              'inline-flex h-9 shrink-0 items-center gap-1.5 rounded-md px-3 text-sm font-medium whitespace-nowrap sm:px-4',
              key === view ? 'bg-brand-500 text-white' : 'text-ink-700 hover:bg-canvas hover:text-brand-600',
            )}
          >
            <Icon aria-hidden className="size-4" />
            {t(`views.${key}`)}
          </Link>
        ))}
      </nav>

      {view === 'overview' ? (
        <>
          <Panel
            id="groups-heading"
            title={t('groups')}
            aside={
              <span className="flex items-center gap-1 text-[11px] text-ink-500">
                <span aria-hidden className={cn('inline-block h-3 w-1 rounded', ZONE_BAR.knockout)} />
                {t('advanced')}
              </span>
            }
          >
            <div className="grid grid-cols-1 gap-px bg-line lg:grid-cols-2 2xl:grid-cols-3">
              {standings.groups.map((group) => (
                <div key={group.group} className="bg-surface" data-testid="group-table">
                  <StandingsTable
                    rows={group.rows}
                    compact
                    caption={td('group', { group: groupLetter(group.group ?? '') })}
                    zone={(row) => (edition.advanced.has(row.teamId) ? 'knockout' : null)}
                  />
                </div>
              ))}
            </div>
          </Panel>
          <Panel id="bracket-heading" title={t('bracket')}>
            <KnockoutBracket bracket={edition.bracket} />
          </Panel>
        </>
      ) : null}

      {view === 'matches' ? (
        <MatchesView edition={edition} by={search.by === 'round' ? 'round' : 'date'} href={href} />
      ) : null}

      {view === 'stadiums' ? (
        <Panel id="stadiums-heading" title={t('stadiums')}>
          <table className="w-full text-sm">
            <thead>
              <tr className="border-b border-line text-xs text-ink-500">
                <th scope="col" className="py-1.5 pl-3 text-left font-medium">
                  {t('stadium')}
                </th>
                <th scope="col" className="py-1.5 text-left font-medium">
                  {t('city')}
                </th>
                <th scope="col" className="py-1.5 text-left font-medium">
                  {t('timezone')}
                </th>
                <th scope="col" className="py-1.5 text-right font-medium">
                  {t('capacity')}
                </th>
                <th scope="col" className="py-1.5 pr-3 text-right font-medium">
                  {t('matchesPlayed')}
                </th>
              </tr>
            </thead>
            <tbody>
              {edition.stadiums.map((stadium) => (
                <tr key={stadium.id} className="border-b border-line last:border-b-0">
                  <td className="py-1.5 pl-3 font-medium">{stadium.name}</td>
                  <td className="py-1.5 text-ink-700">
                    {stadium.city}
                    {stadium.countryCode ? ` · ${stadium.countryCode.toUpperCase()}` : ''}
                  </td>
                  <td className="py-1.5 text-ink-700">{stadium.timezone}</td>
                  <td className="py-1.5 text-right tabular-nums">
                    {stadium.capacity !== null ? <FormattedNumber value={stadium.capacity} /> : '-'}
                  </td>
                  <td className="py-1.5 pr-3 text-right tabular-nums">{stadium.matches}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>
      ) : null}

      {view === 'squads' && year === '2026' ? (
        <SquadsView seasonId={edition.season.id} teamId={Number(search.team)} locale={locale} href={href} />
      ) : null}
    </div>
  );
}

async function FormattedNumber({ value }: { value: number }) {
  return (await getFormatter()).number(value);
}

type Edition = Awaited<ReturnType<typeof worldCupEdition>>;

async function MatchesView({
  edition,
  by,
  href,
}: {
  edition: Edition;
  by: 'date' | 'round';
  href: (changes: Partial<Search>) => string;
}) {
  const t = await getTranslations('worldCup');
  const td = await getTranslations('database');
  // Days are grouped in the viewer's zone, the one every date of the page is shown in.
  const timeZone = await viewerTimeZone();
  const dayOf = (date: Date) => dayIn(date, timeZone);
  const keyOf = (match: Edition['matches'][number]) =>
    by === 'date' ? dayOf(match.kickoffAt) : match.groupName ? 'group' : match.round;
  const sections: { key: string; matches: Edition['matches'] }[] = [];
  for (const match of edition.matches) {
    const key = keyOf(match);
    const section = sections.find((entry) => entry.key === key);
    if (section) section.matches.push(match);
    else sections.push({ key, matches: [match] });
  }
  return (
    <Panel
      id="matches-heading"
      title={t('allMatches')}
      aside={
        <nav className="flex gap-1" aria-label={t('groupBy')}>
          {(['date', 'round'] as const).map((option) => (
            <Link key={option} href={href({ by: option })} className={chipClass(option === by)}>
              {t(`by.${option}`)}
            </Link>
          ))}
        </nav>
      }
    >
      {sections.map((section) => (
        <section key={section.key}>
          <h3 className="border-b border-line bg-canvas px-3 py-1.5 text-xs font-semibold text-ink-700">
            {by === 'date' ? (
              <LocalTime at={section.matches[0]!.kickoffAt} style="fullDate" />
            ) : section.key === 'group' ? (
              t('groupStage')
            ) : (
              roundName(section.key, td)
            )}
          </h3>
          <ul className="grid grid-cols-1 xl:grid-cols-2 xl:[&>li:nth-child(odd)]:border-r">
            {section.matches.map((match) => (
              <MatchRow key={match.id} match={match} showDate={by === 'round'} showRound />
            ))}
          </ul>
        </section>
      ))}
    </Panel>
  );
}

async function SquadsView({
  seasonId,
  teamId,
  locale,
  href,
}: {
  seasonId: number;
  teamId: number;
  locale: Locale;
  href: (changes: Partial<Search>) => string;
}) {
  const t = await getTranslations('worldCup');
  const td = await getTranslations('database');
  const squads = await seasonSquads(getDb(), seasonId, Number.isInteger(teamId) ? teamId : null, locale);
  return (
    <div className="grid grid-cols-1 items-start gap-4 lg:grid-cols-[260px_minmax(0,1fr)]">
      <Panel id="squad-teams" title={t('teams')}>
        <ul className="max-h-[640px] overflow-y-auto py-1">
          {squads.teams.map((team) => (
            <li key={team.id}>
              <Link
                href={href({ team: String(team.id) })}
                aria-current={team.id === squads.team?.id ? 'true' : undefined}
                className={cn(
                  'flex items-center gap-2 px-3 py-1.5 text-sm hover:bg-canvas hover:text-brand-600',
                  team.id === squads.team?.id && 'bg-brand-50 font-medium text-brand-700',
                )}
              >
                <Crest name={team.name} colors={team.crestColors} />
                {team.name}
              </Link>
            </li>
          ))}
        </ul>
      </Panel>
      <Panel
        id="squad-heading"
        title={squads.team ? t('squadOf', { team: squads.team.name }) : t('squads')}
        aside={
          squads.team ? (
            <Link
              href={`/base-football?team=${squads.team.id}`}
              className="text-xs text-brand-600 hover:underline"
            >
              {t('teamPage')}
            </Link>
          ) : null
        }
      >
        <table className="w-full text-sm" data-testid="squad-table">
          <thead>
            <tr className="border-b border-line text-xs text-ink-500">
              <th scope="col" className="w-12 py-1.5 pl-3 text-left font-medium">
                {td('shirtNumber')}
              </th>
              <th scope="col" className="py-1.5 text-left font-medium">
                {td('player')}
              </th>
              <th scope="col" className="py-1.5 text-left font-medium">
                {td('position')}
              </th>
              <th scope="col" className="py-1.5 text-left font-medium">
                {td('playerClub')}
              </th>
              <th scope="col" className="py-1.5 pr-3 text-left font-medium">
                {t('dateOfBirth')}
              </th>
            </tr>
          </thead>
          <tbody>
            {squads.players.map((player) => (
              <tr key={player.id} className="border-b border-line last:border-b-0">
                <td className="py-1.5 pl-3 tabular-nums text-ink-500">{player.number}</td>
                <td className="py-1.5 font-medium">{player.name}</td>
                <td className="py-1.5 text-ink-700">
                  {player.position && td.has(`positions.${player.position}`)
                    ? td(`positions.${player.position}` as never)
                    : player.position}
                </td>
                <td className="py-1.5 text-ink-700">
                  {player.club}
                  {player.clubCountry ? ` (${player.clubCountry})` : ''}
                </td>
                <td className="py-1.5 pr-3 tabular-nums text-ink-700">{player.dateOfBirth}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </Panel>
    </div>
  );
}
