// A joining viewer's live room page holds its app back: Next's script tags made inert and their
// preloads left out, wherever a chunk boundary falls; the stream, the release and the player's script
// first in <head> with the page's nonce; the page still streams, gzipped when the client takes it;
// other answers untouched; and in the page, the held tags come back at the first frame, the first
// input, the limit, or at once.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import zlib from 'node:zlib';
import {
  EARLY_HEAD,
  type EarlyDocument,
  heldRoomOf,
  holdAppScripts,
  MAX_HOLD_MS,
  scriptHolder,
} from './app-hold';

const PAGE = [
  '<!DOCTYPE html><html lang="zh-CN"><head><meta charSet="utf-8"/>',
  '<style>a{color:red}</style>',
  '<link rel="preload" as="script" fetchPriority="low" nonce="n0" href="/_next/static/chunks/a.js"/>',
  '<script src="/_next/static/chunks/a.js" async="" nonce="n0"></script>',
  '<link rel="preload" href="/media/player/flv-1.8.2.js" as="script" nonce="n0" fetchPriority="high"/>',
  '<script src="/_next/static/chunks/p.js" noModule="" nonce="n0"></script>',
  '</head><body><p>开球直播 主播</p>',
  '<script src="/media/player/flv-1.8.2.js" nonce="n0"></script>',
  '<video data-flv-src="/media/live/1.flv" data-flv-early=""></video>',
  '<script src="/_next/static/chunks/b.js" nonce="n0" async=""></script>',
  '<script nonce="n0">self.__next_f.push([1,"x"])</script></body></html>',
].join('');

const held = (html: string) => {
  const holder = scriptHolder('n0', '/media/live/1.flv');
  return holder.push(html) + holder.end();
};

