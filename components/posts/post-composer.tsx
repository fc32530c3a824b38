'use client';
// The post composer (streamer updates, circle posts): text with a counter and up to 4 images or one
// video under 50 MB with an optional cover, each uploaded as soon as it is chosen (through the shared
// upload pipeline, with progress), previewed and removable. Too many or too large files are refused
// here with the rule, before anything is sent.
import { CircleAlert, Film, ImagePlus, Loader2, X } from 'lucide-react';
import { useFormatter, useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { cn } from '@/lib/cn';
import { ApiError } from '@/lib/http/client';
import { useFormPost } from '@/lib/http/use-form-post';
import { POST_BODY_MAX, POST_IMAGES_MAX, POST_VIDEO_MAX_BYTES } from '@/lib/posts/limits';
import { type StoredFile, uploadFile } from '@/lib/storage/upload-file';

type Media = {
  key: string;
  kind: 'image' | 'video' | 'cover';
  preview: string;
  progress: number;
  stored?: StoredFile;
  error?: string;
};

type Props = {
  /** The call that publishes: streamer updates by default. */
  path?: string;
  /** Fields the call takes besides the post (a circle); null while the form is not complete. */
  extra?: Record<string, unknown>;
  /** Text is required (circle posts, spec §5), not just media. */
  requireText?: boolean;
  /** Controls shown above the text (the circle picker). */
  children?: ReactNode;
  /** After publishing, with the call's answer; the page is refreshed either way. */
  onPublished?: (result: { id: number; status: string }) => void;
};

export function PostComposer({
  path = 'api/anchor_dynamics_user/insert',
  extra,
  requireText = false,
  children,
  onPublished,
}: Props = {}) {
  const t = useTranslations('posts');
  const format = useFormatter();
  const [text, setText] = useState('');
  const [media, setMedia] = useState<Media[]>([]);
  const [error, setError] = useState<string | null>(null);
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);
  const coverInput = useRef<HTMLInputElement>(null);

  const update = (key: string, change: Partial<Media>) =>
    setMedia((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const add = (kind: Media['kind'], files: File[]) => {
    setError(null);
    publication.reset();
    const images = media.filter((item) => item.kind === 'image').length;
    const room = kind === 'image' ? POST_IMAGES_MAX - images : 1;
    if (files.length > room) {
      setError(t('tooManyImages', { max: POST_IMAGES_MAX }));
      return;
    }
    if (kind === 'video' && files.some((file) => file.size >= POST_VIDEO_MAX_BYTES)) {
      setError(t('videoTooLarge', { mb: POST_VIDEO_MAX_BYTES / 1024 / 1024 }));
      return;
    }
    const purpose = kind === 'video' ? 'video' : 'image';
    for (const file of files) {
      const key = `${Date.now()}-${Math.random()}`;
      setMedia((current) => [...current, { key, kind, preview: URL.createObjectURL(file), progress: 0 }]);
      uploadFile(purpose, file, (sent) => update(key, { progress: sent })).then(
        (stored) => update(key, { stored, progress: 1 }),
        (cause) =>
          update(key, { error: cause instanceof ApiError && cause.message ? cause.message : t('failed') }),
      );
    }
  };

  const remove = (item: Media) => {
    URL.revokeObjectURL(item.preview);
    setMedia((current) => current.filter((other) => other.key !== item.key));
  };

  const publication = useFormPost<object, { id: number; status: string }>(path, {
    failed: t('failed'),
    success: onPublished ? undefined : t('published'),
    refresh: true,
    onSuccess: (result) => {
      for (const item of media) URL.revokeObjectURL(item.preview);
      setText('');
      setMedia([]);
      onPublished?.(result);
    },
  });
  const publishing = publication.isPending;

  const uploading = media.some((item) => !item.stored && !item.error);
  const ready = media.filter((item) => item.stored);
  const video = ready.find((item) => item.kind === 'video');
  const cover = ready.find((item) => item.kind === 'cover');
  const canPublish =
    !publishing && !uploading && (text.trim().length > 0 || (!requireText && ready.length > 0));

  const publish = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    publication.mutate({
      ...extra,
      content: text,
      images: ready.filter((item) => item.kind === 'image').map((item) => item.stored!.url),
      video: video?.stored?.url,
      cover: video ? cover?.stored?.url : undefined,
    });
  };

  const hasVideo = media.some((item) => item.kind === 'video');
  const hasCover = media.some((item) => item.kind === 'cover');
  return (
    <form onSubmit={publish} className="space-y-3" data-testid="post-composer">
      {children}
      <CountedTextarea
        value={text}
        onValueChange={setText}
        max={POST_BODY_MAX}
        counter={t('counter', { count: text.length, max: POST_BODY_MAX })}
        rows={4}
        placeholder={t('composerPrompt')}
        aria-label={t('composerTitle')}
        className="resize-y"
        data-testid="post-text-input"
      />

      {media.length ? (
        <ul className="flex flex-wrap gap-2" data-testid="composer-media">
          {media.map((item) => (
            <li
              key={item.key}
              className={cn(
                'relative overflow-hidden rounded-md border bg-canvas',
                item.error ? 'border-live' : 'border-line',
                item.kind === 'video' ? 'h-28 w-48' : 'size-28',
              )}
              data-kind={item.kind}
            >
              {item.kind === 'video' ? (
                <video
                  src={item.preview}
                  muted
                  preload="metadata"
                  className="size-full bg-night object-contain"
                />
              ) : (
                <img src={item.preview} alt="" className="size-full object-cover" />
              )}
              {item.stored ? null : (
                <div className="absolute inset-0 flex flex-col items-center justify-center gap-1 bg-night/60 px-2 text-center text-xs text-white">
                  {item.error ? (
                    <span>{item.error}</span>
                  ) : (
                    <>
                      <Loader2 aria-hidden className="size-4 animate-spin" />
                      <span className="tabular-nums">
                        {t('uploading', { percent: format.number(item.progress, { style: 'percent' }) })}
                      </span>
                      <span className="h-1 w-full overflow-hidden rounded bg-white/30">
                        <span
                          className="block h-full bg-brand-400"
                          style={{ width: `${item.progress * 100}%` }}
                        />
                      </span>
                    </>
                  )}
                </div>
              )}
              <button
                type="button"
                onClick={() => remove(item)}
                aria-label={t('remove')}
                className="absolute top-1 right-1 grid size-6 place-items-center rounded-full bg-night/70 text-white hover:bg-night"
              >
                <X aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}

      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => imageInput.current?.click()}
          disabled={hasVideo || media.length >= POST_IMAGES_MAX}
        >
          <ImagePlus aria-hidden className="size-4" />
          {t('addImages')}
        </Button>
        <Button
          type="button"
          variant="secondary"
          size="sm"
          onClick={() => videoInput.current?.click()}
          disabled={media.length > 0}
        >
          <Film aria-hidden className="size-4" />
          {t('addVideo')}
        </Button>
        {hasVideo ? (
          <Button
            type="button"
            variant="secondary"
            size="sm"
            onClick={() => coverInput.current?.click()}
            disabled={hasCover}
          >
            <ImagePlus aria-hidden className="size-4" />
            {t('addCover')}
          </Button>
        ) : null}
        <span className="text-xs text-ink-500">{t('mediaRule')}</span>
        <Button type="submit" className="ml-auto min-w-24" disabled={!canPublish} data-testid="post-publish">
          {publishing ? t('publishing') : t('publish')}
        </Button>
      </div>
      {(error ?? publication.error) ? (
        <p role="alert" className="flex items-center gap-1.5 text-sm text-live" data-testid="composer-error">
          <CircleAlert aria-hidden className="size-4 shrink-0" />
          {error ?? publication.error}
        </p>
      ) : null}
      <input
        ref={coverInput}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        data-testid="post-cover-input"
        onChange={(event) => {
          add('cover', Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />

      <input
        ref={imageInput}
        type="file"
        accept="image/png,image/jpeg,image/webp,image/gif"
        multiple
        hidden
        data-testid="post-image-input"
        onChange={(event) => {
          add('image', Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
      <input
        ref={videoInput}
        type="file"
        accept="video/mp4,video/webm"
        hidden
        data-testid="post-video-input"
        onChange={(event) => {
          add('video', Array.from(event.target.files ?? []));
          event.target.value = '';
        }}
      />
    </form>
  );
}
