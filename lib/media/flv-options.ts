// mpegts.js options of the live room's HTTP-FLV player, shared with the bare reference page of
// bench/live.ts so both are measured with the same player settings.
export const FLV_PLAYER_OPTIONS = {
  // Hand every chunk to MSE at once rather than stashing ~384 KB first.
  enableStashBuffer: false,
  // Skip ahead when the buffer drifts behind the live edge.
  liveBufferLatencyChasing: true,
  // Keep the connection open however much is buffered (a live stream).
  lazyLoad: false,
} as const;

/** The installed mpegts.js (a test checks it): its version names the script, so an upgrade is a new URL. */
export const MPEGTS_VERSION = '1.8.2';

/**
 * mpegts.js with the live room's boot code (`flv-boot.js`), one same-origin script served by
 * app/media/[...path]; the room page asks for it in its <head>, so a live room starts playing
 * before the page's own bundles have run.
 */
export const FLV_SCRIPT = `/media/player/flv-${MPEGTS_VERSION}.js`;
