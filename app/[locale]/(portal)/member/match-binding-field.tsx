'use client';
// The linked match with change and unlink; the picker (Radix dialog with search) loads on first open.
import { ArrowUpRight } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { useFormPost } from '@/lib/http/use-form-post';
import { Link } from '@/lib/i18n/navigation';
import type { BindableView } from '@/lib/live/match-binding';
import { BindableMatchLine } from './bindable-match-line';
import { FormError } from './form-error';
import type { RoomSport } from './match-picker-dialog';

const MatchPickerDialog = dynamic(() => import('./match-picker-dialog'), { ssr: false });

export function MatchBindingField({
  current,
  roomSport,
}: {
  current: BindableView | null;
  roomSport: RoomSport;
}) {
  const t = useTranslations('liveExtras.binding');
  const [picking, setPicking] = useState(false);
  /** Binds (a match id) or unbinds (null); the page reloads its data from the server. */
  const binding = useFormPost<{ match_id: number | null }>('api/Live/setLiveInfo', {
    failed: t('loadFailed'),
    refresh: true,
    onSuccess: (_, { match_id }) => {
      import('sonner').then(({ toast }) => toast.success(match_id === null ? t('unbound') : t('bound')));
      setPicking(false);
    },
  });
  const { error, isPending: pending } = binding;
  const bind = (matchId: number | null) => binding.mutate({ match_id: matchId });

  return (
    <div className="space-y-3" data-testid="match-binding">
      <p className="text-xs leading-5 text-ink-500">{t('hint')}</p>
      {current ? (
        <div
          className="flex items-center gap-4 rounded-lg border border-line px-4 py-3"
          data-testid="bound-match"
        >
          <BindableMatchLine match={current} />
          <Link
            href={`/score-live?id=${current.id}`}
            className="inline-flex shrink-0 items-center gap-0.5 text-sm text-brand-600 hover:underline"
          >
            {t('openMatch')}
            <ArrowUpRight aria-hidden className="size-3.5" />
          </Link>
        </div>
      ) : (
        <div className="rounded-lg border border-dashed border-line px-4 py-3">
          <p className="text-sm font-medium text-ink-700">{t('none')}</p>
          <p className="mt-0.5 text-xs text-ink-500">{t('noneHint')}</p>
        </div>
      )}
      <div className="flex items-center gap-3">
        <Button type="button" onClick={() => setPicking(true)} disabled={pending}>
          {current ? t('change') : t('choose')}
        </Button>
        {current ? (
          <Button type="button" variant="secondary" onClick={() => bind(null)} disabled={pending}>
            {t('unbind')}
          </Button>
        ) : null}
      </div>
      <FormError message={error} />
      {picking ? (
        <MatchPickerDialog
          currentId={current?.id ?? null}
          roomSport={roomSport}
          onPick={bind}
          onClose={() => setPicking(false)}
          pending={pending}
          error={error}
        />
      ) : null}
    </div>
  );
}
