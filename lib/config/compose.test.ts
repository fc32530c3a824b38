// The container files, checked without Docker (not installed here, and nothing can be pulled): compose.yaml
// parses, names only known images with fixed tags or builds of Dockerfiles in this repository, gives the
// portal only variables the config schema has (and values it accepts), mounts files that exist and refers
// only to services it defines; its nginx configs pass Debian's `nginx -t`; the Dockerfiles' base images
// carry tags and the portal's command is a package.json script.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parse } from 'yaml';
import { configSchema, parseConfig } from './schema';

const ROOT = path.join(__dirname, '..', '..');
const read = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** Official or well-known images the deployment may use (Docker Hub names). */
const ALLOWED_IMAGES = ['node', 'debian', 'postgres', 'redis', 'nginx', 'minio/minio', 'minio/mc'];

type Service = {
  image?: string;
  build?: { context?: string; dockerfile?: string } | string;
  environment?: Record<string, string | number | boolean> | string[];
  volumes?: string[];
  depends_on?: Record<string, unknown> | string[];
  networks?: Record<string, unknown> | string[];
  ports?: string[];
};
type Compose = {
  services: Record<string, Service>;
  networks?: Record<string, unknown>;
  volumes?: Record<string, unknown>;
};

const compose = parse(read('compose.yaml'), { merge: true }) as Compose;
const services = Object.entries(compose.services);
const names = (value: Record<string, unknown> | string[] | undefined) =>
  Array.isArray(value) ? value : Object.keys(value ?? {});

/** The Dockerfile a service builds, relative to the repository, or undefined when it names an image. */
function dockerfileOf(service: Service) {
  if (!service.build) return undefined;
  const build = typeof service.build === 'string' ? { context: service.build } : service.build;
  return path.normalize(path.join(build.context ?? '.', build.dockerfile ?? 'Dockerfile'));
}

function environmentOf(service: Service): Record<string, string> {
  const env = service.environment ?? {};
  const entries = Array.isArray(env)
    ? env.map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)])
    : Object.entries(env).map(([key, value]) => [key, String(value)]);
  return Object.fromEntries(entries);
}

/** A Dockerfile's instructions, continuation lines joined and comments dropped. */
function instructions(file: string) {
  return read(file)
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [keyword, ...rest] = line.split(/\s+/);
      return { keyword: keyword!.toUpperCase(), args: rest.join(' ') };
    });
}

/** The image and tag of `name[:tag]`, with an optional registry host in front. */
function imageOf(reference: string) {
  const match = /^(?:docker\.io\/)?(?:library\/)?([a-z0-9./_-]+?)(?::([\w.-]+))?$/.exec(reference);
  return { name: match?.[1], tag: match?.[2] };
}

function expectKnownImage(reference: string) {
  const { name, tag } = imageOf(reference);
  expect({ reference, allowed: ALLOWED_IMAGES.includes(name ?? '') }).toEqual({ reference, allowed: true });
  expect({ reference, tag: Boolean(tag) && tag !== 'latest' }).toEqual({ reference, tag: true });
}

const portals = services.filter(([, service]) => dockerfileOf(service) === 'Dockerfile');

describe('compose.yaml', () => {
  it('runs two portal nodes of the repository image, Postgres, Redis, a load balancer, nginx-rtmp and an S3 store', () => {
    expect(portals.map(([name]) => name)).toEqual(['portal-a', 'portal-b']);
    const images = services.map(([, service]) => imageOf(service.image ?? '').name);
    for (const image of ['postgres', 'redis', 'nginx', 'minio/minio']) expect(images).toContain(image);
    expect(services.map(([, service]) => dockerfileOf(service))).toContain('deploy/nginx-rtmp.Dockerfile');
  });

  it.each(services)(
    '%s names a known image with a fixed tag or a build of a Dockerfile here',
    (_, service) => {
      const dockerfile = dockerfileOf(service);
      if (dockerfile) {
        expect(existsSync(path.join(ROOT, dockerfile))).toBe(true);
        return;
      }
      expect(service.image).toBeDefined();
      expectKnownImage(service.image!);
    },
  );

  it.each(portals)('%s gets only variables of the config schema, with values it accepts', (_, service) => {
    const env = environmentOf(service);
    const known = new Set(Object.keys(configSchema.shape));
    expect(Object.keys(env).filter((variable) => !known.has(variable))).toEqual([]);
    const config = parseConfig(env);
    expect(config).toMatchObject({ NODE_ENV: 'production', STORAGE_PROVIDER: 's3', MEDIA: false });
    expect(config.DATABASE_URL).toBeDefined();
    expect(config.REDIS_URL).toBeDefined();
  });

  it('points the portals at services it defines', () => {
    const hosts = new Set(services.map(([name]) => name));
    for (const [, service] of services)
      for (const network of names(service.networks)) {
        const aliases = (service.networks as Record<string, { aliases?: string[] } | null>)[network];
        for (const alias of Array.isArray(service.networks) ? [] : (aliases?.aliases ?? [])) hosts.add(alias);
      }
    for (const [, service] of portals) {
      const env = environmentOf(service);
      for (const variable of ['DATABASE_URL', 'REDIS_URL', 'S3_ENDPOINT'])
        expect({ variable, known: hosts.has(new URL(env[variable]!).hostname) }).toEqual({
          variable,
          known: true,
        });
    }
  });

  it('mounts only files of the repository', () => {
    const mounts = services.flatMap(([, service]) =>
      (service.volumes ?? [])
        .filter((volume) => volume.startsWith('./'))
        .map((volume) => volume.split(':')[0]!),
    );
    expect(mounts.length).toBeGreaterThan(0);
    for (const mount of mounts)
      expect({ mount, exists: existsSync(path.join(ROOT, mount)) }).toEqual({ mount, exists: true });
  });

  it('refers only to services, networks and volumes it defines, and publishes each host port once', () => {
    const defined = new Set(services.map(([name]) => name));
    const published: string[] = [];
    for (const [name, service] of services) {
      for (const dependency of names(service.depends_on))
        expect({ name, dependency, defined: defined.has(dependency) }).toEqual({
          name,
          dependency,
          defined: true,
        });
      for (const network of names(service.networks))
        expect(Object.keys(compose.networks ?? {})).toContain(network);
      for (const volume of service.volumes ?? []) {
        const source = volume.split(':')[0]!;
        if (!source.startsWith('./') && !source.startsWith('/'))
          expect(Object.keys(compose.volumes ?? {})).toContain(source);
      }
      for (const port of service.ports ?? []) {
        expect(port).toMatch(/^\d{1,5}:\d{1,5}$/);
        published.push(port.split(':')[0]!);
      }
    }
    expect(new Set(published).size).toBe(published.length);
  });

  it('balances over both portal nodes with websocket upgrade (deploy/nginx-lb.conf)', () => {
    const config = read('deploy/nginx-lb.conf');
    for (const [name, service] of portals)
      expect(config).toContain(`server ${name}:${environmentOf(service).PORT} `);
    expect(config).toContain('proxy_set_header Upgrade $http_upgrade;');
    expect(config).toContain('proxy_set_header Connection $connection_upgrade;');
  });

  it('gives nginx-rtmp docs/nginx-rtmp.conf with the hooks pointed at the balancer', () => {
    const command = (compose.services['nginx-rtmp'] as Service & { command: string[] }).command.join(' ');
    const [, from, to] = /sed 's#([^#]+)#([^#]+)#g'/.exec(command) ?? [];
    // The address it replaces is the one docs/nginx-rtmp.conf's hooks call, and the new one a service here.
    expect(read('docs/nginx-rtmp.conf')).toContain(`on_publish http://${from}/api/media/on_publish;`);
    expect(defined(to!.split(':')[0]!)).toBe(true);
  });
});

