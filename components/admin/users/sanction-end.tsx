// How long a mute or ban lasts: a preset or any end time typed in the viewer's zone, with the end shown
// before confirming. The user's case file (./sanction-actions.tsx) and a report's decision
// (components/admin/review/author-sanction.tsx) both pick it here.
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { useTimeFormat } from '@/components/ui/time-view';
import { instantFromWallTime, wallTimeOf } from '@/lib/time/zone';

const HOUR = 3_600_000;
const DURATIONS = {
  '1h': HOUR,
  '1d': 24 * HOUR,
  '7d': 7 * 24 * HOUR,
  '30d': 30 * 24 * HOUR,
  forever: 3650 * 24 * HOUR,
};
/** A preset, or `custom`: any end time typed in the viewer's zone. */
type Duration = keyof typeof DURATIONS | 'custom';

export type SanctionEnd = ReturnType<typeof useSanctionEnd>;

/** The chosen duration and its end (null while a custom end is not typed). */
export function useSanctionEnd() {
  const times = useTimeFormat();
  const [duration, setDuration] = useState<Duration>('1d');
  const [customEnd, setCustomEnd] = useState('');
  const timeZone = times.times.timeZone;
  const endOf = (): Date | null =>
    duration === 'custom'
      ? instantFromWallTime(customEnd, timeZone)
      : new Date(Date.now() + DURATIONS[duration]);
  return { duration, setDuration, customEnd, setCustomEnd, timeZone, endOf };
}

export function SanctionEndField({ id, state }: { id: string; state: SanctionEnd }) {
  const t = useTranslations('admin.users');
  const times = useTimeFormat();
  const end = state.endOf();
  return (
    <div>
      <label htmlFor={id} className={LABEL_CLASS}>
        {t('duration')}
      </label>
      <select
        id={id}
        value={state.duration}
        onChange={(event) => state.setDuration(event.target.value as Duration)}
        className={FIELD_CLASS}
        data-testid="sanction-duration"
      >
        {[...(Object.keys(DURATIONS) as Duration[]), 'custom' as const].map((key) => (
          <option key={key} value={key}>
            {t(`durations.${key}`)}
          </option>
        ))}
      </select>
      {state.duration === 'custom' ? (
        <input
          type="datetime-local"
          aria-label={t('customEnd')}
          value={state.customEnd}
          min={wallTimeOf(new Date(), state.timeZone)}
          onChange={(event) => state.setCustomEnd(event.target.value)}
          className={`${FIELD_CLASS} mt-2 h-10`}
          data-testid="sanction-end"
        />
      ) : null}
      <p className="mt-1 text-xs text-ink-500">
        {end ? t('endsAt', { at: times.dateTime(end, 'dateTime') }) : t('customMissing')}
      </p>
    </div>
  );
}
