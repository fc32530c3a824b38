'use client';
// A picture of a catalogue entry (gift, banner, pop-up, article cover): uploaded through lib/storage (its
// bytes checked and re-encoded there) or an address typed in; the form reads the hidden `name` field.
import { ImageUp, X } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { INPUT_CLASS } from '@/components/ui/field-styles';

export function ImageField({
  name,
  label,
  initial,
  ratio = 'aspect-video',
}: {
  name: string;
  label: string;
  initial?: string | null;
  ratio?: string;
}) {
  const t = useTranslations('admin.catalog.common');
  const id = useId();
  const [url, setUrl] = useState(initial ?? '');
  const [state, setState] = useState<'idle' | 'uploading' | 'failed'>('idle');

  async function upload(file: File) {
    setState('uploading');
    try {
      const { uploadFile } = await import('@/lib/storage/upload-file');
      setUrl((await uploadFile('image', file)).url);
      setState('idle');
    } catch {
      setState('failed');
    }
  }

  return (
    <div>
      <label htmlFor={`${id}-url`} className="mb-1.5 block text-sm font-medium text-ink-700">
        {label}
      </label>
      <div className="flex items-start gap-3">
        <div
          className={`relative w-28 shrink-0 overflow-hidden rounded-md border border-line bg-canvas ${ratio}`}
        >
          {url ? <img src={url} alt="" className="size-full object-cover" /> : null}
        </div>
        <div className="min-w-0 flex-1 space-y-2">
          <input
            id={`${id}-url`}
            name={name}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder={t('imageHint')}
            className={INPUT_CLASS}
          />
          <div className="flex items-center gap-2">
            <label className="inline-flex h-8 cursor-pointer items-center gap-1.5 rounded-md border border-line px-3 text-sm text-ink-900 hover:border-brand-400 hover:text-brand-600">
              <ImageUp aria-hidden className="size-4" />
              {state === 'uploading' ? t('uploading') : t('upload')}
              <input
                type="file"
                accept="image/png,image/jpeg,image/webp,image/gif"
                className="sr-only"
                data-testid="image-file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  if (file) void upload(file);
                }}
              />
            </label>
            {url ? (
              <button
                type="button"
                onClick={() => setUrl('')}
                className="inline-flex h-8 items-center gap-1 rounded-md px-2 text-sm text-ink-500 hover:text-live"
              >
                <X aria-hidden className="size-4" />
                {t('removeImage')}
              </button>
            ) : null}
          </div>
          {state === 'failed' ? (
            <p role="alert" className="text-xs text-live">
              {t('uploadFailed')}
            </p>
          ) : null}
        </div>
      </div>
    </div>
  );
}
