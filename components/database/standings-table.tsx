import { getTranslations } from 'next-intl/server';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/i18n/navigation';
import type { StandingsRow } from '@/lib/scores/service';
import type { Zone } from '@/lib/scores/table-zones';
import { Crest } from './crest';

/** Zone colours: a bar at the row's start, so the numbers stay readable. */
export const ZONE_BAR: Record<Zone, string> = {
  championsLeague: 'bg-brand-500',
  knockout: 'bg-brand-500',
  playoffs: 'bg-brand-200',
  relegationPlayoff: 'bg-ink-300',
  relegation: 'bg-live',
};

const FORM_CLASS = { W: 'bg-win', D: 'bg-ink-300', L: 'bg-live' } as const;

/** A league or group table. `zone` says what a row's position led to (null: no colour). */
export async function StandingsTable({
  rows,
  zone,
  compact = false,
  caption,
  linkTeams = true,
  highlight,
}: {
  rows: StandingsRow[];
  zone: (row: StandingsRow) => Zone | null;
  compact?: boolean;
  caption?: string;
  linkTeams?: boolean;
  highlight?: (row: StandingsRow) => boolean;
}) {
  const t = await getTranslations('database.table');
  const cell = 'px-1 py-1.5 text-center tabular-nums';
  const numberHead = cn(cell, 'w-9 font-medium');
  // On a phone the table keeps room for the team's name and scrolls sideways inside its frame.
  return (
    <div className="overflow-x-auto">
      <table
        className={cn(
          'w-full table-fixed border-collapse text-sm',
          compact ? 'min-w-[22rem]' : 'min-w-[36rem]',
        )}
      >
        {caption ? (
          <caption className="bg-canvas px-3 py-1.5 text-left text-xs font-semibold text-ink-700">
            {caption}
          </caption>
        ) : null}
        <thead>
          <tr className="border-b border-line text-xs text-ink-500">
            <th scope="col" className="w-10 py-1.5 pl-3 text-left font-medium">
              {t('rank')}
            </th>
            <th scope="col" className="py-1.5 text-left font-medium">
              {t('team')}
            </th>
            <th scope="col" className={numberHead} title={t('playedLong')}>
              {t('played')}
            </th>
            <th scope="col" className={numberHead} title={t('wonLong')}>
              {t('won')}
            </th>
            <th scope="col" className={numberHead} title={t('drawnLong')}>
              {t('drawn')}
            </th>
            <th scope="col" className={numberHead} title={t('lostLong')}>
              {t('lost')}
            </th>
            {compact ? null : (
              <th scope="col" className={cn(cell, 'w-16 font-medium')} title={t('goalsLong')}>
                {t('goals')}
              </th>
            )}
            <th scope="col" className={cn(cell, 'w-11 font-medium')} title={t('goalDifferenceLong')}>
              {t('goalDifference')}
            </th>
            <th scope="col" className={cn(cell, 'w-12 pr-3 font-medium')}>
              {t('points')}
            </th>
            {compact ? null : (
              <th scope="col" className="w-28 py-1.5 pr-3 text-left font-medium">
                {t('form')}
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const rowZone = zone(row);
            return (
              <tr
                key={row.teamId}
                className={cn(
                  'border-b border-line last:border-b-0 hover:bg-canvas',
                  highlight?.(row) && 'bg-brand-50',
                )}
              >
                <td className="relative py-1.5 pl-3 tabular-nums text-ink-700">
                  {rowZone ? (
                    <span
                      aria-hidden
                      className={cn('absolute inset-y-1 left-0 w-1 rounded-r', ZONE_BAR[rowZone])}
                    />
                  ) : null}
                  {row.position}
                </td>
                <td className="py-1.5">
                  {linkTeams ? (
                    <Link
                      href={`/base-football?team=${row.teamId}`}
                      className="flex min-w-0 items-center gap-2 hover:text-brand-600"
                    >
                      <Crest name={row.teamName} colors={row.crestColors} />
                      <span className="truncate" title={row.teamName}>
                        {row.teamName}
                      </span>
                    </Link>
                  ) : (
                    <span className="flex min-w-0 items-center gap-2">
                      <Crest name={row.teamName} colors={row.crestColors} />
                      <span className="truncate" title={row.teamName}>
                        {row.teamName}
                      </span>
                    </span>
                  )}
                </td>
                <td className={cell}>{row.played}</td>
                <td className={cell}>{row.won}</td>
                <td className={cell}>{row.drawn}</td>
                <td className={cell}>{row.lost}</td>
                {compact ? null : (
                  <td className={cell}>
                    {row.goalsFor}:{row.goalsAgainst}
                  </td>
                )}
                <td className={cell}>
                  {row.goalDifference > 0 ? `+${row.goalDifference}` : row.goalDifference}
                </td>
                <td className={cn(cell, 'pr-3 font-semibold text-ink-900')}>
                  {row.points}
                  {row.adjustment ? (
                    <span className="ml-0.5 text-[10px] font-normal text-live" title={t('adjusted')}>
                      *
                    </span>
                  ) : null}
                </td>
                {compact ? null : (
                  <td className="py-1.5 pr-3">
                    <span className="flex gap-0.5">
                      {row.form.map((letter, index) => (
                        <span
                          // Form letters repeat; their place in the run is their identity.
                          // biome-ignore lint/suspicious/noArrayIndexKey: positional list
                          key={index}
                          title={t(`formLetters.${letter}`)}
                          className={cn(
                            'inline-flex size-4 items-center justify-center rounded-sm text-[9px] font-bold text-white',
                            FORM_CLASS[letter],
                          )}
                        >
                          {t(`formShort.${letter}`)}
                        </span>
                      ))}
                    </span>
                  </td>
                )}
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