it('makes every Next script inert, drops their preloads and keeps everything else', () => {
  const out = held(PAGE);
  expect(out).not.toContain('<script src="/_next/');
  expect(out).not.toContain('<link rel="preload" as="script" fetchPriority="low"');
  expect(out.match(/<script type="kickoff\/held" src="\/_next\/static\/chunks\/[abp]\.js"/g)).toHaveLength(3);
  // The player's script moves from the body to the head, async; its preload, the inline payload and
  // the markup are as Next wrote them.
  expect(out).toContain('<p>开球直播 主播</p><script type="kickoff/moved" src="/media/player/flv-1.8.2.js"');
  expect(out.match(/<script src="\/media\/player\/flv-1\.8\.2\.js"[^>]*>/g)).toEqual([
    '<script src="/media/player/flv-1.8.2.js" async="" nonce="n0">',
  ]);
  expect(out).toContain('<link rel="preload" href="/media/player/flv-1.8.2.js"');
  expect(out).toContain('<script nonce="n0">self.__next_f.push([1,"x"])</script>');
  expect(out).toContain('<p>开球直播 主播</p>');
  // The head opens with the page's nonce on a script that opens the stream and releases the app later.
  expect(out).toMatch(/^<!DOCTYPE html><html lang="zh-CN"><head><script nonce="n0">\(\(\) => \{/);
  expect(out).toContain('prefetchPageFlv("/media/live/1.flv");');
  expect(out).toContain(`holdApp(${MAX_HOLD_MS});`);
});

it('gives the same page wherever the chunks are cut', () => {
  const whole = held(PAGE);
  for (let cut = 1; cut < PAGE.length; cut += 1) {
    const holder = scriptHolder('n0', '/media/live/1.flv');
    expect(holder.push(PAGE.slice(0, cut)) + holder.push(PAGE.slice(cut)) + holder.end()).toBe(whole);
  }
});

it('holds document requests for a room live page only', () => {
  const request = (url: string, headers: http.IncomingHttpHeaders = {}, method = 'GET') =>
    ({ url, headers, method }) as http.IncomingMessage;
  expect(heldRoomOf(request('/live?id=12'))).toBe(12);
  expect(heldRoomOf(request('/en/live?id=12&from=home'))).toBe(12);
  expect(heldRoomOf(request('/zh-TW/live/?id=7'))).toBe(7);
  expect(heldRoomOf(request('/live?id=12&replay=3'))).toBeNull();
  expect(heldRoomOf(request('/live?id=abc'))).toBeNull();
  expect(heldRoomOf(request('/live'))).toBeNull();
  expect(heldRoomOf(request('/fr/live?id=12'))).toBeNull();
  expect(heldRoomOf(request('/anchor?id=12'))).toBeNull();
  expect(heldRoomOf(request('/live?id=12', { rsc: '1' }))).toBeNull();
  expect(heldRoomOf(request('/live?id=12&_rsc=x1'))).toBeNull();
  expect(heldRoomOf(request('/live?id=12', {}, 'POST'))).toBeNull();
});

describe('a held response', () => {
  let server: http.Server;
  let base: string;
  /** What "Next" answers, written in pieces as a streamed page is. */
  let answer: (request: http.IncomingMessage, response: http.ServerResponse) => void;
  let seenEncoding: string | undefined;
  /** The document to open before "Next" answers, if any. */
  let early: EarlyDocument | null = null;

  beforeAll(async () => {
    server = http.createServer((request, response) => {
      holdAppScripts(request, response, '/media/live/1.flv', early);
      seenEncoding = request.headers['accept-encoding'];
      answer(request, response);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  /** The raw reply: status, headers and the body as sent (fetch would decompress it). */
  const get = (path: string, encoding?: string) =>
    new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
      const request = http.get(`${base}${path}`, {
        headers: encoding ? { 'accept-encoding': encoding } : {},
      });
      request.on('response', (reply) => {
        const parts: Buffer[] = [];
        reply.on('data', (part: Buffer) => parts.push(part));
        reply.on('end', () =>
          resolve({ status: reply.statusCode!, headers: reply.headers, body: Buffer.concat(parts) }),
        );
      });
      request.on('error', reject);
    });

  /** The page in 7-byte pieces (UTF-8 characters cut too), the policy header carrying its nonce. */
  const streamedPage = (_request: http.IncomingMessage, response: http.ServerResponse) => {
    response.setHeader('content-type', 'text/html; charset=utf-8');
    response.setHeader('content-security-policy', "script-src 'self' 'nonce-n0' 'strict-dynamic'");
    const bytes = Buffer.from(PAGE);
    for (let at = 0; at < bytes.length; at += 7) response.write(bytes.subarray(at, at + 7));
    response.end();
  };

  it('is rewritten and gzipped here, Next asked for it plain', async () => {
    answer = streamedPage;
    const reply = await get('/live?id=1', 'gzip, deflate, br');
    expect(seenEncoding).toBe('identity');
    expect(reply.status).toBe(200);
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(reply.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.gunzipSync(reply.body).toString()).toBe(held(PAGE));
  });

  it('goes plain to a client that takes no compression, or brotli alone', async () => {
    answer = streamedPage;
    for (const encoding of [undefined, 'br']) {
      const reply = await get('/live?id=1', encoding);
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.body.toString()).toBe(held(PAGE));
    }
  });

  it('leaves another answer (a redirect, headers through writeHead) as it was', async () => {
    answer = (_request, response) => {
      response.writeHead(307, { location: '/anchor?type=0&kicked=1', 'content-type': 'text/plain' });
      response.end('<script src="/_next/static/chunks/a.js"></script>');
    };
    const reply = await get('/live?id=1', 'gzip');
    expect(reply.status).toBe(307);
    expect(reply.headers.location).toBe('/anchor?type=0&kicked=1');
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.body.toString()).toBe('<script src="/_next/static/chunks/a.js"></script>');
  });

  describe('opened early', () => {
    const document: EarlyDocument = {
      nonce: 'n0',
      ticket: 't-1',
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "script-src 'nonce-n0'",
        'set-cookie': 'NEXT_LOCALE=zh-CN; Path=/',
      },
    };
    beforeEach(() => {
      early = document;
    });
    afterEach(() => {
      early = null;
    });

    /** The reply, its opening read as it arrives (until `opened` holds) while "Next" waits to be let go. */
    const headFirst = (encoding: string | undefined, opened: (bytes: Buffer) => boolean) =>
      new Promise<{
        status: number;
        headers: http.IncomingHttpHeaders;
        first: Buffer;
        body: Promise<Buffer>;
      }>((resolve, reject) => {
        const request = http.get(`${base}/live?id=1`, {
          headers: encoding ? { 'accept-encoding': encoding } : {},
        });
        request.on('response', (reply) => {
          const parts: Buffer[] = [];
          const body = new Promise<Buffer>((done) => reply.on('end', () => done(Buffer.concat(parts))));
          let told = false;
          reply.on('data', (part: Buffer) => {
            parts.push(part);
            const first = Buffer.concat(parts);
            if (told || !opened(first)) return;
            told = true;
            resolve({ status: reply.statusCode!, headers: reply.headers, first, body });
          });
        });
        request.on('error', reject);
      });
    const gunzipped = (bytes: Buffer) =>
      zlib.gunzipSync(bytes, { finishFlush: zlib.constants.Z_SYNC_FLUSH }).toString();
    const withPlayer = (text: string) => text.includes('async="" nonce="n0"></script>');

    /** "Next": its headers (set, then through writeHead) and its page, once let go. */
    let letGo: () => void = () => {};
    const lateNext = (_request: http.IncomingMessage, response: http.ServerResponse) => {
      // Next sends nothing to a response whose headers went: it must see them still to come.
      expect(response.headersSent).toBe(false);
      new Promise<void>((resolve) => {
        letGo = resolve;
      }).then(() => {
        response.setHeader('x-from-next', '1');
        response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'x-also-from-next': '1' });
        expect(response.headersSent).toBe(true);
        const bytes = Buffer.from(PAGE);
        for (let at = 0; at < bytes.length; at += 7) response.write(bytes.subarray(at, at + 7));
        response.end();
      });
    };
    const expected = () => {
      const holder = scriptHolder('n0', '/media/live/1.flv', { headSent: true });
      return holder.push(PAGE) + holder.end();
    };

    it('sends its status, headers and head script before Next has written anything, gzipped', async () => {
      answer = lateNext;
      const reply = await headFirst('gzip', (bytes) => bytes.length > 10 && withPlayer(gunzipped(bytes)));
      expect(reply.status).toBe(200);
      expect(reply.headers['content-encoding']).toBe('gzip');
      expect(reply.headers['set-cookie']).toEqual(['NEXT_LOCALE=zh-CN; Path=/']);
      expect(reply.headers['content-security-policy']).toBe("script-src 'nonce-n0'");
      const opening = gunzipped(reply.first);
      expect(opening).toMatch(/^<!DOCTYPE html><html><head><script nonce="n0">\(\(\) => \{/);
      // The stream request names the page, so its render may wait for it (render-gate.ts).
      expect(opening).toContain('prefetchPageFlv("/media/live/1.flv", {"page":"t-1"});');
      expect(opening).toMatch(/<script src="\/media\/player\/flv-[^"]+\.js" async="" nonce="n0"><\/script>$/);
      letGo();
      const page = zlib.gunzipSync(await reply.body).toString();
      // Next's document follows whole, held; the browser folds its doctype and <head> into the open one.
      expect(page.startsWith(EARLY_HEAD)).toBe(true);
      expect(page.slice(opening.length)).toBe(expected());
      // What Next set on the headers came too late: they were out.
      expect(reply.headers['x-from-next']).toBeUndefined();
      expect(reply.headers['x-also-from-next']).toBeUndefined();
    });

    it('goes plain to a client that takes no compression', async () => {
      answer = lateNext;
      const reply = await headFirst(undefined, (bytes) => withPlayer(bytes.toString()));
      expect(reply.headers['content-encoding']).toBeUndefined();
      expect(reply.first.toString()).toMatch(/^<!DOCTYPE html><html><head><script nonce="n0">/);
      letGo();
      const page = (await reply.body).toString();
      expect(page.startsWith(EARLY_HEAD)).toBe(true);
      expect(page.endsWith(`</script>${expected()}`)).toBe(true);
    });
  });

  it('takes an HTML page whose headers come through writeHead', async () => {
    answer = (_request, response) => {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': "script-src 'nonce-n0'",
      });
      response.end(PAGE);
    };
    const reply = await get('/live?id=1', 'gzip');
    expect(reply.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(reply.body).toString()).toBe(held(PAGE));
  });
});