const defined = (name: string) => services.some(([service]) => service === name);

/** Debian's nginx (a system package of `npm test`, scripts/ensure-system.sh) checks a config: `nginx -t`. */
function nginxCheck(config: string) {
  const dir = mkdtempSync(path.join(tmpdir(), 'compose-nginx-'));
  try {
    const file = path.join(dir, 'nginx.conf');
    // Compose's service names resolve only inside its network: here they are this machine.
    writeFileSync(file, config.replace(/\b(portal-a|portal-b|lb)(?=:\d)/g, '127.0.0.1'));
    const result = spawnSync(
      process.env.NGINX_PATH ?? '/usr/sbin/nginx',
      ['-t', '-q', '-e', 'stderr', '-c', file],
      {
        encoding: 'utf8',
      },
    );
    return { status: result.status, errors: result.stderr || String(result.error ?? '') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe('the nginx configs compose.yaml runs', () => {
  it('deploy/nginx-lb.conf passes nginx -t', () => {
    expect(nginxCheck(read('deploy/nginx-lb.conf'))).toEqual({ status: 0, errors: '' });
  });

  it("nginx-rtmp's config (docs/nginx-rtmp.conf with compose's replacement) passes nginx -t", () => {
    const command = (compose.services['nginx-rtmp'] as Service & { command: string[] }).command.join(' ');
    const [, from, to] = /sed 's#([^#]+)#([^#]+)#g'/.exec(command) ?? [];
    const config = read('docs/nginx-rtmp.conf').replaceAll(from!, to!);
    expect(nginxCheck(config)).toEqual({ status: 0, errors: '' });
  });
});

describe('Dockerfiles', () => {
  const dockerfiles = [
    ...new Set(services.map(([, service]) => dockerfileOf(service)).filter(Boolean)),
  ] as string[];

  it.each(dockerfiles)('%s builds from known images with explicit tags', (file) => {
    const stages = new Set<string>();
    const froms = instructions(file).filter((instruction) => instruction.keyword === 'FROM');
    expect(froms.length).toBeGreaterThan(0);
    for (const { args } of froms) {
      const [image, as, stage] = args.split(/\s+/);
      if (!stages.has(image!)) expectKnownImage(image!);
      if (as?.toUpperCase() === 'AS') stages.add(stage!);
    }
  });

  it('the portal image runs a package.json script, on the variables of the config schema', () => {
    const steps = instructions('Dockerfile');
    const cmd = JSON.parse(steps.filter((step) => step.keyword === 'CMD').at(-1)!.args) as string[];
    const scripts = JSON.parse(read('package.json')).scripts as Record<string, string>;
    expect(cmd[0]).toBe('npm');
    const script = cmd[1] === 'run' ? cmd[2]! : cmd[1]!;
    expect(Object.keys(scripts)).toContain(script);
    // Next's own switch aside, every ENV is a portal setting.
    const env = steps
      .filter((step) => step.keyword === 'ENV')
      .flatMap((step) => [...step.args.matchAll(/([A-Z_][A-Z0-9_]*)=/g)].map((match) => match[1]!));
    const known = new Set([...Object.keys(configSchema.shape), 'NEXT_TELEMETRY_DISABLED']);
    expect(env.filter((variable) => !known.has(variable))).toEqual([]);
    expect(steps.some((step) => step.keyword === 'HEALTHCHECK' && step.args.includes('/api/health'))).toBe(
      true,
    );
    expect(steps.some((step) => step.keyword === 'USER' && step.args !== 'root')).toBe(true);
  });
});
