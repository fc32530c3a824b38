// First-load JS per route of the last `next build` (gzipped, from Next's route bundle stats), and the
// chunks every route shares, largest first, each with the packages it holds (from the chunk's module
// paths), so a heavy library in the shared layout shows. `npx tsx bench/first-load.ts` after a build.
import fs from 'node:fs';
import { gzipSync } from 'node:zlib';

type RouteStats = { route: string; firstLoadChunkPaths: string[] }[];

const gzipped = new Map<string, number>();
const size = (file: string) => {
  if (!gzipped.has(file)) gzipped.set(file, gzipSync(fs.readFileSync(file)).length);
  return gzipped.get(file)!;
};
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function routeStats(): RouteStats {
  return JSON.parse(fs.readFileSync('.next/diagnostics/route-bundle-stats.json', 'utf8'));
}

/** Gzipped first-load JS of every route. */
export function firstLoadJs() {
  return Object.fromEntries(
    routeStats().map(({ route, firstLoadChunkPaths }) => [
      route,
      kb(firstLoadChunkPaths.reduce((sum, file) => sum + size(file), 0)),
    ]),
  );
}

/** Package names (or app folders) a chunk's source mentions in its module ids. */
function packagesIn(file: string) {
  const text = fs.readFileSync(file, 'utf8');
  const counts = new Map<string, number>();
  for (const [, name] of text.matchAll(/node_modules\/((?:@[\w.-]+\/)?[\w.-]+)/g))
    counts.set(name!, (counts.get(name!) ?? 0) + 1);
  for (const [, name] of text.matchAll(/\[project\]\/((?:app|components|lib)\/[\w.[\]()-]+)/g))
    counts.set(name!, (counts.get(name!) ?? 0) + 1);
  return [...counts.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8)
    .map(([name]) => name)
    .join(', ');
}

if (process.argv[1]?.endsWith('first-load.ts')) {
  const stats = routeStats();
  const rows = Object.entries(firstLoadJs()).sort((a, b) => a[0].localeCompare(b[0]));
  for (const [route, total] of rows) console.log(`${route}: ${total}`);
  const [first, ...others] = stats.map((route) => new Set(route.firstLoadChunkPaths));
  const shared = [...(first ?? [])].filter((chunk) => others.every((chunks) => chunks.has(chunk)));
  console.log('\nchunks every route loads:');
  for (const file of shared.sort((a, b) => size(b) - size(a)))
    console.log(`${kb(size(file))}  ${file}  ${packagesIn(file)}`);
}
