'use client';
import { useRouter } from 'next/navigation';
// Mute, ban and lift on a user's console page, each through the reason dialog; a mute or ban also takes
// how long (its end time is shown before confirming). The page refreshes with the new state.
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import { useTimeFormat } from '@/components/ui/time-view';
import type { DecisionReason } from '@/lib/admin/decision';
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
type Kind = 'mute' | 'ban';

export function SanctionActions({
  userId,
  name,
  active,
  sanctionReasons,
  liftReasons,
}: {
  userId: number;
  name: string;
  /** Which sanctions are in force now (those get a lift button instead). */
  active: Record<Kind, boolean>;
  sanctionReasons: readonly ReasonOption[];
  liftReasons: readonly ReasonOption[];
}) {
  const t = useTranslations('admin.users');
  const times = useTimeFormat();
  const router = useRouter();
  const [duration, setDuration] = useState<Duration>('1d');
  const [customEnd, setCustomEnd] = useState('');
  const timeZone = times.times.timeZone;
  const endOf = (): Date | null =>
    duration === 'custom'
      ? instantFromWallTime(customEnd, timeZone)
      : new Date(Date.now() + DURATIONS[duration]);
  const end = endOf();

  async function post(path: string, body: object) {
    const { api } = await import('@/lib/http/client');
    await api.post(path, body, { silent: true });
    router.refresh();
  }
  const give = (kind: Kind) => async (reason: DecisionReason) => {
    const until = endOf();
    if (!until) throw new Error(t('customMissing'));
    await post('api/admin/users/sanction', { user_id: userId, kind, until: until.toISOString(), ...reason });
  };
  const lift = (kind: Kind) => (reason: DecisionReason) =>
    post('api/admin/users/lift', { user_id: userId, kind, ...reason });

  return (
    <div className="flex flex-wrap gap-2" data-testid="sanction-actions">
      {(['mute', 'ban'] as const).map((kind) =>
        active[kind] ? (
          <ReasonDialog
            key={kind}
            trigger={
              <Button size="sm" variant="secondary" data-testid={`lift-${kind}`}>
                {t('lift', { kind: t(`kinds.${kind}`) })}
              </Button>
            }
            title={t('liftTitle', { kind: t(`kinds.${kind}`) })}
            reasons={liftReasons}
            confirmLabel={t('lift', { kind: t(`kinds.${kind}`) })}
            onConfirm={lift(kind)}
          />
        ) : (
          <ReasonDialog
            key={kind}
            trigger={
              <Button
                size="sm"
                variant="secondary"
                className={kind === 'ban' ? 'text-live' : undefined}
                data-testid={`give-${kind}`}
              >
                {t(`kinds.${kind}`)}
              </Button>
            }
            title={t(kind === 'ban' ? 'banTitle' : 'muteTitle', { name })}
            description={t(kind === 'ban' ? 'banHint' : 'muteHint')}
            reasons={sanctionReasons}
            confirmLabel={t(`kinds.${kind}`)}
            tone="danger"
            onConfirm={give(kind)}
          >
            <div>
              <label htmlFor={`duration-${kind}`} className={LABEL_CLASS}>
                {t('duration')}
              </label>
              <select
                id={`duration-${kind}`}
                value={duration}
                onChange={(event) => setDuration(event.target.value as Duration)}
                className={FIELD_CLASS}
                data-testid="sanction-duration"
              >
                {[...(Object.keys(DURATIONS) as Duration[]), 'custom' as const].map((key) => (
                  <option key={key} value={key}>
                    {t(`durations.${key}`)}
                  </option>
                ))}
              </select>
              {duration === 'custom' ? (
                <input
                  type="datetime-local"
                  aria-label={t('customEnd')}
                  value={customEnd}
                  min={wallTimeOf(new Date(), timeZone)}
                  onChange={(event) => setCustomEnd(event.target.value)}
                  className={`${FIELD_CLASS} mt-2 h-10`}
                  data-testid="sanction-end"
                />
              ) : null}
              <p className="mt-1 text-xs text-ink-500">
                {end ? t('endsAt', { at: times.dateTime(end, 'dateTime') }) : t('customMissing')}
              </p>
            </div>
          </ReasonDialog>
        ),
      )}
    </div>
  );
}
