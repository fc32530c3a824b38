// The engine's own requests, answered before Next: the player script (mpegts.js + the boot code,
// gzipped, revalidated by ETag) and the HTTP-FLV stream, the engine's session writing onto the response.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { FLV_SCRIPT, MPEGTS_VERSION } from './flv-options';
import { flvPrefetchScript } from './flv-scripts';
import { mediaRequestHandler } from './http';

jest.setTimeout(30_000);

let portal: http.Server;
let base: string;
/** The engine's FLV session on the response (headers sent), written by each test. */
let onFlv: (roomId: string, request: http.IncomingMessage, response: http.ServerResponse) => void;

const listen = (server: http.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );

beforeAll(async () => {
  const handle = mediaRequestHandler({
    play: (roomId, request, response) => onFlv(roomId, request, response),
  });
  portal = http.createServer((request, response) => {
    if (!handle(request, response)) response.writeHead(418).end('next');
  });
  base = `http://127.0.0.1:${await listen(portal)}`;
});
afterAll(async () => {
  portal.closeAllConnections();
  await new Promise((resolve) => portal.close(resolve));
});

it('names the script after the installed mpegts.js', () => {
  const installed = JSON.parse(fs.readFileSync('node_modules/mpegts.js/package.json', 'utf8')).version;
  expect(MPEGTS_VERSION).toBe(installed);
  expect(FLV_SCRIPT).toBe(`/media/player/flv-${installed}.js`);
});

it('serves mpegts.js with the boot code, gzipped when asked, and revalidates by ETag', async () => {
  const zipped = await fetch(`${base}${FLV_SCRIPT}`);
  expect(zipped.status).toBe(200);
  expect(zipped.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
  expect(zipped.headers.get('content-encoding')).toBe('gzip');
  const text = await zipped.text();
  expect(text).toContain('mpegts');
  expect(text).toContain('window.__liveFlv');
  expect(text).not.toContain('sourceMappingURL');
  expect(text.trimEnd()).toMatch(/bootLiveFlv\(\{"enableStashBuffer":false,.*\}\);\n\}\)\(\);$/);
  // It runs: the boot code sets up its API on the page once mpegts.js is there.
  const page = {
    mpegts: { isSupported: () => false },
    document: { readyState: 'complete', querySelector: () => null },
  } as Record<string, unknown>;
  const run = new Function('window', 'document', 'self', text.slice(text.indexOf(';(() => {')));
  run(page, page.document, page);
  expect(page.__liveFlv).toEqual({ start: expect.any(Function), supported: expect.any(Function) });

  const plain = await new Promise<{ status?: number; body: Buffer; encoding?: string }>((resolve) =>
    http.get(`${base}${FLV_SCRIPT}`, (reply) => {
      const chunks: Buffer[] = [];
      reply.on('data', (chunk) => chunks.push(chunk));
      reply.on('end', () =>
        resolve({
          status: reply.statusCode,
          body: Buffer.concat(chunks),
          encoding: reply.headers['content-encoding'],
        }),
      );
    }),
  );
  expect(plain.status).toBe(200);
  expect(plain.encoding).toBeUndefined();
  expect(plain.body.toString()).toBe(text);
  expect(zlib.gzipSync(plain.body).length).toBeLessThan(plain.body.length / 3);

  const again = await fetch(`${base}${FLV_SCRIPT}`, {
    headers: { 'if-none-match': zipped.headers.get('etag')! },
  });
  expect(again.status).toBe(304);
});

