// What the API (bundled by Next) may ask of the embedded media server that runs beside it in the same
// process (`server.ts`). A process without the media server answers as if nothing is being pushed.
import type { StreamHealth } from './health';

export type MediaControl = {
  /** A streamer is pushing to this room right now. */
  isPublishing: (roomId: number) => boolean;
  /** Ends the push of this room at once (the anchor pressed "end"). */
  stopPublishing: (roomId: number) => void;
  /** A room's stream key changed: the next push is checked against the new hash. */
  keyChanged: (roomId: number, keyHash: string | null) => void;
  /** How the push of this room is doing (lib/media/health.ts); null when nothing is pushed here. */
  streamHealth?: (roomId: number) => StreamHealth | null;
};

type Holder = { __portalMedia?: MediaControl };

export function installMediaControl(control: MediaControl | undefined) {
  (globalThis as Holder).__portalMedia = control;
}

export function mediaControl(): MediaControl | undefined {
  return (globalThis as Holder).__portalMedia;
}
