// The build's static files from memory: compressed as the client accepts, immutable, revalidated by
// ETag; anything else (another path, a file not in the folder, a way out of it, a write) left to Next.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { pickEncoding } from './memory-asset';
import { STATIC_PREFIX, staticAssetHandler } from './static-assets';

const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'static-assets-'));
const root = path.join(parent, 'static');
const script = `console.log(${JSON.stringify('开球直播 '.repeat(200))});\n`;
fs.mkdirSync(path.join(root, 'chunks'), { recursive: true });
fs.mkdirSync(path.join(root, 'media'));
fs.writeFileSync(path.join(root, 'chunks', 'a1b2.js'), script);
fs.writeFileSync(path.join(root, 'media', 'mark.woff2'), Buffer.from([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]));
fs.writeFileSync(path.join(root, 'chunks', 'notes.xyz'), 'unknown type');
// Outside the folder: never served.
fs.writeFileSync(path.join(parent, 'secret.js'), 'secret');

let server: http.Server;
let base: string;

beforeAll(async () => {
  const handle = staticAssetHandler(root);
  server = http.createServer((request, response) => {
    if (!handle(request, response)) response.writeHead(418).end('next');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  fs.rmSync(parent, { recursive: true, force: true });
});

/** A raw request (fetch would decompress and hide the encoding). */
function get(pathname: string, headers: http.OutgoingHttpHeaders = {}, method = 'GET') {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>(
    (resolve, reject) => {
      const request = http.request(`${base}${pathname}`, { method, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode!, headers: response.headers, body: Buffer.concat(chunks) }),
        );
      });
      request.on('error', reject);
      request.end();
    },
  );
}

it('serves a chunk in brotli, gzip or as it is, by what the client accepts', async () => {
  const br = await get(`${STATIC_PREFIX}chunks/a1b2.js`, { 'accept-encoding': 'gzip, deflate, br' });
  expect(br.status).toBe(200);
  expect(br.headers['content-type']).toBe('text/javascript; charset=utf-8');
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.headers.vary).toBe('Accept-Encoding');
  expect(Number(br.headers['content-length'])).toBe(br.body.length);
  expect(br.body.length).toBeLessThan(Buffer.byteLength(script));
  expect(zlib.brotliDecompressSync(br.body).toString()).toBe(script);

  const gzip = await get(`${STATIC_PREFIX}chunks/a1b2.js`, { 'accept-encoding': 'gzip, br;q=0' });
  expect(gzip.headers['content-encoding']).toBe('gzip');
  expect(zlib.gunzipSync(gzip.body).toString()).toBe(script);

  const plain = await get(`${STATIC_PREFIX}chunks/a1b2.js`);
  expect(plain.headers['content-encoding']).toBeUndefined();
  expect(plain.body.toString()).toBe(script);
});

it('revalidates by ETag and answers HEAD without a body', async () => {
  const first = await get(`${STATIC_PREFIX}chunks/a1b2.js`);
  const etag = first.headers.etag!;
  expect(etag).toMatch(/^"[\w-]{16}"$/);
  const again = await get(`${STATIC_PREFIX}chunks/a1b2.js`, { 'if-none-match': etag });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
  const head = await get(`${STATIC_PREFIX}chunks/a1b2.js`, { 'accept-encoding': 'br' }, 'HEAD');
  expect(head.status).toBe(200);
  expect(head.headers['content-encoding']).toBe('br');
  expect(head.body.length).toBe(0);
});

it('sends fonts and images as they are', async () => {
  const font = await get(`${STATIC_PREFIX}media/mark.woff2`, { 'accept-encoding': 'br, gzip' });
  expect(font.status).toBe(200);
  expect(font.headers['content-type']).toBe('font/woff2');
  expect(font.headers['content-encoding']).toBeUndefined();
  expect(font.headers.vary).toBeUndefined();
  expect([...font.body]).toEqual([0x77, 0x4f, 0x46, 0x32, 1, 2, 3]);
});

it('leaves everything else to Next', async () => {
  for (const pathname of [
    `${STATIC_PREFIX}chunks/missing.js`,
    `${STATIC_PREFIX}chunks/notes.xyz`,
    `${STATIC_PREFIX}../secret.js`,
    `${STATIC_PREFIX}chunks/..%2F..%2Fsecret.js`,
    `${STATIC_PREFIX}%E0%A4%A`,
    '/_next/image?url=x',
    '/live?id=1',
  ]) {
    const reply = await get(pathname);
    expect({ pathname, status: reply.status, body: reply.body.toString() }).toEqual({
      pathname,
      status: 418,
      body: 'next',
    });
  }
  const post = await get(`${STATIC_PREFIX}chunks/a1b2.js`, {}, 'POST');
  expect(post.status).toBe(418);
});

it('reads Accept-Encoding with its refusals', () => {
  expect(pickEncoding('gzip, deflate, br, zstd')).toBe('br');
  expect(pickEncoding('br;q=0, gzip;q=0.8')).toBe('gzip');
  expect(pickEncoding('br;q=0.0, gzip;q=0')).toBeNull();
  expect(pickEncoding('*')).toBe('gzip');
  expect(pickEncoding('identity')).toBeNull();
  expect(pickEncoding(undefined)).toBeNull();
});
