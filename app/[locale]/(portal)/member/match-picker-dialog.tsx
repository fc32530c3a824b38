// The match picker: matches live now or starting within 3 days from `api/live/bindableMatches`,
// searched by team or competition name (typing settles for a moment before asking), filtered by sport
// when the room's category allows more than one.
import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { Dialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { DialogClose } from '@/components/ui/dialog-close';
import { INPUT_CLASS } from '@/components/ui/field-styles';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import { api } from '@/lib/http/client';
import type { BindableView } from '@/lib/live/match-binding';
import { BindableMatchLine } from './bindable-match-line';
import { FormError } from './form-error';

export type RoomSport = 'football' | 'basketball' | null;

const SEARCH_SETTLE_MS = 300;
const SPORTS = ['all', 'football', 'basketball', 'esports'] as const;

export default function MatchPickerDialog({
  currentId,
  roomSport,
  onPick,
  onClose,
  pending,
  error,
}: {
  currentId: number | null;
  roomSport: RoomSport;
  onPick: (id: number) => void;
  onClose: () => void;
  pending: boolean;
  error: string | null;
}) {
  const t = useTranslations('liveExtras.binding');
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const [sport, setSport] = useState<(typeof SPORTS)[number]>(roomSport ?? 'all');
  useEffect(() => {
    const timer = setTimeout(() => setQ(text.trim()), SEARCH_SETTLE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, isPending, isError, refetch } = useQuery({
    queryKey: ['live', 'bindable-matches', sport, q],
    queryFn: () =>
      api.get<{ list: BindableView[] }>(
        'api/live/bindableMatches',
        { ...(sport === 'all' ? {} : { sport }), ...(q ? { q } : {}) },
        { silent: true },
      ),
  });

  return (
    <Dialog.Root defaultOpen onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-black/50" />
        <Dialog.Content
          className="fixed left-1/2 top-1/2 z-50 flex max-h-[80vh] w-[680px] max-w-[calc(100vw-2rem)] -translate-x-1/2 -translate-y-1/2 flex-col overflow-hidden rounded-xl bg-surface shadow-2xl"
          data-testid="match-picker"
        >
          <header className="border-b border-line px-5 py-4">
            <Dialog.Title className="text-base font-semibold text-ink-900">{t('pickerTitle')}</Dialog.Title>
            <Dialog.Description className="mt-0.5 text-xs text-ink-500">{t('pickerHint')}</Dialog.Description>
            <div className="mt-3 flex items-center gap-3">
              <label className="relative flex-1">
                <span className="sr-only">{t('searchLabel')}</span>
                <Search
                  aria-hidden
                  className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-ink-500"
                />
                <input
                  type="search"
                  value={text}
                  maxLength={40}
                  onChange={(event) => setText(event.target.value)}
                  placeholder={t('searchPrompt')}
                  className={cn(INPUT_CLASS, 'pl-9')}
                />
              </label>
              {roomSport ? null : (
                <fieldset className="flex shrink-0 overflow-hidden rounded-md border border-line text-sm">
                  <legend className="sr-only">{t('sport.all')}</legend>
                  {SPORTS.map((value) => (
                    <button
                      key={value}
                      type="button"
                      aria-pressed={sport === value}
                      onClick={() => setSport(value)}
                      className={
                        sport === value
                          ? 'h-10 bg-brand-500 px-3 text-white'
                          : 'h-10 px-3 text-ink-700 hover:bg-canvas'
                      }
                    >
                      {t(`sport.${value}`)}
                    </button>
                  ))}
                </fieldset>
              )}
            </div>
          </header>
          <div className="min-h-72 flex-1 overflow-y-auto">
            {isPending ? (
              <div className="space-y-2 p-4">
                {[0, 1, 2, 3, 4].map((index) => (
                  <Skeleton key={index} className="h-14 w-full" />
                ))}
              </div>
            ) : isError ? (
              <div className="flex flex-col items-center gap-3 px-5 py-12 text-sm text-ink-700">
                {t('loadFailed')}
                <button type="button" onClick={() => refetch()} className="text-brand-600 hover:underline">
                  {t('retry')}
                </button>
              </div>
            ) : data.list.length === 0 ? (
              <div className="px-5 py-12 text-center">
                <p className="font-medium text-ink-900">{t('noResults')}</p>
                <p className="mt-1 text-sm text-ink-500">{t('noResultsHint')}</p>
              </div>
            ) : (
              <ul className="divide-y divide-line">
                {data.list.map((match) => (
                  <li
                    key={match.id}
                    className="flex items-center gap-4 px-5 py-3 hover:bg-canvas"
                    data-testid="bindable-match"
                    data-id={match.id}
                  >
                    <BindableMatchLine match={match} />
                    {match.id === currentId ? (
                      <span className="w-16 shrink-0 text-center text-sm text-ink-500">{t('current')}</span>
                    ) : (
                      <button
                        type="button"
                        disabled={pending}
                        onClick={() => onPick(match.id)}
                        className="h-8 w-16 shrink-0 rounded-md bg-brand-500 text-sm font-medium text-white hover:bg-brand-600 disabled:opacity-60"
                      >
                        {t('pick')}
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
          {error ? (
            <div className="border-t border-line px-5 py-3">
              <FormError message={error} />
            </div>
          ) : null}
          <DialogClose label={t('close')} />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
