// The home page's match blocks (spec §2 home: event recommendations, league standings, ongoing,
// not-started and finished matches), read on the server from a handful of indexed queries.
import { CalendarClock, CircleCheckBig, Flame, Radio, Table2 } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { Crest } from '@/components/database/crest';

import { MatchRow } from '@/components/database/match-row';
import { chipClass, Panel } from '@/components/database/panel';
import { StandingsTable } from '@/components/database/standings-table';
import { LocalTime } from '@/components/ui/local-time';
import { ZoneHint } from '@/components/ui/zone-hint';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { COMPETITIONS } from '@/lib/feeds/names/competitions';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import {
  cachedLatestStandings,
  homeMatchBoard,
  hotMatches,
  type PresentedMatch,
} from '@/lib/scores/database-service';
import { zoneOf } from '@/lib/scores/table-zones';
import { getTimeFormat } from '@/lib/time/viewer-zone';

/** Leagues offered by the standings block's switch, in the order fans look for them. */
export const STANDINGS_LEAGUES = ['en.1', 'es.1', 'de.1', 'it.1', 'fr.1', 'cn.1', 'jp.1', 'mls'] as const;
const TABLE_ROWS = 10;
const BLOCK_ROWS = 6;

async function HotCard({ match }: { match: PresentedMatch }) {
  const t = await getTranslations('homeBlocks');
  const td = await getTranslations('database');
  const times = await getTimeFormat();
  const live = match.status === 'live';
  return (
    <li data-testid="hot-match">
      <Link
        href={`/score-detail?id=${match.id}`}
        className="flex h-full flex-col gap-2 rounded-lg border border-line bg-surface p-3 transition hover:border-brand-200 hover:shadow-sm"
      >
        <div className="flex items-center justify-between gap-2 text-[11px] text-ink-500">
          <span className="truncate" title={match.competitionName}>
            {match.competitionName}
          </span>
          {live ? (
            <span className="flex items-center gap-1 font-semibold text-live">
              <span aria-hidden className="size-1.5 animate-pulse rounded-full bg-live" />
              {match.minute !== null ? td('minute', { minute: match.minute }) : td(`periods.${match.period}`)}
            </span>
          ) : (
            <LocalTime at={match.kickoffAt} style="time" />
          )}
        </div>
        {[match.homeTeam, match.awayTeam].map((team, index) => (
          <div key={team.id} className="flex items-center gap-2 text-sm">
            <Crest name={team.name} colors={team.crestColors} size="md" />
            <span className="min-w-0 flex-1 truncate font-medium" title={team.name}>
              {team.name}
            </span>
            {live ? (
              <span className="font-semibold tabular-nums">
                {index === 0 ? match.homeScore : match.awayScore}
              </span>
            ) : null}
          </div>
        ))}
        <p className="text-[11px] text-ink-500">
          {match.source === 'simulated'
            ? td('simulated')
            : match.replayOfDate
              ? t('replayShort', {
                  date: times.day(match.replayOfDate, 'date'),
                })
              : live
                ? td('status.live')
                : td('status.not_started')}
        </p>
      </Link>
    </li>
  );
}

function MatchBlock({
  id,
  title,
  icon: Icon,
  matches,
  empty,
  showDate = false,
  accent,
}: {
  id: string;
  title: string;
  icon: typeof Radio;
  matches: PresentedMatch[];
  empty: string;
  showDate?: boolean;
  accent?: string;
}) {
  return (
    <Panel
      id={id}
      title={
        <span className="flex items-center gap-1.5">
          <Icon aria-hidden className={cn('size-4', accent ?? 'text-brand-600')} />
          {title}
        </span>
      }
    >
      {matches.length ? (
        <ul>
          {matches.map((match) => (
            <MatchRow key={match.id} match={match} showCompetition showDate={showDate} />
          ))}
        </ul>
      ) : (
        <p className="px-3 py-5 text-center text-sm text-ink-500">{empty}</p>
      )}
    </Panel>
  );
}

