// Recommended videos (推荐视频): published videos — this anchor's first, then the most popular — and the
// replays of this anchor and of rooms of the same category from the recommendation service. Videos
// open /video-player, replays open in their room.
import { Clapperboard, Eye } from 'lucide-react';
import { getLocale, getTranslations } from 'next-intl/server';
import { SidePanel, SidePanelEmpty } from '@/components/live/side-panel';
import { LocalTime } from '@/components/ui/local-time';
import { formatDuration } from '@/components/videos/format-duration';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { recommendVideos } from '@/lib/live/recommendations';
import { findRoom } from '@/lib/live/service';
import { videoPlayerPath } from '@/lib/videos/links';
import { listVideos } from '@/lib/videos/service';

const SHOWN = 6;
/** Replays keep at least this many places when there are any, so published videos never crowd them out. */
const REPLAY_PLACES = 2;

type Item = {
  key: string;
  href: string;
  title: string;
  cover: string | null;
  fallback: string;
  seconds: number;
  nickname: string;
  date: Date;
  count: string | null;
  testId: string;
};

async function publishedVideos(roomId: number, locale: Locale) {
  const db = getDb();
  const room = await findRoom(db, roomId);
  if (!room) return [];
  const [own, popular] = await Promise.all([
    listVideos(db, locale, { sort: 'hot', authorId: room.anchorId, page: 1, size: SHOWN }),
    listVideos(db, locale, { sort: 'hot', page: 1, size: SHOWN * 2 }),
  ]);
  const seen = new Set(own.list.map((video) => video.id));
  return [...own.list, ...popular.list.filter((video) => !seen.has(video.id))].slice(0, SHOWN);
}

export async function RecommendedVideos({ roomId, exclude }: { roomId: number; exclude: number | null }) {
  const locale = (await getLocale()) as Locale;
  const [replays, videos, t, tVideos] = await Promise.all([
    recommendVideos(getDb(), roomId, { limit: SHOWN, exclude, now: new Date() }),
    publishedVideos(roomId, locale),
    getTranslations('liveExtras.videos'),
    getTranslations('videos'),
  ]);
  const replaysShown = Math.min(replays.length, Math.max(REPLAY_PLACES, SHOWN - videos.length));
  const items: Item[] = [
    ...videos.slice(0, SHOWN - replaysShown).map((video) => ({
      key: `v${video.id}`,
      href: videoPlayerPath(video.id),
      title: video.title,
      cover: video.poster,
      fallback: video.author.avatar,
      seconds: Math.round(video.duration_s),
      nickname: video.author.nickname,
      date: video.published_at,
      count: video.views ? tVideos('views', { count: video.views }) : null,
      testId: 'recommended-published-video',
    })),
    ...replays.slice(0, replaysShown).map((video) => ({
      key: `r${video.broadcast_id}`,
      href: video.href,
      title: video.title || t('untitled'),
      cover: video.cover,
      fallback: video.anchor.avatar,
      seconds: video.duration_seconds,
      nickname: video.anchor.nickname,
      date: video.started_at,
      count: video.peak_viewers ? t('views', { count: video.peak_viewers }) : null,
      testId: 'recommended-video',
    })),
  ];
  return (
    <SidePanel
      id="recommended-videos-title"
      title={t('title')}
      icon={Clapperboard}
      testId="recommended-videos"
    >
      {items.length === 0 ? (
        <SidePanelEmpty title={t('empty')} hint={t('emptyHint')} />
      ) : (
        <ul className="flex flex-col gap-1 p-2">
          {items.map((item) => (
            <li key={item.key}>
              <Link
                href={item.href}
                className="flex gap-3 rounded-lg p-2 hover:bg-canvas"
                data-testid={item.testId}
              >
                <span className="relative aspect-[135/76] w-28 shrink-0 overflow-hidden rounded-md bg-night-2">
                  <img
                    src={item.cover ?? item.fallback}
                    alt=""
                    loading="lazy"
                    className={item.cover ? 'size-full object-cover' : 'mx-auto h-full object-contain p-2'}
                  />
                  <span className="absolute right-1 bottom-1 rounded bg-night/80 px-1 text-[11px] text-white tabular-nums">
                    {formatDuration(item.seconds)}
                  </span>
                </span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="line-clamp-2 text-sm font-medium leading-5 text-ink-900">
                    {item.title}
                  </span>
                  <span className="mt-auto truncate text-xs text-ink-500" title={item.nickname}>
                    {item.nickname}
                  </span>
                  <span className="flex items-center gap-2 text-xs text-ink-500 tabular-nums">
                    <span>
                      <LocalTime at={item.date} style="shortMonthDay" />
                    </span>
                    {item.count ? (
                      <span className="inline-flex items-center gap-0.5">
                        <Eye aria-hidden className="size-3" />
                        {item.count}
                      </span>
                    ) : null}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </SidePanel>
  );
}