it('hands a stream the page opened early to the player, what came before and what follows', async () => {
  let engineClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    engineClosed = resolve;
  });
  let sendMore!: () => void;
  let requests = 0;
  onFlv = (_roomId, _request, response) => {
    requests += 1;
    response.write(Buffer.from('FLV\x01'));
    sendMore = () => response.write(Buffer.from('tag'));
    response.on('close', engineClosed);
  };
  const page = {
    location: { href: `${base}/live?id=12` },
    fetch,
    ReadableStream,
    AbortController,
    MediaSource: class {},
    document: { readyState: 'complete', querySelector: () => null },
  } as Record<string, unknown> & { __flvPrefetch?: Record<string, { chunks: Uint8Array[] }> };
  // The page's inline script opens the stream before mpegts.js is there.
  new Function('window', flvPrefetchScript('/media/live/12.flv'))(page);
  const url = `${base}/media/live/12.flv`;
  const until = Date.now() + 10_000;
  while (!page.__flvPrefetch?.[url]?.chunks.length && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  expect(page.__flvPrefetch?.[url]?.chunks.length).toBe(1);

  // Then mpegts.js and the boot code run; the player it makes reads through the custom loader.
  class BaseLoader {
    _status = 0;
    _onDataArrival: ((chunk: ArrayBuffer, byteStart: number, received: number) => void) | null = null;
    destroy() {}
    set onDataArrival(callback: (chunk: ArrayBuffer, byteStart: number, received: number) => void) {
      this._onDataArrival = callback;
    }
  }
  // What the fake player's play() gives (mpegts.js hands back the media element's): nothing, or the
  // refusal of a browser that will not start a video by itself.
  let played: Promise<void> | undefined;
  let config: {
    customLoader?: new () => BaseLoader & {
      open: (source: object, range: object) => void;
      abort: () => void;
    };
  } = {};
  page.mpegts = {
    BaseLoader,
    LoaderStatus: { kIdle: 0, kConnecting: 1, kBuffering: 2, kError: 3, kComplete: 4 },
    LoaderErrors: { EXCEPTION: 'Exception', HTTP_STATUS_CODE_INVALID: 'HttpStatusCodeInvalid' },
    Events: { ERROR: 'error' },
    isSupported: () => true,
    getFeatureList: () => ({ mseLivePlayback: true }),
    createPlayer: (_source: object, options: typeof config) => {
      config = options;
      return { on() {}, attachMediaElement() {}, load() {}, play: () => played, destroy() {} };
    },
  };
  const text = await (await fetch(`${base}${FLV_SCRIPT}`)).text();
  new Function('window', 'document', 'self', text.slice(text.indexOf(';(() => {')))(
    page,
    page.document,
    page,
  );
  const live = page.__liveFlv as { start: (video: object) => unknown };
  const video = { dataset: { flvSrc: '/media/live/12.flv' }, controls: false };
  expect(live.start(video)).toBeTruthy();
  // No native controls (the room's own come with the app), not even with the first frame.
  expect(video.controls).toBe(false);
  const loader = new config.customLoader!();
  const received: string[] = [];
  loader.onDataArrival = (chunk, byteStart, total) =>
    received.push(`${Buffer.from(chunk).toString()}@${byteStart}/${total}`);
  loader.open({ url }, { from: 0, to: -1 });
  // Taken: the next player opens its own.
  expect(page.__flvPrefetch?.[url]).toBeUndefined();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(received).toEqual(['FLV\x01@0/4']);
  sendMore();
  while (received.length < 2 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 20));
  expect(received).toEqual(['FLV\x01@0/4', 'tag@4/7']);
  expect(requests).toBe(1);
  // The player is destroyed: the stream is closed.
  loader.abort();
  await closed;

  // A browser that refuses to start the video: no unhandled rejection, still no native controls (the
  // room's controls show their play button).
  played = Promise.reject(Object.assign(new Error('refused'), { name: 'NotAllowedError' }));
  const refused = { dataset: { flvSrc: '/media/live/12.flv' }, controls: false };
  expect(live.start(refused)).toBeTruthy();
  await new Promise((resolve) => setTimeout(resolve, 0));
  expect(refused.controls).toBe(false);
});

it('sends the FLV stream as the engine writes it and tells the engine when the viewer leaves', async () => {
  let engineClosed!: () => void;
  const closed = new Promise<void>((resolve) => {
    engineClosed = resolve;
  });
  let sendMore!: () => void;
  let room = '';
  onFlv = (roomId, _request, response) => {
    room = roomId;
    response.write(Buffer.from('FLV\x01'));
    sendMore = () => response.write(Buffer.from('tag'));
    response.on('close', engineClosed);
  };
  const controller = new AbortController();
  const reply = await fetch(`${base}/media/live/12.flv`, { signal: controller.signal });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toBe('video/x-flv');
  expect(reply.headers.get('cache-control')).toBe('no-store');
  expect(room).toBe('12');
  const reader = reply.body!.getReader();
  // The first bytes arrive while the engine's response is still open: nothing is held back.
  expect(Buffer.from((await reader.read()).value!).toString()).toBe('FLV\x01');
  sendMore();
  expect(Buffer.from((await reader.read()).value!).toString()).toBe('tag');
  controller.abort();
  await closed;
});

it('answers HEAD with the stream headers and no viewer session', async () => {
  let played = 0;
  onFlv = () => {
    played += 1;
  };
  const reply = await fetch(`${base}/media/live/12.flv`, { method: 'HEAD' });
  expect(reply.status).toBe(200);
  expect(reply.headers.get('content-type')).toBe('video/x-flv');
  expect(played).toBe(0);
});

it('leaves every other request to Next', async () => {
  for (const path of [
    '/media/live/x.flv',
    '/media/3/7/live/index.m3u8',
    '/live?id=1',
    '/media/player/flv.js',
  ]) {
    expect((await fetch(`${base}${path}`)).status).toBe(418);
  }
  const post = await fetch(`${base}/media/live/12.flv`, { method: 'POST' });
  expect(post.status).toBe(418);
});
