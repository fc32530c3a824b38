// The embedded engine end to end: a real ffmpeg push with the room's key goes live and is packaged as
// HLS, a push with a wrong key is refused without disturbing it, the end leaves a replay.
import type { ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
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
