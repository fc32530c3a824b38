// /persona?uid=&tab= (spec §2): a user's personal space — public profile, follow and fan counts, the
// follow button for streamers, and tabs (links) for their posts (lib/posts, the feed of the live
// room's 主播动态), their videos (lib/videos), the streamers they follow and their fans. An unknown
// uid is the 404 page.
import { BadgeCheck, Film, HeartHandshake, PenLine, Radio, Users } from 'lucide-react';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { FollowButton } from '@/components/live/follow-button';
import { EmptyState } from '@/components/ui/empty-state';
import { VideoGrid } from '@/components/videos/video-card';
import { avatarOf } from '@/lib/accounts/avatars';
import { currentUser } from '@/lib/accounts/current-user';
import { levelIconUrl } from '@/lib/accounts/level';
import { getPublicProfile } from '@/lib/accounts/profile-service';
import { NotFoundError } from '@/lib/api/errors';
import { cn } from '@/lib/cn';
import { getDb } from '@/lib/db';
import { screenMetadata } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { fansOf, followedAnchors, followerCount, followingCount, isFollowing } from '@/lib/live/follows';
import { findRoomOfAnchor } from '@/lib/live/service';
import { listVideos } from '@/lib/videos/service';
import { AnchorPosts } from '../(side)/live/anchor-posts';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ uid?: string; tab?: string }> };

const TABS = ['posts', 'videos', 'follows', 'fans'] as const;
type Tab = (typeof TABS)[number];
/** People shown in the follows and fans lists. */
const LIST_LIMIT = 60;
/** Videos shown on the videos tab, newest first. */
const VIDEO_LIMIT = 24;

export async function generateMetadata({ params }: Props) {
  return screenMetadata((await params).locale, 'persona', '/persona');
}

async function profileOf(uid: string | undefined) {
  const id = Number(uid);
  if (!Number.isSafeInteger(id) || id <= 0) notFound();
  try {
    return await getPublicProfile(getDb(), id);
  } catch (error) {
    if (error instanceof NotFoundError) notFound();
    throw error;
  }
}

export default async function PersonaPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const query = await searchParams;
  const profile = await profileOf(query.uid);
  const tab: Tab = TABS.includes(query.tab as Tab) ? (query.tab as Tab) : 'posts';
  const db = getDb();
  const viewer = await currentUser();
  const [t, messages, follows, fans, followed, room, ownVideos] = await Promise.all([
    getTranslations('persona'),
    getMessages(),
    followingCount(db, profile.id),
    profile.isAnchor ? followerCount(db, profile.id) : 0,
    viewer && profile.isAnchor && viewer.id !== profile.id ? isFollowing(db, viewer.id, profile.id) : false,
    profile.isAnchor ? findRoomOfAnchor(db, profile.id) : null,
    listVideos(db, locale, { sort: 'new', authorId: profile.id, page: 1, size: VIDEO_LIMIT }),
  ]);
  const own = viewer?.id === profile.id;
  const tabHref = (target: Tab) => `/persona?uid=${profile.id}${target === 'posts' ? '' : `&tab=${target}`}`;
  const tabLabel = {
    posts: t('posts'),
    videos: `${t('videos')} ${ownVideos.total}`,
    follows: `${t('follows')} ${follows}`,
    fans: `${t('fans')} ${fans}`,
  };

  return (
    <div className="mx-auto w-full max-w-[1200px] px-3 py-4 sm:px-6 sm:py-8">
      <section className="flex flex-wrap items-center gap-4 rounded-2xl bg-gradient-to-r from-night via-night-2 to-brand-700 p-5 text-white sm:flex-nowrap sm:gap-6 sm:p-8">
        <img
          src={profile.avatar}
          alt=""
          width={96}
          height={96}
          className="size-16 shrink-0 rounded-full bg-white/10 ring-4 ring-white/20 sm:size-24"
        />
        <div className="min-w-0 flex-1 basis-40">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="max-w-full truncate text-xl font-bold sm:text-2xl" title={profile.nickname}>
              {profile.nickname}
            </h1>
            <img
              src={levelIconUrl(profile.level)}
              alt={t('level', { level: profile.level })}
              width={44}
              height={18}
            />
            {profile.isAnchor && (
              <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-brand-500 px-2.5 py-0.5 text-xs font-medium whitespace-nowrap">
                <BadgeCheck aria-hidden className="size-3.5" />
                {t('anchor')}
              </span>
            )}
          </div>
          <p className="mt-2 text-sm text-white/70">{profile.signature || t('noSignature')}</p>
          <p className="mt-1 text-xs text-white/60" data-testid="persona-stats">
            {t('id', { id: profile.id })} · {t('stats', { follows, fans })}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap items-center gap-2">
          {room ? (
            <Link
              href={`/live?id=${room.id}`}
              className="inline-flex h-9 items-center gap-1.5 rounded-md bg-white/10 px-4 text-sm hover:bg-white/20"
            >
              <Radio aria-hidden className="size-4" />
              {room.status === 'live' ? t('live') : t('enterRoom')}
            </Link>
          ) : null}
          {profile.isAnchor && !own ? (
            <NextIntlClientProvider messages={{ live: messages.live }}>
              <FollowButton anchorId={profile.id} initialFollowed={followed} initialFans={fans} />
            </NextIntlClientProvider>
          ) : null}
          {own && (
            <Link
              href="/member?type=1"
              className="inline-flex h-9 items-center gap-1.5 rounded-md bg-white/10 px-4 text-sm hover:bg-white/20"
            >
              <PenLine aria-hidden className="size-4" />
              {t('edit')}
            </Link>
          )}
        </div>
      </section>

      <nav aria-label={t('tabsLabel')} className="mt-6 flex gap-1 overflow-x-auto border-b border-line">
        {TABS.map((target) => (
          <Link
            key={target}
            href={tabHref(target)}
            aria-current={target === tab ? 'page' : undefined}
            className={cn(
              '-mb-px border-b-2 px-3 py-2.5 text-sm whitespace-nowrap sm:px-4',
              target === tab
                ? 'border-brand-500 font-semibold text-brand-600'
                : 'border-transparent text-ink-700 hover:text-brand-600',
            )}
          >
            {tabLabel[target]}
          </Link>
        ))}
      </nav>

      <div className="mt-5">
        {tab === 'posts' ? (
          profile.isAnchor ? (
            <AnchorPosts anchorId={profile.id} />
          ) : (
            <EmptyState icon={PenLine} title={t('noPosts')} hint={t('noPostsHint')} />
          )
        ) : tab === 'videos' ? (
          ownVideos.total === 0 ? (
            <EmptyState
              icon={Film}
              title={t('noVideos')}
              hint={profile.isAnchor ? t('noVideosHint') : t('notAnchorVideosHint')}
            />
          ) : (
            <div data-testid="persona-videos">
              <VideoGrid videos={ownVideos.list} />
              {ownVideos.total > VIDEO_LIMIT ? (
                <p className="mt-4 text-center text-xs text-ink-500">
                  {t('videosCap', { count: VIDEO_LIMIT, total: ownVideos.total })}
                </p>
              ) : null}
            </div>
          )
        ) : tab === 'follows' ? (
          <FollowsList userId={profile.id} />
        ) : profile.isAnchor ? (
          <FansList anchorId={profile.id} />
        ) : (
          <EmptyState icon={Users} title={t('notAnchorFans')} hint={t('notAnchorFansHint')} />
        )}
      </div>
    </div>
  );
}

