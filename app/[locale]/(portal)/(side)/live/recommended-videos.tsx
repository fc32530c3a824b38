// Recommended videos (推荐视频): replays of this anchor and of rooms of the same category, from the
// recommendation service; each opens the replay in its room.
import { Clapperboard, Eye } from 'lucide-react';
import { getFormatter, getTranslations } from 'next-intl/server';
import { SidePanel, SidePanelEmpty } from '@/components/live/side-panel';
import { getDb } from '@/lib/db';
import { Link } from '@/lib/i18n/navigation';
import { recommendVideos } from '@/lib/live/recommendations';
import { formatDuration } from './format-duration';

const SHOWN = 6;

export async function RecommendedVideos({ roomId, exclude }: { roomId: number; exclude: number | null }) {
  const [videos, t, format] = await Promise.all([
    recommendVideos(getDb(), roomId, { limit: SHOWN, exclude, now: new Date() }),
    getTranslations('liveExtras.videos'),
    getFormatter(),
  ]);
  return (
    <SidePanel
      id="recommended-videos-title"
      title={t('title')}
      icon={Clapperboard}
      testId="recommended-videos"
    >
      {videos.length === 0 ? (
        <SidePanelEmpty title={t('empty')} hint={t('emptyHint')} />
      ) : (
        <ul className="flex flex-col gap-1 p-2">
          {videos.map((video) => (
            <li key={video.broadcast_id}>
              <Link
                href={video.href}
                className="flex gap-3 rounded-lg p-2 hover:bg-canvas"
                data-testid="recommended-video"
              >
                <span className="relative aspect-[135/76] w-28 shrink-0 overflow-hidden rounded-md bg-night-2">
                  <img
                    src={video.cover ?? video.anchor.avatar}
                    alt=""
                    loading="lazy"
                    className={video.cover ? 'size-full object-cover' : 'mx-auto h-full object-contain p-2'}
                  />
                  <span className="absolute right-1 bottom-1 rounded bg-night/80 px-1 text-[11px] text-white tabular-nums">
                    {formatDuration(video.duration_seconds)}
                  </span>
                </span>
                <span className="flex min-w-0 flex-1 flex-col">
                  <span className="line-clamp-2 text-sm font-medium leading-5 text-ink-900">
                    {video.title || t('untitled')}
                  </span>
                  <span className="mt-auto truncate text-xs text-ink-500">{video.anchor.nickname}</span>
                  <span className="flex items-center gap-2 text-xs text-ink-500 tabular-nums">
                    <span>{format.dateTime(video.started_at, { month: 'short', day: 'numeric' })}</span>
                    {video.peak_viewers ? (
                      <span className="inline-flex items-center gap-0.5">
                        <Eye aria-hidden className="size-3" />
                        {t('views', { count: video.peak_viewers })}
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
