// Inlined (with the page's CSP nonce) at the top of a live room's <head> when the page holds its app back
// (lib/media/app-hold.ts): Next's script tags arrive inert (`type="kickoff/held"`) and their preloads
// are gone, so until the live <video> shows its first frame nothing but the page's own markup and the
// FLV player competes for the network and the main thread. Then (or at once in a browser without Media
// Source Extensions, which plays HLS through the app; on the viewer's first input, the video's failure,
// a page without a live video, or `maxHoldMs` at the latest) each held tag is replaced
// by a live copy, async as Next wrote it; tags still streaming in run when the document ends.
// Plain browser JavaScript, no bundler touches it: the server wraps it and calls `holdApp(maxHoldMs)`.
// biome-ignore lint/correctness/noUnusedVariables: lib/media/app-hold.ts calls it
function holdApp(maxHoldMs) {
  const HELD = 'script[type="kickoff/held"]';
  let released = false;
  // React reveals the streamed parts of the page (the room in place of its skeleton, which holds the
  // early live <video>) with `$RV`, a global of its inline runtime, in batches of ~300 ms: about a
  // second in, in the middle of the player's start, with a style, layout and paint of the whole room.
  // Until the release its batches wait (React keeps adding to the same list), then go in one.
  let reveal = null;
  const waiting = new Set();
  const revealLater = (batch) => {
    if (released) reveal(batch);
    else waiting.add(batch);
  };
  Object.defineProperty(window, '$RV', {
    configurable: true,
    get: () => reveal && revealLater,
    set: (value) => {
      reveal = value;
    },
  });
  const run = () => {
    for (const held of document.querySelectorAll(HELD)) {
      const script = document.createElement('script');
      for (const { name, value } of held.attributes) if (name !== 'type') script.setAttribute(name, value);
      // The browser hides a nonce attribute once parsed; the property keeps it.
      script.nonce = held.nonce;
      script.async = true;
      held.replaceWith(script);
    }
  };
  const release = (reason) => {
    if (released) return;
    released = true;
    window.__appHold = { reason, at: performance.now() };
    for (const batch of waiting) reveal(batch);
    waiting.clear();
    run();
    if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', run, { once: true });
  };
  // Without Media Source Extensions the room plays HLS, which the app's own player starts: no wait.
  if (!window.MediaSource && !window.ManagedMediaSource) {
    release('no-mse');
    return;
  }
  setTimeout(() => release('timeout'), maxHoldMs);
  for (const type of ['pointerdown', 'keydown', 'touchstart', 'wheel']) {
    addEventListener(type, () => release('input'), { capture: true, once: true, passive: true });
  }
  // Every live video that comes: the one first parsed may give way to the same stream's player,
  // started ahead on a video of its own (flv-boot.js).
  const watched = new WeakSet();
  const watch = () => {
    for (const video of document.querySelectorAll('video[data-flv-src]')) {
      if (watched.has(video)) continue;
      watched.add(video);
      if (video.requestVideoFrameCallback) video.requestVideoFrameCallback(() => release('first-frame'));
      else video.addEventListener('loadeddata', () => release('first-frame'), { once: true });
      video.addEventListener('error', () => release('error'), { once: true });
    }
  };
  watch();
  const observer = new MutationObserver(() => {
    if (released) observer.disconnect();
    else watch();
  });
  observer.observe(document, { childList: true, subtree: true });
  document.addEventListener(
    'DOMContentLoaded',
    () => {
      if (!document.querySelector('video[data-flv-src]')) release('no-video');
    },
    { once: true },
  );
}
