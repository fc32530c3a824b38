// A demo room on air for real (issue 43): the supervisor's ffmpeg loops the rendered video into the
// embedded engine with the room's fresh key, the room turns live and plays HLS, the broadcast keeps no
// replay (an endless loop would fill the disk), and stopping the supervisor ends the room.
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { parseConfig } from '@/lib/config';
import { freePort } from '@/lib/db/embedded';
import { broadcasts, liveRooms } from '@/lib/live/schema';
import { findFfmpeg } from '@/lib/media/ffmpeg';
import { startMediaServer } from '@/lib/media/server';
import { seedDemoAccounts } from '@/lib/seed';
import { seedDemoAnchors } from '@/lib/seed/anchors';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { withTemporaryStorage } from '@/lib/testing/storage';
import { startDemoStreams } from './streams';

// Like lib/media/server.test.ts: waits measured on the loaded 2-core machine (first segment ≈ 5 s at load
// average ≈ 25, 2026-12-07), limits several times that.
jest.setTimeout(180_000);

async function until<T>(what: string, check: () => Promise<T | null | undefined | false>, ms = 60_000) {
  const deadline = performance.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (performance.now() > deadline) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

withTemporaryStorage();
let testDb: TestDb;
let dataDir: string;
beforeAll(async () => {
  testDb = await createTestDb();
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'demo-live-'));
  await seedDemoAccounts(testDb.db);
  await seedDemoAnchors(testDb.db, NOON);
});
afterAll(async () => {
  await testDb.close();
  await fs.rm(dataDir, { recursive: true, force: true });
});

it('puts a demo room on air through the real ingest and takes it off with the portal', async () => {
  const rtmpPort = await freePort();
  const config = parseConfig({
    DATA_DIR: dataDir,
    MEDIA_RTMP_PORT: String(rtmpPort),
    MEDIA_HTTP_PORT: String(await freePort()),
    MEDIA_PUBLISH_GRACE_MS: '500',
    LOG_LEVEL: 'silent',
  });
  const demoRooms = new Set<number>();
  const media = await startMediaServer(testDb.db, config, { recordsReplay: (id) => !demoRooms.has(id) });
  const streams = await startDemoStreams(testDb.db, {
    count: 1,
    ffmpeg: findFfmpeg()!,
    dataDir,
    rtmpHost: '127.0.0.1',
    rtmpPort,
    clock: () => NOON,
    onRoom: (id) => demoRooms.add(id),
  });
  try {
    const [roomId] = streams.rooms();
    const broadcast = await until('the room to go live', async () => {
      const [row] = await testDb.db.select().from(broadcasts).where(eq(broadcasts.roomId, roomId!));
      return row;
    });
    const dir = path.join(dataDir, 'media', String(roomId), String(broadcast.id));
    await until(
      'the first HLS segment',
      async () =>
        existsSync(path.join(dir, 'live/index.m3u8')) &&
        (await fs.readFile(path.join(dir, 'live/index.m3u8'), 'utf8')).includes('#EXTINF'),
    );
    const [room] = await testDb.db.select().from(liveRooms).where(eq(liveRooms.id, roomId!));
    expect(room!.status).toBe('live');
    expect(existsSync(path.join(dir, 'vod/index.m3u8'))).toBe(false);
  } finally {
    await streams.stop();
  }
  const [roomId] = streams.rooms();
  await until('the room to end', async () => {
    const [room] = await testDb.db.select().from(liveRooms).where(eq(liveRooms.id, roomId!));
    return room?.status === 'ended';
  });
  const [ended] = await testDb.db.select().from(broadcasts).where(eq(broadcasts.roomId, roomId!));
  expect(ended!.replayPath).toBeNull();
  await media.stop();
});
