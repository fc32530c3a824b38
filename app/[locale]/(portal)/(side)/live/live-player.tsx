'use client';
// The player, loaded only when a room has something to play. Live: HTTP-FLV through mpegts.js where
// Media Source Extensions exist (first frame in under a second), else HLS; replays: HLS. HLS plays
// through video.js's VHS with `overrideNative`, because Chromium builds without native HLS need MSE.
import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import 'video.js/dist/video-js.css';

type Props = {
  live: boolean;
  flv: string | null;
  hls: string | null;
  /** The low-latency mode failed: the stage switches this room to HLS. */
  onFallback?: () => void;
};

const absolute = (url: string) => new URL(url, window.location.href).href;

export default function LivePlayer({ live, flv, hls, onFallback }: Props) {
  const t = useTranslations('live');
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<'flv' | 'hls' | null>(null);
  const fallback = useRef(onFallback);
  fallback.current = onFallback;

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    let disposed = false;
    let dispose = () => {};

    const playHls = async (url: string) => {
      const { default: videojs } = await import('video.js');
      if (disposed) return;
      const video = document.createElement('video');
      video.className = 'video-js vjs-fill vjs-big-play-centered';
      video.muted = true;
      video.playsInline = true;
      container.replaceChildren(video);
      const player = videojs(video, {
        controls: true,
        autoplay: 'muted',
        preload: 'auto',
        liveui: live,
        html5: { vhs: { overrideNative: true }, nativeAudioTracks: false, nativeVideoTracks: false },
        sources: [{ src: absolute(url), type: 'application/x-mpegURL' }],
      });
      let retries = 0;
      player.on('error', () => {
        // A live playlist can lag its push by a segment: try again a few times before giving up.
        if (live && retries < 5) {
          retries += 1;
          setTimeout(() => {
            if (!disposed) {
              player.src({ src: absolute(url), type: 'application/x-mpegURL' });
              void player.play()?.catch(() => {});
            }
          }, 1500);
        } else setFailed(true);
      });
      setMode('hls');
      dispose = () => player.dispose();
    };

    const playFlv = async (url: string) => {
      const { default: mpegts } = await import('mpegts.js');
      if (disposed) return false;
      if (!mpegts.isSupported() || !mpegts.getFeatureList().mseLivePlayback) return false;
      const video = document.createElement('video');
      video.className = 'size-full bg-night';
      video.controls = true;
      video.muted = true;
      video.playsInline = true;
      container.replaceChildren(video);
      const player = mpegts.createPlayer(
        { type: 'flv', isLive: true, url: absolute(url) },
        { enableStashBuffer: false, liveBufferLatencyChasing: true, lazyLoad: false },
      );
      player.on(mpegts.Events.ERROR, () => {
        player.destroy();
        if (!disposed) fallback.current?.();
      });
      player.attachMediaElement(video);
      player.load();
      void Promise.resolve(player.play()).catch(() => {});
      setMode('flv');
      dispose = () => player.destroy();
      return true;
    };

    void (async () => {
      if (live && flv && (await playFlv(flv))) return;
      if (hls) await playHls(hls);
      else setFailed(true);
    })().catch(() => setFailed(true));

    return () => {
      disposed = true;
      dispose();
      container.replaceChildren();
    };
  }, [live, flv, hls]);

  return (
    <div className="relative size-full" data-testid="player" data-mode={mode ?? ''} data-live={live}>
      <div ref={host} className="size-full" />
      {failed ? (
        <p className="absolute inset-0 flex items-center justify-center bg-night/80 text-sm text-white">
          {t('playFailed')}
        </p>
      ) : null}
    </div>
  );
}
