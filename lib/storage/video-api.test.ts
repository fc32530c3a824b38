// Video uploads: a real MP4 made by ffmpeg is kept with its duration, size and a JPEG poster; a
// file that only claims to be a video, and one over the limit, are refused and nothing is kept.
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { findFfmpeg } from '@/lib/media/ffmpeg';
import { type ApiApp, createApiApp } from '@/lib/server/api-app';
import { apiCaller } from '@/lib/testing/api';
import { NOON } from '@/lib/testing/clock';
import { createTestDb, type TestDb } from '@/lib/testing/db';
import { makeSignedInUser } from '@/lib/testing/factories';
import { withTemporaryStorage } from '@/lib/testing/storage';
import { uploads } from './schema';
import { MAX_VIDEO_BYTES, parseFfmpegReport, videoContainerOf } from './videos';

let testDb: TestDb;
let app: ApiApp;
const call = apiCaller(() => app);
let clip: Buffer;

beforeAll(async () => {
  testDb = await createTestDb();
  app = createApiApp({ db: () => testDb.db, clock: () => NOON });
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), 'clip-'));
  const file = path.join(folder, 'clip.mp4');
  await promisify(execFile)(findFfmpeg()!, [
    '-hide_banner',
    '-loglevel',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc=duration=1:size=320x240:rate=25',
    '-pix_fmt',
    'yuv420p',
    '-y',
    file,
  ]);
  clip = await fs.readFile(file);
  await fs.rm(folder, { recursive: true, force: true });
});
afterAll(() => testDb.close());
const storage = withTemporaryStorage();

async function sendVideo(token: string, bytes: Buffer, name: string) {
  const grant = await call<{ token: string; max_bytes: number }>('/api/Member/getQiniuToken', {
    headers: { token },
    json: { purpose: 'video' },
  });
  expect(grant.body.data.max_bytes).toBe(MAX_VIDEO_BYTES);
  const form = new FormData();
  form.set('token', grant.body.data.token);
  form.set('file', new File([new Uint8Array(bytes)], name, { type: 'video/mp4' }));
  return call<{ url: string; poster: string; duration_s: number; width: number; height: number }>(
    '/api/upload',
    { method: 'POST', headers: { token, lang: 'en' }, body: form },
  );
}

it('keeps a real MP4 with its duration, size and a JPEG poster frame', async () => {
  const { user, token } = await makeSignedInUser(testDb.db);
  const { body } = await sendVideo(token, clip, 'clip.mp4');
  expect(body.code).toBe(0);
  expect(body.data).toMatchObject({
    url: expect.stringMatching(/^\/uploads\/video\/[0-9a-f]{32}\.mp4$/),
    poster: expect.stringMatching(/^\/uploads\/video\/[0-9a-f]{32}\.jpg$/),
    duration_s: 1,
    width: 320,
    height: 240,
  });
  const stored = await fs.readFile(path.join(storage.root, body.data.url.replace('/uploads/', '')));
  expect(stored.equals(clip)).toBe(true);
  const poster = await sharp(path.join(storage.root, body.data.poster.replace('/uploads/', ''))).metadata();
  expect(poster).toMatchObject({ format: 'jpeg', width: 320, height: 240 });
  const [row] = await testDb.db.select().from(uploads).where(eq(uploads.url, body.data.url));
  expect(row).toMatchObject({ userId: user.id, purpose: 'video', durationS: 1 });
});

it('refuses a text file named .mp4 and a file over the limit, keeping nothing', async () => {
  const { user, token } = await makeSignedInUser(testDb.db);
  const text = await sendVideo(token, Buffer.from('just some text, honestly'), 'movie.mp4');
  expect(text.body).toMatchObject({
    code: 1,
    msg: "That doesn't look like a video. Please upload an MP4 or WebM file",
  });
  // A real MP4 header followed by padding: the size is checked before anything else is read.
  const huge = Buffer.concat([clip, Buffer.alloc(MAX_VIDEO_BYTES + 1 - clip.length)]);
  const tooLarge = await sendVideo(token, huge, 'huge.mp4');
  expect(tooLarge.status).toBe(413);
  expect(tooLarge.body.msg).toBe('The file is too large (max 50 MB)');
  expect(await testDb.db.select().from(uploads).where(eq(uploads.userId, user.id))).toEqual([]);
});

it('reads the container from the bytes and the probe from ffmpeg’s report', () => {
  expect(videoContainerOf(clip)).toBe('mp4');
  expect(videoContainerOf(Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0, 0, 0, 0]))).toBe('webm');
  expect(videoContainerOf(Buffer.from('ftyp but not at offset 4'))).toBeNull();
  const report = [
    '  Duration: 00:09:59.50, start: 0.000000, bitrate: 43 kb/s',
    '  Stream #0:0[0x1](und): Video: h264 (High) (avc1 / 0x31637661), yuv420p(progressive), 1280x720 [SAR 1:1 DAR 16:9], 25 fps',
  ].join('\n');
  expect(parseFfmpegReport(report)).toEqual({ durationS: 599.5, width: 1280, height: 720 });
  expect(parseFfmpegReport('Duration: N/A')).toBeNull();
});

it('serves a stored video in byte ranges, so players can seek', async () => {
  const { GET } = await import('@/app/uploads/[...key]/route');
  const { token } = await makeSignedInUser(testDb.db);
  const { body } = await sendVideo(token, clip, 'clip.mp4');
  const key = body.data.url.replace('/uploads/', '').split('/');
  const ask = (range?: string) =>
    GET(new Request(`http://portal.test${body.data.url}`, { headers: range ? { range } : {} }), {
      params: Promise.resolve({ key }),
    });
  const whole = await ask();
  expect(whole.status).toBe(200);
  expect(whole.headers.get('content-type')).toBe('video/mp4');
  expect(whole.headers.get('accept-ranges')).toBe('bytes');
  const part = await ask('bytes=0-99');
  expect(part.status).toBe(206);
  expect(part.headers.get('content-range')).toBe(`bytes 0-99/${clip.length}`);
  expect(Buffer.from(await part.arrayBuffer()).equals(clip.subarray(0, 100))).toBe(true);
  const tail = await ask('bytes=-10');
  expect(Buffer.from(await tail.arrayBuffer()).equals(clip.subarray(clip.length - 10))).toBe(true);
});
