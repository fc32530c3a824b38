// /reserve (spec §2): what the signed-in user booked — reserved lives and matches — soonest first.
import { BellOff } from 'lucide-react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LoginButton } from '@/components/accounts/login-button';
import { MatchRow, ReservedLiveRow } from '@/components/live/schedule-rows';
import { EmptyState } from '@/components/ui/empty-state';
import { currentUser } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { screenMetadata } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { userBookings } from '@/lib/live/reservations';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'reserve', '/reserve');
}

export default async function ReservePage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const [t, user] = await Promise.all([getTranslations('reserve'), currentUser()]);
  const booked = user ? await userBookings(getDb(), user.id, locale, new Date()) : null;
  return (
    <div className="px-6 py-6">
      <h1 className="mb-5 text-xl font-semibold text-ink-900">{t('title')}</h1>
      {!booked ? (
        <EmptyState
          icon={BellOff}
          title={t('guestTitle')}
          hint={t('guestHint')}
          action={
            <LoginButton
              label={t('login')}
              className="h-9 rounded-md bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600"
            />
          }
        />
      ) : booked.lives.length === 0 && booked.matches.length === 0 ? (
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
      ) : (
        <div className="grid grid-cols-1 gap-4 xl:grid-cols-2">
          <section className="rounded-xl border border-line bg-surface" aria-labelledby="reserve-lives">
            <h2
              id="reserve-lives"
              className="border-b border-line px-4 py-2 text-sm font-medium text-ink-700"
            >
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
            <h2
              id="reserve-matches"
              className="border-b border-line px-4 py-2 text-sm font-medium text-ink-700"
            >
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
      )}
    </div>
  );
}
