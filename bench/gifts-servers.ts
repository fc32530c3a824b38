// Gift throughput on the servers vs the embedded defaults (issue 14), `npx tsx bench/gifts.ts servers`:
// in one run, bench/gifts.ts's same send load (and its two floors on the same database) in a fresh
// process each (a) on the embedded defaults — a new embedded PostgreSQL, no Redis — and (b) with
// DATABASE_URL on Debian's PostgreSQL server and REDIS_URL on a redis-server, both started here and
// stopped at the end (bench/postgres-server.ts, lib/testing/redis.ts). Prints sends/s of each, the ratio
// servers / embedded, each database's floor and the load average; writes bench/results/gifts-servers.json.
import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startRedis } from '@/lib/testing/redis';
import { loadAverage } from './child-process';
import { startPostgresServer } from './postgres-server';

/** Sends/s of each scenario and of its floor (what bench/gifts-servers.ts compares). */
export type GiftRates = Record<string, { sends: number; floor: number; fair: number }>;

/** Runs bench/gifts.ts (`script`) once with `env` on top of this process's environment (Redis and database unset). */
function measure(script: string, env: Record<string, string>) {
  const { DATABASE_URL: _db, REDIS_URL: _redis, ...rest } = process.env;
  const child = fork(script, [], { env: { ...rest, ...env } });
  return new Promise<{ results: Record<string, string>; rates: GiftRates }>((resolve, reject) => {
    let figures: { results: Record<string, string>; rates: GiftRates } | undefined;
    child.on('message', (message) => {
      figures = message as typeof figures;
    });
    child.on('exit', (code) =>
      figures && code === 0 ? resolve(figures) : reject(new Error(`bench/gifts.ts exited with ${code}`)),
    );
  });
}

export async function compareServers(script: string) {
  const loads: Record<string, number[]> = { start: loadAverage() };
  const embedded = await measure(script, {});
  loads['after embedded'] = loadAverage();

  const postgres = await startPostgresServer('portal_bench_gifts');
  const redis = await startRedis().catch((error) => {
    postgres.stop();
    throw error;
  });
  // Interrupted: the exit handler of bench/postgres-server.ts stops the database; Redis goes here.
  const interrupted = () => void redis.stop().finally(() => process.exit(1));
  process.once('SIGINT', interrupted).once('SIGTERM', interrupted);
  let servers: Awaited<ReturnType<typeof measure>>;
  try {
    console.log(`${postgres.version}, redis-server on ${redis.url}`);
    servers = await measure(script, { DATABASE_URL: postgres.url, REDIS_URL: redis.url });
  } finally {
    await redis.stop();
    postgres.stop();
  }
  loads['after servers'] = loadAverage();

  const summary: Record<string, string> = {};
  for (const [scenario, onEmbedded] of Object.entries(embedded.rates)) {
    const onServers = servers.rates[scenario]!;
    summary[scenario] =
      `embedded ${onEmbedded.sends.toFixed(0)}/s, servers ${onServers.sends.toFixed(0)}/s, ` +
      `servers / embedded ${(onServers.sends / onEmbedded.sends).toFixed(2)}; floor: embedded ` +
      `${onEmbedded.floor.toFixed(0)}/s, server ${onServers.floor.toFixed(0)}/s; fair floor: embedded ` +
      `${onEmbedded.fair.toFixed(0)}/s (portal ${((onEmbedded.sends / onEmbedded.fair) * 100).toFixed(0)} %), server ` +
      `${onServers.fair.toFixed(0)}/s (portal ${((onServers.sends / onServers.fair) * 100).toFixed(0)} %)`;
  }
  console.log('\nembedded defaults vs PostgreSQL server + Redis');
  for (const [scenario, line] of Object.entries(summary)) console.log(`${scenario}: ${line}`);
  console.log(`load average (1, 5, 15 min): ${JSON.stringify(loads)}`);
  fs.mkdirSync(path.join(__dirname, 'results'), { recursive: true });
  fs.writeFileSync(
    path.join(__dirname, 'results/gifts-servers.json'),
    `${JSON.stringify({ measuredAt: new Date().toISOString(), summary, embedded, servers, loads }, null, 2)}\n`,
  );
}
