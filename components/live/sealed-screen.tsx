// What a sealed room shows in place of the player: why, and until when.
import { ShieldBan } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useTimeFormat } from '@/components/ui/time-view';
import { reasonText } from '@/lib/review/reason-text';
import { zonedLabel } from '@/lib/time/zoned-text';

export function SealedScreen({
  reasonCode,
  reason,
  until,
}: {
  reasonCode?: string | null;
  reason: string | null;
  until: string | Date | null;
}) {
  const t = useTranslations('moderation');
  const reasons = useTranslations('im.notices.reasons');
  const times = useTimeFormat();
  const why = reasonText((code) => reasons(code as never), reasonCode, reason);
  return (
    <div className="flex size-full items-center justify-center bg-night-2" data-testid="sealed-screen">
      <div className="max-w-md px-6 text-center">
        <ShieldBan aria-hidden className="mx-auto size-12 text-live" strokeWidth={1.5} />
        <p className="mt-3 text-lg font-semibold text-white">{t('sealedTitle')}</p>
        {why ? (
          <p className="mt-2 text-sm text-ink-300" data-testid="sealed-reason">
            {t('sealedReason', { reason: why })}
          </p>
        ) : null}
        <p className="mt-1 text-sm text-ink-300">
          {until
            ? t('sealedUntil', {
                until: zonedLabel(times, until, 'dateTime'),
              })
            : t('sealedIndefinitely')}
        </p>
      </div>
    </div>
  );
}
