'use client';
// The home page's stage: the hottest live room's cover first (the page's LCP, server-rendered), then,
// once the page is idle, the live room's own player (muted) loaded lazily over it. The whole stage is
// a link into the room: a click enters it.
import dynamic from 'next/dynamic';
import { useEffect, useState } from 'react';

const LivePlayer = dynamic(() => import('@/app/[locale]/(portal)/(side)/live/live-player'), { ssr: false });

export function LivePreview({
  flv,
  hls,
  href,
  label,
  children,
}: {
  flv: string | null;
  hls: string | null;
  href: string;
  label: string;
  /** The cover, shown until the player has a picture. */
  children: React.ReactNode;
}) {
  const [play, setPlay] = useState(false);
  useEffect(() => {
    if (!flv && !hls) return;
    const start = () => setPlay(true);
    if ('requestIdleCallback' in window) {
      const handle = window.requestIdleCallback(start, { timeout: 2500 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = setTimeout(start, 1200);
    return () => clearTimeout(timer);
  }, [flv, hls]);
  return (
    <div className="relative size-full" data-testid="home-live-stage" data-playing={play}>
      {children}
      {play ? (
        <div className="pointer-events-none absolute inset-0 [&_video]:pointer-events-none">
          <LivePlayer live flv={flv} hls={flv ? null : hls} />
        </div>
      ) : null}
      {/* Above the player: the stage is one link into the room (the player's controls stay out of reach). */}
      <a href={href} className="absolute inset-0 z-10" data-testid="home-live-enter">
        <span className="sr-only">{label}</span>
      </a>
    </div>
  );
}
