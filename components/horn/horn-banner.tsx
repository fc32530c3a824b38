// The global horn on every page: each `horn` push scrolls once across a strip under the top bar,
// one message after another; the strip is gone when nothing is playing.
import { Crown, Megaphone } from 'lucide-react';
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { NOBLE_COLOURS } from '@/components/live/chat/noble-badge';
import { cn } from '@/lib/cn';
import type { HornPush } from '@/lib/realtime/events';
import { useRealtime } from '@/lib/realtime/use-realtime';

/** Pixels per second the message travels. */
const SPEED = 90;
const QUEUE_MAX = 20;

export function HornBanner() {
  const t = useTranslations('horn');
  const push = useRealtime('horn');
  const [queue, setQueue] = useState<HornPush[]>([]);
  const track = useRef<HTMLDivElement>(null);
  const text = useRef<HTMLParagraphElement>(null);

  useEffect(() => {
    if (!push) return;
    setQueue((current) =>
      current.some((item) => item.id === push.data.id) ? current : [...current, push.data].slice(-QUEUE_MAX),
    );
  }, [push]);

  const playing = queue[0];
  useEffect(() => {
    if (!playing || !track.current || !text.current) return;
    const distance = track.current.clientWidth + text.current.scrollWidth;
    const animation = text.current.animate(
      [{ transform: `translateX(${track.current.clientWidth}px)` }, { transform: 'translateX(-100%)' }],
      { duration: (distance / SPEED) * 1000, easing: 'linear' },
    );
    animation.onfinish = () => setQueue((current) => current.slice(1));
    return () => animation.cancel();
  }, [playing]);

  if (!playing) return null;
  return (
    <div
      role="status"
      aria-label={t('title')}
      data-testid="horn-banner"
      className="fixed inset-x-0 top-topbar z-40 flex h-9 items-center gap-2 border-b border-amber-300 bg-gradient-to-r from-amber-50 via-orange-50 to-amber-50 pl-4 shadow-sm"
    >
      <span className="flex shrink-0 items-center gap-1 text-xs font-semibold text-brand-600">
        <Megaphone aria-hidden className="size-4" />
        {t('title')}
      </span>
      <div ref={track} className="relative h-full min-w-0 flex-1 overflow-hidden">
        <p
          ref={text}
          key={playing.id}
          className="absolute top-1/2 left-0 flex -translate-y-1/2 items-center gap-1.5 whitespace-nowrap text-sm text-ink-900"
        >
          {playing.noble ? (
            <span
              className={cn(
                'grid size-5 place-items-center rounded ring-1 ring-inset',
                NOBLE_COLOURS[playing.noble],
              )}
            >
              <Crown aria-hidden className="size-3" />
            </span>
          ) : null}
          <span className="font-semibold text-brand-700">{playing.nickname}</span>
          <span className="text-ink-500">：</span>
          <span data-testid="horn-content">{playing.content}</span>
        </p>
      </div>
    </div>
  );
}
