// A viewer joining a live room this node's engine is receiving a push for gets the stream before the app
// (issue 10, first frame): the page's HTML goes out as Next renders it, except that Next's script tags are
// made inert and their preloads left out, and app-release.js (inlined at the top of <head>) brings them back
// once the live <video> has shown its first frame. Until then the browser fetches, parses and runs only
// the page's markup and the FLV player: the ~900 KB of chunks, React starting and hydration no longer
// share the network and the main thread with the stream's first frame (bench/live.ts: the held page
// plays 438 ms sooner than the same page running its app at once, median of 5). The page is fully
// rendered meanwhile; only its buttons wait, for the first frame, the viewer's first input, or
// MAX_HOLD_MS at the latest. React's reveals of the page's streamed parts wait too: the room's skeleton,
// with the early live <video> playing in it, stays until then, so the room's own style, layout and
// paint (~180 ms of the main thread at once) come after the first frame, not in the middle of the
// player's start (the static copy of the page: 1.71× → 1.14× the bare page's first frame).
// server.ts wraps such a response before handing it to Next; Next then sends it uncompressed and the
// rewritten HTML is gzipped here, chunk by chunk, so the page still streams. A viewer without a session
// (early-document.ts) gets the page opened sooner still: its status, headers and this head go out as
// the request arrives, before Next has rendered anything (the room's shell took 60-130 ms to its first
// byte, and the stream and the player waited for it), and Next's document follows; the browser's
// parser folds its doctype, <html> attributes and <head> into the open ones; its stream request names it
// by the document's ticket, and server.ts renders it once that request is answered (render-gate.ts).
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { type GzipWriter, gzipWriter } from '@/lib/http/gzip-writer';
import { acceptsGzip } from '@/lib/http/memory-asset';
import { ROOM_PAGE_PATH } from '@/lib/http/security-headers';
import { log } from '@/lib/log';
import { FLV_SCRIPT } from './flv-options';
import { flvPrefetchScript } from './flv-scripts';

/** The longest the app waits for the first frame. */
export const MAX_HOLD_MS = 3000;

/**
 * The live room id of a document request for a room page that plays live (not a replay, not Next's
 * router fetching a payload), or null.
 */
export function heldRoomOf(request: http.IncomingMessage): number | null {
  if (request.method !== 'GET' || request.headers.rsc || request.headers['next-router-prefetch']) return null;
  // Every request passes here: most are told apart without parsing their URL.
  if (!request.url?.includes('/live')) return null;
  const url = new URL(request.url, 'http://portal');
  if (!ROOM_PAGE_PATH.test(url.pathname) || url.searchParams.has('replay') || url.searchParams.has('_rsc')) {
    return null;
  }
  const id = url.searchParams.get('id') ?? '';
  return /^\d{1,9}$/.test(id) ? Number(id) : null;
}

const HELD_TYPE = 'kickoff/held';
/** The opening of one of Next's script tags for its build output. */
const APP_SCRIPT = /<script(?= )(?=[^>]*\ssrc="\/_next\/static\/)/g;
/** A preload of one of Next's scripts. */
const APP_PRELOAD = /<link rel="preload" as="script"[^>]*\shref="\/_next\/static\/[^"]*"[^>]*>/g;
/** The page's parser-blocking FLV player script: the head loads it async instead, this one stays inert. */
const PLAYER_SCRIPT = `<script src="${FLV_SCRIPT}"`;

let releaseSource: string | null = null;

/**
 * The scripts at the top of <head>, with the page's nonce: one opens the room's HTTP-FLV stream at once
 * (flv-prefetch.js: the page's own call further down finds it open) and releases the held tags later
 * (app-release.js); the FLV player script follows, async: nothing else is fetched meanwhile, it runs as
 * soon as it is there (not when the parser reaches the page's own tag, left inert) and starts the
 * stream on a <video> of its own, which takes the place of the page's live <video> once that is parsed
 * (flv-boot.js). An early page's stream request names it by `ticket` (render-gate.ts).
 */
