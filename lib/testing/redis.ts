// A private redis-server (Debian's) for one test file: no persistence, on a free port of
// REDIS_TEST_PORTS (default 6390–6399, never 6379), stopped at the end (or stopped and started again on
// its port: a Redis restart, which loses everything it held).
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { createRedis } from '@/lib/redis';

export const REDIS_SERVER = process.env.REDIS_SERVER_PATH ?? '/usr/bin/redis-server';

function portFree(port: number) {
  return new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

export async function freeRedisPort() {
  const [first, last] = (process.env.REDIS_TEST_PORTS ?? '6390-6399').split('-').map(Number) as [
    number,
    number,
  ];
  for (let port = first; port <= last; port += 1) if (await portFree(port)) return port;
  throw new Error(`no free port in ${first}-${last} for a test redis-server`);
}

export type TestRedis = { url: string; port: number; process: ChildProcess; stop: () => Promise<void> };

/** A new redis-server, empty; `port` starts it again where a stopped one was (a restart). */
export async function startRedis(options: { port?: number } = {}): Promise<TestRedis> {
  const port = options.port ?? (await freeRedisPort());
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: 'ignore' },
  );
  const url = `redis://127.0.0.1:${port}`;
  const probe = createRedis(url);
  const deadline = Date.now() + 20_000;
  for (;;) {
    try {
      if ((await probe.ping()) === 'PONG') break;
    } catch {
      if (child.exitCode !== null || Date.now() > deadline) {
        probe.disconnect();
        child.kill('SIGKILL');
        throw new Error(`redis-server on ${port} did not start`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  probe.disconnect();
  return {
    url,
    port,
    process: child,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
