'use client';
// The anchor centre's video upload: a video (under 50 MB, MP4 or WebM, checked again by the server) with
// a title, a category and an optional 135:76 cover.
import { ImagePlus, Loader2, Upload } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { ApiError } from '@/lib/http/client';
import { useFormPost } from '@/lib/http/use-form-post';
import { type StoredFile, uploadFile } from '@/lib/storage/upload-file';
import { VIDEO_DESCRIPTION_MAX, VIDEO_TITLE_MAX } from '@/lib/videos/limits';
import { FormError } from './form-error';

export type CategoryGroup = { name: string; children: { id: number; name: string }[] };
type PendingFile = { progress: number; stored?: StoredFile; error?: string; name: string };

const MB = 1024 * 1024;
/** Spec §9: videos under 50 MB (the server refuses larger ones too). */
const VIDEO_MAX_BYTES = 50 * MB;

export function VideoUploadForm({ groups }: { groups: CategoryGroup[] }) {
  const t = useTranslations('videos');
  const format = useFormatter();
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [video, setVideo] = useState<PendingFile | null>(null);
  const [cover, setCover] = useState<PendingFile | null>(null);
  const [error, setError] = useState<string | null>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const coverInput = useRef<HTMLInputElement>(null);

  const send = (
    purpose: 'video' | 'cover',
    file: File,
    set: (change: (current: PendingFile | null) => PendingFile | null) => void,
  ) => {
    setError(null);
    publication.reset();
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

  const publication = useFormPost<object>('api/Video_user/insert', {
    failed: t('failed'),
    success: t('publishedToast'),
    refresh: true,
    onSuccess: () => {
      setTitle('');
      setDescription('');
      setVideo(null);
      setCover(null);
    },
  });
  const publishing = publication.isPending;

  const uploading = (video && !video.stored && !video.error) || (cover && !cover.stored && !cover.error);
  const canPublish = !publishing && !uploading && !!video?.stored && !!categoryId;

  const publish = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setError(t('titleRequired'));
      return;
    }
    setError(null);
    publication.mutate({
      title,
      description,
      classify_id: Number(categoryId),
      video: video!.stored!.url,
      cover: cover?.stored?.url,
    });
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
        <FormError message={error ?? publication.error} />
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
