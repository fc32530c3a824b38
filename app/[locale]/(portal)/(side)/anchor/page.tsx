// /anchor (spec §2): the streamer list — `type` 0 all, 1 football, 2 basketball, 3 the 18+ category
// (behind an age check), or 3 with `id` and `name` for a custom category; filters all / today /
// booked / a weekday; live rooms first, then by heat, 40 to a page. A kicked-out viewer lands here (type 0).
import { CalendarX2, Tv } from 'lucide-react';
import { cookies } from 'next/headers';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LoginButton } from '@/components/accounts/login-button';
import { AdultGate } from '@/components/live/adult-gate';
import { KickedNotice } from '@/components/live/kicked-notice';
import { RoomCard, RoomGrid } from '@/components/live/room-card';
import { EmptyState } from '@/components/ui/empty-state';
import { Pager } from '@/components/ui/pager';
import { currentUser } from '@/lib/accounts/current-user';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { screenMetadata } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import { type Locale, localizedPath } from '@/lib/i18n/routing';
import { ADULT_COOKIE } from '@/lib/live/adult-api';
import { customCategoryName, pageRooms, type RoomCategory, type RoomFilter } from '@/lib/live/lists';
import { kickedNoticeText } from '@/lib/moderation/kicked-notice';

type Search = {
  type?: string;
  id?: string;
  name?: string;
  filter?: string;
  weekday?: string;
  page?: string;
  kicked?: string;
};
type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<Search> };

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'anchor', '/anchor');
}

const CATEGORY_OF_TYPE: Record<string, RoomCategory> = {
  '0': 'all',
  '1': 'football',
  '2': 'basketball',
  '3': 'adult',
};
const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;
/** Cards a page holds: eight rows at the widest grid (five across), ten on a phone (two across). */
const ROOMS_PAGE_SIZE = 40;

function parse(search: Search) {
  const customId = search.type === '3' && search.id ? Number(search.id) : Number.NaN;
  const category: RoomCategory =
    Number.isSafeInteger(customId) && customId > 0
      ? 'custom'
      : (CATEGORY_OF_TYPE[search.type ?? '0'] ?? 'all');
  const filter: RoomFilter =
    (['today', 'booked', 'weekday'] as const).find((f) => f === search.filter) ?? 'all';
  const weekday = Math.min(7, Math.max(1, Number(search.weekday) || 1));
  const page = Math.min(1000, Math.max(1, Math.trunc(Number(search.page)) || 1));
  return { category, customId, filter, weekday, page };
}

export default async function AnchorListPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const search = await searchParams;
  const { category, customId, filter, weekday, page: askedPage } = parse(search);
  const t = await getTranslations('rooms');
  const base = `/anchor?type=${search.type ?? '0'}${category === 'custom' ? `&id=${customId}&name=${encodeURIComponent(search.name ?? '')}` : ''}`;
  const title =
    category === 'custom'
      ? ((await customCategoryName(getDb(), customId, locale)) ?? search.name ?? t('title.all'))
      : t(`title.${category}`);

  const header = (
    <header className="mb-5 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-xl font-semibold text-ink-900">{title}</h1>
      <nav aria-label={t('filters')} className="flex flex-wrap items-center gap-1 text-sm">
        {(['all', 'today', 'booked'] as const).map((key) => (
          <Link
            key={key}
            href={key === 'all' ? base : `${base}&filter=${key}`}
            aria-current={filter === key ? 'page' : undefined}
            className={cn(
              'h-8 rounded-full px-3.5 leading-8',
              filter === key
                ? 'bg-brand-500 text-white'
                : 'text-ink-700 hover:bg-surface hover:text-brand-600',
            )}
          >
            {t(`filter.${key}`)}
          </Link>
        ))}
        <span aria-hidden className="mx-1 h-4 w-px bg-line" />
        {WEEKDAYS.map((day) => (
          <Link
            key={day}
            href={`${base}&filter=weekday&weekday=${day}`}
            aria-current={filter === 'weekday' && weekday === day ? 'page' : undefined}
            className={cn(
              'h-8 rounded-full px-3 leading-8',
              filter === 'weekday' && weekday === day
                ? 'bg-brand-500 text-white'
                : 'text-ink-700 hover:bg-surface hover:text-brand-600',
            )}
          >
            {t(`weekday.${day}`)}
          </Link>
        ))}
      </nav>
    </header>
  );

  if (category === 'adult' && (await cookies()).get(ADULT_COOKIE)?.value !== '1') {
    return (
      <div className="px-6 py-6">
        {header}
        <AdultGate
          next={localizedPath(locale, base)}
          texts={{
            title: t('adult.title'),
            body: t('adult.body'),
            confirm: t('adult.confirm'),
            leave: t('adult.leave'),
          }}
        />
      </div>
    );
  }

  const user = await currentUser();
  if (filter === 'booked' && !user) {
    return (
      <div className="px-6 py-6">
        {header}
        <EmptyState
          icon={CalendarX2}
          title={t('bookedGuestTitle')}
          hint={t('bookedGuestHint')}
          action={
            <LoginButton
              label={t('login')}
              className="h-9 rounded-md bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600"
            />
          }
        />
      </div>
    );
  }

  const now = new Date();
  const kicked = await kickedNoticeText(getDb(), user?.id, search.kicked, now);
  const query = {
    category,
    customCategoryId: customId,
    filter,
    weekday,
    userId: user?.id ?? null,
    now,
  };
  const asked = await pageRooms(getDb(), query, { page: askedPage, size: ROOMS_PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(asked.total / ROOMS_PAGE_SIZE));
  // A link past the end (rooms went off air since it was made) shows the last page, not an empty list.
  const page = Math.min(askedPage, pages);
  const { list: rooms } =
    page === askedPage ? asked : await pageRooms(getDb(), query, { page, size: ROOMS_PAGE_SIZE });
  const filtered = `${base}${filter === 'all' ? '' : `&filter=${filter}`}${filter === 'weekday' ? `&weekday=${weekday}` : ''}`;
  return (
    <div className="px-6 py-6">
      {kicked ? <KickedNotice message={kicked.message} dismissLabel={kicked.dismiss} /> : null}
      {header}
      {rooms.length ? (
        <>
          <RoomGrid>
            {rooms.map((room) => (
              <RoomCard key={room.id} room={room} />
            ))}
          </RoomGrid>
          <Pager
            page={page}
            pages={pages}
            href={(p) => (p > 1 ? `${filtered}&page=${p}` : filtered)}
            className="mt-4"
          />
        </>
      ) : (
        <EmptyState
          icon={Tv}
          title={t(`empty.${filter}`)}
          hint={t('emptyHint')}
          action={
            <Link href="/member?type=7" className="text-sm font-medium text-brand-600 hover:underline">
              {t('becomeAnchor')}
            </Link>
          }
        />
      )}
    </div>
  );
}
