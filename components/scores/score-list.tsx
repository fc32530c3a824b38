// The list of a scores tab, grouped by competition. Pure: the server renders it for the first paint and
// the live board renders the same markup with pushes applied, so nothing moves when the board takes over.
import { ChevronDown, Star } from 'lucide-react';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { Board, ScoreRow } from '@/lib/scores/board-schema';
import { createTimeFormat, type ViewerTimes } from '@/lib/time/time-format';
import { Crest } from './crest';
import type { DisplaySettings } from './score-settings';

export type ScoreListProps = {
  board: Board;
  /** The viewer's time view (lib/time/viewer-zone.ts on the server, useTimeFormat() in the browser). */
  times: ViewerTimes;
  display: DisplaySettings;
  expandedId?: number | null;
  flashIds?: readonly number[];
  onToggle?: (row: ScoreRow) => void;
  onFavourite?: (row: ScoreRow) => void;
  renderPanel?: (row: ScoreRow) => ReactNode;
};

type T = ReturnType<typeof useTranslations<'scores'>>;

const NOTES = new Set(['postponed', 'cancelled', 'abandoned', 'awarded', 'suspended', 'interrupted']);

/** Round names as openfootball writes them (`League, Matchday 3`, `Round of 16`), in the reader's words. */
export function roundLabel(round: string, t: T) {
  const last = round.split(',').at(-1)!.trim();
  const matchday = /^Matchday (\d+)$/i.exec(last);
  if (matchday) return t('rounds.matchday', { n: Number(matchday[1]) });
  const roundOf = /^Round of (\d+)$/i.exec(last);
  if (roundOf) return t('rounds.roundOf', { n: Number(roundOf[1]) });
  if (/^quarter-?finals?$/i.test(last)) return t('rounds.quarterFinal');
  if (/^semi-?finals?$/i.test(last)) return t('rounds.semiFinal');
  if (/^finals?$/i.test(last)) return t('rounds.final');
  if (/third place/i.test(last)) return t('rounds.thirdPlace');
  if (/^regular season$/i.test(last)) return t('rounds.regularSeason');
  if (/^group stage$/i.test(last)) return t('rounds.groupStage');
  return last;
}

/** 半场 / 完场 / 67' / 第3节 / 第2图: what the status column says. */
export function statusText(row: ScoreRow, t: T) {
  if (row.statusNote && NOTES.has(row.statusNote)) return t(`notes.${row.statusNote}` as never);
  if (row.status === 'not_started') return t('status.notStarted');
  if (row.status === 'finished') return t('status.finished');
  if (row.status === 'abnormal') return t('status.abnormal');
  if (row.sport === 'basketball') {
    const quarter = ['q1', 'q2', 'q3', 'q4'].indexOf(row.period) + 1;
    if (row.minute === null) return row.period === 'q2' ? t('status.halfTime') : t('status.break');
    return quarter ? t('status.quarter', { n: quarter }) : t('status.overtime');
  }
  if (row.sport === 'esports') {
    if (row.minute === null) return t('status.break');
    return t('status.map', { n: Math.max(1, row.periods?.length ?? 1) });
  }
  if (row.period === 'half_time') return t('status.halfTime');
  if (row.period === 'penalties') return t('status.penalties');
  return null;
}

function Cards({ yellow, red, show }: { yellow: number; red: number; show: boolean }) {
  if (!show) return null;
  return (
    <>
      {red > 0 ? (
        <span data-card="red" className="rounded-[2px] bg-live px-1 text-[10px] leading-4 text-white">
          {red}
        </span>
      ) : null}
      {yellow > 0 ? (
        <span
          data-card="yellow"
          className="rounded-[2px] bg-amber-400 px-1 text-[10px] leading-4 text-ink-900"
        >
          {yellow}
        </span>
      ) : null}
    </>
  );
}

function Pair({ value, testId }: { value: [number, number] | null | undefined; testId?: string }) {
  return (
    <span data-testid={testId} className="tabular-nums">
      {value ? `${value[0]}-${value[1]}` : '-'}
    </span>
  );
}

