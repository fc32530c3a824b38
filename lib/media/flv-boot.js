// Served right after mpegts.js as one script (`FLV_SCRIPT`, by lib/media/http.ts).
// Starts HTTP-FLV playback of the live room's server-rendered <video data-flv-src> as soon as the
// script and the element are there, without waiting for the page's bundles or hydration, as a bare
// mpegts.js page would; the React player (live-player.tsx) adopts the running player afterwards,
// and uses `start` itself when a room goes live while its page is open.
// Plain browser JavaScript, no bundler touches it: the server wraps it in a function scope and calls
// `bootLiveFlv` with the player options (lib/media/flv-options.ts).
// biome-ignore lint/correctness/noUnusedVariables: lib/media/http.ts calls it after mpegts.js
function bootLiveFlv(options) {
  const mpegts = window.mpegts;
  const supported = () => mpegts.isSupported() && mpegts.getFeatureList().mseLivePlayback;

  /** One player per element: returns it, or null when this browser needs the HLS fallback. */
  const start = (video) => {
    if (video.__flv) return video.__flv;
    if (!supported()) return null;
    const source = new URL(video.dataset.flvSrc, window.location.href).href;
    const player = mpegts.createPlayer({ type: 'flv', isLive: true, url: source }, options);
    const handle = {
      failed: false,
      onError: null,
      destroy: () => {
        player.destroy();
        video.__flv = undefined;
      },
    };
    player.on(mpegts.Events.ERROR, () => {
      handle.failed = true;
      if (handle.onError) handle.onError();
    });
    // React renders `muted` as a property only: the server's markup does not carry it.
    video.muted = true;
    player.attachMediaElement(video);
    player.load();
    Promise.resolve(player.play()).catch(() => {});
    video.__flv = handle;
    return handle;
  };

  window.__liveFlv = { start, supported };

  // The server-rendered video: it may still be on its way when this (async) script runs.
  const boot = () => {
    const video = document.querySelector('video[data-flv-src]');
    if (video) start(video);
    return Boolean(video);
  };
  if (!boot() && document.readyState === 'loading') {
    const observer = new MutationObserver(() => {
      if (boot()) observer.disconnect();
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
    document.addEventListener('DOMContentLoaded', () => observer.disconnect(), { once: true });
  }
}
