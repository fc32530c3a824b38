// The embedded engine end to end: a real ffmpeg push with the room's key goes live and is packaged as
// HLS, a viewer of the portal's HTTP-FLV gets a keyframe at once, a push with a wrong key is refused
// without disturbing it, the end leaves a replay.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { parseConfig } from '@/lib/config';
import { freePort } from '@/lib/db/embedded';
import { broadcasts, liveRooms } from '@/lib/live/schema';
import { rotateStreamKey } from '@/lib/live/service';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';
import { findFfmpeg } from './ffmpeg';
import { startMediaServer } from './server';
import { pushTestPattern } from './test-pattern';

// Measured on this 2-core machine while loaded (load average ≈ 30: other engineers' builds plus a second jest
// run of lib/server/cross-site.test.ts in parallel), 2026-11-24: the whole test took 19.0 s both runs; the
// longest wait below (push ended → replay written) 7.8 s. Limits are about 5× those figures.
jest.setTimeout(100_000);

// Always present: the system's, or the static build of @ffmpeg-installer/ffmpeg (a dependency).
const ffmpeg: string =
  findFfmpeg() ??
  (() => {
    throw new Error('no ffmpeg found: install it or keep @ffmpeg-installer/ffmpeg');
  })();

const push = (url: string, seconds: number) =>
  pushTestPattern(ffmpeg, url, { seconds, size: '320x180', preset: 'ultrafast' });

/**
 * Reads the HTTP-FLV stream the portal serves for `roomId` (through `handle`, as server.ts does) until
 * its first video keyframe (a coded frame, after the codec's header): the bytes read by then.
 */
async function bytesToKeyframe(
  handle: (request: http.IncomingMessage, response: http.ServerResponse) => boolean,
  roomId: number,
) {
  const portal = http.createServer((request, response) => {
    if (!handle(request, response)) response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => portal.listen(0, '127.0.0.1', resolve));
  const controller = new AbortController();
  try {
    const { port } = portal.address() as AddressInfo;
    const reply = await fetch(`http://127.0.0.1:${port}/media/live/${roomId}.flv`, {
      signal: controller.signal,
    });
    expect(reply.headers.get('content-type')).toBe('video/x-flv');
    const reader = reply.body!.getReader();
    let bytes = Buffer.alloc(0);
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the stream ended before a keyframe');
      bytes = Buffer.concat([bytes, value]);
      expect(bytes.subarray(0, 3).toString()).toBe('FLV');
      // Tags after the 9-byte header and its 4-byte trailer: type, 3-byte size, 7 bytes more, data, 4.
      for (let at = 13; at + 11 <= bytes.length; ) {
        const size = bytes.readUIntBE(at + 1, 3);
        if (at + 11 + size > bytes.length) break;
        // Video (9), a keyframe of AVC (0x17), a coded frame (packet type 1).
        if (bytes[at] === 9 && bytes[at + 11] === 0x17 && bytes[at + 12] === 1) return at + 11 + size;
        at += 11 + size + 4;
      }
    }
  } finally {
    controller.abort();
    portal.closeAllConnections();
    await new Promise((resolve) => portal.close(resolve));
  }
}

/** Polls `check` until it gives something; `what` names the wait in the error. Elapsed time, not the date. */
async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, ms = 40_000) {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('embedded media server', () => {
  let testDb: TestDb;
  let dataDir: string;
  let media: Awaited<ReturnType<typeof startMediaServer>>;
  let rtmpPort: number;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    testDb = await createTestDb();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'media-'));
    rtmpPort = await freePort();
    const config = parseConfig({
      DATA_DIR: dataDir,
      MEDIA_RTMP_PORT: String(rtmpPort),
      MEDIA_HTTP_PORT: String(await freePort()),
      MEDIA_PUBLISH_GRACE_MS: '500',
      LOG_LEVEL: 'silent',
    });
    media = await startMediaServer(testDb.db, config);
  });
  afterAll(async () => {
    for (const child of children) child.kill('SIGKILL');
    await media?.stop();
    await testDb.close();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('goes live on a good key, refuses a wrong one, and keeps the recording as a replay', async () => {
    const anchor = await makeUser(testDb.db, { isAnchor: true });
    const { roomId, streamKey } = await rotateStreamKey(testDb.db, anchor.id, NOON);
    const good = push(`rtmp://127.0.0.1:${rtmpPort}/live/${streamKey}`, 9);
    children.push(good.child);

    const broadcast = await until('the broadcast to start', async () => {
      const [row] = await testDb.db.select().from(broadcasts).where(eq(broadcasts.roomId, roomId));
      return row;
    });
    const live = path.join(dataDir, 'media', String(roomId), String(broadcast.id), 'live', 'index.m3u8');
    await until(
      'the first HLS segment',
      async () => existsSync(live) && (await fs.readFile(live, 'utf8')).includes('#EXTINF'),
    );

    // The engine measures the HLS viewers' delay from its playlist (lib/live/stream-delay.ts): at least
    // one 2 s segment behind, and stored on the broadcast for the fun-guess goal lock.
    const measured = await until('the stream delay', async () => {
      const [row] = await testDb.db.select().from(broadcasts).where(eq(broadcasts.id, broadcast.id));
      return row?.streamDelayMs ?? null;
    });
    expect(measured).toBeGreaterThanOrEqual(1500);
    expect(measured).toBeLessThan(40_000);

    // A viewer joining: the engine's cached GOP starts with a keyframe, sent in the first bytes.
    expect(await bytesToKeyframe(media.handle, roomId)).toBeGreaterThan(13);

    const wrong = push(`rtmp://127.0.0.1:${rtmpPort}/live/${roomId}?key=not-the-key`, 3);
    children.push(wrong.child);
    expect(await wrong.exited).not.toBe(0);
    const [during] = await testDb.db.select().from(liveRooms).where(eq(liveRooms.id, roomId));
    expect(during!.status).toBe('live');
    const before = (await fs.readFile(live, 'utf8')).match(/#EXT-X-MEDIA-SEQUENCE:(\d+)/)?.[1];

    expect(await good.exited).toBe(0);
    const ended = await until('the replay', async () => {
      const [row] = await testDb.db.select().from(broadcasts).where(eq(broadcasts.id, broadcast.id));
      return row?.replayPath ? row : null;
    });
    expect(before).toBeDefined();
    expect(ended.replayPath).toBe(`${roomId}/${broadcast.id}/vod/index.m3u8`);
    const replay = await fs.readFile(path.join(dataDir, 'media', ended.replayPath!), 'utf8');
    expect(replay).toContain('#EXT-X-ENDLIST');
    expect(replay.match(/#EXTINF/g)!.length).toBeGreaterThanOrEqual(3);
    const [after] = await testDb.db.select().from(liveRooms).where(eq(liveRooms.id, roomId));
    expect(after!.status).toBe('ended');
  });
});
