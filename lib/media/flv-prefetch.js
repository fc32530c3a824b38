// Inlined (with the page's CSP nonce) at the top of a live room's markup, before its <video> and long
// before mpegts.js has been fetched and run: opens the room's HTTP-FLV stream at once and keeps what
// arrives (the engine's cached headers and GOP, then the live tags), so the player, when it starts,
// gets a keyframe without a round trip. flv-boot.js hands it to mpegts.js through a custom loader;
// a stream nobody adopts within 20 s is dropped.
// Plain browser JavaScript, no bundler touches it: the page calls `prefetchPageFlv(url)`, and FLV_SCRIPT
// carries `prefetchLiveFlv` too for a player started without one (a room that goes live while its page
// is open).
// `query`: parameters the stream request carries beyond `url` (an early page's name for itself,
// lib/media/render-gate.ts); the stream is kept under `url`, where the player looks for it.
function prefetchLiveFlv(url, query) {
  if (!window.__flvPrefetch) window.__flvPrefetch = {};
  const holder = window.__flvPrefetch;
  const source = new URL(url, window.location.href).href;
  if (holder[source] || !window.fetch || !window.ReadableStream || !window.AbortController) return;
  // Without Media Source Extensions the room plays HLS: nobody would take the stream.
  if (!window.MediaSource && !window.ManagedMediaSource) return;
  const controller = new AbortController();
  // `chunks` waits for a taker; `taker` gets what follows as it comes.
  const entry = { status: 0, chunks: [], done: false, error: null, taker: null, controller };
  holder[source] = entry;
  const emit = (kind, value) => {
    if (entry.taker) entry.taker[kind](value);
    else if (kind === 'data') entry.chunks.push(value);
    else if (kind === 'end') entry.done = true;
    else entry.error = value;
  };
  const unclaimed = setTimeout(() => {
    if (entry.taker) return;
    controller.abort();
    delete holder[source];
  }, 20_000);
  entry.claimed = () => clearTimeout(unclaimed);
  const requested = new URL(source);
  for (const [name, value] of Object.entries(query || {})) requested.searchParams.set(name, value);
  fetch(requested.href, {
    signal: controller.signal,
    mode: 'cors',
    referrerPolicy: 'no-referrer-when-downgrade',
  })
    .then((response) => {
      entry.status = response.status;
      if (!response.ok || !response.body) {
        emit('error', { code: response.status, msg: response.statusText });
        return;
      }
      const reader = response.body.getReader();
      const pump = () =>
        reader.read().then((result) => {
          if (result.done) {
            emit('end');
            return;
          }
          emit('data', result.value);
          return pump();
        });
      return pump();
    })
    .catch((error) => {
      if (!controller.signal.aborted) emit('error', { code: -1, msg: error.message });
    });
}

/**
 * The page's own call, from its <head> and again from its first flush (a held page carries both): once per
 * stream and page, even when a player took the stream over in between (flv-boot.js starts one ahead of the
 * markup), which would otherwise open a second stream that nobody takes.
 */
// biome-ignore lint/correctness/noUnusedVariables: lib/media/flv-scripts.ts calls it
function prefetchPageFlv(url, query) {
  const source = new URL(url, window.location.href).href;
  if (!window.__flvPageStreams) window.__flvPageStreams = {};
  if (window.__flvPageStreams[source]) return;
  window.__flvPageStreams[source] = true;
  prefetchLiveFlv(url, query);
}
