// Rows of /schedule and /reserve: a reserved live (anchor, title, time, linked room) and a match
// (competition, teams, kick-off), each with its book button. Server components; only the button is a
// client island.
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { Link } from '@/lib/i18n/navigation';
import type { ReservationItem, UpcomingMatch } from '@/lib/live/reservations';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { BookButton } from './book-button';

/** A schedule line: its time first (with the date on /reserve), then the row's own parts. */
async function TimedRow({
  testId,
  id,
  at,
  withDate,
  children,
}: {
  testId: string;
  id: number;
  at: Date;
  withDate?: boolean;
  children: ReactNode;
}) {
  const times = await getTimeFormat();
  return (
    <li
      data-testid={testId}
      data-id={id}
      className="flex items-center gap-3 border-b border-line px-3 py-3 last:border-0 sm:gap-4 sm:px-4"
    >
      <time
        data-short={withDate ? undefined : true}
        className="w-28 data-[short]:w-16 shrink-0 whitespace-nowrap text-sm font-semibold text-ink-900 tabular-nums"
        dateTime={at.toISOString()}
        title={times.title(at) || undefined}
      >
        {times.dateTime(at, withDate ? 'dayTime' : 'time')}
      </time>
      {children}
    </li>
  );
}

export async function ReservedLiveRow({ item, withDate }: { item: ReservationItem; withDate?: boolean }) {
  const t = await getTranslations('schedule');
  return (
    <TimedRow testId="reserved-live" id={item.id} at={item.startsAt} withDate={withDate}>
      <img
        src={item.avatar}
        alt=""
        width={36}
        height={36}
        className="size-9 shrink-0 rounded-full bg-canvas max-sm:hidden"
      />
      <div className="min-w-0 flex-1">
        <Link
          href={`/live?id=${item.roomId}`}
          className="block truncate font-medium text-ink-900 hover:text-brand-600"
          title={item.title}
        >
          {item.title}
        </Link>
        <p className="truncate text-xs text-ink-500">
          {t('anchorOf', { name: item.nickname })}
          {item.matchId ? (
            <>
              {' · '}
              <Link href={`/score-detail?id=${item.matchId}`} className="hover:text-brand-600">
                {t('linkedMatch')}
              </Link>
            </>
          ) : null}
        </p>
      </div>
      <span className="shrink-0 text-xs text-ink-500 tabular-nums max-sm:hidden">
        {t('bookings', { count: item.bookings })}
      </span>
      <BookButton
        kind="live"
        id={item.id}
        initialBooked={item.booked}
        labels={{ book: t('book'), booked: t('booked') }}
      />
    </TimedRow>
  );
}

export async function MatchRow({ match, withDate }: { match: UpcomingMatch; withDate?: boolean }) {
  const t = await getTranslations('schedule');
  const times = await getTimeFormat();
  const fixture = `${match.homeTeam.name} – ${match.awayTeam.name}`;
  const note = match.replayOf
    ? t('replayOf', {
        fixture: match.replayOf.fixture,
        date: times.day(match.replayOfDate ?? match.replayOf.kickoffAt.toISOString().slice(0, 10), 'date'),
      })
    : match.source === 'simulated'
      ? t('simulated')
      : null;
  const detail = note ? `${match.competitionName} · ${note}` : match.competitionName;
  return (
    <TimedRow testId="schedule-match" id={match.id} at={match.kickoffAt} withDate={withDate}>
      <div className="min-w-0 flex-1">
        <Link
          href={`/score-detail?id=${match.id}`}
          title={fixture}
          className="block truncate text-sm text-ink-900 hover:text-brand-600"
        >
          {fixture}
        </Link>
        <p className="truncate text-xs text-ink-500" title={detail}>
          {detail}
        </p>
      </div>
      <BookButton
        kind="match"
        id={match.id}
        initialBooked={match.booked}
        labels={{ book: t('book'), booked: t('booked') }}
      />
    </TimedRow>
  );
}
