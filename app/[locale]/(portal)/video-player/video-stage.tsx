'use client';
// The player (DESIGN §6: video.js): MP4/WebM uploads natively, replays' HLS through VHS with
// `overrideNative` (Chromium has no native HLS). The first time it plays, the view is counted
// (`api/Video/addView`: once per viewer a day, however often they press play).
import { useEffect, useRef, useState } from 'react';
import { api } from '@/lib/http/client';

export function VideoStage({
  id,
  src,
  kind,
  poster,
  failedText,
}: {
  id: number;
  src: string;
  kind: 'file' | 'hls';
  poster: string | null;
  failedText: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    const container = host.current;
    if (!container) return;
    let disposed = false;
    let dispose = () => {};
    const start = async () => {
      const [{ default: videojs }] = await Promise.all([
        import('video.js'),
        import('video.js/dist/video-js.css'),
      ]);
      if (disposed) return;
      const video = document.createElement('video');
      video.className = 'video-js vjs-fill vjs-big-play-centered';
      video.playsInline = true;
      video.dataset.testid = 'video-element';
      container.replaceChildren(video);
      const absolute = new URL(src, window.location.href).href;
      const player = videojs(video, {
        controls: true,
        preload: 'metadata',
        poster: poster ?? undefined,
        playbackRates: [0.5, 1, 1.25, 1.5, 2],
        html5: { vhs: { overrideNative: true }, nativeAudioTracks: false, nativeVideoTracks: false },
        sources: [
          {
            src: absolute,
            type:
              kind === 'hls' ? 'application/x-mpegURL' : src.endsWith('.webm') ? 'video/webm' : 'video/mp4',
          },
        ],
      });
      player.one('playing', () => {
        void api.post('api/Video/addView', { id }, { silent: true }).catch(() => {});
      });
      player.on('error', () => setFailed(true));
      dispose = () => player.dispose();
    };
    void start().catch(() => setFailed(true));
    return () => {
      disposed = true;
      dispose();
      container.replaceChildren();
    };
  }, [id, src, kind, poster]);

  return (
    <div
      className="relative aspect-video w-full overflow-hidden rounded-xl bg-night"
      data-testid="video-stage"
    >
      <div ref={host} className="size-full">
        {/* The page's LCP element (the server-rendered poster) loads first, before any script. */}
        {poster ? (
          <img src={poster} alt="" fetchPriority="high" className="size-full object-contain" />
        ) : null}
      </div>
      {failed ? (
        <p className="absolute inset-x-0 bottom-14 text-center text-sm text-white/80" role="alert">
          {failedText}
        </p>
      ) : null}
    </div>
  );
}