export async function HomeBoard({ locale, league }: { locale: Locale; league: string | undefined }) {
  const t = await getTranslations('homeBlocks');
  const db = getDb();
  const code = STANDINGS_LEAGUES.find((candidate) => candidate === league) ?? 'en.1';
  const now = new Date();
  const [board, hot, standings] = await Promise.all([
    homeMatchBoard(db, locale, now, BLOCK_ROWS),
    hotMatches(db, locale, now, 6),
    cachedLatestStandings(db, code, locale, now.getTime()).catch(() => null),
  ]);
  const rows = standings?.groups[0]?.rows.slice(0, TABLE_ROWS) ?? [];

  return (
    <div className="mx-auto flex w-full max-w-[1200px] flex-col gap-4 px-6 pb-10">
      <section aria-labelledby="hot-heading">
        <h2 id="hot-heading" className="mb-3 flex items-center gap-1.5 text-xl font-semibold">
          <Flame aria-hidden className="size-5 text-brand-600" />
          {t('recommended')}
          <ZoneHint className="ml-auto font-normal" />
        </h2>
        {hot.length ? (
          <ul className="grid grid-cols-2 gap-3 layout:grid-cols-3 xl:grid-cols-6">
            {hot.map((match) => (
              <HotCard key={match.id} match={match} />
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed border-line bg-surface px-4 py-6 text-center text-sm text-ink-500">
            {t('noRecommended')}
          </p>
        )}
      </section>

      <div className="grid grid-cols-1 items-start gap-4 layout:grid-cols-[minmax(0,1fr)_380px]">
        <div className="flex min-w-0 flex-col gap-4">
          <MatchBlock
            id="live-heading"
            title={t('ongoing')}
            icon={Radio}
            accent="text-live"
            matches={board.live}
            empty={t('noOngoing')}
          />
          <MatchBlock
            id="upcoming-heading"
            title={t('notStarted')}
            icon={CalendarClock}
            matches={board.upcoming}
            empty={t('noNotStarted')}
          />
          <MatchBlock
            id="finished-heading"
            title={t('finishedToday')}
            icon={CircleCheckBig}
            matches={board.finishedToday}
            empty={t('noFinishedToday')}
          />
          <MatchBlock
            id="results-heading"
            title={t('recentResults')}
            icon={CircleCheckBig}
            matches={board.recentResults}
            empty={t('noResults')}
            showDate
          />
        </div>
        <Panel
          id="standings-heading"
          title={
            <span className="flex items-center gap-1.5">
              <Table2 aria-hidden className="size-4 text-brand-600" />
              {t('standings')}
            </span>
          }
          aside={
            standings ? (
              <Link
                href={`/base-football?competition=${encodeURIComponent(code)}&season=${encodeURIComponent(standings.season.key)}`}
                className="text-xs text-brand-600 hover:underline"
              >
                {t('fullTable')}
              </Link>
            ) : null
          }
        >
          <nav className="flex flex-wrap gap-1 border-b border-line px-3 py-2" aria-label={t('leagueSwitch')}>
            {STANDINGS_LEAGUES.map((candidate) => (
              <Link
                key={candidate}
                href={`/main?league=${candidate}`}
                scroll={false}
                aria-current={candidate === code ? 'true' : undefined}
                className={chipClass(candidate === code)}
              >
                {COMPETITIONS[candidate]?.names[locale] ?? candidate}
              </Link>
            ))}
          </nav>
          {standings ? (
            <>
              <p className="px-3 pt-2 text-xs text-ink-500">
                {t('seasonOf', { season: standings.season.key })}
              </p>
              <StandingsTable
                rows={rows}
                compact
                zone={(row) => zoneOf(code, standings.season.key, row.position)}
              />
            </>
          ) : (
            <p className="px-3 py-5 text-center text-sm text-ink-500">{t('noStandings')}</p>
          )}
        </Panel>
      </div>
    </div>
  );
}