function headScript(nonce: string | null, flvPath: string, ticket?: string) {
  releaseSource ??= fs.readFileSync(path.join(process.cwd(), 'lib/media/app-release.js'), 'utf8');
  const attribute = nonce ? ` nonce="${nonce}"` : '';
  const release = `(() => {\n${releaseSource}\nholdApp(${MAX_HOLD_MS});\n})();`;
  return (
    `<script${attribute}>${flvPrefetchScript(flvPath, ticket)}\n${release}</script>` +
    `<script src="${FLV_SCRIPT}" async=""${attribute}></script>`
  );
}

/**
 * The rewrite as a stream of text: `push` returns what can go out now, `end` the rest. A tag cut by a
 * chunk's end waits for the next chunk; the head script goes right after `<head>`.
 */
export function scriptHolder(nonce: string | null, flvPath: string, { headSent = false } = {}) {
  let pending = '';
  // The document opened early (`EARLY_HEAD`): Next's own <head> is left as it comes.
  let headSeen = headSent;
  const rewrite = (text: string) => {
    let out = text
      .replace(APP_PRELOAD, '')
      .replaceAll(PLAYER_SCRIPT, `<script type="kickoff/moved" src="${FLV_SCRIPT}"`)
      .replace(APP_SCRIPT, `<script type="${HELD_TYPE}"`);
    if (!headSeen && out.includes('<head>')) {
      headSeen = true;
      out = out.replace('<head>', `<head>${headScript(nonce, flvPath)}`);
    }
    return out;
  };
  return {
    push(text: string) {
      const all = pending + text;
      // Everything up to the last tag that is still open stays for the next chunk.
      const open = all.lastIndexOf('<');
      const cut = open >= 0 && all.indexOf('>', open) < 0 ? open : all.length;
      pending = all.slice(cut);
      return rewrite(all.slice(0, cut));
    },
    end() {
      const rest = pending;
      pending = '';
      return rewrite(rest);
    },
  };
}

/** The nonce Next stamped on the page's scripts, read off its policy header. */
function nonceOf(response: http.ServerResponse) {
  return /'nonce-([^']+)'/.exec(String(response.getHeader('content-security-policy') ?? ''))?.[1] ?? null;
}

/**
 * A held page sent before Next has rendered anything: its status and headers now (what Next would
 * send for it, the policy carrying `nonce`, which the proxy then stamps on the page's scripts), and
 * its <head> opened with the head script. Next's own document follows and the browser's parser folds
 * it in: a second doctype and <head> are ignored, the <html> tag's attributes go to the open one.
 */
export type EarlyDocument = {
  nonce: string;
  headers: http.OutgoingHttpHeaders;
  /** What the page's stream request names it by, so its render can wait for it (render-gate.ts). */
  ticket: string;
};

/** What opens an early document, before the head script. */
export const EARLY_HEAD = '<!DOCTYPE html><html><head>';

/**
 * Holds the app of the HTML page Next is about to write on `response` for the room playing `flvPath`
 * (any other answer, a redirect say, passes through untouched). Call before handing the request to Next.
 * With `early`, the page's status, headers and head script go out at once, before Next renders.
 */
