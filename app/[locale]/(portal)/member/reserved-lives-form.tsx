'use client';
// Create and delete reserved lives. The date-time input is read in the viewer's zone (the one every
// time on the page is shown in) and sent as an absolute instant; the server checks it is in the future
// and within the horizon.
import { Trash2 } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { type FormEvent, useState } from 'react';
import { Button } from '@/components/ui/button';
import { INPUT_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { useTimeFormat } from '@/components/ui/time-view';
import { api } from '@/lib/http/client';
import { useFormPost } from '@/lib/http/use-form-post';
import { instantFromWallTime } from '@/lib/time/zone';
import { FormError } from './form-error';

type Item = { id: number; title: string; startsAt: string; bookings: number };
type MatchChoice = { id: number; label: string; kickoffAt: string };

const TITLE_MAX = 60;

export function ReservedLivesForm({
  items,
  matches,
  horizonDays,
}: {
  items: Item[];
  matches: MatchChoice[];
  horizonDays: number;
}) {
  const t = useTranslations('reserve');
  const times = useTimeFormat();
  const timeZone = times.times.timeZone;
  const [title, setTitle] = useState('');
  const [startsAt, setStartsAt] = useState('');
  const [matchId, setMatchId] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const when = (iso: string) => times.dateTime(new Date(iso), 'weekdayDayTime');

  // Only the API's refusal is shown (failed: ''); the network's failure leaves the form as it was.
  const create = useFormPost<object>('api/Live/setReserveLiveNew', {
    failed: '',
    success: t('created'),
    refresh: true,
    onSuccess: () => {
      setTitle('');
      setStartsAt('');
      setMatchId('');
    },
  });
  const removal = useFormPost<{ id: number }>(
    (body) => api.get('api/live/deleteReserveLive', body, { silent: true }),
    { failed: '', success: t('deleted'), refresh: true },
  );
  const pending = create.isPending || removal.isPending;
  const error = invalid ?? (create.error || removal.error || null);
  const clear = () => {
    setInvalid(null);
    create.reset();
    removal.reset();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    clear();
    if (!title.trim()) return setInvalid(t('needTitle'));
    if (!startsAt) return setInvalid(t('needTime'));
    const instant = instantFromWallTime(startsAt, timeZone);
    if (!instant) return setInvalid(t('badTime'));
    create.mutate({
      title: title.trim(),
      starts_at: instant.toISOString(),
      ...(matchId ? { match_id: Number(matchId) } : {}),
    });
  };

  return (
    <div className="space-y-5">
      <p className="text-sm text-ink-500">
        {t('cardHint', { days: horizonDays })}{' '}
        {t('zoneHint', { zone: `${times.zone().name} ${times.zone().offset}` })}
      </p>
      <form
        onSubmit={submit}
        className="grid grid-cols-1 gap-3 sm:grid-cols-[1fr_14rem]"
        data-testid="reserve-form"
      >
        <div>
          <label htmlFor="reserve-title" className={LABEL_CLASS}>
            {t('titleLabel')}
          </label>
          <input
            id="reserve-title"
            className={INPUT_CLASS}
            value={title}
            maxLength={TITLE_MAX}
            placeholder={t('titlePrompt')}
            onChange={(event) => setTitle(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="reserve-starts" className={LABEL_CLASS}>
            {t('startsLabel')}
          </label>
          <input
            id="reserve-starts"
            type="datetime-local"
            className={INPUT_CLASS}
            value={startsAt}
            onChange={(event) => setStartsAt(event.target.value)}
          />
        </div>
        <div>
          <label htmlFor="reserve-match" className={LABEL_CLASS}>
            {t('matchLabel')}
          </label>
          <select
            id="reserve-match"
            className={INPUT_CLASS}
            value={matchId}
            onChange={(event) => setMatchId(event.target.value)}
          >
            <option value="">{t('noMatch')}</option>
            {matches.map((match) => (
              <option key={match.id} value={match.id}>
                {`${when(match.kickoffAt)} · ${match.label}`}
              </option>
            ))}
          </select>
        </div>
        <div className="flex items-end">
          <Button type="submit" disabled={pending} className="h-10 w-full">
            {t('create')}
          </Button>
        </div>
        <div className="sm:col-span-2">
          <FormError message={error} />
        </div>
      </form>
      {items.length ? (
        <ul className="divide-y divide-line rounded-lg border border-line" data-testid="reserve-list">
          {items.map((item) => (
            <li
              key={item.id}
              data-id={item.id}
              className="flex flex-wrap items-center gap-x-4 gap-y-1 px-4 py-2.5 text-sm"
            >
              <time
                dateTime={item.startsAt}
                title={times.title(item.startsAt) || undefined}
                className="w-40 shrink-0 text-ink-700 tabular-nums"
              >
                {when(item.startsAt)}
              </time>
              <span className="min-w-0 flex-1 truncate text-ink-900" title={item.title}>
                {item.title}
              </span>
              <span className="shrink-0 text-xs text-ink-500">{t('bookings', { count: item.bookings })}</span>
              <button
                type="button"
                disabled={pending}
                onClick={() => {
                  clear();
                  removal.mutate({ id: item.id });
                }}
                className="inline-flex items-center gap-1 text-ink-500 hover:text-live"
              >
                <Trash2 aria-hidden className="size-4" />
                {t('delete')}
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <div className="rounded-lg border border-dashed border-line px-4 py-6 text-center">
          <p className="text-sm font-medium text-ink-900">{t('listEmpty')}</p>
          <p className="text-sm text-ink-500">{t('listEmptyHint')}</p>
        </div>
      )}
    </div>
  );
}