function Row(props: ScoreListProps & { row: ScoreRow; t: T }) {
  const { row, t, display, board } = props;
  const format = useFormatter();
  const locale = useLocale();
  const times = createTimeFormat(props.times, locale);
  const expanded = props.expandedId === row.id;
  const live = row.status === 'live';
  const status = statusText(row, t);
  const time = row.kickoffTimeKnown
    ? times.dateTime(new Date(row.kickoffAt), 'time', { timeZone: board.timeZone })
    : t('timeUnknown');
  const date =
    board.tab === 'favourites' || board.tab === 'live'
      ? times.dateTime(new Date(row.kickoffAt), 'numericMonthDay', { timeZone: board.timeZone })
      : null;
  const price = (value: number | null | undefined) =>
    value ? format.number(value / 1000, { minimumFractionDigits: 2, maximumFractionDigits: 2 }) : '-';
  const showOdds = display.value1 && board.sport === 'football';
  const showCorners = display.value3 && board.sport === 'football';
  const showHalf = display.value4 && board.sport !== 'esports';
  const halfTime =
    row.sport === 'basketball' && row.periods && row.periods.length >= 2
      ? ([row.periods[0]![0] + row.periods[1]![0], row.periods[0]![1] + row.periods[1]![1]] as [
          number,
          number,
        ])
      : row.halfTime;

  return (
    <li
      data-testid="score-row"
      data-match-id={row.id}
      data-status={row.status}
      data-flash={props.flashIds?.includes(row.id) || undefined}
      className="border-b border-line transition-colors last:border-b-0 data-[flash]:bg-brand-50"
    >
      {/* Phones (under 640 px): time, state and labels on a first line, the teams and score on a second
          one; the extra columns (half time, corners, odds) from 768 px. */}
      <div className="flex min-h-11 flex-wrap items-center gap-x-2 px-3 py-1 text-sm sm:flex-nowrap sm:py-0">
        <button
          type="button"
          aria-pressed={row.favourite}
          aria-label={row.favourite ? t('unfavourite') : t('favourite')}
          title={row.favourite ? t('unfavourite') : t('favourite')}
          onClick={props.onFavourite ? () => props.onFavourite!(row) : undefined}
          className="flex size-7 shrink-0 items-center justify-center rounded text-ink-300 hover:text-brand-500 aria-pressed:text-amber-400"
        >
          <Star aria-hidden className="size-4" fill={row.favourite ? 'currentColor' : 'none'} />
        </button>
        <span className="w-12 shrink-0 text-xs text-ink-500 tabular-nums">
          {date ? <span className="block leading-3">{date}</span> : null}
          {time}
        </span>
        <span
          data-testid="match-status"
          className={cn(
            'w-14 shrink-0 text-xs tabular-nums',
            live ? 'font-semibold text-live' : 'text-ink-500',
          )}
        >
          {status ?? (
            <>
              {row.minute}
              <span className="animate-pulse">{"'"}</span>
            </>
          )}
        </span>
        <span aria-hidden className="order-1 basis-full sm:hidden" />
        <span className="order-2 flex min-w-0 flex-1 items-center justify-end gap-1.5 text-right sm:order-none">
          <Cards show={display.value2} yellow={row.cards?.yellow[0] ?? 0} red={row.cards?.red[0] ?? 0} />
          <span data-testid="home-team" className="truncate text-ink-900" title={row.home.name}>
            {row.home.name}
          </span>
          <Crest name={row.home.name} colors={row.home.colors} />
        </span>
        <span
          data-testid="match-score"
          className={cn(
            'order-2 w-16 shrink-0 text-center text-base font-bold tabular-nums sm:order-none',
            live ? 'text-live' : row.status === 'finished' ? 'text-ink-900' : 'text-ink-500',
          )}
        >
          {row.score ? `${row.score[0]} - ${row.score[1]}` : t('versus')}
          {row.penalties ? (
            <span className="block text-[10px] font-normal leading-3 text-ink-500">
              {t('penaltiesShort', { home: row.penalties[0], away: row.penalties[1] })}
            </span>
          ) : null}
        </span>
        <span className="order-2 flex min-w-0 flex-1 items-center gap-1.5 sm:order-none">
          <Crest name={row.away.name} colors={row.away.colors} />
          <span data-testid="away-team" className="truncate text-ink-900" title={row.away.name}>
            {row.away.name}
          </span>
          <Cards show={display.value2} yellow={row.cards?.yellow[1] ?? 0} red={row.cards?.red[1] ?? 0} />
        </span>
        {showHalf ? (
          <span
            data-testid="half-time"
            className="hidden w-12 shrink-0 text-center text-xs text-ink-500 md:block"
          >
            <Pair value={halfTime} />
          </span>
        ) : null}
        {showCorners ? (
          <span
            data-testid="corners"
            className="hidden w-12 shrink-0 text-center text-xs text-ink-500 md:block"
            title={row.corners?.generated ? t('generatedHint') : undefined}
          >
            <Pair value={row.corners?.value} />
          </span>
        ) : null}
        {row.sport === 'basketball' ? (
          <span className="hidden w-52 shrink-0 gap-1 text-xs text-ink-500 tabular-nums min-[1200px]:flex">
            {[0, 1, 2, 3].map((index) => (
              <span key={index} className="w-12 text-center">
                <Pair value={row.periods?.[index]} />
              </span>
            ))}
          </span>
        ) : null}
        {row.sport === 'esports' ? (
          <span
            data-testid="map-scores"
            className="order-2 flex shrink-0 gap-2 text-xs text-ink-500 tabular-nums max-sm:basis-full max-sm:justify-center sm:order-none sm:w-44"
          >
            {(row.periods ?? []).map((map, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: maps are positional
              <span key={index} title={t('mapKills', { n: index + 1 })}>
                {t('mapShort', { n: index + 1 })} {map[0]}-{map[1]}
              </span>
            ))}
          </span>
        ) : null}
        {showOdds ? (
          <span
            data-testid="odds"
            className="hidden w-48 shrink-0 items-center justify-end gap-1 text-xs tabular-nums text-ink-700 md:flex"
            title={row.odds?.generated ? t('generatedHint') : undefined}
          >
            <span className="w-11 text-center">{price(row.odds?.home)}</span>
            <span className="w-11 text-center">{price(row.odds?.draw)}</span>
            <span className="w-11 text-center">{price(row.odds?.away)}</span>
            <span
              className="w-8 shrink-0 whitespace-nowrap text-[10px] text-ink-500"
              title={t('generatedHint')}
            >
              {row.odds?.generated ? t('generatedMark') : null}
            </span>
          </span>
        ) : null}
        <span className="flex w-16 shrink-0 justify-end max-sm:ml-auto">
          {row.simulated ? (
            <span
              data-testid="simulated-label"
              title={t('simulatedHint')}
              className="rounded bg-canvas px-1.5 py-0.5 text-[11px] text-ink-500"
            >
              {t('simulated')}
            </span>
          ) : row.replayOfDate ? (
            <span className="rounded bg-brand-50 px-1.5 py-0.5 text-[11px] text-brand-700">
              {t('replay')}
            </span>
          ) : null}
        </span>
        <button
          type="button"
          aria-expanded={expanded}
          aria-label={expanded ? t('collapse') : t('expand')}
          title={expanded ? t('collapse') : t('expand')}
          onClick={props.onToggle ? () => props.onToggle!(row) : undefined}
          className="flex size-7 shrink-0 items-center justify-center rounded text-ink-500 hover:bg-canvas hover:text-brand-600"
        >
          <ChevronDown aria-hidden className={cn('size-4 transition-transform', expanded && 'rotate-180')} />
        </button>
      </div>
      {row.replayOfDate ? (
        <p
          data-testid="replay-label"
          className="px-3 pb-1.5 text-[11px] text-ink-500 sm:-mt-1.5 sm:pr-0 sm:pl-[9.5rem]"
        >
          {t('replayOf', {
            fixture: t('fixture', {
              competition: row.competitionName,
              season: row.seasonKey,
              round: roundLabel(row.round, t),
              home: row.home.name,
              away: row.away.name,
            }),
            date: times.day(row.replayOfDate, 'date'),
          })}
        </p>
      ) : null}
      {expanded && props.renderPanel ? props.renderPanel(row) : null}
    </li>
  );
}

