'use client';
// The anchor's composer: text with a counter and up to 4 images or one video, each uploaded as
// soon as it is chosen (through the shared upload pipeline, with progress), previewed and removable.
import { Film, ImagePlus, Loader2, X } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { type FormEvent, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { CountedTextarea } from '@/components/ui/counted-textarea';
import { cn } from '@/lib/cn';
import { ApiError, api } from '@/lib/http/client';
import { POST_BODY_MAX, POST_IMAGES_MAX } from '@/lib/posts/limits';
import { type StoredFile, uploadFile } from '@/lib/storage/upload-file';
import { FormError } from './form-error';

type Media = {
  key: string;
  kind: 'image' | 'video';
  preview: string;
  progress: number;
  stored?: StoredFile;
  error?: string;
};

export function PostComposer() {
  const t = useTranslations('posts');
  const format = useFormatter();
  const router = useRouter();
  const [text, setText] = useState('');
  const [media, setMedia] = useState<Media[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [publishing, setPublishing] = useState(false);
  const imageInput = useRef<HTMLInputElement>(null);
  const videoInput = useRef<HTMLInputElement>(null);

  const update = (key: string, change: Partial<Media>) =>
    setMedia((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));

  const add = (kind: Media['kind'], files: File[]) => {
    setError(null);
    const room = kind === 'video' ? 1 : POST_IMAGES_MAX - media.length;
    for (const file of files.slice(0, room)) {
      const key = `${Date.now()}-${Math.random()}`;
      setMedia((current) => [...current, { key, kind, preview: URL.createObjectURL(file), progress: 0 }]);
      uploadFile(kind, file, (sent) => update(key, { progress: sent })).then(
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

  const uploading = media.some((item) => !item.stored && !item.error);
  const ready = media.filter((item) => item.stored);
  const video = ready.find((item) => item.kind === 'video');
  const canPublish = !publishing && !uploading && (text.trim().length > 0 || ready.length > 0);

  const publish = async (event: FormEvent) => {
    event.preventDefault();
    setPublishing(true);
    setError(null);
    try {
      await api.post(
        'api/anchor_dynamics_user/insert',
        {
          content: text,
          images: ready.filter((item) => item.kind === 'image').map((item) => item.stored!.url),
          video: video?.stored?.url,
        },
        { silent: true },
      );
      for (const item of media) URL.revokeObjectURL(item.preview);
      setText('');
      setMedia([]);
      import('sonner').then(({ toast }) => toast.success(t('published')));
      router.refresh();
    } catch (cause) {
      setError(cause instanceof ApiError && cause.message ? cause.message : t('failed'));
    } finally {
      setPublishing(false);
    }
  };

  const hasVideo = media.some((item) => item.kind === 'video');
  return (
    <form onSubmit={publish} className="space-y-3" data-testid="post-composer">
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
        <span className="text-xs text-ink-500">{t('mediaRule')}</span>
        <Button type="submit" className="ml-auto min-w-24" disabled={!canPublish} data-testid="post-publish">
          {publishing ? t('publishing') : t('publish')}
        </Button>
      </div>
      <FormError message={error} />

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