export function holdAppScripts(
  request: http.IncomingMessage,
  response: http.ServerResponse,
  flvPath: string,
  early?: EarlyDocument | null,
) {
  const gzip = acceptsGzip(request.headers['accept-encoding']);
  // Next's own compression would hand this wrapper compressed bytes: it sends the page plain instead.
  request.headers['accept-encoding'] = 'identity';
  type Loose<T> = (this: http.ServerResponse, ...args: unknown[]) => T;
  const original = {
    write: response.write as Loose<boolean>,
    end: response.end as Loose<http.ServerResponse>,
    writeHead: response.writeHead as Loose<http.ServerResponse>,
  };
  const write = (bytes: Buffer) => original.write.call(response, bytes);
  let state: { holder: ReturnType<typeof scriptHolder>; decoder: TextDecoder; zip?: GzipWriter } | null =
    null;
  let decided = false;

  // Before the headers go: an HTML page is rewritten (and compressed here), anything else is not.
  const decide = () => {
    if (decided) return;
    decided = true;
    const nonce = early ? early.nonce : nonceOf(response);
    if (
      !early &&
      (response.headersSent || !/^text\/html/.test(String(response.getHeader('content-type') ?? '')))
    ) {
      return;
    }
    state = {
      holder: scriptHolder(nonce, flvPath, { headSent: Boolean(early) }),
      decoder: new TextDecoder(),
    };
    response.removeHeader('content-length');
    if (!gzip) return;
    response.setHeader('content-encoding', 'gzip');
    const vary = String(response.getHeader('vary') ?? '');
    if (!/accept-encoding/i.test(vary)) {
      response.setHeader('vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
    }
    state.zip = gzipWriter(write);
  };
  /** Out with the page's next text; `now`: before this returns, even compressed (the early head). */
  const send = (text: string, now = false) => {
    if (!text || !state) return;
    if (!state.zip) write(Buffer.from(text));
    else if (now) state.zip.writeNow(text);
    else state.zip.write(text);
  };

  if (early) {
    for (const [name, value] of Object.entries(early.headers)) {
      if (value !== undefined) response.setHeader(name, value);
    }
    decide();
    original.writeHead.call(response, 200);
    send(EARLY_HEAD + headScript(early.nonce, flvPath, early.ticket), true);
    // Next is told the headers are still to come (it sends nothing to a response whose headers went),
    // and what it sets on them goes nowhere: they went out above.
    let nextWroteHead = false;
    Object.defineProperty(response, 'headersSent', { configurable: true, get: () => nextWroteHead });
    const ignored = function (this: http.ServerResponse) {
      return this;
    };
    response.setHeader = ignored as typeof response.setHeader;
    response.appendHeader = ignored as typeof response.appendHeader;
    response.removeHeader = ignored as typeof response.removeHeader;
    response.flushHeaders = () => {};
    response.writeHead = function (this: http.ServerResponse, status: number) {
      nextWroteHead = true;
      if (status !== 200)
        log.warn({ status, url: request.url }, 'an early room page was answered with another status');
      return this;
    } as typeof response.writeHead;
  } else {
    // Headers given to writeHead count: they are set first, then decided on (Node's implicit headers
    // come through here too).
    response.writeHead = function (this: http.ServerResponse, ...args: unknown[]) {
      const [status, second, third] = args as [number, unknown, unknown];
      const headers = typeof second === 'object' && second !== null ? second : third;
      if (Array.isArray(headers)) return original.writeHead.apply(this, args);
      for (const [name, value] of Object.entries((headers ?? {}) as http.OutgoingHttpHeaders)) {
        if (value !== undefined) this.setHeader(name, value);
      }
      decide();
      return original.writeHead.call(this, status, ...(typeof second === 'string' ? [second] : []));
    } as typeof response.writeHead;
  }

  response.write = function (this: http.ServerResponse, chunk: unknown, ...rest: unknown[]) {
    decide();
    if (!state) return original.write.call(this, chunk, ...rest);
    const text =
      typeof chunk === 'string' ? chunk : state.decoder.decode(chunk as Uint8Array, { stream: true });
    send(state.holder.push(text));
    const done = rest.find((value) => typeof value === 'function') as (() => void) | undefined;
    if (done) process.nextTick(done);
    return true;
  } as typeof response.write;

  response.end = function (this: http.ServerResponse, ...args: unknown[]) {
    const done = args.find((value) => typeof value === 'function') as (() => void) | undefined;
    const chunk = args[0];
    if (chunk !== undefined && chunk !== null && typeof chunk !== 'function') this.write(chunk);
    decide();
    if (!state) return original.end.call(this, done);
    send(state.holder.push(state.decoder.decode()));
    send(state.holder.end());
    if (!state.zip) return original.end.call(this, done);
    state.zip.end(() => original.end.call(this, done));
    return this;
  } as typeof response.end;
}
