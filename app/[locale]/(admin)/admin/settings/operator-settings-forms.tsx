'use client';
// The settings operators need to run the portal (#41 item 8): who may register, the rate limits of room
// chat, private messages and posts with the number of reporters that hides a post, and the SMS gateway
// (its token write-only: the page only learns whether one is set) with the captcha's difficulty. Each
// card saves through the settings route with its own reason, which starts empty; saved values apply at once.
import { useTranslations } from 'next-intl';
import { type FormEvent, useId, useState } from 'react';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { cn } from '@/lib/cn';
import { Card, Footer, useSave } from './settings-forms';

type Rate = { count: number; seconds: number };
const MODES = ['open', 'invite', 'closed'] as const;
type Mode = (typeof MODES)[number];
const RATES = ['chatRate', 'imRate', 'postRate'] as const;
type RateKey = (typeof RATES)[number];

export type OperatorSettings = {
  registration?: Mode;
  chatRate?: Rate;
  imRate?: Rate;
  postRate?: Rate;
  autoHideReporters?: number;
  smsProvider?: 'outbox' | 'http';
  smsHttpUrl?: string;
  smsHttpTokenSet: boolean;
  captchaCost?: number;
};
type Effective = Required<Omit<OperatorSettings, 'autoHideReporters' | 'smsHttpUrl'>> &
  Pick<OperatorSettings, 'autoHideReporters' | 'smsHttpUrl'>;

const numberOrNull = (text: string) => (text.trim() === '' ? null : Number(text));

export function RegistrationForm({ stored, effective }: { stored: OperatorSettings; effective: Mode }) {
  const t = useTranslations('admin.ops.settings');
  const { save, ...state } = useSave();
  const [mode, setMode] = useState<Mode>(stored.registration ?? effective);
  return (
    <Card title={t('registrationTitle')} hint={t('registrationHint')}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          save({ registration: mode === 'open' ? null : mode });
        }}
      >
        <fieldset className="flex flex-wrap gap-2 px-4 py-4" data-testid="setting-registration">
          <legend className="sr-only">{t('registrationTitle')}</legend>
          {MODES.map((name) => (
            <label
              key={name}
              className={cn(
                'flex h-9 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm',
                mode === name ? 'border-brand-400 bg-brand-50 text-brand-700' : 'border-line text-ink-700',
              )}
            >
              <input
                type="radio"
                name="registration"
                value={name}
                checked={mode === name}
                onChange={() => setMode(name)}
                className="accent-brand-500"
              />
              {t(`registrationModes.${name}`)}
            </label>
          ))}
        </fieldset>
        <Footer {...state} testId="settings-registration-save" />
      </form>
    </Card>
  );
}

export function LimitsForm({ stored, effective }: { stored: OperatorSettings; effective: Effective }) {
  const t = useTranslations('admin.ops.settings');
  const id = useId();
  const { save, ...state } = useSave();
  const [rates, setRates] = useState(
    Object.fromEntries(
      RATES.map((key) => [
        key,
        { count: String(stored[key]?.count ?? ''), seconds: String(stored[key]?.seconds ?? '') },
      ]),
    ) as Record<RateKey, { count: string; seconds: string }>,
  );
  const [reporters, setReporters] = useState(String(stored.autoHideReporters ?? ''));
  const [incomplete, setIncomplete] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const patch: Record<string, Rate | number | null> = { autoHideReporters: numberOrNull(reporters) };
    for (const key of RATES) {
      const { count, seconds } = rates[key];
      if (!count.trim() !== !seconds.trim()) return setIncomplete(true);
      patch[key] = count.trim() ? { count: Number(count), seconds: Number(seconds) } : null;
    }
    setIncomplete(false);
    save(patch);
  }

  return (
    <Card title={t('limitsTitle')} hint={t('limitsHint')}>
      <form onSubmit={submit}>
        <div className="grid gap-4 px-4 py-4 md:grid-cols-2 xl:grid-cols-4">
          {RATES.map((key) => (
            <fieldset key={key} className="min-w-0">
              <legend className={LABEL_CLASS}>{t(`rates.${key}`)}</legend>
              <div className="flex flex-wrap items-center gap-2">
                <input
                  type="number"
                  min={1}
                  max={1000}
                  step={1}
                  aria-label={`${t(`rates.${key}`)} · ${t('rateCount')}`}
                  value={rates[key].count}
                  onChange={(event) =>
                    setRates({ ...rates, [key]: { ...rates[key], count: event.target.value } })
                  }
                  placeholder={String(effective[key].count)}
                  className={`${FIELD_CLASS} h-9 w-20 tabular-nums`}
                  data-testid={`setting-${key}-count`}
                />
                <span className="shrink-0 text-sm text-ink-500">/</span>
                <input
                  type="number"
                  min={1}
                  step={1}
                  aria-label={`${t(`rates.${key}`)} · ${t('rateSeconds')}`}
                  value={rates[key].seconds}
                  onChange={(event) =>
                    setRates({ ...rates, [key]: { ...rates[key], seconds: event.target.value } })
                  }
                  placeholder={String(effective[key].seconds)}
                  className={`${FIELD_CLASS} h-9 w-24 tabular-nums`}
                  data-testid={`setting-${key}-seconds`}
                />
                <span className="shrink-0 text-sm text-ink-500">{t('rateSeconds')}</span>
              </div>
              <p className="mt-1 text-xs text-ink-500">{t('rateNow', effective[key])}</p>
            </fieldset>
          ))}
          <div className="min-w-0">
            <label htmlFor={`${id}-reporters`} className={LABEL_CLASS}>
              {t('fields.autoHideReporters')}
            </label>
            <input
              id={`${id}-reporters`}
              type="number"
              min={2}
              max={1000}
              step={1}
              value={reporters}
              onChange={(event) => setReporters(event.target.value)}
              className={`${FIELD_CLASS} h-9 w-24 tabular-nums`}
              data-testid="setting-autoHideReporters"
            />
            <p className="mt-1 text-xs text-ink-500">
              {effective.autoHideReporters
                ? t('autoHideNow', { count: effective.autoHideReporters })
                : t('autoHideOff')}
            </p>
          </div>
        </div>
        {incomplete ? (
          <p role="alert" className="px-4 pb-3 text-sm text-live">
            {t('rateIncomplete')}
          </p>
        ) : null}
        <Footer {...state} testId="settings-limits-save" />
      </form>
    </Card>
  );
}

