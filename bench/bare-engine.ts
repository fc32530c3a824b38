// The bare reference for bench/live.ts: a standalone node-media-server 4.4.3 (the same package as the
// portal's embedded engine, from node_modules) in its own process on its own free ports, serving a
// minimal static page that plays its HTTP-FLV with mpegts.js (the same file and the same player
// options as the portal, served by the engine itself: same origin, no CDN, no framework).
import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '@/lib/db/embedded';
import { FLV_PLAYER_OPTIONS } from '@/lib/media/flv-options';

const PAGE = `<!doctype html>
<html><head><meta charset="utf-8"><title>bare node-media-server + mpegts.js</title>
<script src="/mpegts.js"></script></head>
<body style="margin:0;background:#000">
<video id="video" muted playsinline controls style="width:960px;height:540px"></video>
<script>
  var player = mpegts.createPlayer(
    { type: 'flv', isLive: true, url: new URLSearchParams(location.search).get('src') },
    ${JSON.stringify(FLV_PLAYER_OPTIONS)}
  );
  player.attachMediaElement(document.getElementById('video'));
  player.load();
  player.play();
</script>
</body></html>
`;

/** The engine, started in a child process so it shares no event loop with the bench or the portal. */
const ENGINE = `
const NodeMediaServer = require('node-media-server');
require('node-media-server/src/core/logger.js').level = 'error';
const [rtmp, http, root] = process.argv.slice(1);
new NodeMediaServer({
  bind: '127.0.0.1',
  rtmp: { port: Number(rtmp) },
  http: { port: Number(http) },
  static: { router: '/', root },
  store: { path: require('node:path').join(root, '.engine') },
  webadmin: { enable: false },
}).run();
`;

export type BareEngine = {
  rtmp: (stream: string) => string;
  page: (stream: string) => string;
  stop: () => void;
};

export async function startBareEngine(): Promise<BareEngine> {
  const [rtmpPort, httpPort] = [await freePort(), await freePort()];
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'bare-live-'));
  fs.writeFileSync(path.join(root, 'index.html'), PAGE);
  fs.copyFileSync(
    createRequire(path.join(process.cwd(), 'package.json')).resolve('mpegts.js/dist/mpegts.js'),
    path.join(root, 'mpegts.js'),
  );
  const child: ChildProcess = spawn(
    process.execPath,
    ['-e', ENGINE, String(rtmpPort), String(httpPort), root],
    { stdio: ['ignore', 'ignore', 'inherit'] },
  );
  const base = `http://127.0.0.1:${httpPort}`;
  const until = Date.now() + 20_000;
  for (;;) {
    const ok = await fetch(`${base}/index.html`).then(
      (reply) => reply.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > until) throw new Error('the bare engine did not start');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    rtmp: (stream) => `rtmp://127.0.0.1:${rtmpPort}/live/${stream}`,
    page: (stream) => `${base}/index.html?src=${encodeURIComponent(`/live/${stream}.flv`)}`,
    stop: () => {
      child.kill('SIGTERM');
      fs.rmSync(root, { recursive: true, force: true });
    },
  };
}
