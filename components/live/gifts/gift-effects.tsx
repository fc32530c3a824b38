// Big gifts' effect over the video: rays, the gift's drawing and who sent it, one after another
// (3.6 s each), drawn inside the live room's stage box (`data-effects-host`, live-stage.tsx) so it
// plays over the player, in full screen too, and never over the page. Decorative for assistive
// tech: the ticker carries the same line as text.
import { useLocale, useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import type { GiftPush } from '@/lib/realtime/events';
import { GiftArt } from './gift-art';

export const EFFECT_MS = 3600;

export function GiftEffects({ queue, onDone }: { queue: GiftPush[]; onDone: () => void }) {
  const t = useTranslations('gifts');
  const locale = useLocale();
  const current = queue[0];
  const [shown, setShown] = useState<number | null>(null);
  const [host, setHost] = useState<Element | null>(null);
  // The stage is on the page before the gift bar (which streams in after it).
  useEffect(() => setHost(document.querySelector('[data-effects-host]')), []);
  useEffect(() => {
    if (!current) return;
    setShown(current.send_id);
    const timer = setTimeout(onDone, EFFECT_MS);
    return () => clearTimeout(timer);
  }, [current, onDone]);
  if (!current || shown !== current.send_id || !host) return null;
  const name = current.gift_names[locale] ?? current.gift_names['zh-CN'] ?? current.gift_code;
  return createPortal(
    <div
      aria-hidden
      data-testid="gift-effect"
      className="pointer-events-none absolute inset-x-0 top-1/2 z-10 flex -translate-y-1/2 justify-center"
    >
      <div className="relative flex h-56 w-full items-center justify-center overflow-hidden bg-gradient-to-r from-transparent via-night/70 to-transparent">
        <svg
          viewBox="0 0 200 200"
          className="absolute size-[28rem] animate-gift-rays text-brand-400"
          aria-hidden
        >
          {Array.from({ length: 12 }, (_, i) => (
            <path
              // biome-ignore lint/suspicious/noArrayIndexKey: fixed decorative rays
              key={i}
              d="M100 100 L92 0 L108 0 Z"
              fill="currentColor"
              opacity={i % 2 ? 0.35 : 0.6}
              transform={`rotate(${i * 30} 100 100)`}
            />
          ))}
        </svg>
        <div className="relative flex animate-gift-burst items-center gap-6">
          <GiftArt
            code={current.gift_code}
            size={148}
            className="drop-shadow-[0_8px_24px_rgba(245,106,31,0.6)]"
          />
          <div className="text-white">
            <p className="text-2xl font-semibold drop-shadow">{current.sender.nickname}</p>
            <p className="mt-1 text-lg text-brand-100">
              {t('sent', { sender: '', gift: name, count: current.count }).trim()}
            </p>
            {current.combo > 1 ? (
              <p className="mt-1 text-3xl font-bold italic text-brand-400 tabular-nums">
                {t('combo', { combo: current.combo })}
              </p>
            ) : null}
          </div>
        </div>
      </div>
    </div>,
    host,
  );
}
