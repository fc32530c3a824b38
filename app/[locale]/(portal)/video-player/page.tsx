// /video-player?id= (spec §2): the video in video.js, its counters, like and favourite, the
// description, comments with likes and replies, and the anchor's other works. Server-rendered with a
// VideoObject for search engines; the player and the thread load after the page.
import { CalendarDays, Eye, Film, MessageSquare } from 'lucide-react';
import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages, getTranslations, setRequestLocale } from 'next-intl/server';
import { Footer } from '@/components/layout/footer';
import { PostComments } from '@/components/posts/post-comments';
import { JsonLd } from '@/components/seo/json-ld';
import { Tombstone as TombstonePage } from '@/components/ui/tombstone';
import { useReadReason } from '@/components/ui/use-read-reason';
import { ZoneHint } from '@/components/ui/zone-hint';
import { VideoRow } from '@/components/videos/video-card';
import { currentUser } from '@/lib/accounts/current-user';
import { getDb } from '@/lib/db';
import { absoluteUrl, alternatesOf, productName, siteOrigin } from '@/lib/i18n/metadata';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { getTimeFormat } from '@/lib/time/viewer-zone';
import { classifyHref, videoPlayerPath } from '@/lib/videos/links';
import { videoOfRequest } from '@/lib/videos/page-data';
import { listVideos, type VideoDetail } from '@/lib/videos/service';
import { VideoActions } from './video-actions';
import { VideoStage } from './video-stage';

type Props = { params: Promise<{ locale: Locale }>; searchParams: Promise<{ id?: string }> };

const OTHER_WORKS = 8;
/** A video's comments go through the video calls (lib/posts' thread behind them). */
const VIDEO_COMMENT_CALLS = {
  list: 'api/Video/commentList',
  comment: 'api/Video_user/comment',
  commentLikes: 'api/Video_user/commentLikes',
} as const;

/** ISO 8601 duration (`PT1M5S`) for the VideoObject. */
const isoDuration = (seconds: number) => {
  const total = Math.max(1, Math.round(seconds));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  return `PT${h ? `${h}H` : ''}${m ? `${m}M` : ''}${s ? `${s}S` : ''}`;
};

const summaryOf = (video: { description: string; title: string }) =>
  (video.description || video.title).slice(0, 160);

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale } = await params;
  const { id } = await searchParams;
  const video = await videoOfRequest(id, locale);
  if (!video) return { title: (await getTranslations({ locale, namespace: 'meta' }))('notFound') };
  if (video === 'removed')
    return {
      title: (await getTranslations({ locale, namespace: 'videos' }))('tombstone'),
      robots: { index: false },
    };
  const alternates = alternatesOf(locale, videoPlayerPath(video.id));
  const poster = video.poster ? new URL(video.poster, siteOrigin()).href : undefined;
  return {
    title: video.title,
    description: summaryOf(video),
    alternates,
    openGraph: {
      type: 'video.other',
      title: video.title,
      description: summaryOf(video),
      url: alternates.canonical,
      siteName: await productName(locale),
      locale: locale.replace('-', '_'),
      ...(poster ? { images: [poster] } : {}),
      ...(video.kind === 'file' ? { videos: [new URL(video.src, siteOrigin()).href] } : {}),
    },
    twitter: {
      card: poster ? 'summary_large_image' : 'summary',
      title: video.title,
      description: summaryOf(video),
    },
  };
}

/** What others meet where staff took the video down (its author still sees it, marked). */
async function Tombstone({ locale }: { locale: Locale }) {
  const [t, name] = await Promise.all([getTranslations('videos'), productName(locale)]);
  return (
    <TombstonePage
      title={t('tombstone')}
      hint={t('tombstoneHint')}
      back={t('backToList')}
      href="/video-list"
      productName={name}
      testId="video-tombstone"
    />
  );
}

