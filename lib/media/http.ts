// What the portal's http server answers itself, before Next, for the embedded engine (server.ts):
// - `/media/live/<room>.flv`: the engine's HTTP-FLV, played in this process (`Engine.play`: the engine
//   writes its cached headers and GOP onto this very response in the same turn of the event loop, no
//   loopback hop to its own HTTP port, no Next route, nothing buffered), so browsers stay same-origin;
// - `FLV_SCRIPT`: mpegts.js with the room's boot code (flv-prefetch.js, flv-boot.js), gzipped once,
//   for the live room's <head>.
// HLS files and replays stay with app/media/[...path].
import fs from 'node:fs';
import type http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import zlib from 'node:zlib';
import { type MemoryAsset, memoryAsset, sendAsset } from '@/lib/http/memory-asset';
import { LIVE_APP } from '@/lib/live/service';
import { FLV_PLAYER_OPTIONS, FLV_SCRIPT } from './flv-options';
import { flvPrefetchSource } from './flv-scripts';

const FLV = new RegExp(`^/media/${LIVE_APP}/(\\d{1,9})\\.flv$`);

export type Engine = {
  /** Subscribes `response` (its headers sent) to the room's stream until the viewer leaves. */
  play: (roomId: string, request: http.IncomingMessage, response: http.ServerResponse) => void;
};

let script: MemoryAsset | null = null;

function flvScript() {
  if (!script) {
    const require = createRequire(path.join(process.cwd(), 'package.json'));
    const mpegts = fs.readFileSync(require.resolve('mpegts.js/dist/mpegts.js'), 'utf8');
    const boot = fs.readFileSync(path.join(process.cwd(), 'lib/media/flv-boot.js'), 'utf8');
    const options = JSON.stringify(FLV_PLAYER_OPTIONS);
    // mpegts.js's own source map is not served.
    const library = mpegts.replace(/\n\/\/# sourceMappingURL=\S+\s*$/, '\n');
    const plain = Buffer.from(
      `${library};(() => {\n${flvPrefetchSource()}\n${boot}\nbootLiveFlv(${options});\n})();\n`,
    );
    // The name carries mpegts.js's version; the boot code may change within it.
    script = memoryAsset('text/javascript; charset=utf-8', 'public, max-age=3600', plain, {
      gzip: zlib.gzipSync(plain, { level: 9 }),
    });
  }
  return script;
}

function serveFlv(
  engine: Engine,
  roomId: string,
  request: http.IncomingMessage,
  response: http.ServerResponse,
) {
  response.writeHead(200, {
    'content-type': 'video/x-flv',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  });
  // The FLV header goes out at once, even before the streamer's first frame.
  response.flushHeaders();
  if (request.method === 'HEAD') response.end();
  else engine.play(roomId, request, response);
}

/** Answers the request when it is the engine's (returns true), else leaves it to Next. */
export function mediaRequestHandler(engine: Engine) {
  return (request: http.IncomingMessage, response: http.ServerResponse) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = (request.url ?? '').split('?')[0]!;
    if (pathname === FLV_SCRIPT) {
      sendAsset(flvScript(), request, response);
      return true;
    }
    const flv = FLV.exec(pathname);
    if (!flv) return false;
    serveFlv(engine, flv[1]!, request, response);
    return true;
  };
}
