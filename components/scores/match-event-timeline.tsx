'use client';
// The match's events on a two-sided timeline (home left, away right), following the live summary.
import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import type { MatchSummary } from '@/lib/scores/detail-api';
import { minuteLabel } from './match-round';
import { useMatchSummary } from './match-summary';

type Event = MatchSummary['events'][number];

const GOAL_KINDS = new Set(['goal', 'own_goal', 'penalty_goal']);

/** A drawn marker per kind: cards are coloured cards, goals a ball, corners a flag. */
function EventMarker({ kind }: { kind: Event['kind'] }) {
  if (kind === 'yellow_card') return <span aria-hidden className="h-3.5 w-2.5 rounded-[2px] bg-yellow-400" />;
  if (kind === 'red_card') return <span aria-hidden className="h-3.5 w-2.5 rounded-[2px] bg-live" />;
  if (GOAL_KINDS.has(kind))
    return (
      <svg
        aria-hidden
        viewBox="0 0 16 16"
        className={cn('size-4', kind === 'own_goal' ? 'text-live' : 'text-ink-900')}
      >
        <circle cx="8" cy="8" r="7" fill="none" stroke="currentColor" strokeWidth="1.5" />
        <path d="M8 4.5l3 2.2-1.1 3.5H6.1L5 6.7z" fill="currentColor" />
      </svg>
    );
  if (kind === 'corner')
    return (
      <svg aria-hidden viewBox="0 0 16 16" className="size-4 text-ink-500">
        <path d="M4 15V1.5M4 2h8l-2 3 2 3H4" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    );
  return (
    <svg aria-hidden viewBox="0 0 16 16" className="size-4 text-win">
      <path d="M2 5h10l-3-3M14 11H4l3 3" fill="none" stroke="currentColor" strokeWidth="1.5" />
    </svg>
  );
}

function EventText({ event, align, dense }: { event: Event; align: 'start' | 'end'; dense?: boolean }) {
  const t = useTranslations('matchDetail.events');
  const kind = t(`kind.${event.kind}` as never);
  return (
    <span className={cn('flex min-w-0 items-baseline gap-2', align === 'end' && 'flex-row-reverse')}>
      {event.player_name ? (
        <span
          className={cn(
            'truncate',
            GOAL_KINDS.has(event.kind) ? 'font-semibold text-ink-900' : 'text-ink-700',
          )}
          title={event.player_name}
        >
          {event.player_name}
        </span>
      ) : null}
      <span
        className={cn(
          'shrink-0',
          event.player_name ? 'text-xs text-ink-500' : 'text-ink-700',
          dense && event.player_name && 'sr-only',
        )}
      >
        {kind}
      </span>
      {event.generated ? (
        <span className="shrink-0 rounded bg-canvas px-1 text-[11px] text-ink-500">{t('generated')}</span>
      ) : null}
    </span>
  );
}

export function MatchEventTimeline({
  initial,
  empty,
  kinds,
  latest,
  dense = false,
}: {
  initial: MatchSummary;
  empty: ReactNode;
  /** Only these kinds (the live room's key events). */
  kinds?: readonly Event['kind'][];
  /** Only the newest this many, newest first. */
  latest?: number;
  /** A narrow column (the live room's aside): a slimmer minute and the kind told by its marker only. */
  dense?: boolean;
}) {
  const { data } = useMatchSummary(initial);
  const picked = kinds ? data.events.filter((event) => kinds.includes(event.kind)) : data.events;
  const events = latest ? picked.slice(-latest).reverse() : picked;
  if (!events.length) return <>{empty}</>;
  return (
    <ol className="flex flex-col divide-y divide-line" data-testid="event-timeline">
      {events.map((event) => (
        <li
          key={event.sequence}
          data-kind={event.kind}
          className={cn(
            'grid items-center py-1.5 text-sm',
            dense ? 'grid-cols-[1fr_40px_1fr] gap-1.5' : 'grid-cols-[1fr_64px_1fr] gap-3',
          )}
        >
          <div className="flex items-center justify-end gap-2 text-right">
            {event.side === 'home' ? (
              <>
                <EventText event={event} align="end" dense={dense} />
                <EventMarker kind={event.kind} />
              </>
            ) : null}
          </div>
          <span
            className={cn(
              'mx-auto rounded-full bg-canvas py-0.5 text-xs font-semibold tabular-nums text-ink-700',
              dense ? 'px-1.5' : 'px-2.5',
            )}
          >
            {`${minuteLabel(event.minute, event.offset)}'`}
          </span>
          <div className="flex items-center gap-2">
            {event.side === 'away' ? (
              <>
                <EventMarker kind={event.kind} />
                <EventText event={event} align="start" dense={dense} />
              </>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}
