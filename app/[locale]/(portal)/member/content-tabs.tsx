// The user centre's tabs that gather what the user keeps elsewhere: follows (3), collection (4),
// bookings (6) and the message centre (10). Each reads through the services on the server and reuses
// the components of the page where the thing lives (/attention, /reserve, the video player, the message
// centre), with their actions in place: unfollow, cancel a booking, unfavourite, open and mark read.
import { Film, MessageCircle, Star, Trophy } from 'lucide-react';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { type NoticePage, NoticesPanel } from '@/components/im/notices-panel';
import { Bookings } from '@/components/live/bookings';
import { FollowedAnchors } from '@/components/live/followed-anchors';
import { EmptyState } from '@/components/ui/empty-state';
import { VideoGrid } from '@/components/videos/video-card';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { listNotices } from '@/lib/im/notices';
import { followedAnchors } from '@/lib/live/follows';
import { userBookings } from '@/lib/live/reservations';
import { favouriteMatches } from '@/lib/scores/live-service';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { favoriteVideos } from '@/lib/videos/service';
import { VideoActions } from '../video-player/video-actions';
import { FavouriteMatchButton } from './favourite-match-button';
import { SectionCard } from './section-card';

export async function FollowsTab({ userId }: { userId: number }) {
  return <FollowedAnchors followed={await followedAnchors(getDb(), userId)} />;
}

export async function BookingsTab({ userId, now }: { userId: number; now: Date }) {
  const locale = (await getLocale()) as Locale;
  return <Bookings booked={await userBookings(getDb(), userId, locale, now)} />;
}

/** Favourite videos (the video player's star) and starred matches (the scores pages' star). */
export async function CollectionTab({ userId }: { userId: number }) {
  const locale = (await getLocale()) as Locale;
  const [videos, matches, t, tScores, times, messages] = await Promise.all([
    favoriteVideos(getDb(), userId, locale),
    favouriteMatches(getDb(), userId, locale),
    getTranslations('member.collection'),
    getTranslations('scores'),
    getTimeFormat(),
    getMessages(),
  ]);
  if (videos.length === 0 && matches.length === 0) {
    return (
      <EmptyState
        icon={Star}
        title={t('emptyTitle')}
        hint={t('emptyHint')}
        action={
          <span className="flex gap-4 text-sm font-medium">
            <Link href="/video-list" className="text-brand-600 hover:underline">
              {t('browseVideos')}
            </Link>
            <Link href="/football" className="text-brand-600 hover:underline">
              {t('browseMatches')}
            </Link>
          </span>
        }
      />
    );
  }
  const labels = { favourite: tScores('favourite'), unfavourite: tScores('unfavourite') };
  return (
    <div className="space-y-5">
      <SectionCard id="collection-videos" icon={Film} title={t('videos', { count: videos.length })}>
        {videos.length ? (
          <NextIntlClientProvider messages={{ videos: messages.videos, posts: messages.posts }}>
            <div data-testid="favourite-videos">
              <VideoGrid
                videos={videos}
                columns={3}
                action={(video) => (
                  <VideoActions
                    id={video.id}
                    liked={video.liked}
                    likes={video.likes}
                    favorited
                    favorites={video.favorites}
                  />
                )}
              />
            </div>
          </NextIntlClientProvider>
        ) : (
          <p className="text-sm text-ink-500">
            {t('noVideos')}{' '}
            <Link href="/video-list" className="font-medium text-brand-600 hover:underline">
              {t('browseVideos')}
            </Link>
          </p>
        )}
      </SectionCard>
      <SectionCard
        id="collection-matches"
        icon={Trophy}
        title={t('matches', { count: matches.length })}
        times={matches.length > 0}
      >
        {matches.length ? (
          <ul data-testid="favourite-matches" className="-mx-2">
            {matches.map((match) => (
              <li
                key={match.id}
                data-testid="collection-match"
                data-match-id={match.id}
                className="flex items-center gap-4 border-b border-line px-2 py-3 last:border-0"
              >
                <time
                  dateTime={match.kickoffAt}
                  title={times.title(match.kickoffAt) || undefined}
                  className="w-28 shrink-0 text-sm font-semibold text-ink-900 tabular-nums"
                >
                  {times.dateTime(new Date(match.kickoffAt), {
                    month: 'short',
                    day: 'numeric',
                    hour: '2-digit',
                    minute: '2-digit',
                  })}
                </time>
                <div className="min-w-0 flex-1">
                  <Link
                    href={`/score-detail?id=${match.id}`}
                    className="block truncate text-sm text-ink-900 hover:text-brand-600"
                    title={`${match.home.name} – ${match.away.name}`}
                  >
                    {match.home.name}
                    <span className="mx-2 font-semibold tabular-nums">
                      {match.score && match.status !== 'not_started'
                        ? `${match.score[0]} - ${match.score[1]}`
                        : 'vs'}
                    </span>
                    {match.away.name}
                  </Link>
                  <p className="truncate text-xs text-ink-500">
                    {match.competitionName} ·{' '}
                    {match.status === 'live'
                      ? t('live')
                      : match.status === 'not_started'
                        ? tScores('status.notStarted')
                        : match.status === 'finished'
                          ? tScores('status.finished')
                          : tScores('status.abnormal')}
                  </p>
                </div>
                <FavouriteMatchButton matchId={match.id} sport={match.sport} labels={labels} />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-500">
            {t('noMatches')}{' '}
            <Link href="/football" className="font-medium text-brand-600 hover:underline">
              {t('browseMatches')}
            </Link>
          </p>
        )}
      </SectionCard>
    </div>
  );
}

/** The message centre with its first page read here; private messages open on /chat-chat. */
export async function MessagesTab({ userId }: { userId: number }) {
  const [first, t, messages] = await Promise.all([
    listNotices(getDb(), userId, {}),
    getTranslations('member.messages'),
    getMessages(),
  ]);
  const initial = {
    ...first,
    list: first.list.map((notice) => ({ ...notice, created_at: notice.created_at.toISOString() })),
  };
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between gap-3 rounded-xl border border-line bg-surface px-5 py-3">
        <p className="flex items-center gap-2 text-sm text-ink-700">
          <MessageCircle aria-hidden className="size-4 text-brand-500" />
          {t('privateHint')}
        </p>
        <Link href="/chat-chat" className="shrink-0 text-sm font-medium text-brand-600 hover:underline">
          {t('openChats')}
        </Link>
      </div>
      <div className="flex h-[560px] flex-col overflow-hidden rounded-xl border border-line bg-surface">
        <NextIntlClientProvider messages={{ im: messages.im }}>
          <NoticesPanel initial={initial as NoticePage} />
        </NextIntlClientProvider>
      </div>
    </div>
  );
}