/** The author's (and moderators') line above a video others cannot see: waiting, refused or removed. */
function ReviewNotice({
  review,
  t,
}: {
  review: NonNullable<VideoDetail['review']>;
  t: Awaited<ReturnType<typeof getTranslations<'videos'>>>;
}) {
  const readReason = useReadReason();
  if (review.status === 'approved') return null;
  const status = review.removed ? 'removed' : review.status;
  return (
    <p
      className="flex flex-wrap items-center gap-2 border-b border-line bg-canvas px-6 py-2.5 text-sm text-ink-700"
      data-testid="video-review-notice"
    >
      <span
        className={`rounded px-1.5 text-xs leading-5 ${status === 'pending' ? 'bg-brand-50 text-brand-700' : 'bg-surface text-live'}`}
        data-testid="video-review-status"
        data-status={status}
      >
        {t(`reviewStatus.${status}`)}
      </span>
      {status === 'pending'
        ? t('pendingNotice')
        : t(status === 'removed' ? 'removedNotice' : 'rejectedNotice', { reason: readReason(review.reason) })}
    </p>
  );
}

export default async function VideoPlayerPage({ params, searchParams }: Props) {
  const { locale } = await params;
  setRequestLocale(locale);
  const { id } = await searchParams;
  const video = await videoOfRequest(id, locale);
  if (!video) notFound();
  if (video === 'removed') return <Tombstone locale={locale} />;
  const db = getDb();
  const [t, times, name, messages, viewer, works] = await Promise.all([
    getTranslations('videos'),
    getTimeFormat(),
    productName(locale),
    getMessages(),
    currentUser(),
    listVideos(db, locale, {
      sort: 'new',
      authorId: video.author.id,
      excludeId: video.id,
      page: 1,
      size: OTHER_WORKS,
    }),
  ]);
  const origin = siteOrigin();

  return (
    <>
      <JsonLd
        data={{
          '@context': 'https://schema.org',
          '@type': 'VideoObject',
          name: video.title,
          description: summaryOf(video),
          uploadDate: video.published_at.toISOString(),
          duration: isoDuration(video.duration_s),
          ...(video.poster ? { thumbnailUrl: [new URL(video.poster, origin).href] } : {}),
          contentUrl: new URL(video.src, origin).href,
          embedUrl: absoluteUrl(locale, videoPlayerPath(video.id)),
          genre: video.category.name,
          author: { '@type': 'Person', name: video.author.nickname },
          publisher: {
            '@type': 'Organization',
            name,
            logo: { '@type': 'ImageObject', url: `${origin}/icon.svg` },
          },
          interactionStatistic: [
            {
              '@type': 'InteractionCounter',
              interactionType: { '@type': 'WatchAction' },
              userInteractionCount: video.views,
            },
            {
              '@type': 'InteractionCounter',
              interactionType: { '@type': 'LikeAction' },
              userInteractionCount: video.likes,
            },
            {
              '@type': 'InteractionCounter',
              interactionType: { '@type': 'CommentAction' },
              userInteractionCount: video.comments,
            },
          ],
        }}
      />
      <div className="mx-auto grid w-full max-w-[1400px] grid-cols-1 gap-5 px-6 py-6 layout:grid-cols-[minmax(0,1fr)_340px]">
        <div className="flex min-w-0 flex-col gap-5">
          <article
            className="overflow-hidden rounded-xl border border-line bg-surface"
            data-testid="video-article"
          >
            <NextIntlClientProvider locale={locale} messages={{ videos: messages.videos }}>
              <VideoStage
                id={video.id}
                src={video.src}
                kind={video.kind}
                poster={video.poster}
                failedText={t('playFailed')}
              />
            </NextIntlClientProvider>
            {video.review ? <ReviewNotice review={video.review} t={t} /> : null}
            <div className="px-6 py-4">
              <h1 className="text-xl font-bold leading-8 text-ink-900 break-words" data-testid="video-title">
                {video.title}
              </h1>
              <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-ink-500">
                <span className="inline-flex items-center gap-1 tabular-nums" data-testid="video-views">
                  <Eye aria-hidden className="size-3.5" />
                  {t('views', { count: video.views })}
                </span>
                <span className="inline-flex items-center gap-1 tabular-nums">
                  <MessageSquare aria-hidden className="size-3.5" />
                  {t('commentsCount', { count: video.comments })}
                </span>
                <time
                  dateTime={video.published_at.toISOString()}
                  title={times.title(video.published_at) || undefined}
                  className="inline-flex items-center gap-1 tabular-nums"
                >
                  <CalendarDays aria-hidden className="size-3.5" />
                  {times.dateTime(video.published_at, 'dateTime')}
                </time>
                <ZoneHint />
                <Link
                  href={classifyHref(video.category)}
                  className="rounded bg-canvas px-2 py-0.5 text-ink-700 hover:text-brand-600"
                >
                  {video.category.name}
                </Link>
                {video.kind === 'hls' ? (
                  <span className="rounded bg-brand-50 px-2 py-0.5 text-brand-600">{t('fromReplay')}</span>
                ) : null}
                <div className="ml-auto">
                  <NextIntlClientProvider
                    locale={locale}
                    messages={{ posts: messages.posts, videos: messages.videos }}
                  >
                    <VideoActions
                      id={video.id}
                      liked={video.liked}
                      likes={video.likes}
                      favorited={video.favorited}
                      favorites={video.favorites}
                    />
                  </NextIntlClientProvider>
                </div>
              </div>
              {video.description ? (
                <p
                  className="mt-3 whitespace-pre-line break-words border-t border-line pt-3 text-sm leading-6 text-ink-700"
                  data-testid="video-description"
                >
                  {video.description}
                </p>
              ) : null}
            </div>
          </article>
          {video.review && video.review.status !== 'approved' ? null : (
            <section
              aria-labelledby="video-comments"
              className="rounded-xl border border-line bg-surface px-6 py-5"
            >
              <h2 id="video-comments" className="mb-3 font-semibold text-ink-900">
                {t('comments')}
              </h2>
              <NextIntlClientProvider
                locale={locale}
                messages={{ posts: messages.posts, moderation: messages.moderation }}
              >
                <PostComments id={video.id} viewerId={viewer?.id ?? null} endpoints={VIDEO_COMMENT_CALLS} />
              </NextIntlClientProvider>
            </section>
          )}
        </div>
        <aside className="flex flex-col gap-5">
          <section className="rounded-xl border border-line bg-surface p-4" data-testid="video-author">
            <Link
              href={`/persona?uid=${video.author.id}&tab=videos`}
              className="group flex items-center gap-3"
            >
              <img
                src={video.author.avatar}
                alt=""
                width={44}
                height={44}
                className="size-11 rounded-full border border-line bg-canvas"
              />
              <div className="min-w-0">
                <p
                  className="truncate font-medium text-ink-900 group-hover:text-brand-600"
                  title={video.author.nickname}
                >
                  {video.author.nickname}
                </p>
                <p className="text-xs text-ink-500 tabular-nums">
                  {t('worksCount', { count: works.total + 1 })}
                </p>
              </div>
            </Link>
          </section>
          <section
            aria-labelledby="anchor-works-title"
            className="rounded-xl border border-line bg-surface"
            data-testid="anchor-works"
          >
            <header className="flex h-12 items-center gap-2 border-b border-line px-4">
              <Film aria-hidden className="size-[18px] text-brand-500" strokeWidth={1.8} />
              <h2 id="anchor-works-title" className="font-semibold text-ink-900">
                {t('otherWorks')}
              </h2>
            </header>
            {works.list.length ? (
              <ul className="flex flex-col p-2">
                {works.list.map((work) => (
                  <li key={work.id}>
                    <VideoRow video={work} />
                  </li>
                ))}
              </ul>
            ) : (
              <p className="px-4 py-8 text-center text-sm text-ink-500">{t('noOtherWorks')}</p>
            )}
          </section>
        </aside>
      </div>
      <Footer productName={name} />
    </>
  );
}
