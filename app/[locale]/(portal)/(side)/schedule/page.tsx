// /schedule (spec §2): `type` 0 all, 1 football, 2 basketball. Upcoming reserved lives and the
// matches not started in the next three days, grouped by day, each with a book button.
import { CalendarClock, CalendarX2 } from 'lucide-react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { MatchRow, ReservedLiveRow } from '@/components/live/schedule-rows';
import { EmptyState } from '@/components/ui/empty-state';
import { ZoneHint } from '@/components/ui/zone-hint';
import { currentUser } from '@/lib/accounts/current-user';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { screenMetadata } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { listReservations, type ScheduleSport, upcomingMatches } from '@/lib/live/reservations';
import { getTimeFormat, viewerTimeZone } from '@/lib/time/viewer-zone';
import { dayIn } from '@/lib/time/zone';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ type?: string }> };

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'schedule', '/schedule');
}

const SPORTS: { type: string; sport: ScheduleSport }[] = [
  { type: '0', sport: 'all' },
  { type: '1', sport: 'football' },
  { type: '2', sport: 'basketball' },
];

export default async function SchedulePage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const current = SPORTS.find((item) => item.type === search.type) ?? SPORTS[0]!;
  const [t, user, timeZone, times] = await Promise.all([
    getTranslations('schedule'),
    currentUser(),
    viewerTimeZone(),
    getTimeFormat(),
  ]);
  // Lives and matches are grouped by the viewer's day, the zone their times are shown in.
  const dayKey = (date: Date) => dayIn(date, timeZone);
  const db = getDb();
  const now = new Date();
  const [lives, games] = await Promise.all([
    listReservations(db, { sport: current.sport, viewerId: user?.id ?? null, now }),
    upcomingMatches(db, locale, { sport: current.sport, viewerId: user?.id ?? null, now }),
  ]);
  const days = [
    ...new Set([...lives.map((item) => dayKey(item.startsAt)), ...games.map((m) => dayKey(m.kickoffAt))]),
  ].sort();

  return (
    <div className="sm:px-6 sm:py-6">
      <div className="mb-5 flex flex-wrap items-center gap-x-6 gap-y-2">
        <h1 className="text-xl font-semibold text-ink-900">{t('title')}</h1>
        <ZoneHint className="order-last sm:order-none" />
        <nav className="flex gap-1" aria-label={t('title')}>
          {SPORTS.map((item) => (
            <Link
              key={item.type}
              href={`/schedule?type=${item.type}`}
              aria-current={item === current ? 'page' : undefined}
              className={cn(
                'rounded-full px-3 py-1 text-sm',
                item === current ? 'bg-brand-500 text-white' : 'text-ink-700 hover:bg-canvas',
              )}
            >
              {t(item.sport)}
            </Link>
          ))}
        </nav>
      </div>
      {days.length === 0 ? (
        <EmptyState
          icon={CalendarX2}
          title={t('emptyTitle')}
          hint={t('emptyHint')}
          action={
            <Link href="/anchor?type=0" className="text-sm font-medium text-brand-600 hover:underline">
              {t('browseLive')}
            </Link>
          }
        />
      ) : (
        <div className="space-y-6">
          {days.map((day) => {
            const dayLives = lives.filter((item) => dayKey(item.startsAt) === day);
            const dayGames = games.filter((match) => dayKey(match.kickoffAt) === day);
            return (
              <section key={day} data-testid="schedule-day" aria-labelledby={`day-${day}`}>
                <h2
                  id={`day-${day}`}
                  className="mb-2 flex items-center gap-2 text-base font-semibold text-ink-900"
                >
                  <CalendarClock aria-hidden className="size-4 text-brand-500" />
                  {times.day(day, 'dayHeading')}
                </h2>
                <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
                  <div className="rounded-xl border border-line bg-surface">
                    <h3 className="border-b border-line px-4 py-2 text-sm font-medium text-ink-700">
                      {t('lives')}
                    </h3>
                    {dayLives.length ? (
                      <ul>
                        {dayLives.map((item) => (
                          <ReservedLiveRow key={item.id} item={item} />
                        ))}
                      </ul>
                    ) : (
                      <p className="px-4 py-6 text-center text-sm text-ink-500">{t('livesEmpty')}</p>
                    )}
                  </div>
                  <div className="rounded-xl border border-line bg-surface">
                    <h3 className="border-b border-line px-4 py-2 text-sm font-medium text-ink-700">
                      {t('matches')}
                    </h3>
                    {dayGames.length ? (
                      <ul>
                        {dayGames.map((match) => (
                          <MatchRow key={match.id} match={match} />
                        ))}
                      </ul>
                    ) : (
                      <p className="px-4 py-6 text-center text-sm text-ink-500">{t('matchesEmpty')}</p>
                    )}
                  </div>
                </div>
              </section>
            );
          })}
        </div>
      )}
    </div>
  );
}
