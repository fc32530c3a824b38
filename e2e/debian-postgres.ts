// A Debian PostgreSQL server of a spec's own (e2e/fault-storm.spec.ts), the way .ci/run starts one: initdb
// and pg_ctl as the `postgres` user (when run as root) on a temporary folder and a spare port, so the spec
// can stop and restart it under the portal without touching the server the rest of the suite runs on.
import { execFileSync } from 'node:child_process';
import { chmodSync, chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from './external-engine';

/** The newest Debian PostgreSQL's bin folder (PG_BIN to choose), or null when none is installed. */
export function debianPostgresBin(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((version) => existsSync(path.join(root, version, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(a) - Number(b));
  return versions.length ? path.join(root, versions.at(-1)!, 'bin') : null;
}

export type DebianPostgres = {
  /** The server's `postgres` database as its superuser (trust on 127.0.0.1). */
  url: string;
  port: number;
  /** `pg_ctl stop -m fast`: every connection is closed; the server is gone until `start`. */
  stop: () => void;
  start: () => void;
  /** Stops the server and removes its folder. */
  remove: () => void;
};

export async function startDebianPostgres(): Promise<DebianPostgres> {
  const bin = debianPostgresBin();
  if (!bin)
    throw new Error('no Debian PostgreSQL server (/usr/lib/postgresql/*/bin): apt-get install postgresql');
  const root = process.getuid?.() === 0;
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-storm-pg-'));
  chmodSync(dir, 0o755);
  // The server runs as `postgres` (it refuses root): that user owns the folder.
  if (root)
    chownSync(
      dir,
      Number(execFileSync('id', ['-u', 'postgres']).toString()),
      Number(execFileSync('id', ['-g', 'postgres']).toString()),
    );
  const port = await freePort();
  const asPostgres = (command: string) =>
    root
      ? execFileSync('su', ['postgres', '-c', command], { stdio: ['ignore', 'ignore', 'pipe'] })
      : execFileSync('bash', ['-c', command], { stdio: ['ignore', 'ignore', 'pipe'] });
  const data = path.join(dir, 'data');
  asPostgres(`${bin}/initdb -D ${data} -A trust -U postgres`);
  const start = () => {
    try {
      asPostgres(`${bin}/pg_ctl -D ${data} -o '-p ${port} -h 127.0.0.1 -k ${dir}' -l ${dir}/log -w start`);
    } catch (error) {
      const log = execFileSync('tail', ['-n', '5', `${dir}/log`]).toString();
      throw new Error(`PostgreSQL on :${port} did not start: ${(error as Error).message}\n${log}`);
    }
  };
  const stop = () => asPostgres(`${bin}/pg_ctl -D ${data} -m fast -w stop`);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    stop,
    start,
    remove: () => {
      try {
        stop();
      } catch {}
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
