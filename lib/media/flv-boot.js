// Served right after mpegts.js as one script (`FLV_SCRIPT`, by lib/media/http.ts).
// Starts HTTP-FLV playback of the live room's server-rendered <video data-flv-src> as soon as the
// script and the element are there (or at once, ahead of the element, when the page opened its stream
// before its markup came), without waiting for the page's bundles or hydration, as a bare mpegts.js
// page would; the React player (live-player.tsx) adopts the running player afterwards,
// and uses `start` itself when a room goes live while its page is open.
// Plain browser JavaScript, no bundler touches it: the server wraps it in a function scope with
// flv-prefetch.js and calls `bootLiveFlv` with the player options (lib/media/flv-options.ts).
// biome-ignore lint/correctness/noUnusedVariables: lib/media/http.ts calls it after mpegts.js
function bootLiveFlv(options) {
  const mpegts = window.mpegts;
  const supported = () => mpegts.isSupported() && mpegts.getFeatureList().mseLivePlayback;

  /**
   * mpegts.js's loader for a stream flv-prefetch.js opened already: hands over what arrived so far,
   * then the rest as it comes. Without a prefetched stream it opens one the same way first.
   */
  const makeLoader = () =>
    class PrefetchedFlvLoader extends mpegts.BaseLoader {
      static isSupported() {
        return true;
      }

      constructor() {
        super('prefetched-flv-loader');
        this._needStash = false;
        this._entry = null;
        this._received = 0;
      }

      open(dataSource, range) {
        const holder = window.__flvPrefetch || {};
        const source = new URL(dataSource.url, window.location.href).href;
        if (!holder[source]) prefetchLiveFlv(source);
        const entry = holder[source] || {
          chunks: [],
          error: { code: -1, msg: 'the stream could not be opened' },
          controller: new AbortController(),
          claimed: () => {},
        };
        // One taker per stream: a later player opens its own.
        delete holder[source];
        this._entry = entry;
        this._status = mpegts.LoaderStatus.kConnecting;
        const from = range ? range.from : 0;
        const taker = {
          data: (bytes) => {
            if (this._entry !== entry) return;
            this._status = mpegts.LoaderStatus.kBuffering;
            const byteStart = from + this._received;
            this._received += bytes.byteLength;
            if (this._onDataArrival) this._onDataArrival(bytes.buffer, byteStart, this._received);
          },
          end: () => {
            if (this._entry !== entry) return;
            this._status = mpegts.LoaderStatus.kComplete;
            if (this._onComplete) this._onComplete(from, from + this._received - 1);
          },
          error: (info) => {
            if (this._entry !== entry) return;
            this._status = mpegts.LoaderStatus.kError;
            const type =
              info.code > 0 ? mpegts.LoaderErrors.HTTP_STATUS_CODE_INVALID : mpegts.LoaderErrors.EXCEPTION;
            if (this._onError) this._onError(type, info);
          },
        };
        entry.claimed();
        // Handed over asynchronously, as a fetch would.
        Promise.resolve().then(() => {
          if (this._entry !== entry) return;
          const kept = entry.chunks.splice(0);
          for (const bytes of kept) taker.data(bytes);
          entry.taker = taker;
          if (entry.error) taker.error(entry.error);
          else if (entry.done) taker.end();
        });
      }

      destroy() {
        this.abort();
        super.destroy();
      }

      abort() {
        const entry = this._entry;
        this._entry = null;
        if (entry) entry.controller.abort();
        this._status = mpegts.LoaderStatus.kComplete;
      }
    };
  let PrefetchedLoader = null;
  const loaderClass = () => {
    if (!PrefetchedLoader) PrefetchedLoader = makeLoader();
    return PrefetchedLoader;
  };

  // No native controls, ever: building them (the browser's own stylesheet for them, their SVG icons,
  // their layout and paint) took 60-100 ms of the very frame that would show the stream's first
  // picture, and they are made for files (a seek bar, a time). The room's own controls
  // (player-controls.tsx) come with the app, which is held until the first frame.

  /** One player per element: returns it, or null when this browser needs the HLS fallback. */
  const start = (video) => {
    if (video.__flv) return video.__flv;
    if (!supported()) return null;
    const source = new URL(video.dataset.flvSrc, window.location.href).href;
    // The page opened the stream already (a room live on arrival): the player takes it over. Else
    // (a room that goes live while its page is open) mpegts.js opens it itself.
    const prefetched = Boolean(window.__flvPrefetch?.[source]);
    const player = mpegts.createPlayer(
      { type: 'flv', isLive: true, url: source },
      prefetched ? { ...options, customLoader: loaderClass() } : options,
    );
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
    // A browser that refuses to start it: the room's controls show their play button.
    Promise.resolve(player.play()).catch(() => {});
    video.__flv = handle;
    return handle;
  };

  window.__liveFlv = { start, supported };

  // The server-rendered video: it may still be on its way when this (async) script runs. A room being
  // pushed to has an early one in its skeleton (`data-flv-early`, the page's first flush): it starts
  // at once, and when the room streams in and React's reveal takes the skeleton out, the playing
  // element takes the place of the stage's own <video> for the same stream (same attributes), so the
  // player adopts it without a new stream or a new keyframe. Removal pauses a media element: played on.
  let early = null;
  const source = (video) => new URL(video.dataset.flvSrc, window.location.href).href;

  // A page whose markup is still on its way opened its stream in its <head> (an early room page,
  // lib/media/app-hold.ts): the player starts at once on a <video> of its own, outside the document,
  // so Media Source Extensions, the transmuxer and the decoder start up while the server renders the
  // page. When the page's early <video> is parsed, this one, playing, takes its place and attributes.
  let ahead = null;
  const startAhead = () => {
    const opened = Object.keys(window.__flvPrefetch || {});
    if (document.readyState !== 'loading' || opened.length !== 1) return;
    if (document.querySelector('video[data-flv-src]')) return;
    const video = document.createElement('video');
    video.dataset.flvSrc = opened[0];
    video.playsInline = true;
    if (start(video)) ahead = video;
  };
  /** The video to play in place of the page's `video`: the one started ahead, if it is for this stream. */
  const placeAhead = (video) => {
    const playing = ahead;
    ahead = null;
    if (!video.hasAttribute('data-flv-early') || source(video) !== source(playing)) {
      playing.__flv.destroy();
      return video;
    }
    for (const { name, value } of video.attributes) playing.setAttribute(name, value);
    video.replaceWith(playing);
    Promise.resolve(playing.play()).catch(() => {});
    return playing;
  };
  const handOver = () => {
    if (!early || early.isConnected) return false;
    const taken = early;
    early = null;
    const stage = [...document.querySelectorAll('video[data-flv-src]')].find(
      (video) => !video.closest('[hidden]') && source(video) === source(taken),
    );
    if (!stage) {
      // The room streamed in without this stream (ended, sealed, a replay): nobody takes it.
      taken.__flv?.destroy();
      return true;
    }
    taken.removeAttribute('data-flv-early');
    stage.replaceWith(taken);
    Promise.resolve(taken.play()).catch(() => {});
    return true;
  };
  const boot = () => {
    if (early) return handOver();
    let video = document.querySelector('video[data-flv-src]');
    if (!video) return false;
    if (ahead) video = placeAhead(video);
    start(video);
    if (!video.hasAttribute('data-flv-early')) return true;
    early = video;
    return false;
  };
  startAhead();
  if (!boot() && (early || document.readyState === 'loading')) {
    const observer = new MutationObserver(() => {
      if (boot()) observer.disconnect();
    });
    observer.observe(document.documentElement, { childList: true, subtree: true });
    // Without an early video, the document's end is the last chance; with one, its room's reveal.
    const settled = () => {
      if (early) return;
      observer.disconnect();
      // The page came without its live video (the room ended meanwhile, a redirect): nobody plays it.
      ahead?.__flv.destroy();
      ahead = null;
    };
    if (document.readyState === 'loading') {
      document.addEventListener('DOMContentLoaded', settled, { once: true });
    } else settled();
  }
}
