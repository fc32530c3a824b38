// What a user booked — reserved lives and matches — soonest first, each row with its book button to
// cancel (and book again) in place: /reserve and the user centre's bookings tab (`/member?type=6`).
import { BellOff } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import { EmptyState } from '@/components/ui/empty-state';
import { Link } from '@/lib/i18n/navigation';
import type { userBookings } from '@/lib/live/reservations';
import { MatchRow, ReservedLiveRow } from './schedule-rows';

export async function Bookings({ booked }: { booked: Awaited<ReturnType<typeof userBookings>> }) {
  const t = await getTranslations('reserve');
  if (booked.lives.length === 0 && booked.matches.length === 0) {
    return (
      <EmptyState
        icon={BellOff}
        title={t('emptyTitle')}
        hint={t('emptyHint')}
        action={
          <Link href="/schedule?type=0" className="text-sm font-medium text-brand-600 hover:underline">
            {t('goSchedule')}
          </Link>
        }
      />
    );
  }
  return (
    <div className="grid gap-4 xl:grid-cols-2">
      <section className="rounded-xl border border-line bg-surface" aria-labelledby="reserve-lives">
        <h2 id="reserve-lives" className="border-b border-line px-4 py-2 text-sm font-medium text-ink-700">
          {t('lives')}
        </h2>
        {booked.lives.length ? (
          <ul>
            {booked.lives.map((item) => (
              <ReservedLiveRow key={item.id} item={item} withDate />
            ))}
          </ul>
        ) : (
          <p className="px-4 py-6 text-center text-sm text-ink-500">{t('emptyTitle')}</p>
        )}
      </section>
      <section className="rounded-xl border border-line bg-surface" aria-labelledby="reserve-matches">
        <h2 id="reserve-matches" className="border-b border-line px-4 py-2 text-sm font-medium text-ink-700">
          {t('matches')}
        </h2>
        {booked.matches.length ? (
          <ul>
            {booked.matches.map((match) => (
              <MatchRow key={match.id} match={match} withDate />
            ))}
          </ul>
        ) : (
          <p className="px-4 py-6 text-center text-sm text-ink-500">{t('emptyTitle')}</p>
        )}
      </section>
    </div>
  );
}
