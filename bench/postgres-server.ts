// Debian's PostgreSQL server for the benches that compare it with the embedded default, set up like
// scripts/e2e-postgres.sh does: initdb in a temporary folder (as the postgres user when run as root,
// trust authentication on 127.0.0.1), started with pg_ctl on BENCH_PG_PORT or a free port, one database.
// `stop` stops it (fast) and removes the folder; it also runs when the process exits or is interrupted.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const PG_BIN =
  process.env.PG_BIN ??
  path.join(
    '/usr/lib/postgresql',
    fs
      .readdirSync('/usr/lib/postgresql')
      .sort((a, b) => Number(a) - Number(b))
      .at(-1) ?? '',
    'bin',
  );

function freePort() {
  return new Promise<number>((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

export async function startPostgresServer(database: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'portal-bench-pg-'));
  fs.chmodSync(dir, 0o755);
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot
    ? {
        uid: Number(execFileSync('id', ['-u', 'postgres']).toString()),
        gid: Number(execFileSync('id', ['-g', 'postgres']).toString()),
      }
    : {};
  if (ids.uid !== undefined) fs.chownSync(dir, ids.uid, ids.gid!);
  const pgCtl = (...args: string[]) =>
    execFileSync(path.join(PG_BIN, 'pg_ctl'), ['-D', path.join(dir, 'data'), ...args], {
      ...ids,
      stdio: 'ignore',
    });
  let stopped = false;
  const stop = () => {
    if (stopped) return;
    stopped = true;
    try {
      pgCtl('-m', 'fast', 'stop');
    } catch {
      // Not started, or already gone.
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };
  process.once('exit', stop);
  try {
    execFileSync(
      path.join(PG_BIN, 'initdb'),
      ['-D', path.join(dir, 'data'), '-A', 'trust', '-U', 'postgres'],
      {
        ...ids,
        stdio: 'ignore',
      },
    );
    const port = Number(process.env.BENCH_PG_PORT) || (await freePort());
    pgCtl('-o', `-p ${port} -h 127.0.0.1 -k ${dir}`, '-l', path.join(dir, 'server.log'), '-w', 'start');
    execFileSync(
      path.join(PG_BIN, 'psql'),
      [
        '-X',
        '-q',
        '-h',
        '127.0.0.1',
        '-p',
        String(port),
        '-U',
        'postgres',
        '-c',
        `create database ${database}`,
      ],
      { stdio: 'ignore' },
    );
    const version = execFileSync(path.join(PG_BIN, 'postgres'), ['--version']).toString().trim();
    return { url: `postgres://postgres@127.0.0.1:${port}/${database}`, version, stop };
  } catch (error) {
    stop();
    throw error;
  }
}
