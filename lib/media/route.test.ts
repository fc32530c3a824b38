// The /media route: HLS files with their content types, nothing outside DATA_DIR/media.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

let root: string;
let GET: typeof import('@/app/media/[...path]/route').GET;

beforeAll(async () => {
  root = await fs.mkdtemp(path.join(os.tmpdir(), 'media-route-'));
  process.env.DATA_DIR = root;
  process.env.MEDIA_CDN_URL = '';
  ({ GET } = await import('@/app/media/[...path]/route'));
  await fs.mkdir(path.join(root, 'media', '3', '7', 'vod'), { recursive: true });
  await fs.writeFile(path.join(root, 'media', '3', '7', 'vod', 'index.m3u8'), '#EXTM3U\n');
  await fs.writeFile(path.join(root, 'media', '3', '7', 'vod', 'r0.ts'), Buffer.alloc(188));
  await fs.writeFile(path.join(root, 'secret.m3u8'), 'outside');
});
afterAll(() => fs.rm(root, { recursive: true, force: true }));

const get = (...parts: string[]) =>
  GET(new Request(`http://portal.test/media/${parts.join('/')}`), {
    params: Promise.resolve({ path: parts }),
  });

it('serves playlists and segments with their types', async () => {
  const playlist = await get('3', '7', 'vod', 'index.m3u8');
  expect(playlist.status).toBe(200);
  expect(playlist.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
  expect(playlist.headers.get('cache-control')).toBe('no-cache');
  expect(await playlist.text()).toBe('#EXTM3U\n');
  const segment = await get('3', '7', 'vod', 'r0.ts');
  expect(segment.headers.get('content-type')).toBe('video/mp2t');
  expect((await segment.arrayBuffer()).byteLength).toBe(188);
});

it('refuses anything outside the media folder or of another kind', async () => {
  expect((await get('..', 'secret.m3u8')).status).toBe(404);
  expect((await get('3', '..', '..', 'secret.m3u8')).status).toBe(404);
  expect((await get('3', '7', 'vod', 'missing.m3u8')).status).toBe(404);
  expect((await get('3', '7', 'vod')).status).toBe(404);
  expect((await get('3', '7', 'vod', 'index.php')).status).toBe(404);
  expect((await get('live', '../1.flv')).status).toBe(404);
});
