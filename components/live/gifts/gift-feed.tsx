// Beside the gift bar: the room's gift ticker (every gift as a line, newest first) and the room's
// contribution ranking for today, this week, this month or all time.
import { useQuery } from '@tanstack/react-query';
import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/cn';
import type { GiftPush } from '@/lib/realtime/events';
import { GiftArt } from './gift-art';

export const WINDOWS = ['day', 'week', 'month', 'total'] as const;
type Line = { user_id: number; nickname: string; avatar: string; value: number };

export function GiftFeed({ roomId, ticker }: { roomId: number; ticker: GiftPush[] }) {
  const t = useTranslations('gifts');
  const [view, setView] = useState<'ticker' | (typeof WINDOWS)[number]>('ticker');
  return (
    <aside
      className="flex min-w-0 flex-col border-t border-line layout:border-t-0 layout:border-l"
      aria-label={t('ticker')}
    >
      <div className="flex h-11 items-center gap-1 whitespace-nowrap border-b border-line px-2 text-sm">
        {(['ticker', 'contribution'] as const).map((tab) => (
          <button
            key={tab}
            type="button"
            aria-pressed={tab === 'ticker' ? view === 'ticker' : view !== 'ticker'}
            onClick={() => setView(tab === 'ticker' ? 'ticker' : 'day')}
            className={cn(
              'h-8 rounded-md px-2.5',
              (tab === 'ticker') === (view === 'ticker')
                ? 'bg-brand-50 font-medium text-brand-600'
                : 'text-ink-700 hover:text-brand-600',
            )}
          >
            {t(tab)}
          </button>
        ))}
      </div>
      {view !== 'ticker' ? (
        <div className="flex gap-1 whitespace-nowrap border-b border-line px-2 py-1.5">
          {WINDOWS.map((window) => (
            <button
              key={window}
              type="button"
              aria-pressed={view === window}
              onClick={() => setView(window)}
              className={cn(
                'h-7 flex-1 rounded text-xs',
                view === window
                  ? 'bg-canvas font-medium text-brand-600'
                  : 'text-ink-500 hover:text-brand-600',
              )}
            >
              {t(`windows.${window}`)}
            </button>
          ))}
        </div>
      ) : null}
      <div className="h-[200px] flex-1 overflow-y-auto">
        {view === 'ticker' ? <Ticker lines={ticker} /> : <Contribution roomId={roomId} window={view} />}
      </div>
    </aside>
  );
}

function Ticker({ lines }: { lines: GiftPush[] }) {
  const t = useTranslations('gifts');
  const locale = useLocale();
  if (!lines.length) return <p className="px-4 py-8 text-center text-sm text-ink-500">{t('tickerEmpty')}</p>;
  return (
    <ol className="divide-y divide-line" data-testid="gift-ticker" aria-live="polite">
      {lines.map((line) => (
        <li key={line.send_id} className="flex animate-slide-in items-center gap-2 px-3 py-1.5 text-sm">
          <GiftArt code={line.gift_code} size={24} className="shrink-0" />
          <span className="min-w-0 flex-1 truncate text-ink-700">
            {t('sent', {
              sender: line.sender.nickname,
              gift: line.gift_names[locale] ?? line.gift_names['zh-CN'] ?? line.gift_code,
              count: line.count,
            })}
          </span>
          {line.combo > 1 ? (
            <span className="shrink-0 text-xs font-semibold italic text-brand-500">
              {t('combo', { combo: line.combo })}
            </span>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

export function Contribution({ roomId, window }: { roomId: number; window: (typeof WINDOWS)[number] }) {
  const t = useTranslations('gifts');
  const format = useFormatter();
  const { data, isPending } = useQuery({
    queryKey: ['gifts', 'contribution', roomId, window],
    queryFn: async () => {
      const { api } = await import('@/lib/http/client');
      return (await api.get<{ list: Line[] }>('api/Gift/roomContribution', { room_id: roomId, type: window }))
        .list;
    },
  });
  if (isPending)
    return (
      <div className="space-y-2 p-3">
        {[0, 1, 2, 3].map((i) => (
          <Skeleton key={i} className="h-8 w-full" />
        ))}
      </div>
    );
  if (!data?.length)
    return <p className="px-4 py-8 text-center text-sm text-ink-500">{t('contributionEmpty')}</p>;
  return (
    <ol className="divide-y divide-line" data-testid="gift-contribution">
      {data.map((line, index) => (
        <li key={line.user_id} className="flex items-center gap-2 px-3 py-1.5 text-sm">
          <span
            className={cn(
              'inline-flex size-5 shrink-0 items-center justify-center rounded-full text-[11px] font-semibold',
              index < 3 ? 'bg-brand-500 text-white' : 'bg-canvas text-ink-500',
            )}
          >
            {index + 1}
          </span>
          <img src={line.avatar} alt="" width={24} height={24} className="size-6 rounded-full bg-canvas" />
          <span className="min-w-0 flex-1 truncate text-ink-900" title={line.nickname}>
            {line.nickname}
          </span>
          <span className="shrink-0 text-xs text-ink-500 tabular-nums">
            {t('value', { value: format.number(line.value) })}
          </span>
        </li>
      ))}
    </ol>
  );
}
