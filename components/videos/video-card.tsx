// A video in a grid or a side list: poster with its length, title, anchor and views. Server markup,
// no client code; every card opens /video-player.
import { Eye, Film } from 'lucide-react';
import { getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { cn } from '@/lib/cn';
import { Link } from '@/lib/i18n/navigation';
import { videoPlayerPath } from '@/lib/videos/links';
import type { VideoView } from '@/lib/videos/service';
import { formatDuration } from './format-duration';

type Card = Pick<VideoView, 'id' | 'title' | 'poster' | 'duration_s' | 'views' | 'author' | 'category'>;

function Poster({ video, className }: { video: Card; className?: string }) {
  return (
    <span className={cn('relative block aspect-video overflow-hidden rounded-lg bg-night-2', className)}>
      {video.poster ? (
        <img src={video.poster} alt="" loading="lazy" className="size-full object-cover" />
      ) : (
        <Film aria-hidden className="absolute inset-0 m-auto size-8 text-white/40" strokeWidth={1.5} />
      )}
      <span className="absolute right-1.5 bottom-1.5 rounded bg-night/80 px-1.5 text-[11px] leading-5 text-white tabular-nums">
        {formatDuration(Math.round(video.duration_s))}
      </span>
    </span>
  );
}

export async function VideoGrid<V extends Card>({
  videos,
  columns = 4,
  action,
}: {
  videos: V[];
  columns?: 3 | 4;
  /** Controls under a card, outside its link (e.g. like and favourite in the user centre). */
  action?: (video: V) => ReactNode;
}) {
  const t = await getTranslations('videos');
  return (
    <ul
      className={cn(
        'grid gap-x-4 gap-y-5',
        columns === 4 ? 'grid-cols-2 xl:grid-cols-4' : 'grid-cols-2 md:grid-cols-3',
      )}
      data-testid="video-grid"
    >
      {videos.map((video) => (
        <li key={video.id}>
          <Link href={videoPlayerPath(video.id)} className="group block" data-testid="video-card">
            <Poster video={video} className="transition-opacity group-hover:opacity-90" />
            <span className="mt-2 line-clamp-2 text-sm font-medium leading-5 text-ink-900 group-hover:text-brand-600">
              {video.title}
            </span>
            <span className="mt-1 flex flex-wrap items-center gap-x-2 text-xs text-ink-500">
              <span className="min-w-[3em] truncate" title={video.author.nickname}>
                {video.author.nickname}
              </span>
              <span className="ml-auto inline-flex shrink-0 items-center gap-0.5 tabular-nums">
                <Eye aria-hidden className="size-3" />
                {t('views', { count: video.views })}
              </span>
            </span>
          </Link>
          {action ? <div className="mt-1">{action(video)}</div> : null}
        </li>
      ))}
    </ul>
  );
}

/** A compact row (the player's side list, rankings). */
export async function VideoRow({ video, rank }: { video: Card; rank?: number }) {
  const t = await getTranslations('videos');
  return (
    <Link
      href={videoPlayerPath(video.id)}
      className="flex gap-3 rounded-lg p-2 hover:bg-canvas"
      data-testid="video-row"
    >
      {rank ? (
        <span
          className={cn(
            'w-5 shrink-0 pt-0.5 text-center text-sm font-semibold tabular-nums',
            rank <= 3 ? 'text-brand-600' : 'text-ink-500',
          )}
        >
          {rank}
        </span>
      ) : null}
      <Poster video={video} className="w-28 shrink-0 rounded-md" />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="line-clamp-2 text-sm font-medium leading-5 text-ink-900">{video.title}</span>
        <span className="mt-auto truncate text-xs text-ink-500" title={video.author.nickname}>
          {video.author.nickname}
        </span>
        <span className="inline-flex items-center gap-0.5 text-xs text-ink-500 tabular-nums">
          <Eye aria-hidden className="size-3" />
          {t('views', { count: video.views })}
        </span>
      </span>
    </Link>
  );
}
