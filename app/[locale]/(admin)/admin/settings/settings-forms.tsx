'use client';
// The settings cards: the site (product name, customer-service email, mobile site), the replay feed
// (speed, pause) and spending (the gift value that asks for confirmation). An empty field goes back to the
// environment's value (or the default), shown beside it.
import { Pause, Play } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { cn } from '@/lib/cn';
import { useFormPost } from '@/lib/http/use-form-post';

type Values = {
  productName?: string;
  customerServiceEmail?: string;
  mobileSiteUrl?: string;
  feedSpeed?: number;
  feedPaused?: boolean;
  giftConfirmStars?: number;
};
type Patch = { [K in keyof Values]?: Values[K] | null };

const SPEEDS = [1, 5, 15, 60] as const;

/**
 * Saves a change through a staff route (`path`, sent by useFormPost) with the staff member's reason for
 * the audit, and re-renders the page. The reason is the form's own and starts empty again after each save, so the next
 * change is not filed under the last one's reason.
 */
export function useSave(path = 'api/admin/settings/save') {
  const t = useTranslations('admin.ops.settings');
  const [reason, setReason] = useState('');
  const mutation = useFormPost(path, { refresh: true, failed: t('failed'), onSuccess: () => setReason('') });
  return {
    pending: mutation.isPending,
    error: mutation.error,
    saved: mutation.isSuccess,
    reason,
    setReason,
    save: (patch: object) =>
      mutation.mutate({ ...patch, ...(reason.trim() ? { reason: reason.trim() } : {}) }),
  };
}

export function Card({ title, hint, children }: { title: string; hint: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className="rounded-lg border border-line bg-surface" aria-labelledby={id}>
      <header className="border-b border-line px-4 py-3">
        <h2 id={id} className="text-sm font-semibold text-ink-900">
          {title}
        </h2>
        <p className="mt-0.5 text-xs text-ink-500">{hint}</p>
      </header>
      {children}
    </section>
  );
}

export function Footer({
  pending,
  error,
  saved,
  reason,
  setReason,
  testId,
}: {
  pending: boolean;
  error: string | null;
  saved: boolean;
  /** The note for the audit log (absent: the route takes none). */
  reason?: string;
  setReason?: (value: string) => void;
  testId: string;
}) {
  const t = useTranslations('admin.ops.settings');
  return (
    <div className="flex flex-wrap items-center gap-3 border-t border-line px-4 py-3">
      {setReason ? (
        <input
          value={reason}
          maxLength={500}
          onChange={(event) => setReason(event.target.value)}
          placeholder={t('note')}
          aria-label={t('note')}
          className={`${FIELD_CLASS} h-9 max-w-sm flex-1`}
        />
      ) : null}
      <Button type="submit" size="sm" className="h-9" disabled={pending} data-testid={testId}>
        {t('save')}
      </Button>
      {error ? (
        <p role="alert" className="text-sm text-live">
          {error}
        </p>
      ) : saved ? (
        <p role="status" className="text-sm text-win">
          {t('saved')}
        </p>
      ) : null}
    </div>
  );
}

export function SiteSettingsForm({
  stored,
  configured,
  defaultName,
}: {
  stored: Values;
  configured: Values;
  defaultName: string;
}) {
  const t = useTranslations('admin.ops.settings');
  const id = useId();
  const { save, ...state } = useSave();
  const [values, setValues] = useState({
    productName: stored.productName ?? '',
    customerServiceEmail: stored.customerServiceEmail ?? '',
    mobileSiteUrl: stored.mobileSiteUrl ?? '',
  });
  const fields = [
    { key: 'productName', type: 'text', fallback: configured.productName ?? defaultName },
    { key: 'customerServiceEmail', type: 'email', fallback: configured.customerServiceEmail ?? '' },
    { key: 'mobileSiteUrl', type: 'url', fallback: configured.mobileSiteUrl ?? t('noMobileSite') },
  ] as const;

  function submit(event: FormEvent) {
    event.preventDefault();
    const patch: Patch = {};
    for (const { key } of fields) {
      const value = values[key].trim();
      if (value !== (stored[key] ?? '')) patch[key] = value || null;
    }
    if (Object.keys(patch).length) save(patch);
  }

  return (
    <Card title={t('siteTitle')} hint={t('siteHint')}>
      <form onSubmit={submit}>
        <div className="grid gap-4 px-4 py-4 md:grid-cols-3">
          {fields.map(({ key, type, fallback }) => (
            <div key={key}>
              <label htmlFor={`${id}-${key}`} className={LABEL_CLASS}>
                {t(`fields.${key}`)}
              </label>
              <input
                id={`${id}-${key}`}
                type={type}
                value={values[key]}
                maxLength={key === 'productName' ? 40 : 300}
                onChange={(event) => setValues({ ...values, [key]: event.target.value })}
                placeholder={fallback}
                className={`${FIELD_CLASS} h-9`}
                data-testid={`setting-${key}`}
              />
              <p className="mt-1 truncate text-xs text-ink-500" title={fallback}>
                {t('fallback', { value: fallback })}
              </p>
            </div>
          ))}
        </div>
        <Footer {...state} testId="settings-site-save" />
      </form>
    </Card>
  );
}

