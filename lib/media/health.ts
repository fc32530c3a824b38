// Stream health of the embedded engine's pushes, for the console's live rooms: measured from the packets
// the engine relays (node-media-server 4.4.3's `broadcastMessage`, pinned), on the stream's own timeline
// (its dts, in ms), so no clock is read: video frames per second and bitrate over the last few seconds,
// the interval between the last two keyframes, and the resolution the encoder announced.

/** What the console shows of a push; null when the engine has not measured it (yet). */
export type StreamHealth = {
  bitrateKbps: number | null;
  fps: number | null;
  keyframeIntervalS: number | null;
  width: number | null;
  height: number | null;
  /** Epoch ms when the push started (the engine's session time). */
  startedAt: number | null;
};

type Packet = { codec_type: number; flags: number; dts: number; size?: number; data?: Buffer };
type Broadcast = {
  broadcastMessage: (packet: Packet) => void;
  publisher: { createTime?: number; videoWidth?: number; videoHeight?: number } | null;
};

/** The window the rates are measured over (stream time). */
const WINDOW_MS = 5_000;
const VIDEO = 9;
const KEYFRAME = 3;
const INTERFRAME = 4;

type Sample = { dts: number; bytes: number; video: boolean };
type Tracker = { samples: Sample[]; keyframes: number[] };

const trackers = new WeakMap<Broadcast, Tracker>();

/** Starts measuring a broadcast's packets (once; a reconnect within the grace keeps the same broadcast). */
export function trackBroadcast(broadcast: Broadcast) {
  if (trackers.has(broadcast)) return;
  const tracker: Tracker = { samples: [], keyframes: [] };
  trackers.set(broadcast, tracker);
  const relay = broadcast.broadcastMessage;
  broadcast.broadcastMessage = (packet) => {
    const video = packet.codec_type === VIDEO && (packet.flags === KEYFRAME || packet.flags === INTERFRAME);
    const bytes = packet.size ?? packet.data?.length ?? 0;
    if (packet.codec_type === VIDEO || packet.codec_type === 8) {
      tracker.samples.push({ dts: packet.dts, bytes, video });
      const oldest = packet.dts - WINDOW_MS;
      while (tracker.samples.length && tracker.samples[0]!.dts < oldest) tracker.samples.shift();
    }
    if (packet.codec_type === VIDEO && packet.flags === KEYFRAME) {
      tracker.keyframes.push(packet.dts);
      if (tracker.keyframes.length > 2) tracker.keyframes.shift();
    }
    relay(packet);
  };
}

export function healthOf(broadcast: Broadcast | undefined): StreamHealth | null {
  if (!broadcast?.publisher) return null;
  const tracker = trackers.get(broadcast);
  const samples = tracker?.samples ?? [];
  const span = samples.length > 1 ? samples.at(-1)!.dts - samples[0]!.dts : 0;
  const frames = samples.filter((sample) => sample.video).length;
  const bytes = samples.reduce((sum, sample) => sum + sample.bytes, 0);
  const [previous, last] = tracker?.keyframes ?? [];
  const { publisher } = broadcast;
  return {
    bitrateKbps: span >= 1000 ? Math.round((bytes * 8) / span) : null,
    fps: span >= 1000 ? Math.round((frames * 10_000) / span) / 10 : null,
    keyframeIntervalS:
      previous !== undefined && last !== undefined ? Math.round((last - previous) / 100) / 10 : null,
    width: publisher.videoWidth || null,
    height: publisher.videoHeight || null,
    startedAt: publisher.createTime ?? null,
  };
}
