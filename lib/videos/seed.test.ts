// The demo videos: made by ffmpeg at seed time, published by the demo anchor, playable files with a
// poster, no invented views; a second seed adds nothing.
import fs from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeUser } from '@/lib/testing/factories';
import { withTemporaryStorage } from '@/lib/testing/storage';
import { videos } from './schema';
import { DEMO_CLIPS, seedDemoVideos } from './seed';

let testDb: TestDb;
const storage = withTemporaryStorage();
beforeAll(async () => {
  testDb = await createTestDb();
});
afterAll(() => testDb.close());

it('makes the demo clips once, as real files with posters and no views', async () => {
  const anchor = await makeUser(testDb.db, { isAnchor: true });
  const started = performance.now();
  expect(await seedDemoVideos(testDb.db, anchor.mobile, NOON)).toBe(DEMO_CLIPS.length);
  const ms = performance.now() - started;
  // Measured 9.2 s for four clips at load average 19.6 on this 2-core machine (≈ 2 s when quiet), 2026-11-24.
  console.log(`demo videos seeded in ${Math.round(ms)} ms`);
  const rows = await testDb.db.select().from(videos).where(eq(videos.authorId, anchor.id));
  expect(rows).toHaveLength(DEMO_CLIPS.length);
  for (const row of rows) {
    expect(row).toMatchObject({ kind: 'file', viewCount: 0, favoriteCount: 0, durationS: 6, width: 640 });
    const file = await fs.readFile(path.join(storage.root, row.sourceUrl.replace('/uploads/', '')));
    expect(file.toString('latin1', 4, 8)).toBe('ftyp');
    await fs.access(path.join(storage.root, row.posterUrl!.replace('/uploads/', '')));
  }
  expect(await seedDemoVideos(testDb.db, anchor.mobile, NOON)).toBe(0);
}, 120_000);
