// The anchor centre's reserved lives (spec §7 setReserveLiveNew, deleteReserveLive): announce a live
// ahead, optionally tied to a match not started yet, and withdraw it. Data from the live service.
import { CalendarClock } from 'lucide-react';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { getDb } from '@/lib/db';
import type { Locale } from '@/lib/i18n/routing';
import { listReservations, RESERVE_HORIZON_DAYS, upcomingMatches } from '@/lib/live/reservations';
import { ensureRoom } from '@/lib/live/service';
import { ReservedLivesForm } from './reserved-lives-form';
import { SectionCard } from './section-card';

/** Matches offered to tie a reserved live to: the coming week, enough to pick from without scrolling forever. */
const MATCH_CHOICE_DAYS = 7;

export async function ReservedLivesCard({ anchorId }: { anchorId: number }) {
  const db = getDb();
  const [room, locale, messages, t] = await Promise.all([
    ensureRoom(db, anchorId),
    getLocale(),
    getMessages(),
    getTranslations('reserve'),
  ]);
  const now = new Date();
  const [items, games] = await Promise.all([
    listReservations(db, { roomId: room.id, now }),
    upcomingMatches(db, locale as Locale, { days: MATCH_CHOICE_DAYS, limit: 150, now }),
  ]);
  return (
    <SectionCard id="reserved-lives" title={t('cardTitle')} icon={CalendarClock} times>
      <NextIntlClientProvider locale={locale} messages={{ reserve: messages.reserve }}>
        <ReservedLivesForm
          items={items.map((item) => ({
            id: item.id,
            title: item.title,
            startsAt: item.startsAt.toISOString(),
            bookings: item.bookings,
          }))}
          matches={games.map((match) => ({
            id: match.id,
            label: `${match.competitionName} · ${match.homeTeam.name} – ${match.awayTeam.name}`,
            kickoffAt: match.kickoffAt.toISOString(),
          }))}
          horizonDays={RESERVE_HORIZON_DAYS}
        />
      </NextIntlClientProvider>
    </SectionCard>
  );
}
