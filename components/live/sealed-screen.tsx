// What a sealed room shows in place of the player: why, and until when.
import { ShieldBan } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useTimeFormat } from '@/components/ui/time-view';

export function SealedScreen({ reason, until }: { reason: string | null; until: string | Date | null }) {
  const t = useTranslations('moderation');
  const times = useTimeFormat();
  return (
    <div className="flex size-full items-center justify-center bg-night-2" data-testid="sealed-screen">
      <div className="max-w-md px-6 text-center">
        <ShieldBan aria-hidden className="mx-auto size-12 text-live" strokeWidth={1.5} />
        <p className="mt-3 text-lg font-semibold text-white">{t('sealedTitle')}</p>
        {reason ? (
          <p className="mt-2 text-sm text-ink-300" data-testid="sealed-reason">
            {t('sealedReason', { reason })}
          </p>
        ) : null}
        <p className="mt-1 text-sm text-ink-300">
          {until
            ? t('sealedUntil', {
                until: times.dateTime(new Date(until), 'dateTime'),
              })
            : t('sealedIndefinitely')}
        </p>
      </div>
    </div>
  );
}
