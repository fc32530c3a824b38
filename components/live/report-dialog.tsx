// The report form: reasons from `Reportuser/classifyList` as radio cards, a description with a counter
// (required for reasons like "other"), up to three screenshots uploaded as the reporter's own images,
// and the server's translated refusal shown inline (FormDialog, sent by useFormPost).
import { useQuery } from '@tanstack/react-query';
import { ImagePlus, X } from 'lucide-react';
import { useLocale, useTranslations } from 'next-intl';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { FormDialog } from '@/components/ui/form-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { ApiError, api } from '@/lib/http/client';
import { useFormPost } from '@/lib/http/use-form-post';
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
  const [shots, setShots] = useState<string[]>([]);
  const fileInput = useRef<HTMLInputElement>(null);
  const chosen = reasons.data?.list.find((reason) => reason.id === reasonId) ?? null;
  const over = content.length > CONTENT_MAX;

  const shot = useFormPost<File, { url: string }>((file) => uploadFile('image', file), {
    failed: t('failed'),
    onSuccess: (stored) => setShots((current) => [...current, stored.url].slice(0, SCREENSHOTS_MAX)),
    onSettled: () => {
      if (fileInput.current) fileInput.current.value = '';
    },
  });
  const report = useFormPost<{
    target_type: ReportTargetType;
    target_id: number;
    classify_id: number;
    content: string;
    images: string[];
  }>('api/Reportuser/insert', {
    failed: t('failed'),
    success: t('submitted'),
    onSuccess: () => close(false),
    // 700 opened the login dialog already; this one steps aside for it.
    onError: (cause) => {
      if (cause instanceof ApiError && cause.code === 700) close(false);
    },
  });

  const close = (next: boolean) => {
    onOpenChange(next);
    if (!next) {
      setError(null);
      setReasonId(null);
      setContent('');
      setShots([]);
      shot.reset();
      report.reset();
    }
  };

  const addShot = (file: File | undefined) => {
    if (!file) return;
    setError(null);
    report.reset();
    shot.mutate(file);
  };

  const submit = () => {
    shot.reset();
    if (!chosen) {
      setError(t('chooseReason'));
      return;
    }
    setError(null);
    report.mutate({
      target_type: targetType,
      target_id: targetId,
      classify_id: chosen.id,
      content: content.trim(),
      images: shots,
    });
  };
  const uploading = shot.isPending;

  return (
    <FormDialog
      open={open}
      onOpenChange={close}
      title={t('reportTitle', { target: t(`target.${targetType}`) })}
      description={t('reportHint')}
      width="w-[520px] max-w-[calc(100vw-2rem)]"
      testId="report-dialog"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
      send={report}
      error={error ?? shot.error}
      closeLabel={t('close')}
      cancelLabel={t('cancel')}
      cancelButton
      submit={
        <Button type="submit" disabled={report.isPending || uploading || over || !reasons.data}>
          {report.isPending ? t('submitting') : t('submit')}
        </Button>
      }
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
          <span className={over ? 'text-xs text-live tabular-nums' : 'text-xs text-ink-500 tabular-nums'}>
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
          onChange={(event) => addShot(event.target.files?.[0])}
        />
      </div>
    </FormDialog>
  );
}
