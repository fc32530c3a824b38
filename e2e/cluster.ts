// Two portal nodes behind Debian's nginx, for real: one Postgres database of their own (made on the e2e
// database's server, so the e2e server's job queue never takes the cluster's ticks), one Redis (Debian's
// redis-server, private to the test), two `server.ts` processes with REDIS_URL on ports of their own —
// node A also has the `jobs` role and runs the feeds — and nginx on 127.0.0.1 proxying pages, the API and
// websockets to them round-robin: no sticky sessions, which websocket-only socket.io does not need.
import { type ChildProcess, spawn } from 'node:child_process';
import { randomInt } from 'node:crypto';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { startRedis, type TestRedis } from '@/lib/testing/redis';
import { e2eDatabaseUrl } from '../playwright.config';
import { serverClockEnv } from './clock';
import { withDatabase } from './database';
import { freePort, NGINX, portalProcessEnv, waitFor } from './external-engine';

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

export type ClusterOptions = {
  /** Environment of both nodes. */
  env?: Record<string, string>;
  /**
   * The database server (its `postgres` database's URL) to make the cluster's database on, instead of the
   * e2e database's: a server of the spec's own (e2e/debian-postgres.ts), without the run's read replica.
   */
  server?: string;
};

export type Cluster = {
  /** nginx's address: what browsers and clients use. */
  proxyUrl: string;
  nodes: [PortalNode, PortalNode];
  /** The cluster's own database (dropped by `stop`). */
  databaseUrl: string;
  redis: TestRedis;
  /** SIGKILL of node `index` (0: A, 1: B): resolves once its port refuses. */
  killNode: (index: 0 | 1) => Promise<void>;
  /** Starts node `index` again on its port, with its environment; resolves once it answers. */
  startNode: (index: 0 | 1) => Promise<void>;
  /** Stops redis-server (SIGTERM) until `startRedis`, which starts an empty one on the same port. */
  stopRedis: () => Promise<void>;
  startRedis: () => Promise<void>;
  stop: () => Promise<void>;
};

function startNode(
  port: number,
  databaseUrl: string,
  redisUrl: string,
  dir: string,
  env: Record<string, string>,
): PortalNode {
  const child = spawn('npx', ['tsx', 'server.ts'], {
    env: portalProcessEnv({
      port,
      databaseUrl,
      replicaName: 'portal-cluster',
      replicaDatabase: new URL(databaseUrl).pathname.slice(1),
      dataDir: path.join(dir, `data-${port}`),
      extra: {
        REDIS_URL: redisUrl,
        TRUSTED_PROXIES: '127.0.0.1',
        LOG_LEVEL: process.env.E2E_CLUSTER_LOG ?? 'warn',
        ...env,
      },
    }),
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

/** A new, empty database on `server`; the first node to start migrates and seeds it. */
async function createClusterDatabase(server: string) {
  const name = `portal_cluster_${process.pid}_${randomInt(1e9)}`;
  await withDatabase((db) => db.execute(sql.raw(`create database ${name}`)), server);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () =>
      withDatabase((db) => db.execute(sql.raw(`drop database if exists ${name} with (force)`)), server),
  };
}

/**
 * Node A has the `jobs` role with the feeds on (the cluster's one jobs node: every tick runs there),
 * node B serves pages, the API and sockets only. `env` goes to both.
 */
export async function startCluster(options: ClusterOptions = {}): Promise<Cluster> {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-cluster-'));
  const database = await createClusterDatabase(options.server ?? e2eDatabaseUrl());
  // nginx's workers run as `nobody` when started as root: they write their temp files here.
  chmodSync(dir, 0o777);
  for (const name of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'])
    mkdirSync(path.join(dir, name), { mode: 0o777 });
  let redis = await startRedis();
  const [portA, portB, proxyPort] = [await freePort(), await freePort(), await freePort()];
  // On the e2e portal's clock, like the test that prepares their rows; a server of the spec's own has no
  // replica of the cluster's database.
  const clocked = {
    ...(await serverClockEnv()),
    ...(options.server ? { DATABASE_REPLICA_URL: '' } : {}),
    ...options.env,
  };
  const envA = { ROLES: 'web,realtime,jobs', FEEDS: 'on', ...clocked };
  const nodeA = startNode(portA, database.url, redis.url, dir, envA);
  // One after the other: a node's start migrates and seeds the new database, which two at once would race.
  const ready = (node: PortalNode, name: string) =>
    waitFor(`${node.url}/api/health`, node.process, `portal node ${name}`, 180_000);
  const startedA = ready(nodeA, 'A');
  const nodes: [PortalNode, PortalNode] = [nodeA, nodeA];
  const startB = startedA.then(() => {
    nodes[1] = startNode(portB, database.url, redis.url, dir, clocked);
    return ready(nodes[1], 'B');
  });
  const config = path.join(dir, 'nginx.conf');
  writeFileSync(config, clusterNginxConfig(proxyPort, [portA, portB], dir));
  const nginx = spawn(NGINX, ['-e', 'stderr', '-c', config, '-g', 'daemon off;'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let nginxLog = '';
  nginx.stderr?.on('data', (chunk) => {
    nginxLog = (nginxLog + chunk).slice(-4000);
  });
  const killNode = async (index: 0 | 1) => {
    const node = nodes[index];
    node.kill();
    // The node process itself is gone only when its port refuses: npx (`node.process`) may exit first.
    const deadline = performance.now() + 30_000;
    while (performance.now() < deadline) {
      const refused = await fetch(`${node.url}/api/health`).then(
        () => false,
        () => true,
      );
      if (refused) return;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`node ${'AB'[index]} still answers 30 s after SIGKILL`);
  };
  const restartNode = async (index: 0 | 1) => {
    const port = Number(new URL(nodes[index].url).port);
    nodes[index] = startNode(port, database.url, redis.url, dir, index === 0 ? envA : clocked);
    await ready(nodes[index], 'AB'[index]!);
  };
  const stopRedis = () => redis.stop();
  const restartRedis = async () => {
    redis = await startRedis({ port: redis.port });
    cluster.redis = redis;
  };
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
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await startB;
    await waitFor(`http://127.0.0.1:${proxyPort}/api/health`, nginx, 'nginx', 180_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n${nginxLog}`);
  }
  const cluster: Cluster = {
    proxyUrl: `http://127.0.0.1:${proxyPort}`,
    nodes,
    databaseUrl: database.url,
    redis,
    killNode,
    startNode: restartNode,
    stopRedis,
    startRedis: restartRedis,
    stop,
  };
  return cluster;
}
