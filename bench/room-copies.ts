// Where a live room's join time goes (bench/live.ts): the room page as the portal sent it, captured
// once and served again from bare static servers on ports of their own, in three copies —
// - "static copy": the same bytes at once (no rendering, no streaming): the portal's server share is
//   what the live page takes beyond this copy;
// - "copy without the app": the same bytes minus the application's script tags (Next's chunks and their
//   preloads; the inline RSC payload and the streamed-boundary reveals stay, so the room still shows and
//   its player still starts from the page's own FLV scripts): the page's own weight (HTML, styles,
//   layout, fonts, the player) with no hydration, which is the floor of the page as designed;
// - "app after the first frame": the app's chunks preloaded as the browser would fetch them, but run
//   only once the live <video> has shown its first frame (or after 3 s): what holding the whole app back
//   until the stream plays could gain (no such hold exists in the portal).
// Every other request (Next's chunks, the FLV player script, the stream, images) goes on to the portal
// through a pass-through proxy in this process, a hop the live page does not pay: the copies are
// measured at a slight disadvantage, never an advantage.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One of Next's script tags (its chunk's path captured), and the preload of a chunk. */
const APP_SCRIPT = /<script src="(\/_next\/static\/[^"]+)"[^>]*><\/script>/g;
const APP_PRELOAD = /<link rel="preload" as="script"[^>]*href="\/_next\/static\/[^"]+"[^>]*\/>/g;

/** The page without Next's script tags and chunk preloads; nothing else of it. */
function withoutAppScripts(html: string) {
  return html.replace(APP_SCRIPT, '').replace(APP_PRELOAD, '');
}

/** The app's chunks preloaded at once and run (in their order, async as Next has them) after the first frame. */
function appAfterFirstFrame(html: string) {
  const chunks = [...html.matchAll(APP_SCRIPT)].map((match) => match[1]!);
  const preloads = chunks.map((src) => `<link rel="preload" as="script" href="${src}"/>`).join('');
  const loader = `<script>(() => {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    for (const src of ${JSON.stringify(chunks)}) {
      const script = document.createElement('script');
      script.src = src;
      script.async = true;
      document.head.appendChild(script);
    }
  };
  setTimeout(run, 3000);
  new MutationObserver((_, observer) => {
    const video = document.querySelector('video[data-flv-src]');
    if (!video) return;
    observer.disconnect();
    video.requestVideoFrameCallback(() => setTimeout(run, 0));
  }).observe(document, { childList: true, subtree: true });
})();</script>`;
  return withoutAppScripts(html).replace('</head>', `${preloads}${loader}</head>`);
}

export type RoomCopies = {
  staticCopy: string;
  withoutApp: string;
  appAfterFrame: string;
  stop: () => Promise<void>;
};

/**
 * Serves `html` at the room's own path and query (the app's router sees the same URL) on a port of
 * its own; everything else is passed through to the portal.
 */
async function serveCopy(room: URL, html: string) {
  const server = http.createServer((request, response) => {
    if (request.url === room.pathname + room.search) {
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      response.end(html);
      return;
    }
    const upstream = http.request(
      {
        host: room.hostname,
        port: room.port,
        path: request.url,
        method: request.method,
        headers: request.headers,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    upstream.on('error', () => response.destroy());
    response.on('close', () => upstream.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = new URL(room);
  url.port = String((server.address() as AddressInfo).port);
  return {
    url: url.href,
    stop: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Captures `roomUrl` now (the room must be live on this node) and serves the three copies. */
export async function serveRoomCopies(roomUrl: string): Promise<RoomCopies> {
  const room = new URL(roomUrl);
  const reply = await fetch(room);
  if (!reply.ok) throw new Error(`the room page answered ${reply.status}`);
  const html = await reply.text();
  const stripped = withoutAppScripts(html);
  if (stripped === html || !html.includes('data-flv-early')) {
    throw new Error('the captured room page has no app scripts or no early live video');
  }
  const copies = await Promise.all([
    serveCopy(room, html),
    serveCopy(room, stripped),
    serveCopy(room, appAfterFirstFrame(html)),
  ]);
  return {
    staticCopy: copies[0].url,
    withoutApp: copies[1].url,
    appAfterFrame: copies[2].url,
    stop: async () => {
      await Promise.all(copies.map((copy) => copy.stop()));
    },
  };
}
