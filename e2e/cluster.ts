// Two portal nodes behind Debian's nginx, for real: one Postgres (the e2e database), one Redis
// (Debian's redis-server, private to the test), two `server.ts` processes with REDIS_URL on ports of
// their own, and nginx on 127.0.0.1 proxying pages, the API and websockets to them round-robin — no
// sticky sessions, which websocket-only socket.io does not need.
import { type ChildProcess, spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net, { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startRedis, type TestRedis } from '@/lib/testing/redis';
import { e2eDatabaseUrl } from '../playwright.config';
import { serverClockEnv } from './clock';
import { freePort, NGINX, waitFor } from './external-engine';

/** nginx in front of the nodes: websocket upgrade, round-robin, a refused node passed over for the next. */
export function clusterNginxConfig(proxyPort: number, nodePorts: number[], dir: string) {
  const temp = (name: string) => path.join(dir, name);
  return `worker_processes 1;
pid ${temp('nginx.pid')};
error_log stderr warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp('body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  map $http_upgrade $connection_upgrade { default upgrade; '' close; }
  upstream portal {
${nodePorts.map((port) => `    server 127.0.0.1:${port} max_fails=1 fail_timeout=10s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${proxyPort};
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Upgrade $http_upgrade;
      proxy_set_header Connection $connection_upgrade;
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_read_timeout 1h;
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

export type PortalNode = { url: string; process: ChildProcess; kill: () => void };

export type Cluster = {
  /** nginx's address: what browsers and clients use. */
  proxyUrl: string;
  nodes: [PortalNode, PortalNode];
  redis: TestRedis;
  stop: () => Promise<void>;
};

function startNode(port: number, redisUrl: string, dir: string, env: Record<string, string>): PortalNode {
  const child = spawn('npx', ['tsx', 'server.ts'], {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      NEXT_TELEMETRY_DISABLED: '1',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: e2eDatabaseUrl(),
      REDIS_URL: redisUrl,
      DATA_DIR: path.join(dir, `data-${port}`),
      ROLES: 'web,realtime',
      FEEDS: 'off',
      MEDIA: 'off',
      TRUSTED_PROXIES: '127.0.0.1',
      MOBILE_REDIRECT: 'off',
      LOG_LEVEL: process.env.E2E_CLUSTER_LOG ?? 'warn',
      ...env,
    },
    stdio: ['ignore', process.env.E2E_CLUSTER_LOG ? 'inherit' : 'ignore', 'inherit'],
    // Its own process group: npx, tsx and the node process all go at once on a kill.
    detached: true,
  });
  return {
    url: `http://127.0.0.1:${port}`,
    process: child,
    kill: () => {
      if (child.pid && child.exitCode === null && child.signalCode === null)
        process.kill(-child.pid, 'SIGKILL');
    },
  };
}

export async function startCluster(env: Record<string, string> = {}): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'));
  // nginx's workers run as `nobody` when started as root: they write their temp files here.
  chmodSync(dir, 0o777);
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(dir, name), { mode: 0o777 });
  const redis = await startRedis();
  const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
  // The nodes share the e2e database, so they run on the e2e portal's clock.
  const clocked = { ...(await serverClockEnv()), ...env };
  const nodes: [PortalNode, PortalNode] = [
    startNode(portA, redis.url, dir, clocked),
    startNode(portB, redis.url, dir, clocked),
  ];
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, clusterNginxConfig(proxyPort, [portA, portB], dir));
  const nginx = spawn(NGINX, ['-e', 'stderr', '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let nginxLog = '';
  nginx.stderr?.on('data', (chunk) => {
    nginxLog = (nginxLog + chunk).slice(-4000);
  });
  const stop = async () => {
    for (const node of nodes) {
      const child = node.process;
      if (child.exitCode !== null || child.signalCode !== null || !child.pid) continue;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      process.kill(-child.pid, 'SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 20_000))]);
      node.kill();
    }
    if (nginx.exitCode === null) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGQUIT');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
    }
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await Promise.all(
      nodes.map((node, i) =>
        waitFor(`${node.url}/api/health`, node.process, `portal node ${'AB'[i]}`, 180_000),
      ),
    );
    await waitFor(`http://127.0.0.1:${proxyPort}/api/health`, nginx, 'nginx', 180_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${nginxLog}`);
  }
  return { proxyUrl: `http://127.0.0.1:${proxyPort}`, nodes, redis, stop };
}
