// A production portal (`server.ts`, after `next build`) started by a bench on ports and a data folder of
// its own with the demo seed, the database it embeds reachable from the bench, and Debian's Chromium.
// `stop` sends SIGTERM and waits for the exit: server.ts closes its sockets and stops its embedded
// Postgres (its own process group), so no database is left on the port.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { createDb } from '@/lib/db';
import { readEmbeddedPassword } from '@/lib/db/embedded';

export async function waitFor(check: () => Promise<boolean>, ms: number, what: string) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`timed out waiting for ${what}`);
}

export function benchChromium(args: string[] = []) {
  return chromium.launch({
    executablePath:
      process.env.CHROMIUM_PATH ??
      (fs.existsSync('/usr/bin/chromium')
        ? '/usr/bin/chromium'
        : '/usr/lib/chromium/chromium-headless-shell'),
    args: ['--headless', '--no-sandbox', '--disable-gpu', ...args],
  });
}

export async function startBenchPortal(options: {
  port: number;
  pgPort: number;
  dataDir: string;
  env?: Record<string, string>;
  /** The checkout whose build is started (default: this one); `dataDir` is then under it unless absolute. */
  cwd?: string;
  /** A file for the server's stdout and stderr (default: discarded). */
  logFile?: string;
  /** A database of the bench's own to serve, instead of the embedded one with the demo seed. */
  databaseUrl?: string;
}) {
  const cwd = options.cwd ?? process.cwd();
  const server = spawn('node_modules/.bin/tsx', ['server.ts'], {
    cwd,
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(options.port),
      DATA_DIR: options.dataDir,
      EMBEDDED_PG_PORT: String(options.pgPort),
      SEED_ON_START: options.databaseUrl ? '0' : '1',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      FEEDS: 'off',
      LOG_LEVEL: 'warn',
      MEDIA_RTMP_PORT: String(20_000 + (options.port % 10_000)),
      MEDIA_HTTP_PORT: String(30_000 + (options.port % 10_000)),
      ...options.env,
    },
    stdio: options.logFile
      ? ['ignore', fs.openSync(options.logFile, 'w'), fs.openSync(options.logFile, 'a')]
      : 'ignore',
    detached: true,
  });
  const base = `http://127.0.0.1:${options.port}`;
  const stop = async () => {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    try {
      if (server.pid && server.exitCode === null) process.kill(server.pid, 'SIGTERM');
    } catch {}
    await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 30_000))]);
  };
  try {
    await waitFor(async () => (await fetch(`${base}/api/health`)).ok, 240_000, 'the portal');
  } catch (error) {
    await stop();
    throw error;
  }
  const databaseUrl =
    options.databaseUrl ??
    `postgres://postgres:${encodeURIComponent(readEmbeddedPassword(path.resolve(cwd, options.dataDir, 'pg')))}@127.0.0.1:${options.pgPort}/portal`;
  return {
    base,
    databaseUrl,
    rtmpPort: 20_000 + (options.port % 10_000),
    stop,
    connect: () => createDb(databaseUrl, 2),
  };
}