const PERSON =
  'flex items-center gap-3 rounded-lg border border-line bg-surface p-3 transition-colors hover:border-brand-400';

async function FollowsList({ userId }: { userId: number }) {
  const [t, rows] = await Promise.all([
    getTranslations('persona'),
    followedAnchors(getDb(), userId).limit(LIST_LIMIT),
  ]);
  if (rows.length === 0)
    return <EmptyState icon={HeartHandshake} title={t('noFollows')} hint={t('noFollowsHint')} />;
  return (
    <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="persona-follows">
      {rows.map((row) => (
        <li key={row.anchorId}>
          <Link href={`/persona?uid=${row.anchorId}`} className={PERSON}>
            <img
              src={avatarOf({ id: row.anchorId, avatar: row.avatar })}
              alt=""
              width={44}
              height={44}
              className="size-11 rounded-full bg-canvas"
            />
            <span className="min-w-0 flex-1">
              <span className="block truncate font-medium text-ink-900" title={row.nickname}>
                {row.nickname}
              </span>
              <span className="block truncate text-sm text-ink-500" title={row.title ?? ''}>
                {row.title ?? ''}
              </span>
            </span>
            {row.status === 'live' ? (
              <span className="rounded bg-red-600 px-1.5 py-0.5 text-[11px] font-medium text-white">
                {t('live')}
              </span>
            ) : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

async function FansList({ anchorId }: { anchorId: number }) {
  const [t, rows] = await Promise.all([getTranslations('persona'), fansOf(getDb(), anchorId, LIST_LIMIT)]);
  if (rows.length === 0) return <EmptyState icon={Users} title={t('noFans')} hint={t('noFansHint')} />;
  return (
    <>
      <ul className="grid grid-cols-1 gap-3 md:grid-cols-2 xl:grid-cols-3" data-testid="persona-fans">
        {rows.map((row) => (
          <li key={row.id}>
            <Link href={`/persona?uid=${row.id}`} className={PERSON}>
              <img
                src={avatarOf(row)}
                alt=""
                width={44}
                height={44}
                className="size-11 rounded-full bg-canvas"
              />
              <span className="min-w-0 flex-1">
                <span className="block truncate font-medium text-ink-900" title={row.nickname}>
                  {row.nickname}
                </span>
                <span className="block truncate text-sm text-ink-500" title={row.signature}>
                  {row.signature}
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
      {rows.length === LIST_LIMIT ? (
        <p className="mt-3 text-center text-xs text-ink-500">{t('listCap', { count: LIST_LIMIT })}</p>
      ) : null}
    </>
  );
}