export function ProvidersForm({ stored, effective }: { stored: OperatorSettings; effective: Effective }) {
  const t = useTranslations('admin.ops.settings');
  const id = useId();
  const { save, ...state } = useSave();
  const [provider, setProvider] = useState(stored.smsProvider ?? effective.smsProvider);
  const [url, setUrl] = useState(stored.smsHttpUrl ?? '');
  const [token, setToken] = useState('');
  const [clearToken, setClearToken] = useState(false);
  const [cost, setCost] = useState(String(stored.captchaCost ?? ''));

  function submit(event: FormEvent) {
    event.preventDefault();
    save({
      smsProvider: provider,
      smsHttpUrl: url.trim() || null,
      // Write-only: sent only when typed (or removed); an empty field keeps the stored token.
      ...(clearToken ? { smsHttpToken: null } : token ? { smsHttpToken: token } : {}),
      captchaCost: numberOrNull(cost),
    });
    setToken('');
    setClearToken(false);
  }

  return (
    <Card title={t('providersTitle')} hint={t('providersHint')}>
      <form onSubmit={submit}>
        <div className="grid gap-4 px-4 py-4 md:grid-cols-2">
          <div className="min-w-0">
            <label htmlFor={`${id}-provider`} className={LABEL_CLASS}>
              {t('fields.smsProvider')}
            </label>
            <select
              id={`${id}-provider`}
              value={provider}
              onChange={(event) => setProvider(event.target.value as 'outbox' | 'http')}
              className={`${FIELD_CLASS} h-9`}
              data-testid="setting-smsProvider"
            >
              {(['outbox', 'http'] as const).map((name) => (
                <option key={name} value={name}>
                  {t(`smsProviders.${name}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0">
            <label htmlFor={`${id}-url`} className={LABEL_CLASS}>
              {t('fields.smsHttpUrl')}
            </label>
            <input
              id={`${id}-url`}
              type="url"
              maxLength={300}
              value={url}
              onChange={(event) => setUrl(event.target.value)}
              placeholder={effective.smsHttpUrl ?? 'https://'}
              className={`${FIELD_CLASS} h-9`}
              data-testid="setting-smsHttpUrl"
            />
          </div>
          <div className="min-w-0">
            <label htmlFor={`${id}-token`} className={LABEL_CLASS}>
              {t('fields.smsHttpToken')}{' '}
              <span
                className={cn('text-xs', effective.smsHttpTokenSet ? 'text-win' : 'text-ink-500')}
                data-testid="setting-smsHttpToken-state"
              >
                ({effective.smsHttpTokenSet ? t('tokenSet') : t('tokenUnset')})
              </span>
            </label>
            <input
              id={`${id}-token`}
              type="password"
              autoComplete="new-password"
              maxLength={500}
              value={token}
              disabled={clearToken}
              onChange={(event) => setToken(event.target.value)}
              placeholder={t('tokenPlaceholder')}
              className={`${FIELD_CLASS} h-9`}
              data-testid="setting-smsHttpToken"
            />
            {stored.smsHttpTokenSet ? (
              <label className="mt-1 flex items-center gap-2 text-xs text-ink-700">
                <input
                  type="checkbox"
                  checked={clearToken}
                  onChange={(event) => setClearToken(event.target.checked)}
                />
                {t('tokenClear')}
              </label>
            ) : null}
          </div>
          <div className="min-w-0">
            <label htmlFor={`${id}-cost`} className={LABEL_CLASS}>
              {t('fields.captchaCost')}
            </label>
            <input
              id={`${id}-cost`}
              type="number"
              min={100}
              max={10_000_000}
              step={1}
              value={cost}
              onChange={(event) => setCost(event.target.value)}
              placeholder={String(effective.captchaCost)}
              className={`${FIELD_CLASS} h-9 w-40 tabular-nums`}
              data-testid="setting-captchaCost"
            />
            <p className="mt-1 text-xs text-ink-500">{t('captchaHint', { cost: effective.captchaCost })}</p>
            <p className="mt-1 text-xs text-ink-500">{t('captchaBuiltIn')}</p>
          </div>
        </div>
        <Footer {...state} testId="settings-providers-save" />
      </form>
    </Card>
  );
}