describe('the release in the page (app-release.js)', () => {
  const source = fs.readFileSync(path.join(process.cwd(), 'lib/media/app-release.js'), 'utf8');

  /** A page with one held tag and, if asked, the live video, in a window with or without MSE. */
  function page({ mse = true, video = true } = {}) {
    const created: Record<string, unknown>[] = [];
    const held = {
      attributes: [
        { name: 'type', value: 'kickoff/held' },
        { name: 'src', value: '/_next/static/chunks/a.js' },
        { name: 'async', value: '' },
      ],
      nonce: 'n0',
      replacedBy: null as Record<string, unknown> | null,
      replaceWith(element: Record<string, unknown>) {
        this.replacedBy = element;
      },
    };
    let frame: (() => void) | null = null;
    const liveVideo = {
      requestVideoFrameCallback: (callback: () => void) => {
        frame = callback;
      },
      addEventListener: () => {},
    };
    const timers: (() => void)[] = [];
    const listeners: Record<string, () => void> = {};
    const window: Record<string, unknown> = mse ? { MediaSource: class {} } : {};
    const document = {
      readyState: 'interactive',
      querySelectorAll: (selector: string) => {
        if (selector.startsWith('video')) return video ? [liveVideo] : [];
        return held.replacedBy ? [] : [held];
      },
      querySelector: () => (video ? liveVideo : null),
      createElement: () => {
        const element: Record<string, unknown> = {};
        element.setAttribute = (name: string, value: string) => {
          element[name] = value;
        };
        created.push(element);
        return element;
      },
      addEventListener: (type: string, listener: () => void) => {
        listeners[type] = listener;
      },
    };
    new Function(
      'window',
      'document',
      'addEventListener',
      'setTimeout',
      'performance',
      'MutationObserver',
      `${source}\nholdApp(3000);`,
    )(
      window,
      document,
      (type: string, listener: () => void) => {
        listeners[type] = listener;
      },
      (callback: () => void) => timers.push(callback),
      { now: () => 1234 },
      class {
        observe() {}
        disconnect() {}
      },
    );
    return {
      held,
      window,
      hold: () => window.__appHold as { reason: string; at: number } | undefined,
      frame: () => frame?.(),
      fire: (type: string) => listeners[type]?.(),
      timeout: () => {
        for (const timer of timers) timer();
      },
    };
  }

  it('waits for the first frame, then brings the held tags back as async scripts with the nonce', () => {
    const room = page();
    expect(room.hold()).toBeUndefined();
    expect(room.held.replacedBy).toBeNull();
    room.frame();
    expect(room.hold()).toEqual({ reason: 'first-frame', at: 1234 });
    expect(room.held.replacedBy).toMatchObject({
      src: '/_next/static/chunks/a.js',
      nonce: 'n0',
      async: true,
    });
    expect(room.held.replacedBy).not.toHaveProperty('type');
  });

  it('lets go on the first input, at the limit, or at once without MSE, and only once', () => {
    const touched = page();
    touched.fire('pointerdown');
    expect(touched.hold()?.reason).toBe('input');
    touched.timeout();
    expect(touched.hold()?.reason).toBe('input');

    const slow = page();
    slow.timeout();
    expect(slow.hold()?.reason).toBe('timeout');

    const hls = page({ mse: false });
    expect(hls.hold()?.reason).toBe('no-mse');
    expect(hls.held.replacedBy).not.toBeNull();
  });

  it("keeps React's reveals of the streamed room until the release, then makes them, and at once after", () => {
    const room = page();
    const revealed: string[][] = [];
    // React's runtime assigns its reveal once, then calls whatever `$RV` is with its pending list.
    room.window.$RV = (batch: string[]) => {
      revealed.push([...batch]);
      batch.length = 0;
    };
    const reveal = () => room.window.$RV as (batch: string[]) => void;
    const pending = ['B:0', 'S:0'];
    reveal()(pending);
    // While it waits, React adds to the same list without asking again.
    pending.push('B:1', 'S:1');
    expect(revealed).toEqual([]);
    room.frame();
    expect(revealed).toEqual([['B:0', 'S:0', 'B:1', 'S:1']]);
    reveal()(['B:2', 'S:2']);
    expect(revealed).toEqual([
      ['B:0', 'S:0', 'B:1', 'S:1'],
      ['B:2', 'S:2'],
    ]);
  });

  it('lets go when the page ends without a live video', () => {
    const room = page({ video: false });
    expect(room.hold()).toBeUndefined();
    room.fire('DOMContentLoaded');
    expect(room.hold()?.reason).toBe('no-video');
  });
});
