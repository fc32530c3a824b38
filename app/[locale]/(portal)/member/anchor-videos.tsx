'use client';
// Upload a video (under 50 MB, MP4 or WebM, checked again by the server) with a title, a category and
// an optional 135:76 cover; list the anchor's videos with delete; publish a finished replay as a video.
import { Film, ImagePlus, Loader2, Trash2, Upload } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { type FormEvent, useRef, useState } from 'react';
import { formatDuration } from '@/app/[locale]/(portal)/(side)/live/format-duration';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { ApiError, api } from '@/lib/http/client';
import { Link } from '@/lib/i18n/navigation';
import { type StoredFile, uploadFile } from '@/lib/storage/upload-file';
import { VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from '@/lib/videos/limits';
import { videoPlayerPath } from '@/lib/videos/links';
import { FormError } from './form-error';

type Group = { name: string; children: { id: number; name: string }[] };
type OwnVideo = {
  id: number;
  title: string;
  poster: string | null;
  views: number;
  likes: number;
  comments: number;
  category: string;
  published_at: string;
};
type Replay = {
  broadcast_id: number;
  title: string;
  started_at: string;
  duration_s: number;
  video_id: number | null;
};
type PendingFile = { progress: number; stored?: StoredFile; error?: string; name: string };

const MB = 1024 * 1024;
/** Spec §9: videos under 50 MB (the server refuses larger ones too). */
const VIDEO_MAX_BYTES = 50 * MB;

export function AnchorVideos({
  groups,
  videos,
  total,
  replays,
}: {
  groups: Group[];
  videos: OwnVideo[];
  total: number;
  replays: Replay[];
}) {
  const t = useTranslations('videos');
  return (
    <div className="space-y-6">
      <UploadForm groups={groups} />
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

function UploadForm({ groups }: { groups: Group[] }) {
  const t = useTranslations('videos');
  const format = useFormatter();
  const router = useRouter();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [video, setVideo] = useState<PendingFile | null>(null);
  const [cover, setCover] = useState<PendingFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  const videoInput = useRef<HTMLInputElement>(null);
  const coverInput = useRef<HTMLInputElement>(null);

  const send = (
    purpose: 'video' | 'cover',
    file: File,
    set: (change: (current: PendingFile | null) => PendingFile | null) => void,
  ) => {
    setError(null);
    if (purpose === 'video' && file.size > VIDEO_MAX_BYTES) {
      set(() => ({ name: file.name, progress: 0, error: t('tooLarge', { mb: VIDEO_MAX_BYTES / MB }) }));
      return;
    }
    set(() => ({ name: file.name, progress: 0 }));
    uploadFile(purpose, file, (progress) =>
      set((current) => (current ? { ...current, progress } : current)),
    ).then(
      (stored) => set((current) => (current ? { ...current, stored, progress: 1 } : current)),
      (cause) =>
        set((current) =>
          current
            ? { ...current, error: cause instanceof ApiError && cause.message ? cause.message : t('failed') }
            : current,
        ),
    );
  };

  const uploading = (video && !video.stored && !video.error) || (cover && !cover.stored && !cover.error);
  const canPublish = !publishing && !uploading && !!video?.stored && !!categoryId;

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError(t('titleRequired'));
      return;
    }
    setPublishing(true);
    setError(null);
    try {
      await api.post(
        'api/Video_user/insert',
        {
          title,
          description,
          classify_id: Number(categoryId),
          video: video!.stored!.url,
          cover: cover?.stored?.url,
        },
        { silent: true },
      );
      setTitle('');
      setDescription('');
      setVideo(null);
      setCover(null);
      import('sonner').then(({ toast }) => toast.success(t('publishedToast')));
      router.refresh();
    } catch (cause) {
      setError(cause instanceof ApiError && cause.message ? cause.message : t('failed'));
    } finally {
      setPublishing(false);
    }
  };

  const status = (upload: PendingFile | null) =>
    upload ? (
      <span className="flex min-w-0 items-center gap-1.5 text-xs" data-testid="upload-status">
        {upload.error ? (
          <span className="text-live">{upload.error}</span>
        ) : upload.stored ? (
          <span className="truncate text-win">{t('uploaded', { name: upload.name })}</span>
        ) : (
          <>
            <Loader2 aria-hidden className="size-3.5 animate-spin text-brand-500" />
            <span className="tabular-nums text-ink-500">
              {t('uploading', { percent: format.number(upload.progress, { style: 'percent' }) })}
            </span>
          </>
        )}
      </span>
    ) : null;

  return (
    <form
      onSubmit={publish}
      className="grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_240px]"
      data-testid="video-upload-form"
    >
      <div className="space-y-3">
        <div>
          <label htmlFor="video-title" className={LABEL_CLASS}>
            {t('titleLabel')}
          </label>
          <input
            id="video-title"
            value={title}
            maxLength={VIDEO_TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
            placeholder={t('titlePrompt')}
            className={INPUT_CLASS}
            data-testid="video-title-input"
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor="video-category" className={LABEL_CLASS}>
              {t('categoryLabel')}
            </label>
            <select
              id="video-category"
              value={categoryId}
              onChange={(event) => setCategoryId(event.target.value)}
              className={INPUT_CLASS}
              data-testid="video-category-select"
            >
              <option value="">{t('categoryPrompt')}</option>
              {groups.map((group) => (
                <optgroup key={group.name} label={group.name}>
                  {group.children.map((category) => (
                    <option key={category.id} value={category.id}>
                      {category.name}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div>
            <span className={LABEL_CLASS}>{t('fileLabel')}</span>
            <Button
              type="button"
              variant="secondary"
              className="w-full"
              onClick={() => videoInput.current?.click()}
            >
              <Upload aria-hidden className="size-4" />
              {video ? t('changeVideo') : t('chooseVideo')}
            </Button>
          </div>
        </div>
        <div>
          <label htmlFor="video-description" className={LABEL_CLASS}>
            {t('descriptionLabel')}
          </label>
          <textarea
            id="video-description"
            value={description}
            maxLength={VIDEO_DESCRIPTION_MAX}
            rows={2}
            onChange={(event) => setDescription(event.target.value)}
            className={`${INPUT_CLASS} h-auto resize-none py-2`}
          />
        </div>
        <div className="flex flex-wrap items-center gap-3">
          {status(video)}
          <span className="text-xs text-ink-500">{t('fileRule')}</span>
          <Button
            type="submit"
            className="ml-auto min-w-24"
            disabled={!canPublish}
            data-testid="video-publish"
          >
            {publishing ? t('publishing') : t('publish')}
          </Button>
        </div>
        <FormError message={error} />
      </div>
      <div>
        <span className={LABEL_CLASS}>{t('coverLabel')}</span>
        <button
          type="button"
          onClick={() => coverInput.current?.click()}
          className="relative flex aspect-[135/76] w-full items-center justify-center overflow-hidden rounded-lg border border-dashed border-line bg-canvas text-xs text-ink-500 hover:border-brand-400"
        >
          {cover?.stored ? (
            <img src={cover.stored.url} alt="" className="size-full object-cover" />
          ) : video?.stored?.poster ? (
            <img src={video.stored.poster} alt="" className="size-full object-cover opacity-80" />
          ) : (
            <span className="flex flex-col items-center gap-1">
              <ImagePlus aria-hidden className="size-5" />
              {t('coverPrompt')}
            </span>
          )}
        </button>
        <p className="mt-1.5 text-xs text-ink-500">{cover ? status(cover) : t('coverRule')}</p>
      </div>
      <input
        ref={videoInput}
        type="file"
        accept="video/mp4,video/webm"
        hidden
        data-testid="video-file-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) send('video', file, setVideo);
          event.target.value = '';
        }}
      />
      <input
        ref={coverInput}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        data-testid="video-cover-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          if (file) send('cover', file, setCover);
          event.target.value = '';
        }}
      />
    </form>
  );
}

function OwnVideoRow({ video }: { video: OwnVideo }) {
  const t = useTranslations('videos');
  const format = useFormatter();
  const router = useRouter();
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const remove = async () => {
    setPending(true);
    try {
      await api.post('api/Video_user/delete', { id: video.id });
      import('sonner').then(({ toast }) => toast.success(t('deletedToast')));
      router.refresh();
    } catch {
      setPending(false);
      setConfirming(false);
    }
  };
  return (
    <li className="flex items-center gap-3 px-3 py-2.5" data-testid="own-video">
      <span className="relative aspect-video w-24 shrink-0 overflow-hidden rounded bg-night-2">
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
          <span>{video.category}</span>
          <time dateTime={video.published_at}>
            {format.dateTime(new Date(video.published_at), { dateStyle: 'medium', timeStyle: 'short' })}
          </time>
          <span>{t('stats', { views: video.views, likes: video.likes, comments: video.comments })}</span>
        </p>
      </div>
      {confirming ? (
        <div role="alertdialog" aria-label={t('deleteConfirm')} className="flex items-center gap-1.5 text-xs">
          <span className="text-ink-700">{t('deleteConfirm')}</span>
          <Button
            type="button"
            size="sm"
            variant="ghost"
            onClick={remove}
            disabled={pending}
            className="text-live"
          >
            {t('delete')}
          </Button>
          <Button type="button" size="sm" variant="ghost" onClick={() => setConfirming(false)}>
            {t('cancel')}
          </Button>
        </div>
      ) : (
        <Button
          type="button"
          size="sm"
          variant="ghost"
          onClick={() => setConfirming(true)}
          aria-label={t('deleteNamed', { title: video.title })}
        >
          <Trash2 aria-hidden className="size-4" />
          {t('delete')}
        </Button>
      )}
    </li>
  );
}

function ReplayRow({ replay }: { replay: Replay }) {
  const t = useTranslations('videos');
  const format = useFormatter();
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const publish = async () => {
    setPending(true);
    try {
      await api.post('api/Video_user/publishReplay', { broadcast_id: replay.broadcast_id });
      import('sonner').then(({ toast }) => toast.success(t('publishedToast')));
      router.refresh();
    } catch {
      setPending(false);
    }
  };
  return (
    <li className="flex items-center gap-3 px-3 py-2.5" data-testid="publishable-replay">
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm text-ink-900">{replay.title || t('untitledReplay')}</p>
        <p className="text-xs text-ink-500 tabular-nums">
          {format.dateTime(new Date(replay.started_at), { dateStyle: 'medium', timeStyle: 'short' })} ·{' '}
          {formatDuration(replay.duration_s)}
        </p>
      </div>
      {replay.video_id ? (
        <Link href={videoPlayerPath(replay.video_id)} className="text-sm text-brand-600 hover:underline">
          {t('viewVideo')}
        </Link>
      ) : (
        <Button type="button" size="sm" variant="secondary" onClick={publish} disabled={pending}>
          {t('publishReplay')}
        </Button>
      )}
    </li>
  );
}
