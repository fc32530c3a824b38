'use client';
// The scheduled backups' card: on or off, every how many hours, how many to keep, a folder on the server or
// an S3 bucket (its secret write-only: shown as "set", sent only when typed), "back up now", and the latest
// runs with their outcome. Saving and starting a backup go through useFormPost; a started backup is followed
// (TanStack Query, every 2 s) until its run is recorded, then the page re-renders.
import { useQuery } from '@tanstack/react-query';
import { DatabaseBackup } from 'lucide-react';
import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { LocalTime } from '@/components/ui/local-time';
import { cn } from '@/lib/cn';
import { api } from '@/lib/http/client';
import { useFormPost } from '@/lib/http/use-form-post';
import { Card, Footer } from './settings-forms';

export type BackupScheduleProps = {
  enabled: boolean;
  intervalHours: number;
  keep: number;
  target: 'folder' | 's3';
  folder: string;
  s3Endpoint: string;
  s3Bucket: string;
  s3Prefix: string;
  s3Region: string;
  s3AccessKeyId: string;
  s3SecretSet: boolean;
};

export type BackupRunProps = {
  id: number;
  trigger: 'schedule' | 'manual';
  startedAt: string;
  ok: boolean;
  file: string | null;
  bytes: number | null;
  durationMs: number;
  verified: boolean;
  error: string | null;
  target: string;
};

const S3_FIELDS = ['s3Endpoint', 's3Bucket', 's3Prefix', 's3Region', 's3AccessKeyId'] as const;

/** `1.2 MB` */
export function megabytes(bytes: number, format: ReturnType<typeof useFormatter>) {
  return `${format.number(bytes / 1024 / 1024, { maximumFractionDigits: 1 })} MB`;
}