function Header({ board, display, t }: { board: Board; display: DisplaySettings; t: T }) {
  return (
    <div className="hidden h-8 items-center gap-2 border-b border-line bg-canvas px-3 text-xs text-ink-500 sm:flex">
      <span className="w-7 shrink-0" />
      <span className="w-12 shrink-0">{t('columns.time')}</span>
      <span className="w-14 shrink-0">{t('columns.status')}</span>
      <span className="flex-1 text-right">{t('columns.home')}</span>
      <span className="w-16 shrink-0 text-center">{t('columns.score')}</span>
      <span className="flex-1">{t('columns.away')}</span>
      {display.value4 && board.sport !== 'esports' ? (
        <span className="hidden w-12 shrink-0 text-center md:block">{t('columns.halfTime')}</span>
      ) : null}
      {display.value3 && board.sport === 'football' ? (
        <span className="hidden w-12 shrink-0 text-center md:block">{t('columns.corners')}</span>
      ) : null}
      {board.sport === 'basketball' ? (
        <span className="hidden w-52 shrink-0 gap-1 min-[1200px]:flex">
          {[1, 2, 3, 4].map((n) => (
            <span key={n} className="w-12 text-center">
              {t('quarterShort', { n })}
            </span>
          ))}
        </span>
      ) : null}
      {board.sport === 'esports' ? <span className="w-44 shrink-0">{t('columns.maps')}</span> : null}
      {display.value1 && board.sport === 'football' ? (
        <span className="hidden w-48 shrink-0 justify-end gap-1 md:flex" title={t('columns.oddsHint')}>
          <span className="w-11 text-center">{t('columns.oddsHome')}</span>
          <span className="w-11 text-center">{t('columns.oddsDraw')}</span>
          <span className="w-11 text-center">{t('columns.oddsAway')}</span>
          <span className="w-8 shrink-0" />
        </span>
      ) : null}
      <span className="w-16 shrink-0" />
      <span className="w-7 shrink-0" />
    </div>
  );
}