export function FeedSettingsForm({
  stored,
  effective,
}: {
  stored: Values;
  effective: Required<Pick<Values, 'feedSpeed' | 'feedPaused'>>;
}) {
  const t = useTranslations('admin.ops.settings');
  const id = useId();
  const { save, ...state } = useSave();
  const [speed, setSpeed] = useState(String(stored.feedSpeed ?? ''));
  const [paused, setPaused] = useState(effective.feedPaused);

  function submit(event: FormEvent) {
    event.preventDefault();
    const value = speed.trim() === '' ? null : Number(speed);
    save({ feedSpeed: value, feedPaused: paused || null });
  }

  return (
    <Card title={t('feedTitle')} hint={t('feedHint')}>
      <form onSubmit={submit}>
        <div className="flex flex-wrap items-end gap-6 px-4 py-4">
          <div>
            <label htmlFor={`${id}-speed`} className={LABEL_CLASS}>
              {t('fields.feedSpeed')}
            </label>
            {/* Wraps on a phone: the presets go below the field rather than past the screen. */}
            <div className="flex flex-wrap items-center gap-2">
              <div className="w-24">
                <input
                  id={`${id}-speed`}
                  type="number"
                  min={0.1}
                  max={600}
                  step="any"
                  value={speed}
                  onChange={(event) => setSpeed(event.target.value)}
                  placeholder={String(effective.feedSpeed)}
                  className={`${FIELD_CLASS} h-9 tabular-nums`}
                  data-testid="setting-feedSpeed"
                />
              </div>
              <span className="text-sm text-ink-500">×</span>
              <fieldset className="flex flex-wrap gap-1">
                <legend className="sr-only">{t('presets')}</legend>
                {SPEEDS.map((preset) => (
                  <button
                    key={preset}
                    type="button"
                    onClick={() => setSpeed(String(preset))}
                    className={cn(
                      'h-9 rounded-md border px-2.5 text-sm tabular-nums',
                      Number(speed) === preset
                        ? 'border-brand-400 bg-brand-50 text-brand-700'
                        : 'border-line text-ink-700 hover:border-ink-300',
                    )}
                  >
                    {preset}×
                  </button>
                ))}
              </fieldset>
            </div>
            <p className="mt-1 text-xs text-ink-500">{t('speedHint', { speed: effective.feedSpeed })}</p>
          </div>
          <div>
            <span className={LABEL_CLASS}>{t('fields.feedPaused')}</span>
            <Button
              type="button"
              variant="secondary"
              className="h-9"
              aria-pressed={paused}
              onClick={() => setPaused(!paused)}
              data-testid="setting-feedPaused"
            >
              {paused ? <Play aria-hidden className="size-4" /> : <Pause aria-hidden className="size-4" />}
              {paused ? t('resume') : t('pause')}
            </Button>
            <p className={cn('mt-1 text-xs', effective.feedPaused ? 'text-live' : 'text-ink-500')}>
              {effective.feedPaused ? t('pausedNow') : t('runningNow')}
            </p>
          </div>
        </div>
        <Footer {...state} testId="settings-feed-save" />
      </form>
    </Card>
  );
}

/** The gift value (star diamonds per send) from which the gift bar asks before sending. */
export function SpendSettingsForm({ stored, effective }: { stored: Values; effective: number }) {
  const t = useTranslations('admin.ops.settings');
  const id = useId();
  const { save, ...state } = useSave();
  const [value, setValue] = useState(String(stored.giftConfirmStars ?? ''));

  function submit(event: FormEvent) {
    event.preventDefault();
    save({ giftConfirmStars: value.trim() === '' ? null : Number(value) });
  }

  return (
    <Card title={t('spendTitle')} hint={t('spendHint')}>
      <form onSubmit={submit}>
        <div className="px-4 py-4">
          <label htmlFor={`${id}-gift`} className={LABEL_CLASS}>
            {t('fields.giftConfirmStars')}
          </label>
          <div className="w-40">
            <input
              id={`${id}-gift`}
              type="number"
              min={1}
              step={1}
              value={value}
              onChange={(event) => setValue(event.target.value)}
              placeholder={String(effective)}
              className={`${FIELD_CLASS} h-9 tabular-nums`}
              data-testid="setting-giftConfirmStars"
            />
          </div>
          <p className="mt-1 text-xs text-ink-500">{t('giftConfirmHint', { stars: effective })}</p>
        </div>
        <Footer {...state} testId="settings-spend-save" />
      </form>
    </Card>
  );
}