export function BackupSettingsForm({
  schedule,
  runs,
}: {
  schedule: BackupScheduleProps;
  runs: BackupRunProps[];
}) {
  const t = useTranslations('admin.ops.backup');
  const settings = useTranslations('admin.ops.settings');
  const format = useFormatter();
  const router = useRouter();
  const id = useId();
  const [values, setValues] = useState({
    enabled: schedule.enabled,
    intervalHours: String(schedule.intervalHours),
    keep: String(schedule.keep),
    target: schedule.target,
    folder: schedule.folder,
    s3Endpoint: schedule.s3Endpoint,
    s3Bucket: schedule.s3Bucket,
    s3Prefix: schedule.s3Prefix,
    s3Region: schedule.s3Region,
    s3AccessKeyId: schedule.s3AccessKeyId,
    s3Secret: '',
  });
  const [reason, setReason] = useState('');
  const save = useFormPost<object>('api/admin/backup/save', {
    failed: settings('failed'),
    onSuccess: () => {
      setValues((current) => ({ ...current, s3Secret: '' }));
      router.refresh();
    },
  });
  // A backup outlasts a request: once started, the card follows the runs until a newer one is recorded.
  const latest = runs[0]?.id ?? 0;
  const [awaitingAfter, setAwaitingAfter] = useState<number | null>(null);
  const runNow = useFormPost<object>('api/admin/backup/run', {
    failed: t('runFailed'),
    onSuccess: () => setAwaitingAfter(latest),
  });
  const follow = useQuery({
    queryKey: ['admin-backup-runs', awaitingAfter],
    queryFn: () => api.get<{ runs: BackupRunProps[] }>('api/admin/backup', undefined, { silent: true }),
    enabled: awaitingAfter !== null,
    refetchInterval: 2000,
  });
  const recorded = awaitingAfter !== null && (follow.data?.runs[0]?.id ?? 0) > awaitingAfter;
  useEffect(() => {
    if (!recorded) return;
    setAwaitingAfter(null);
    router.refresh();
  }, [recorded, router]);
  const backingUp = runNow.isPending || awaitingAfter !== null;

  function submit(event: FormEvent) {
    event.preventDefault();
    const { s3Secret, intervalHours, keep, ...rest } = values;
    save.mutate({
      ...rest,
      intervalHours: Number(intervalHours),
      keep: Number(keep),
      ...(s3Secret ? { s3Secret } : {}),
      ...(reason ? { reason } : {}),
    });
  }

  const field = (key: keyof typeof values, type = 'text', extra: object = {}) => (
    <div key={key}>
      <label htmlFor={`${id}-${key}`} className={LABEL_CLASS}>
        {t(`fields.${key}`)}
      </label>
      <input
        id={`${id}-${key}`}
        type={type}
        value={String(values[key])}
        onChange={(event) => setValues({ ...values, [key]: event.target.value })}
        className={`${FIELD_CLASS} h-9`}
        data-testid={`backup-${key}`}
        {...extra}
      />
    </div>
  );

  return (
    <Card title={t('title')} hint={t('hint')}>
      {/* The server's refusal (translated, naming the field) is the one shown, not the browser's own. */}
      <form onSubmit={submit} noValidate>
        <div className="space-y-4 px-4 py-4">
          <div className="flex flex-wrap items-end gap-4">
            <label className="flex h-9 items-center gap-2 text-sm text-ink-900">
              <input
                type="checkbox"
                checked={values.enabled}
                onChange={(event) => setValues({ ...values, enabled: event.target.checked })}
                className="size-4 accent-brand-600"
                data-testid="backup-enabled"
              />
              {t('fields.enabled')}
            </label>
            <div className="w-28">{field('intervalHours', 'number', { min: 1, max: 720, step: 1 })}</div>
            <div className="w-28">{field('keep', 'number', { min: 1, max: 1000, step: 1 })}</div>
            <fieldset>
              <legend className={LABEL_CLASS}>{t('fields.target')}</legend>
              <div className="flex gap-1">
                {(['folder', 's3'] as const).map((target) => (
                  <button
                    key={target}
                    type="button"
                    aria-pressed={values.target === target}
                    onClick={() => setValues({ ...values, target })}
                    className={cn(
                      'h-9 rounded-md border px-3 text-sm whitespace-nowrap',
                      values.target === target
                        ? 'border-brand-400 bg-brand-50 text-brand-700'
                        : 'border-line text-ink-700 hover:border-ink-300',
                    )}
                    data-testid={`backup-target-${target}`}
                  >
                    {t(`targets.${target}`)}
                  </button>
                ))}
              </div>
            </fieldset>
          </div>
          {values.target === 'folder' ? (
            <div className="max-w-xl">
              {field('folder', 'text', { maxLength: 500, placeholder: '/var/backups/portal' })}
              <p className="mt-1 text-xs text-ink-500">{t('folderHint')}</p>
            </div>
          ) : (
            <div className="grid gap-4 md:grid-cols-3">
              {S3_FIELDS.map((key) =>
                field(key, key === 's3Endpoint' ? 'url' : 'text', {
                  maxLength: key === 's3Endpoint' ? 300 : 200,
                  placeholder: t(`placeholders.${key}`),
                }),
              )}
              <div>
                {field('s3Secret', 'password', {
                  autoComplete: 'new-password',
                  maxLength: 500,
                  placeholder: schedule.s3SecretSet ? t('secretSet') : '',
                })}
                <p className="mt-1 text-xs text-ink-500">
                  {schedule.s3SecretSet ? t('secretKept') : t('secretNeeded')}
                </p>
              </div>
            </div>
          )}
        </div>
        <Footer
          pending={save.isPending}
          error={save.error}
          saved={save.isSuccess}
          reason={reason}
          setReason={setReason}
          testId="backup-save"
        />
      </form>
      <div className="flex flex-wrap items-center gap-3 border-t border-line px-4 py-3">
        <Button
          type="button"
          variant="secondary"
          size="sm"
          className="h-9"
          disabled={backingUp}
          onClick={() => runNow.mutate(reason ? { reason } : {})}
          data-testid="backup-run"
        >
          <DatabaseBackup aria-hidden className="size-4" />
          {backingUp ? t('running') : t('runNow')}
        </Button>
        <p className="text-xs text-ink-500">{t('runHint')}</p>
        {runNow.error ? (
          <p role="alert" className="text-sm text-live">
            {runNow.error}
          </p>
        ) : null}
      </div>
      <div className="border-t border-line px-4 py-3">
        <h3 className="mb-2 text-xs font-medium text-ink-500">{t('recent')}</h3>
        {runs.length === 0 ? (
          <p className="text-sm text-ink-500">{t('none')}</p>
        ) : (
          <ul className="space-y-1.5 text-sm" data-testid="backup-runs">
            {runs.map((run) => (
              <li key={run.id} className="flex flex-wrap items-baseline gap-x-2">
                <LocalTime at={run.startedAt} style="dateTime" className="text-ink-500 tabular-nums" />
                <span className="text-xs text-ink-500">{t(`triggers.${run.trigger}`)}</span>
                {run.ok ? (
                  <span className="text-win">
                    {t('runOk', {
                      file: run.file ?? '',
                      size: megabytes(run.bytes ?? 0, format),
                      seconds: format.number(run.durationMs / 1000, { maximumFractionDigits: 1 }),
                    })}
                  </span>
                ) : (
                  <span className="break-all text-live">
                    {t('runFailedLine', { error: run.error ?? '' })}
                  </span>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
    </Card>
  );
}
