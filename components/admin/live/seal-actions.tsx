'use client';
import { useRouter } from 'next/navigation';
// Seal (with how long and a reason viewers are shown) or unseal a room from the console.
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';
import type { DecisionReason } from '@/lib/admin/decision';

const HOURS = { '1': 1, '24': 24, '168': 168, forever: undefined } as const;
type Hours = keyof typeof HOURS;

export function SealActions({
  roomId,
  sealed,
  reasons,
  liftReasons,
}: {
  roomId: number;
  sealed: boolean;
  reasons: readonly ReasonOption[];
  liftReasons: readonly ReasonOption[];
}) {
  const t = useTranslations('admin.live');
  const router = useRouter();
  const [hours, setHours] = useState<Hours>('24');
  async function post(path: string, body: object) {
    const { api } = await import('@/lib/http/client');
    await api.post(path, body, { silent: true });
    router.refresh();
  }
  // The code and the moderator's own words go as they are: each reader sees the code in their language.
  const seal = ({ reason_code, reason }: DecisionReason) =>
    post('api/admin/live/seal', {
      room_id: roomId,
      reason_code,
      ...(reason ? { reason: reason.slice(0, 200) } : {}),
      ...(HOURS[hours] ? { hours: HOURS[hours] } : {}),
    });
  if (sealed)
    return (
      <ReasonDialog
        trigger={
          <Button size="sm" variant="secondary" data-testid={`unseal-${roomId}`}>
            {t('unseal')}
          </Button>
        }
        title={t('unsealTitle')}
        reasons={liftReasons}
        confirmLabel={t('unseal')}
        onConfirm={(reason) => post('api/admin/live/unseal', { room_id: roomId, ...reason })}
      />
    );
  return (
    <ReasonDialog
      trigger={
        <Button size="sm" variant="secondary" className="text-live" data-testid={`seal-${roomId}`}>
          {t('seal')}
        </Button>
      }
      title={t('sealTitle')}
      description={t('sealHint')}
      reasons={reasons}
      confirmLabel={t('seal')}
      tone="danger"
      onConfirm={seal}
    >
      <div>
        <label htmlFor={`seal-hours-${roomId}`} className={LABEL_CLASS}>
          {t('duration')}
        </label>
        <select
          id={`seal-hours-${roomId}`}
          value={hours}
          onChange={(event) => setHours(event.target.value as Hours)}
          className={FIELD_CLASS}
        >
          {(Object.keys(HOURS) as Hours[]).map((key) => (
            <option key={key} value={key}>
              {t(`durations.${key}`)}
            </option>
          ))}
        </select>
      </div>
    </ReasonDialog>
  );
}
