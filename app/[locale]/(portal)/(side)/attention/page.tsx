// /attention (spec §2): the anchors the signed-in user follows, live ones first (each can be unfollowed
// in place), and below them the rooms they watched lately (three months of history, spec §5).
import { HeartOff, History, Trash2 } from 'lucide-react';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { LoginButton } from '@/components/accounts/login-button';
import { FollowedAnchors } from '@/components/live/followed-anchors';
import { RoomCard, RoomGrid } from '@/components/live/room-card';
import { EmptyState } from '@/components/ui/empty-state';
import { PostButton } from '@/components/ui/post-button';
import { currentUser } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { screenMetadata } from '@/lib/i18n/metadata';
import type { Locale } from '@/lib/i18n/routing';
import { followedAnchors } from '@/lib/live/follows';
import { watchedRooms } from '@/lib/live/history';

type Props = { params: Promise<{ locale: Locale }> };

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'attention', '/attention');
}

export default async function AttentionPage({ params }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const t = await getTranslations('rooms');
  const user = await currentUser();
  const [followed, watched] = user
    ? await Promise.all([followedAnchors(getDb(), user.id), watchedRooms(getDb(), user.id, new Date(), 20)])
    : [[], []];
  return (
    <div className="px-6 py-6">
      <h1 className="mb-5 text-xl font-semibold text-ink-900">{t('attentionTitle')}</h1>
      {!user ? (
        <EmptyState
          icon={HeartOff}
          title={t('attentionGuestTitle')}
          hint={t('attentionGuestHint')}
          action={
            <LoginButton
              label={t('login')}
              className="h-9 rounded-md bg-brand-500 px-4 text-sm font-medium text-white hover:bg-brand-600"
            />
          }
        />
      ) : (
        <FollowedAnchors followed={followed} />
      )}
      {user ? (
        <section aria-labelledby="watched-title" className="mt-10" data-testid="watch-history">
          <div className="mb-4 flex items-center justify-between">
            <h2 id="watched-title" className="flex items-center gap-2 text-lg font-semibold text-ink-900">
              <History aria-hidden className="size-5 text-ink-500" />
              {t('historyTitle')}
            </h2>
            {watched.length ? (
              // Empties the watch history, then shows the page again without it (a refusal is toasted).
              <PostButton
                path="api/User/watchlistDelete"
                success={t('historyCleared')}
                className="inline-flex h-8 items-center gap-1.5 rounded-md px-2.5 text-sm text-ink-500 hover:bg-canvas hover:text-ink-900 disabled:opacity-50"
              >
                <Trash2 aria-hidden className="size-4" />
                {t('historyClear')}
              </PostButton>
            ) : null}
          </div>
          {watched.length ? (
            <RoomGrid>
              {watched.map((room) => (
                <RoomCard key={room.id} room={room} />
              ))}
            </RoomGrid>
          ) : (
            <p className="rounded-xl border border-dashed border-line px-5 py-6 text-sm text-ink-500">
              {t('historyEmpty')}
            </p>
          )}
        </section>
      ) : null}
    </div>
  );
}
