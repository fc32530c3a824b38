'use client';
// The user centre's time zone: automatic (the browser's, the default) or one chosen from a searchable
// list of the runtime's IANA zones. Saved on the account (api/member/timeZone), so every device and every
// server render agree; the page is then rendered again in it.
import { useLocale, useTranslations } from 'next-intl';
import { type FormEvent, useMemo, useState, useSyncExternalStore } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { useTimeFormat } from '@/components/ui/time-view';
import type { TimeZoneInput } from '@/lib/accounts/profile-schemas';
import { cn } from '@/lib/cn';
import { useFormPost } from '@/lib/http/use-form-post';
import { zoneName, zoneOffsetLabel } from '@/lib/time/zone-name';
import { FormError } from './form-error';

const MAX_SHOWN = 60;
const subscribeNever = () => () => {};
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone ?? '';
// The browser's zone and its list of zones exist only in the browser: the server renders without them.
const onServer = () => '';
const hydrated = () => true;
const notHydrated = () => false;

export function ZoneForm({ chosen }: { chosen: string }) {
  const t = useTranslations('member.zone');
  const locale = useLocale();
  const format = useTimeFormat();
  const [mode, setMode] = useState<'automatic' | 'chosen'>(chosen ? 'chosen' : 'automatic');
  const [zone, setZone] = useState(chosen);
  const [query, setQuery] = useState('');
  const save = useFormPost<TimeZoneInput>('api/member/timeZone', {
    refresh: true,
    success: t('saved'),
    failed: t('failed'),
  });
  const browser = useSyncExternalStore(subscribeNever, browserZone, onServer);
  const inBrowser = useSyncExternalStore(subscribeNever, hydrated, notHydrated);
  const at = format.times.at;
  const listed = inBrowser && mode === 'chosen';
  const zones = useMemo(() => {
    if (!listed) return [];
    const all = Intl.supportedValuesOf('timeZone');
    return (all.includes('UTC') ? all : ['UTC', ...all]).map((id) => ({
      id,
      label: `${id.replaceAll('_', ' ')} · ${zoneName(id, locale)} · ${zoneOffsetLabel(id, at)}`,
    }));
  }, [listed, locale, at]);
  const needle = query.trim().toLowerCase().replaceAll(' ', '_');
  const matches = needle
    ? zones.filter(
        (z) =>
          z.id.toLowerCase().includes(needle) || z.label.toLowerCase().includes(query.trim().toLowerCase()),
      )
    : zones;
  const shown = matches.slice(0, MAX_SHOWN);
  if (zone && !shown.some((z) => z.id === zone)) {
    const current = zones.find((z) => z.id === zone);
    if (current) shown.unshift(current);
  }

  const wanted = mode === 'automatic' ? '' : zone;
  const changed = wanted !== chosen && (mode === 'automatic' || zone !== '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changed) save.mutate({ time_zone: wanted });
  };

  return (
    <form onSubmit={submit} className="space-y-4" noValidate data-testid="zone-form">
      <p className="text-sm text-ink-500">{t('hint')}</p>
      <p className="text-sm text-ink-700" data-testid="zone-current">
        {t('current', { hint: format.known ? format.hint() : '' })}
      </p>
      <fieldset>
        <legend className={LABEL_CLASS}>{t('mode')}</legend>
        <div className="flex flex-wrap gap-2">
          {(['automatic', 'chosen'] as const).map((value) => (
            <label
              key={value}
              className={cn(
                'flex min-h-9 cursor-pointer items-center rounded-md border px-4 py-1.5 text-sm transition-colors',
                mode === value
                  ? 'border-brand-500 bg-brand-50 font-medium text-brand-600'
                  : 'border-line text-ink-700 hover:border-ink-300',
              )}
            >
              <input
                type="radio"
                name="zone-mode"
                className="sr-only"
                checked={mode === value}
                onChange={() => setMode(value)}
              />
              {value === 'automatic'
                ? browser
                  ? t('automatic', { zone: browser.replaceAll('_', ' ') })
                  : t('automaticUnknown')
                : t('chosen')}
            </label>
          ))}
        </div>
      </fieldset>
      {mode === 'chosen' ? (
        <div className="space-y-2">
          <label htmlFor="zone-search" className={LABEL_CLASS}>
            {t('search')}
          </label>
          <input
            id="zone-search"
            type="search"
            className={INPUT_CLASS}
            value={query}
            placeholder={t('searchPlaceholder')}
            onChange={(event) => setQuery(event.target.value)}
            autoComplete="off"
          />
          {shown.length > 0 ? (
            <select
              aria-label={t('chosen')}
              size={8}
              className="w-full rounded-md border border-line bg-surface p-1 text-sm text-ink-900"
              value={zone}
              onChange={(event) => setZone(event.target.value)}
            >
              {shown.map((z) => (
                <option key={z.id} value={z.id}>
                  {z.label}
                </option>
              ))}
            </select>
          ) : (
            <p className="text-sm text-ink-500">{t('noMatch')}</p>
          )}
          {!zone ? <p className="text-xs text-ink-500">{t('pick')}</p> : null}
        </div>
      ) : null}
      <div className="flex items-center gap-4 border-t border-line pt-4">
        <Button type="submit" disabled={!changed || save.isPending}>
          {t('save')}
        </Button>
        <FormError message={save.error} />
      </div>
    </form>
  );
}
