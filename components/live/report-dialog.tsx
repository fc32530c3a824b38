// The report form: reasons from `Reportuser/classifyList` as radio cards, a description with a counter
// (required for reasons like "other"), up to three screenshots uploaded as the reporter's own images,
// and the server's translated refusal shown inline.
import { useQuery } from '@tanstack/react-query';
import { CircleAlert, ImagePlus, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { DialogClose } from '@/components/ui/dialog-close';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, api } from '@/lib/http/client';
import type { ReportTargetType } from '@/lib/moderation/report-targets';
import { uploadFile } from '@/lib/storage/upload-file';

const CONTENT_MAX = 200;
const SCREENSHOTS_MAX = 3;
const SKELETON_KEYS = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
type Reason = { id: number; name: string; needs_content: boolean };

export default function ReportDialog({
  open,
  onOpenChange,
  targetType,
  targetId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  targetType: ReportTargetType;
  targetId: number;
}) {
  const t = useTranslations('moderation');
  const locale = useLocale();
  const reasons = useQuery({
    queryKey: ['moderation', 'report-reasons', locale],
    queryFn: () => api.post<{ list: Reason[] }>('api/Reportuser/classifyList', {}, { silent: true }),
    enabled: open,
    staleTime: 10 * 60_000,
  });
  const [reasonId, setReasonId] = useState<number | null>(null);
  const [content, setContent] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [shots, setShots] = useState<string[]>([]);
  const [uploading, setUploading] = useState(false);
  const fileInput = useRef<HTMLInputElement>(null);
  const chosen = reasons.data?.list.find((reason) => reason.id === reasonId) ?? null;
  const over = content.length > CONTENT_MAX;

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setError(null);
      setReasonId(null);
      setContent('');
      setShots([]);
    }
  };

  const addShot = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    setUploading(true);
    try {
      const stored = await uploadFile('image', file);
      setShots((current) => [...current, stored.url].slice(0, SCREENSHOTS_MAX));
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : t('failed'));
    } finally {
      setUploading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  const submit = async () => {
    if (!chosen) {
      setError(t('chooseReason'));
      return;
    }
    setError(null);
    setPending(true);
    try {
      await api.post(
        'api/Reportuser/insert',
        {
          target_type: targetType,
          target_id: targetId,
          classify_id: chosen.id,
          content: content.trim(),
          images: shots,
        },
        { silent: true },
      );
      close(false);
      import('sonner').then(({ toast }) => toast.success(t('submitted')));
    } catch (cause) {
      // 700 opened the login dialog already; this one steps aside for it.
      if (cause instanceof ApiError && cause.code === 700) close(false);
      else setError(cause instanceof ApiError ? cause.message : t('failed'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={close}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 w-[520px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 rounded-xl bg-surface p-6 shadow-2xl"
          data-testid="report-dialog"
        >
          <Dialog.Title className="text-lg font-semibold text-ink-900">
            {t('reportTitle', { target: t(`target.${targetType}`) })}
          </Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-ink-500">{t('reportHint')}</Dialog.Description>
          <form
            className="mt-5 space-y-5"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <fieldset>
              <legend className={LABEL_CLASS}>{t('reasons')}</legend>
              {reasons.isError ? (
                <p className="flex items-center gap-3 text-sm text-ink-700">
                  {t('reasonsFailed')}
                  <Button type="button" size="sm" variant="secondary" onClick={() => reasons.refetch()}>
                    {t('retry')}
                  </Button>
                </p>
              ) : !reasons.data ? (
                <div className="grid grid-cols-2 gap-2">
                  {SKELETON_KEYS.map((key) => (
                    <Skeleton key={key} className="h-10 rounded-md" />
                  ))}
                </div>
              ) : (
                <div className="grid grid-cols-2 gap-2">
                  {reasons.data.list.map((reason) => (
                    <label
                      key={reason.id}
                      className="flex h-10 cursor-pointer items-center gap-2 rounded-md border border-line px-3 text-sm text-ink-700 hover:border-brand-400 has-[:checked]:border-brand-500 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-700 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-400"
                    >
                      <input
                        type="radio"
                        name="report-reason"
                        value={reason.id}
                        checked={reasonId === reason.id}
                        onChange={() => {
                          setReasonId(reason.id);
                          setError(null);
                        }}
                        className="accent-brand-500"
                      />
                      <span className="truncate" title={reason.name}>
                        {reason.name}
                      </span>
                    </label>
                  ))}
                </div>
              )}
            </fieldset>
            <div>
              <div className="flex items-baseline justify-between">
                <label htmlFor="report-content" className={LABEL_CLASS}>
                  {t('description')}
                </label>
                <span
                  className={over ? 'text-xs text-live tabular-nums' : 'text-xs text-ink-500 tabular-nums'}
                >
                  {t('counter', { count: content.length, max: CONTENT_MAX })}
                </span>
              </div>
              <textarea
                id="report-content"
                rows={3}
                className={`${FIELD_CLASS} py-2`}
                value={content}
                onChange={(event) => setContent(event.target.value)}
                placeholder={chosen?.needs_content ? t('descriptionRequiredPrompt') : t('descriptionPrompt')}
                aria-invalid={over}
                aria-required={chosen?.needs_content}
              />
            </div>
            <div>
              <p className={LABEL_CLASS}>{t('screenshots', { max: SCREENSHOTS_MAX })}</p>
              <ul className="flex flex-wrap gap-2" data-testid="report-screenshots">
                {shots.map((url) => (
                  <li key={url} className="relative size-16 overflow-hidden rounded-md border border-line">
                    <img src={url} alt="" className="size-full object-cover" />
                    <button
                      type="button"
                      aria-label={t('removeScreenshot')}
                      onClick={() => setShots((current) => current.filter((item) => item !== url))}
                      className="absolute top-0.5 right-0.5 grid size-5 place-items-center rounded-full bg-black/60 text-white hover:bg-black/80"
                    >
                      <X aria-hidden className="size-3" />
                    </button>
                  </li>
                ))}
                {shots.length < SCREENSHOTS_MAX ? (
                  <li>
                    <button
                      type="button"
                      onClick={() => fileInput.current?.click()}
                      disabled={uploading}
                      className="grid size-16 place-items-center rounded-md border border-dashed border-line text-ink-500 hover:border-brand-400 hover:text-brand-600 disabled:opacity-50"
                    >
                      <span className="flex flex-col items-center gap-0.5 text-[11px]">
                        <ImagePlus aria-hidden className="size-5" />
                        {uploading ? t('uploadingScreenshot') : t('addScreenshot')}
                      </span>
                    </button>
                  </li>
                ) : null}
              </ul>
              <input
                ref={fileInput}
                type="file"
                accept="image/png,image/jpeg,image/webp"
                className="hidden"
                data-testid="report-screenshot-input"
                onChange={(event) => void addShot(event.target.files?.[0])}
              />
            </div>
            {error ? (
              <p role="alert" className="flex items-center gap-1.5 text-sm text-live">
                <CircleAlert aria-hidden className="size-4 shrink-0" />
                {error}
              </p>
            ) : null}
            <div className="flex justify-end gap-2">
              <Dialog.Close asChild>
                <Button type="button" variant="ghost">
                  {t('cancel')}
                </Button>
              </Dialog.Close>
              <Button type="submit" disabled={pending || uploading || over || !reasons.data}>
                {pending ? t('submitting') : t('submit')}
              </Button>
            </div>
          </form>
          <DialogClose label={t('close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
