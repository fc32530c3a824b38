// /reserve (spec §2): what the signed-in user booked — reserved lives and matches — soonest first.
import { BellOff } from 'lucide-react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LoginButton } from '@/components/accounts/login-button';
import { Bookings } from '@/components/live/bookings';
import { EmptyState } from '@/components/ui/empty-state';
import { currentUser } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { screenMetadata } from '@/lib/i18n/metadata';
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
      ) : (
        <Bookings booked={booked} />
      )}
    </div>
  );
}
