// A live room's stream delay: how long after the world a viewer of the room may see a moment, the
// figure a fun-guess bound to a match moves its goal lock earlier by (lib/guess). Two parts:
// - the anchor's own source delay (`feed_delay_seconds`, a chat setting, 0–120 s), and
// - the delivery delay, MEASURED by the embedded engine from its own timestamps: an HLS player starts
//   three segments behind the end of the live playlist (HLS spec §6.3.3; video.js VHS does so), and the
//   segment being written holds what arrived since the playlist was last rewritten. So the slowest
//   viewer runs `sum(last three #EXTINF durations) + (now − playlist mtime)` behind the engine; #EXTINF
//   durations come from the stream's own timestamps (ffmpeg cuts on them). HTTP-FLV viewers run ≈ 1 s
//   behind (lower), so the HLS figure bounds every viewer. Measured every few seconds while a broadcast
//   runs (lib/media/server.ts), stored on the broadcast.
// An engine that measures nothing (MEDIA=off, an external engine) counts as STREAM_DELAY_FALLBACK_MS.
import { and, desc, eq, isNull } from 'drizzle-orm';
import { chatRoomSettings } from '@/lib/chat/schema';
import type { DbOrTx } from '@/lib/db';
import { broadcasts } from './schema';

/** Three 2 s segments behind the end plus one being written: the HLS delay of lib/media/hls.ts's settings. */
export const STREAM_DELAY_FALLBACK_MS = 8000;
/** The segments an HLS player holds back from the live edge. */
const HELD_SEGMENTS = 3;
/** A playlist not rewritten for this long is a stalled push, not a delay: capped. */
const MAX_AGE_MS = 30_000;

/** The HLS viewer's delay behind the engine (ms), from the live playlist and its age; null without segments. */
export function hlsDelayMs(playlist: string, playlistAgeMs: number) {
  const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((match) => Number(match[1]));
  if (!durations.length) return null;
  const held = durations.slice(-HELD_SEGMENTS).reduce((sum, seconds) => sum + seconds, 0);
  return Math.round(held * 1000 + Math.min(Math.max(0, playlistAgeMs), MAX_AGE_MS));
}

export async function recordStreamDelay(db: DbOrTx, broadcastId: number, delayMs: number) {
  await db.update(broadcasts).set({ streamDelayMs: delayMs }).where(eq(broadcasts.id, broadcastId));
}

/** The room's stream delay (ms): the anchor's source delay plus the running broadcast's measured delivery delay. */
export async function roomStreamDelayMs(db: DbOrTx, roomId: number) {
  const [[broadcast], [settings]] = await Promise.all([
    db
      .select({ delay: broadcasts.streamDelayMs })
      .from(broadcasts)
      .where(and(eq(broadcasts.roomId, roomId), isNull(broadcasts.endedAt)))
      .orderBy(desc(broadcasts.startedAt))
      .limit(1),
    db
      .select({ seconds: chatRoomSettings.feedDelaySeconds })
      .from(chatRoomSettings)
      .where(eq(chatRoomSettings.roomId, roomId)),
  ]);
  return (settings?.seconds ?? 0) * 1000 + (broadcast?.delay ?? STREAM_DELAY_FALLBACK_MS);
}
