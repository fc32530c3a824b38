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
