'use client';
// One "wait for review" switch, saved at once (and audited like every staff write).
import { useTranslations } from 'next-intl';
import { useId, useState } from 'react';
import { useFormPost } from '@/lib/http/use-form-post';

export function ReviewSwitch({
  path,
  on,
  label,
  hint,
}: {
  path: string;
  on: boolean;
  label: string;
  hint: string;
}) {
  const t = useTranslations('admin.catalog.reviewSettings');
  const id = useId();
  const [value, setValue] = useState(on);
  // A refusal: the client shows the API's message.
  const save = useFormPost<{ review: boolean }>(path, {
    refusal: 'toast',
    refresh: true,
    onSuccess: (_, { review }) => setValue(review),
  });
  const pending = save.isPending;
  return (
    <div className="flex items-center justify-between gap-4 px-5 py-4">
      <div>
        <label htmlFor={id} className="font-medium text-ink-900">
          {label}
        </label>
        <p className="mt-0.5 text-sm text-ink-500">{hint}</p>
      </div>
      <button
        id={id}
        type="button"
        role="switch"
        aria-checked={value}
        disabled={pending}
        data-testid="review-switch"
        onClick={() => save.mutate({ review: !value })}
        className={`relative h-6 w-11 shrink-0 rounded-full transition-colors ${value ? 'bg-brand-500' : 'bg-ink-300'}`}
      >
        <span className="sr-only">{value ? t('on') : t('off')}</span>
        <span
          aria-hidden
          className={`absolute top-0.5 left-0.5 size-5 rounded-full bg-white shadow transition-transform ${value ? 'translate-x-5' : ''}`}
        />
      </button>
    </div>
  );
}
