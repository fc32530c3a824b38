// Seal (with how long and a reason viewers are shown) or unseal a room from the console: server markup
// around the console's reason dialog, which posts the decision with the duration chosen in it. The code
// and the moderator's own words go as they are: each reader sees the code in their language; the seal
// keeps 200 characters of words.
import { useTranslations } from 'next-intl';
import { ReasonDialog, type ReasonOption } from '@/components/admin/reason-dialog';
import { Button } from '@/components/ui/button';
import { FIELD_CLASS, LABEL_CLASS } from '@/components/ui/field-styles';

/** The durations offered, in hours ('': until lifted, the route's `hours` left out). */
const HOURS = { '1': '1', '24': '24', '168': '168', forever: '' } as const;
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
        post={{ path: 'api/admin/live/unseal', body: { room_id: roomId } }}
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
      textMax={200}
      post={{
        path: 'api/admin/live/seal',
        body: { room_id: roomId },
        fields: { hours: { number: 'hours' } },
      }}
    >
      <div>
        <label htmlFor={`seal-hours-${roomId}`} className={LABEL_CLASS}>
          {t('duration')}
        </label>
        <select id={`seal-hours-${roomId}`} name="hours" defaultValue={HOURS['24']} className={FIELD_CLASS}>
          {(Object.keys(HOURS) as Hours[]).map((key) => (
            <option key={key} value={HOURS[key]}>
              {t(`durations.${key}`)}
            </option>
          ))}
        </select>
      </div>
    </ReasonDialog>
  );
}