export function ScoreList(props: ScoreListProps) {
  const t = useTranslations('scores');
  const groups = new Map<string, ScoreRow[]>();
  for (const row of props.board.rows)
    groups.set(row.competitionCode, [...(groups.get(row.competitionCode) ?? []), row]);
  const regionName = new Map(props.board.regions.map((region) => [region.code, region.name]));
  return (
    <div data-testid="score-list" className="flex flex-col gap-3">
      {[...groups.values()].map((rows) => (
        <section
          key={rows[0]!.competitionCode}
          data-testid="competition-group"
          aria-label={rows[0]!.competitionName}
          className="overflow-hidden rounded-lg border border-line bg-surface"
        >
          <h2 className="flex h-9 items-center gap-2 border-b border-line px-3 text-sm font-semibold text-ink-900">
            <span className="h-4 w-1 rounded bg-brand-500" aria-hidden />
            {rows[0]!.competitionName}
            <span className="text-xs font-normal text-ink-500">{regionName.get(rows[0]!.region)}</span>
            <span className="ml-auto text-xs font-normal text-ink-500">
              {t('matchCount', { count: rows.length })}
            </span>
          </h2>
          <Header board={props.board} display={props.display} t={t} />
          <ul>
            {rows.map((row) => (
              <Row key={row.id} {...props} row={row} t={t} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}
