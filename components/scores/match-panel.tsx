// The expanded row: key events on a timeline and a few statistics, read when the row opens, with the
// way to the full match page.
import { useQuery } from '@tanstack/react-query';
import { ArrowRight } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Skeleton } from '@/components/ui/skeleton';
import { api } from '@/lib/http/client';
import { queryKeys } from '@/lib/http/query-keys';
import { Link } from '@/lib/i18n/navigation';
import type { ScoreRow } from '@/lib/scores/board-schema';

type Brief = {
  matchId: number;
  events: {
    kind: string;
    minute: number;
    offset: number | null;
    side: 'home' | 'away';
    playerName: string | null;
    generated: boolean;
  }[];
  statistics: { kind: string; home: number; away: number; generated: boolean }[];
};

const STAT_ORDER = [
  'possession',
  'shots',
  'shots_on_target',
  'corners',
  'yellow_cards',
  'red_cards',
  'kills',
];
const EVENT_MARK: Record<string, string> = {
  goal: 'bg-win',
  penalty_goal: 'bg-win',
  own_goal: 'bg-ink-500',
  yellow_card: 'bg-amber-400',
  red_card: 'bg-live',
  objective: 'bg-brand-400',
};

export function MatchPanel({ row }: { row: ScoreRow }) {
  const t = useTranslations('scores');
  const { data, isError, refetch } = useQuery({
    queryKey: queryKeys.matchBrief(row.id),
    queryFn: () => api.post<Brief>('api/hot_match/matchBrief', { match_id: row.id }),
    staleTime: 10_000,
  });
  const stats = (data?.statistics ?? [])
    .filter((stat) => STAT_ORDER.includes(stat.kind))
    .sort((a, b) => STAT_ORDER.indexOf(a.kind) - STAT_ORDER.indexOf(b.kind));
  const generated = data?.statistics.some((stat) => stat.generated) || data?.events.some((e) => e.generated);

  return (
    <div
      data-testid="match-panel"
      className="grid grid-cols-[1fr_1fr] gap-6 border-t border-line bg-canvas/60 px-12 py-4 text-sm"
    >
      <section aria-label={t('panel.events')}>
        <h3 className="mb-2 text-xs font-semibold text-ink-700">{t('panel.events')}</h3>
        {!data && !isError ? (
          <Skeleton className="h-24" />
        ) : isError ? (
          <button type="button" onClick={() => refetch()} className="text-brand-600 hover:underline">
            {t('panel.retry')}
          </button>
        ) : data.events.length ? (
          <ol className="flex flex-col gap-1">
            {data.events.map((event, index) => (
              <li
                // biome-ignore lint/suspicious/noArrayIndexKey: events are in match order
                key={index}
                className={`flex items-center gap-2 ${event.side === 'away' ? 'flex-row-reverse text-right' : ''}`}
              >
                <span className="w-10 shrink-0 text-xs tabular-nums text-ink-500">
                  {event.minute}
                  {event.offset ? `+${event.offset}` : ''}
                  {"'"}
                </span>
                <span
                  aria-hidden
                  className={`h-3 w-2 shrink-0 rounded-[2px] ${EVENT_MARK[event.kind] ?? 'bg-ink-300'}`}
                />
                <span className="text-ink-900">{t(`events.${event.kind}` as never)}</span>
                {event.playerName ? (
                  <span className="truncate text-ink-500" title={event.playerName}>
                    {event.playerName}
                  </span>
                ) : null}
              </li>
            ))}
          </ol>
        ) : (
          <p className="text-ink-500">{t('panel.noEvents')}</p>
        )}
      </section>
      <section aria-label={t('panel.statistics')}>
        <h3 className="mb-2 text-xs font-semibold text-ink-700">{t('panel.statistics')}</h3>
        {!data ? (
          <Skeleton className="h-24" />
        ) : stats.length ? (
          <dl className="flex flex-col gap-1.5">
            {stats.map((stat) => {
              const total = stat.home + stat.away || 1;
              return (
                <div
                  key={stat.kind}
                  className="grid grid-cols-[2.5rem_1fr_6rem_1fr_2.5rem] items-center gap-2 text-xs"
                >
                  <span className="text-right tabular-nums">{stat.home}</span>
                  <span className="flex h-1.5 justify-end overflow-hidden rounded bg-line">
                    <span className="bg-brand-500" style={{ width: `${(stat.home / total) * 100}%` }} />
                  </span>
                  <dt className="text-center text-ink-500">{t(`stats.${stat.kind}` as never)}</dt>
                  <span className="flex h-1.5 overflow-hidden rounded bg-line">
                    <span className="bg-ink-500" style={{ width: `${(stat.away / total) * 100}%` }} />
                  </span>
                  <dd className="tabular-nums">{stat.away}</dd>
                </div>
              );
            })}
          </dl>
        ) : (
          <p className="text-ink-500">{t('panel.noStatistics')}</p>
        )}
        {generated ? <p className="mt-2 text-[11px] text-ink-500">{t('panel.generatedNote')}</p> : null}
        <Link
          href={`/score-detail?id=${row.id}`}
          className="mt-3 inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline"
        >
          {t('panel.detail')}
          <ArrowRight aria-hidden className="size-4" />
        </Link>
      </section>
    </div>
  );
}
