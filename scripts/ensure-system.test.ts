// scripts/ensure-system.sh: the set-up step of `npm test` and `npm run demo`. Run against stubbed dpkg-query,
// apt-get and id (a container-like machine where the packages are missing), then against this machine, where
// `npm test` has just run it: the check must find nothing missing.
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const SCRIPT = path.join(__dirname, 'ensure-system.sh');

type Machine = { dir: string; installed: (pkg: string) => boolean; aptLog: () => string[] };

/** A fake Debian: dpkg-query answers from a folder of installed packages, apt-get "installs" into it. */
function fakeMachine(installed: string[], uid: number): Machine {
  const dir = mkdtempSync(path.join(tmpdir(), 'ensure-system-'));
  const bin = path.join(dir, 'bin');
  const db = path.join(dir, 'installed');
  mkdirSync(bin);
  mkdirSync(db);
  for (const p of installed) writeFileSync(path.join(db, p), '');
  const stub = (name: string, body: string) => {
    writeFileSync(path.join(bin, name), `#!/bin/bash\n${body}\n`);
    chmodSync(path.join(bin, name), 0o755);
  };
  stub('dpkg-query', `pkg="\${@: -1}"; [ -e "${db}/$pkg" ] && printf installed || exit 1`);
  stub(
    'apt-get',
    `echo "$*" >> "${dir}/apt.log"
if [ "$1" = install ]; then for a in "$@"; do case "$a" in -*|install) ;; *) touch "${db}/$a" ;; esac; done; fi`,
  );
  stub('id', `echo ${uid}`);
  return {
    dir,
    installed: (p) => existsSync(path.join(db, p)),
    aptLog: () =>
      existsSync(path.join(dir, 'apt.log'))
        ? readFileSync(path.join(dir, 'apt.log'), 'utf8').trim().split('\n')
        : [],
  };
}

function run(machine: Machine | null, ...args: string[]) {
  const env = machine
    ? { ...process.env, PATH: `${path.join(machine.dir, 'bin')}:/usr/bin:/bin` }
    : process.env;
  const r = spawnSync('bash', [SCRIPT, ...args], { env, encoding: 'utf8' });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

describe('scripts/ensure-system.sh', () => {
  const machines: Machine[] = [];
  const machine = (installed: string[], uid: number) => {
    const m = fakeMachine(installed, uid);
    machines.push(m);
    return m;
  };
  afterAll(() => {
    for (const m of machines) rmSync(m.dir, { recursive: true, force: true });
  });

  it('as root on a bare machine installs what `npm test` needs, then the check finds nothing missing', () => {
    const m = machine([], 0);
    expect(run(m, '--check', 'test').code).toBe(1);
    const r = run(m, 'test');
    expect(r.code).toBe(0);
    expect(m.aptLog()).toEqual([
      'update -qq',
      'install -y -qq ffmpeg chromium-headless-shell fonts-noto-cjk nginx libnginx-mod-rtmp redis-server',
    ]);
    const check = run(m, '--check', 'test');
    expect(check.code).toBe(0);
    expect(check.stdout).toBe(
      'ok       ffmpeg\nok       chromium-headless-shell\nok       fonts-noto-cjk\nok       nginx\nok       libnginx-mod-rtmp\nok       redis-server\n',
    );
  });

  it('installs only what is missing, and `npm run demo` needs only ffmpeg', () => {
    const m = machine(['chromium-headless-shell'], 0);
    expect(run(m, 'demo').code).toBe(0);
    expect(m.aptLog()).toEqual(['update -qq', 'install -y -qq ffmpeg']);
    expect(m.installed('fonts-noto-cjk')).toBe(false);
    expect(run(m, 'test').code).toBe(0);
    expect(m.aptLog().slice(2)).toEqual([
      'update -qq',
      'install -y -qq fonts-noto-cjk nginx libnginx-mod-rtmp redis-server',
    ]);
  });

  it('does not touch apt (not even update) when nothing is missing', () => {
    const m = machine(
      ['ffmpeg', 'chromium-headless-shell', 'fonts-noto-cjk', 'nginx', 'libnginx-mod-rtmp', 'redis-server'],
      0,
    );
    expect(run(m, 'test')).toMatchObject({ code: 0, stdout: '', stderr: '' });
    expect(m.aptLog()).toEqual([]);
  });

  it('not root: one line naming the exact command, and stops', () => {
    const m = machine(['ffmpeg'], 1000);
    const r = run(m, 'test');
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    expect(r.stderr.trim().split('\n')).toHaveLength(1);
    expect(r.stderr).toContain(
      'sudo apt-get install -y chromium-headless-shell fonts-noto-cjk nginx libnginx-mod-rtmp redis-server',
    );
    expect(m.aptLog()).toEqual([]);
    // …and carries on when what it needs is there.
    expect(run(machine(['ffmpeg'], 1000), 'demo').code).toBe(0);
  });

  it('refuses an unknown target', () => {
    expect(run(machine([], 0), 'nonsense').code).toBe(2);
  });

  it('on this machine, after `npm test` ran it, finds nothing missing', () => {
    const r = run(null, '--check', 'test');
    expect(r.stdout).not.toContain('MISSING');
    expect(r.code).toBe(0);
  });
});
