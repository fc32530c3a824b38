// Next's build output under /_next/static (the page chunks, styles, fonts), answered by server.ts from
// memory before Next: each file is read once and compressed once (brotli and gzip, on libuv's thread pool
// at start-up, not on the event loop), then every request is one lookup and one write. Through Next the
// same request costs file-system calls and an on-the-fly gzip on the portal's single event loop, ~20 times
// per page view (about 0.1 s of CPU for a live room's page, measured with --cpu-prof: the share of the
// event loop the page's render, the live player's script and the HTTP-FLV stream wait behind).
// The files are content-hashed and immutable for the life of a build; a new build needs a restart anyway.
// Anything not in the build's folder (or a path that tries to leave it) falls through to Next.
import fs from 'node:fs';
import type http from 'node:http';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { type MemoryAsset, memoryAsset, sendAsset } from './memory-asset';

export const STATIC_PREFIX = '/_next/static/';

/** The types Next's build writes there; another extension is left to Next. */
const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
};

/** Text compresses; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.json', '.map', '.txt', '.svg']);

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

const IMMUTABLE = 'public, max-age=31536000, immutable';

async function loadAsset(file: string): Promise<MemoryAsset> {
  const extension = path.extname(file).toLowerCase();
  const plain = await fs.promises.readFile(file);
  if (!COMPRESSIBLE.has(extension) || plain.length <= 512) {
    return memoryAsset(TYPES[extension]!, IMMUTABLE, plain);
  }
  const [br, gzipped] = await Promise.all([
    brotli(plain, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } }),
    gzip(plain, { level: 9 }),
  ]);
  return memoryAsset(TYPES[extension]!, IMMUTABLE, plain, { br, gzip: gzipped });
}

function listFiles(folder: string): string[] {
  if (!fs.existsSync(folder)) return [];
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(folder, entry.name);
    if (entry.isDirectory()) return listFiles(file);
    return entry.isFile() && TYPES[path.extname(entry.name).toLowerCase()] ? [file] : [];
  });
}

/**
 * Loads every file of `root` (Next's `.next/static`) and returns the request handler: true when it
 * answered, false to leave the request to Next. Requests that come while a file is still being
 * compressed wait for it.
 */
export function staticAssetHandler(root: string) {
  const assets = new Map<string, Promise<MemoryAsset>>();
  for (const file of listFiles(root)) {
    const name = path.relative(root, file).split(path.sep).join('/');
    const loading = loadAsset(file);
    // A file that cannot be read is left to Next (which will answer for it as before).
    loading.catch(() => assets.delete(name));
    assets.set(name, loading);
  }

  return (request: http.IncomingMessage, response: http.ServerResponse): boolean => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    const pathname = (request.url ?? '').split('?')[0]!;
    if (!pathname.startsWith(STATIC_PREFIX)) return false;
    let name: string;
    try {
      name = decodeURIComponent(pathname.slice(STATIC_PREFIX.length));
    } catch {
      return false;
    }
    // Only names of the build's own files match: `..`, `./` or a backslash never do.
    const loading = assets.get(name);
    if (!loading) return false;
    loading.then(
      (asset) => sendAsset(asset, request, response),
      () => {
        response.writeHead(500).end();
      },
    );
    return true;
  };
}
