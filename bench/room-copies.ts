// Where a live room's join time goes (bench/live.ts): the room page as the portal sent it, captured
// once and served again from bare static servers on ports of their own, in four copies —
// - "static copy": the same bytes at once (no rendering, no streaming): the portal's server share is
//   what the live page takes beyond this copy;
// - "copy without the app": the same bytes minus the application's script tags (Next's chunks, held or
//   not, and their preloads; the inline RSC payload and the streamed-boundary reveals stay, so the room
//   still shows and its player still starts from the page's own FLV scripts): the page's own weight
//   (HTML, styles, layout, fonts, the player) with no hydration, which is the floor of the page as designed;
// - "app at once": the held tags made live again (lib/media/app-hold.ts), so the app's chunks are
//   fetched and run as soon as they are parsed, as before the hold: what holding the app gains;
// - "reveal at once": the held page whose release script leaves React's reveal (`$RV`) alone, so the
//   room replaces its skeleton as soon as it has streamed in, as before: what holding the reveal gains.
// - "with the opener policy": the static copy's bytes with `Cross-Origin-Opener-Policy: same-origin`, which
//   the portal's other pages send and the room page no longer does (lib/http/security-headers.ts): what
//   the policy costs a viewer opening the room in a fresh tab (the browser starts a renderer process first).
// Every other request (Next's chunks, the FLV player script, the stream, images) goes on to the portal
// through a pass-through proxy in this process, a hop the live page does not pay: the copies are
// measured at a slight disadvantage, never an advantage.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** One of Next's script tags, held back by the portal or not. */
const APP_SCRIPT = /<script (?:type="kickoff\/held" )?src="\/_next\/static\/[^"]+"[^>]*><\/script>/g;
const APP_PRELOAD = /<link rel="preload" as="script"[^>]*href="\/_next\/static\/[^"]+"[^>]*\/>/g;
const HELD = '<script type="kickoff/held" src=';

/** The page without Next's script tags and chunk preloads; nothing else of it. */
function withoutAppScripts(html: string) {
  return html.replace(APP_SCRIPT, '').replace(APP_PRELOAD, '');
}

/** The page with its held script tags live again: the app's chunks load and run as they are parsed. */
function appAtOnce(html: string) {
  return html.replaceAll(HELD, '<script src=');
}

/** The release script's hook on React's reveal (lib/media/app-release.js), in the page's <head>. */
const REVEAL_HOOK = "Object.defineProperty(window, '$RV',";

/** The page whose release script hooks an object of its own instead: React reveals the room at once. */
function revealAtOnce(html: string) {
  return html.replace(REVEAL_HOOK, "Object.defineProperty({}, '$RV',");
}

export type RoomCopies = {
  staticCopy: string;
  withoutApp: string;
  appAtOnce: string;
  revealAtOnce: string;
  withOpenerPolicy: string;
  stop: () => Promise<void>;
};

/**
 * Serves `html` at the room's own path and query (the app's router sees the same URL) on a port of
 * its own; everything else is passed through to the portal.
 */
async function serveCopy(room: URL, html: string, headers: http.OutgoingHttpHeaders = {}) {
  const server = http.createServer((request, response) => {
    if (request.url === room.pathname + room.search) {
      response.writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'cache-control': 'no-store',
        ...headers,
      });
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

/** Captures `roomUrl` now (the room must be live on this node) and serves the five copies. */
export async function serveRoomCopies(roomUrl: string): Promise<RoomCopies> {
  const room = new URL(roomUrl);
  const reply = await fetch(room);
  if (!reply.ok) throw new Error(`the room page answered ${reply.status}`);
  const html = await reply.text();
  const stripped = withoutAppScripts(html);
  if (stripped === html || !html.includes(HELD) || !html.includes('data-flv-early')) {
    throw new Error('the captured room page has no held app scripts or no early live video');
  }
  if (!html.includes(REVEAL_HOOK)) throw new Error("the captured room page does not hold React's reveal");
  const copies = await Promise.all([
    serveCopy(room, html),
    serveCopy(room, stripped),
    serveCopy(room, appAtOnce(html)),
    serveCopy(room, revealAtOnce(html)),
    serveCopy(room, html, { 'cross-origin-opener-policy': 'same-origin' }),
  ]);
  return {
    staticCopy: copies[0].url,
    withoutApp: copies[1].url,
    appAtOnce: copies[2].url,
    revealAtOnce: copies[3].url,
    withOpenerPolicy: copies[4].url,
    stop: async () => {
      await Promise.all(copies.map((copy) => copy.stop()));
    },
  };
}
