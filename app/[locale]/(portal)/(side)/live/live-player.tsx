import { useTranslations } from 'next-intl';
import { useEffect, useRef, useState } from 'react';
import { preinit } from 'react-dom';
import { FLV_SCRIPT } from '@/lib/media/flv-options';
// The player. Live: HTTP-FLV through mpegts.js where Media Source Extensions exist, else HLS; replays:
// HLS. The live <video> is rendered on the server and the room's <head> asks for FLV_SCRIPT (mpegts.js
// + lib/media/flv-boot.js), which starts it before the page's bundles have run, as fast as a bare
// mpegts.js page; this component adopts that player, or starts it (a room that goes live while open).
// HLS plays through video.js's VHS with `overrideNative`, because Chromium builds without native HLS
// need MSE; it and its styles load only when used.
import { bufferedAhead, reportPlaybackDelay } from '@/lib/scores/spoiler-hold';

type Props = {
  live: boolean;
  flv: string | null;
  hls: string | null;
  /** The low-latency mode failed: the stage switches this room to HLS. */
  onFallback?: () => void;
};

/** What flv-boot.js puts on `window.__liveFlv`. */
type FlvHandle = { failed: boolean; onError: (() => void) | null; destroy: () => void };
type LiveFlv = { start: (video: HTMLVideoElement) => FlvHandle | null };

const absolute = (url: string) => new URL(url, window.location.href).href;

/** The FLV script, run once per page: usually the <head> has it already. */
export function loadFlvScript() {
  const holder = window as unknown as { __liveFlv?: LiveFlv };
  if (holder.__liveFlv) return Promise.resolve(holder.__liveFlv);
  preinit(FLV_SCRIPT, { as: 'script', fetchPriority: 'high' });
  return new Promise<LiveFlv>((resolve, reject) => {
    const script = document.querySelector(`script[src="${FLV_SCRIPT}"]`);
    const settle = () => (holder.__liveFlv ? resolve(holder.__liveFlv) : reject(new Error('no FLV player')));
    if (!script) {
      reject(new Error('no FLV script'));
      return;
    }
    script.addEventListener('load', settle, { once: true });
    script.addEventListener('error', settle, { once: true });
    // Loaded between the check above and the listeners; or lost on the way.
    setTimeout(() => holder.__liveFlv && settle(), 0);
    setTimeout(settle, 20_000);
  });
}

/** The embedded engine's HLS segment length (lib/media/hls.ts `-hls_time`). */
const HLS_SEGMENT_SECONDS = 2;

export default function LivePlayer({ live, flv, hls, onFallback }: Props) {
  const t = useTranslations('live');
  const host = useRef<HTMLDivElement>(null);
  const flvVideo = useRef<HTMLVideoElement>(null);
  const [failed, setFailed] = useState(false);
  const [mode, setMode] = useState<'flv' | 'hls' | null>(live && flv ? 'flv' : null);
  const fallback = useRef(onFallback);
  fallback.current = onFallback;
  const useFlv = live && Boolean(flv);
  // The page (a server component) puts the script in the <head> with the CSP nonce when the room is live
  // on arrival; a room that goes live later loads it in loadFlvScript.

  useEffect(() => {
    const video = flvVideo.current;
    if (!useFlv || !video) return;
    let disposed = false;
    let handle: FlvHandle | null = null;
    let stopDelay = () => {};
    const fail = () => {
      if (disposed) return;
      if (fallback.current) fallback.current();
      else setFailed(true);
    };
    loadFlvScript().then((player) => {
      if (disposed) return;
      handle = player.start(video);
      // No spoilers: how far this viewer plays behind what the engine sent (≈ 1 s for HTTP-FLV).
      stopDelay = reportPlaybackDelay(() => bufferedAhead(video));
      // No MSE live playback here: HLS instead.
      if (!handle) fail();
      else if (handle.failed) fail();
      else handle.onError = fail;
    }, fail);
    return () => {
      disposed = true;
      stopDelay();
      // Also a player the boot code started when this one had not adopted it yet.
      (handle ?? (video as HTMLVideoElement & { __flv?: FlvHandle }).__flv)?.destroy();
    };
  }, [useFlv]);

  useEffect(() => {
    const container = host.current;
    if (useFlv || !container) return;
    let disposed = false;
    let dispose = () => {};

    const playHls = async (url: string) => {
      const [{ default: videojs }] = await Promise.all([
        import('video.js'),
        import('video.js/dist/video-js.css'),
      ]);
      if (disposed) return;
      const video = document.createElement('video');
      video.className = 'video-js vjs-fill vjs-big-play-centered';
      video.muted = true;
      video.playsInline = true;
      container.replaceChildren(video);
      const player = videojs(video, {
        // Live: the stage's own controls (player-controls.tsx, no seek bar or time); a replay keeps these.
        controls: !live,
        autoplay: 'muted',
        preload: 'auto',
        liveui: live,
        html5: { vhs: { overrideNative: true }, nativeAudioTracks: false, nativeVideoTracks: false },
        sources: [{ src: absolute(url), type: 'application/x-mpegURL' }],
      });
      let retries = 0;
      player.on('error', () => {
        // A room is announced as soon as its push is accepted; the HLS playlist follows with its first
        // 2 s segment (later on a busy machine): keep asking for a while before giving up.
        if (live && retries < 12) {
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
      // No spoilers: behind the live edge by what is buffered ahead (or the live tracker's distance
      // behind the seekable end, VHS holding back three segments) plus the segment being written.
      const stopDelay = live
        ? reportPlaybackDelay(() => {
            const tracker = (player as unknown as { liveTracker?: { liveCurrentTime: () => number } })
              .liveTracker;
            const behindSeekable = tracker ? tracker.liveCurrentTime() - (player.currentTime() ?? 0) : 0;
            const element = player.el().querySelector('video');
            const ahead = element ? bufferedAhead(element) : 0;
            return Math.max(ahead, behindSeekable + 3 * HLS_SEGMENT_SECONDS) + HLS_SEGMENT_SECONDS;
          })
        : () => {};
      dispose = () => {
        stopDelay();
        player.dispose();
      };
    };

    if (hls) void playHls(hls).catch(() => setFailed(true));
    else setFailed(true);

    return () => {
      disposed = true;
      dispose();
      container.replaceChildren();
    };
  }, [useFlv, live, hls]);

  return (
    <div className="relative size-full" data-testid="player" data-mode={mode ?? ''} data-live={live}>
      {useFlv ? (
        // Muted so it may start by itself; flv-boot.js sets `muted` too, before hydration. No native
        // controls: the stage's own (player-controls.tsx) are made for live.
        <video ref={flvVideo} data-flv-src={flv!} className="size-full bg-night" muted playsInline />
      ) : (
        <div ref={host} className="size-full" />
      )}
      {failed ? (
        <p className="absolute inset-0 flex items-center justify-center bg-night/80 text-sm text-white">
          {t('playFailed')}
        </p>
      ) : null}
    </div>
  );
}
