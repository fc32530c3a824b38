// The Playwright specs a set of changed files touches, for the quick loop (scripts/test-changed.sh):
//   - a changed spec, and every spec that imports a changed e2e helper (through other helpers too);
//   - every spec that imports a changed lib/ file directly (`@/lib/...`);
//   - for a file of a lib/ domain, of a components/ folder or of an app/ route or page folder, the e2e specs that the
//     domain map (docs/architecture.md, one row per lib/ folder, with the `## Files` lines of the folder's
//     README.md) names for that domain or screen.
// `npx tsx scripts/changed-specs.ts <file>…` prints one spec per line, and on stderr the changed files
// nothing maps (a shared layout, messages): only the whole suite checks those.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ARCHITECTURE_DOC,
  backticked,
  domainTable,
  folderOf,
  fullRow,
  matchingPaths,
} from './architecture-map';

const E2E = 'e2e';

/** Relative and `@/` imports of an e2e file, as repository paths without extension. */
function importsOf(file: string) {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/from '(\.{1,2}\/[^']+|@\/[^']+)'/g)].map(([, target]) =>
    target!.startsWith('@/')
      ? target!.slice(2)
      : path.join(path.dirname(file), target!).replace(/\.(ts|tsx)$/, ''),
  );
}

const withoutExtension = (file: string) => file.replace(/\.(ts|tsx|js|mjs|cjs)$/, '');

/** Each e2e file (without extension) with its imports, read once. */
let e2eImports: Map<string, string[]> | undefined;
function e2eImportMap() {
  e2eImports ??= new Map(
    readdirSync(E2E)
      .filter((name) => /\.tsx?$/.test(name))
      .map((name) => `${E2E}/${name}`)
      .map((file) => [withoutExtension(file), importsOf(file)]),
  );
  return e2eImports;
}

/** Specs whose imports reach one of `targets` (e2e helpers transitively, lib files directly). */
function specsImporting(targets: Set<string>) {
  const imports = e2eImportMap();
  const reached = new Set(targets);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [file, targetsOfFile] of imports)
      if (!reached.has(file) && targetsOfFile.some((target) => reached.has(target))) {
        reached.add(file);
        grew = true;
      }
  }
  return [...imports.keys()]
    .filter((file) => file.endsWith('.spec') && reached.has(file))
    .map((file) => `${file}.ts`);
}

/** The route folder of an app/ page file: `app/[locale]/(portal)/live/page.tsx` → `/live`. */
function routeOf(file: string) {
  const segments = file
    .split('/')
    .slice(1)
    .filter((segment) => !/^[([]/.test(segment));
  return segments.length > 1 ? `/${segments[0]}` : null;
}

/** Whether a screens token of `app/` (a page's folder or file, or a glob of them) names the file or a folder of it. */
const screenPaths = new Map<string, string[]>();
function screenHolds(token: string, file: string) {
  if (!screenPaths.has(token)) screenPaths.set(token, matchingPaths(token));
  return screenPaths.get(token)!.some((named) => file === named || file.startsWith(`${named}/`));
}

export function changedSpecs(changed: string[]) {
  const rows = domainTable(readFileSync(ARCHITECTURE_DOC, 'utf8')).map((row) => ({
    ...row,
    cells: fullRow(row),
  }));
  const specsOf = (row: (typeof rows)[number]) =>
    backticked(row.cells.tests ?? '')
      .filter((token) => token.startsWith(`${E2E}/`))
      .flatMap((token) => matchingPaths(token))
      .filter((file) => file.endsWith('.ts'));
  const specs = new Set<string>();
  const unmapped: string[] = [];
  for (const file of changed) {
    const mine = new Set<string>();
    if (file.startsWith(`${E2E}/`)) {
      if (file.endsWith('.spec.ts') && existsSync(file)) specs.add(file);
      for (const spec of specsImporting(new Set([withoutExtension(file)]))) specs.add(spec);
      continue;
    }
    const [top, second] = file.split('/');
    const route = top === 'app' ? routeOf(file) : null;
    // A components/ file belongs to the rows naming its deepest folder (components/live/chat/ over
    // components/live/).
    const componentMatch = (row: (typeof rows)[number]) =>
      Math.max(
        0,
        ...backticked(row.cells.screens ?? '')
          .filter((token) => token.startsWith('components/') && file.startsWith(token))
          .map((token) => token.length),
      );
    const deepest = top === 'components' ? Math.max(0, ...rows.map(componentMatch)) : 0;
    for (const row of rows) {
      const screens = backticked(row.cells.screens ?? '');
      const rowIsMine =
        (top === 'lib' && folderOf(row.cells.folder ?? '') === second) ||
        (deepest > 0 && componentMatch(row) === deepest) ||
        (route !== null && screens.some((token) => token === route || token.startsWith(`${route}?`))) ||
        (top === 'app' && screens.some((token) => token.startsWith('app/') && screenHolds(token, file)));
      if (rowIsMine) for (const spec of specsOf(row)) mine.add(spec);
    }
    if (top === 'lib') for (const spec of specsImporting(new Set([withoutExtension(file)]))) mine.add(spec);
    for (const spec of mine) specs.add(spec);
    if (mine.size === 0 && !/\.test\.ts$/.test(file)) unmapped.push(file);
  }
  return { specs: [...specs].sort(), unmapped };
}

if (require.main === module) {
  const { specs, unmapped } = changedSpecs(process.argv.slice(2));
  for (const spec of specs) console.log(spec);
  if (unmapped.length > 0) console.error(`no e2e spec is mapped to: ${unmapped.join(', ')}`);
}
