// The anchor centre's videos: the upload form, the anchor's videos with delete, and the finished replays,
// each publishable as a video with one click. The lists are server markup; the form and the row actions
// are client leaves.
import { Film } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { EmptyState } from '@/components/ui/empty-state';
import { LocalTime } from '@/components/ui/local-time';
import { useReadReason } from '@/components/ui/use-read-reason';
import { formatDuration } from '@/components/videos/format-duration';
import { Link } from '@/lib/i18n/navigation';
import { videoPlayerPath } from '@/lib/videos/links';
import { OwnVideoDelete, ReplayPublishButton } from './anchor-video-actions';
import { type CategoryGroup, VideoUploadForm } from './video-upload-form';

type OwnVideo = {
  id: number;
  title: string;
  poster: string | null;
  views: number;
  likes: number;
  comments: number;
  category: string;
  published_at: string;
  review: { status: 'pending' | 'approved' | 'rejected'; reason: string | null; removed: boolean };
};
type Replay = {
  broadcast_id: number;
  title: string;
  started_at: string;
  duration_s: number;
  video_id: number | null;
};

export function AnchorVideos({
  groups,
  videos,
  total,
  replays,
}: {
  groups: CategoryGroup[];
  videos: OwnVideo[];
  total: number;
  replays: Replay[];
}) {
  const t = useTranslations('videos');
  return (
    <div className="space-y-6">
      <VideoUploadForm groups={groups} />
      <div>
        <h3 className="mb-2 flex items-center gap-2 text-sm font-semibold text-ink-900">
          {t('ownTitle')}
          <span className="font-normal text-ink-500 tabular-nums">{total}</span>
        </h3>
        {videos.length ? (
          <ul className="divide-y divide-line rounded-lg border border-line" data-testid="own-videos">
            {videos.map((video) => (
              <OwnVideoRow key={video.id} video={video} />
            ))}
          </ul>
        ) : (
          <EmptyState icon={Film} title={t('noOwnVideos')} hint={t('noOwnVideosHint')} />
        )}
      </div>
      <div>
        <h3 className="mb-2 text-sm font-semibold text-ink-900">{t('replaysTitle')}</h3>
        {replays.length ? (
          <ul
            className="divide-y divide-line rounded-lg border border-line"
            data-testid="publishable-replays"
          >
            {replays.map((replay) => (
              <ReplayRow key={replay.broadcast_id} replay={replay} />
            ))}
          </ul>
        ) : (
          <p className="rounded-lg border border-dashed border-line px-4 py-5 text-center text-sm text-ink-500">
            {t('noReplays')}
          </p>
        )}
      </div>
    </div>
  );
}

function OwnVideoRow({ video }: { video: OwnVideo }) {
  const t = useTranslations('videos');
  return (
    <li className="flex items-center gap-3 px-3 py-2.5" data-testid="own-video">
      <span className="relative aspect-video w-16 shrink-0 overflow-hidden rounded bg-night-2 sm:w-24">
        {video.poster ? <img src={video.poster} alt="" className="size-full object-cover" /> : null}
      </span>
      <div className="min-w-0 flex-1">
        <Link
          href={videoPlayerPath(video.id)}
          className="line-clamp-1 text-sm font-medium text-ink-900 hover:text-brand-600"
        >
          {video.title}
        </Link>
        <p className="mt-0.5 flex flex-wrap gap-x-3 text-xs text-ink-500 tabular-nums">
          <span className="whitespace-nowrap">{video.category}</span>
          <LocalTime at={video.published_at} style="dateTime" />
          <span>{t('stats', { views: video.views, likes: video.likes, comments: video.comments })}</span>
        </p>
        <OwnVideoReview review={video.review} />
      </div>
      <OwnVideoDelete id={video.id} title={video.title} />
    </li>
  );
}

/** Where the video is not shown to everyone: its state, and why it was refused or removed. */
function OwnVideoReview({ review }: { review: OwnVideo['review'] }) {
  const t = useTranslations('videos');
  const readReason = useReadReason();
  if (review.status === 'approved') return null;
  const status = review.removed ? 'removed' : review.status;
  return (
    <p className="mt-1 flex flex-wrap items-center gap-x-2 text-xs" data-testid="own-video-review">
      <span
        className={`rounded px-1.5 leading-5 ${status === 'pending' ? 'bg-brand-50 text-brand-700' : 'bg-canvas text-live'}`}
        data-testid="own-video-status"
        data-status={status}
      >
        {t(`reviewStatus.${status}`)}
      </span>
      {status !== 'pending' && review.reason ? (
        <span className="min-w-0 break-words text-live" data-testid="own-video-reason">
          {readReason(review.reason)}
        </span>
      ) : null}
    </p>
  );
}

function ReplayRow({ replay }: { replay: Replay }) {
  const t = useTranslations('videos');
  return (
    <li className="flex items-center gap-3 px-3 py-2.5" data-testid="publishable-replay">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm text-ink-900" title={replay.title || t('untitledReplay')}>
          {replay.title || t('untitledReplay')}
        </p>
        <p className="text-xs text-ink-500 tabular-nums">
          <LocalTime at={replay.started_at} style="dateTime" /> · {formatDuration(replay.duration_s)}
        </p>
      </div>
      {replay.video_id ? (
        <Link href={videoPlayerPath(replay.video_id)} className="text-sm text-brand-600 hover:underline">
          {t('viewVideo')}
        </Link>
      ) : (
        <ReplayPublishButton broadcastId={replay.broadcast_id} />
      )}
    </li>
  );
}
