'use client';
// The phone room's 排行 tab: the room's contribution ranking for today, this week, this month or all
// time (the list the desktop shows beside the gift bar), read when the tab is first shown.
import { Trophy } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useState } from 'react';
import { Contribution, WINDOWS } from '@/components/live/gifts/gift-feed';
import { cn } from '@/lib/cn';
import { RANK_TAB } from './panels';
import { useRoomTab } from './room-sheets';
import { usePhoneLayout } from './use-phone';

export function PhoneRanking({ roomId }: { roomId: number }) {
  const t = useTranslations('gifts');
  const phone = usePhoneLayout();
  const [tab] = useRoomTab();
  const [span, setSpan] = useState<(typeof WINDOWS)[number]>('day');
  const [shown, setShown] = useState(false);
  if (phone && tab === 'rank' && !shown) setShown(true);
  if (!shown) return null;
  return (
    <section
      aria-labelledby="phone-ranking-title"
      className={cn('rounded-xl border border-line bg-surface', RANK_TAB)}
      data-testid="phone-ranking"
    >
      <h2
        id="phone-ranking-title"
        className="flex h-11 items-center gap-2 border-b border-line px-4 text-sm font-semibold"
      >
        <Trophy aria-hidden className="size-4 text-brand-500" />
        {t('contribution')}
      </h2>
      <div className="flex gap-1 border-b border-line px-2 py-1.5 whitespace-nowrap">
        {WINDOWS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={span === value}
            onClick={() => setSpan(value)}
            className={cn(
              'h-8 flex-1 rounded text-sm',
              span === value ? 'bg-canvas font-medium text-brand-600' : 'text-ink-500',
            )}
          >
            {t(`windows.${value}`)}
          </button>
        ))}
      </div>
      <Contribution roomId={roomId} window={span} />
    </section>
  );
}
