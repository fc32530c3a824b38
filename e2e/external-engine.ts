// The external media engine of docs/nginx-rtmp.conf, for real: Debian's nginx + libnginx-mod-rtmp started
// from that very file (only its ports and folders changed), in front of a second portal process with
// `MEDIA=off` and `MEDIA_CDN_URL` pointing at nginx's HLS, sharing the e2e database.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { e2eDatabaseUrl } from '../playwright.config';
import { serverClockEnv } from './clock';
import { replicaEnv } from './database';

export const NGINX = process.env.NGINX_PATH ?? '/usr/sbin/nginx';

export async function freePort() {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * The environment of a second portal process a spec starts (`server.ts`, production build): web and
 * realtime roles on 127.0.0.1, no feeds, no embedded media, no mobile redirect, its own DATA_DIR, and the
 * replica of its own database when the run has one (`replicaName` names its connections); `extra` adds to
 * or overrides that.
 */
export function portalProcessEnv(options: {
  port: number;
  databaseUrl: string;
  replicaName: string;
  replicaDatabase?: string;
  dataDir: string;
  extra?: Record<string, string>;
}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    NODE_ENV: 'production',
    NEXT_TELEMETRY_DISABLED: '1',
    PORT: String(options.port),
    HOST: '127.0.0.1',
    DATABASE_URL: options.databaseUrl,
    ...replicaEnv(options.replicaName, options.replicaDatabase),
    DATA_DIR: options.dataDir,
    ROLES: 'web,realtime',
    FEEDS: 'off',
    MEDIA: 'off',
    MOBILE_REDIRECT: 'off',
    ...options.extra,
  };
}

/** Until `url` answers without a server error; fails at once when `child` has ended. */
export async function waitFor(url: string, child: ChildProcess, what: string, timeout = 120_000) {
  // A duration, not a date: the monotonic clock.
  const deadline = performance.now() + timeout;
  while (performance.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`${what} exited with ${child.exitCode ?? child.signalCode}`);
    try {
      const response = await fetch(url);
      if (response.status < 500) return;
    } catch {}
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`${what} did not answer ${url} within ${timeout} ms`);
}

/** docs/nginx-rtmp.conf with its ports, the portal's address and its folders replaced. */
export function nginxConfig(
  ports: { rtmp: number; http: number; proxy: number; portal: number },
  dir: string,
) {
  const source = readFileSync(path.join(__dirname, '..', 'docs', 'nginx-rtmp.conf'), 'utf8');
  const replaced = source
    .replaceAll('127.0.0.1:1935/hls', `127.0.0.1:${ports.rtmp}/hls`)
    .replace('listen 1935;', `listen 127.0.0.1:${ports.rtmp};`)
    .replace('listen 8080;', `listen 127.0.0.1:${ports.http};`)
    .replace('listen 8088;', `listen 127.0.0.1:${ports.proxy};`)
    .replaceAll('127.0.0.1:3000', `127.0.0.1:${ports.portal}`)
    .replaceAll('/tmp/nginx-rtmp', path.join(dir, 'nginx-rtmp'));
  if (replaced === source)
    throw new Error('docs/nginx-rtmp.conf changed shape: update e2e/external-engine.ts');
  return replaced;
}

export type ExternalEngine = {
  portalUrl: string;
  rtmpUrl: string;
  hlsUrl: string;
  stop: () => Promise<void>;
};

export async function startExternalEngine(): Promise<ExternalEngine> {
  const dir = mkdtempSync(path.join(tmpdir(), 'nginx-rtmp-e2e-'));
  // nginx's workers run as `nobody` when started as root: they write HLS here.
  chmodSync(dir, 0o777);
  mkdirSync(path.join(dir, 'nginx-rtmp-hls'), { mode: 0o777 });
  chmodSync(path.join(dir, 'nginx-rtmp-hls'), 0o777);
  const ports = {
    rtmp: await freePort(),
    http: await freePort(),
    proxy: await freePort(),
    portal: await freePort(),
  };
  const hlsUrl = `http://127.0.0.1:${ports.http}/hls`;

  const portal = spawn('npx', ['tsx', 'server.ts'], {
    env: portalProcessEnv({
      port: ports.portal,
      databaseUrl: e2eDatabaseUrl(),
      replicaName: 'portal-engine',
      dataDir: path.join(dir, 'data'),
      extra: {
        MEDIA_CDN_URL: hlsUrl,
        MEDIA_PUBLIC_HOST: '127.0.0.1',
        TRUSTED_PROXIES: '127.0.0.1',
        LOG_LEVEL: process.env.E2E_ENGINE_LOG ?? 'warn',
        // It shares the e2e database, so it runs on the e2e portal's clock.
        ...(await serverClockEnv()),
      },
    }),
    stdio: ['ignore', process.env.E2E_ENGINE_LOG ? 'inherit' : 'ignore', 'inherit'],
    detached: true,
  });
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, nginxConfig(ports, dir));
  const nginx = spawn(NGINX, ['-e', 'stderr', '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  // Its log (a 404 per playlist poll before the first fragment) is shown only if it fails to start.
  let nginxLog = '';
  nginx.stderr?.on('data', (chunk) => {
    nginxLog = (nginxLog + chunk).slice(-4000);
  });
  const stop = async () => {
    for (const child of [nginx, portal]) {
      if (child.exitCode !== null) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child === portal && child.pid) process.kill(-child.pid, 'SIGTERM');
      else child.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await waitFor(`http://127.0.0.1:${ports.portal}/api/health`, portal, 'the second portal');
    await waitFor(`${hlsUrl}/`, nginx, 'nginx');
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${nginxLog}`);
  }
  return {
    portalUrl: `http://127.0.0.1:${ports.proxy}`,
    rtmpUrl: `rtmp://127.0.0.1:${ports.rtmp}/live`,
    hlsUrl,
    stop,
  };
}
