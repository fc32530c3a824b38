// docs/architecture.md is the map of the code, read in ten minutes: at most 300 lines; its domain table has one
// row per folder under lib/, cells of at most 160 characters, and the files it names exist; what a row has no
// room for goes to the folder's README.md, linked from the map and held to the same rule. A new folder without
// a row, a row for a folder that is gone, a file that moved or was renamed, a cell or a document grown too long,
// or a link to a heading that is gone fails here with its name, so the map is fixed in the change that made it
// wrong.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import {
  backticked,
  ARCHITECTURE_DOC as DOC,
  domainTable,
  folderOf,
  matchingPaths,
  PATH_COLUMNS,
  readmeOf,
} from '@/scripts/architecture-map';

const REPO = path.join(__dirname, '..', '..');
const MAX_LINES = 300;
const MAX_CELL = 160;
/** A backticked token is a repository path when it starts with one of these folders. */
const REPO_PATH = /^(lib|app|components|e2e|scripts|bench|docs|drizzle|deploy|messages|public)\/[^\s`]*$/;
/**
 * A bare file name (`flv-scripts.ts`) in a row or a folder's README is a file of that folder, or of the
 * repository's root (`server.ts`, `proxy.ts`).
 */
const BARE_FILE = /^[\w.-]+(\/[\w.-]+)*\.(ts|tsx|js|cjs|mjs)$/;

const exists = (pattern: string) => matchingPaths(pattern, REPO).length > 0;
const read = (file: string) => readFileSync(path.join(REPO, file), 'utf8');
/** Markdown without its fenced blocks (a diagram names boxes, not files). */
const prose = (markdown: string) => markdown.replace(/^```[\s\S]*?^```/gm, '');

/** The repository paths a text names that do not exist; `folder` resolves bare file names. */
function missingPaths(text: string, folder: string | null) {
  const files = backticked(text).flatMap((token) =>
    REPO_PATH.test(token)
      ? [token]
      : folder && BARE_FILE.test(token) && !(!token.includes('/') && exists(token))
        ? [`lib/${folder}/${token}`]
        : [],
  );
  return [...new Set(files)].filter((file) => !exists(file));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
const slug = (heading: string) =>
  heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
const anchorsOf = (markdown: string) =>
  new Set([...prose(markdown).matchAll(/^#{1,6} (.+)$/gm)].map((match) => slug(match[1]!)));

/** Relative links of a markdown file (`[x](../lib/wallet/README.md#figures)`) that miss a file or a heading. */
function brokenLinks(file: string) {
  const broken: string[] = [];
  for (const [, target] of prose(read(file)).matchAll(/\]\(([^)\s]+)\)/g)) {
    if (/^[a-z]+:/i.test(target!)) continue;
    const [relative, anchor] = target!.split('#');
    const linked = relative
      ? path.posix.normalize(path.posix.join(path.posix.dirname(file), relative))
      : file;
    if (!existsSync(path.join(REPO, linked))) broken.push(`${file}: ${target} (no ${linked})`);
    else if (anchor && linked.endsWith('.md') && !anchorsOf(read(linked)).has(anchor))
      broken.push(`${file}: ${target} (no heading #${anchor} in ${linked})`);
  }
  return broken;
}

const doc = read(DOC);
const rows = domainTable(doc);
const libFolders = readdirSync(path.join(REPO, 'lib'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();
const readmes = libFolders.filter((name) => existsSync(path.join(REPO, readmeOf(name))));

it(`the document reads in ten minutes: at most ${MAX_LINES} lines`, () => {
  expect(doc.trimEnd().split('\n').length).toBeLessThanOrEqual(MAX_LINES);
});

it('the domain map names each row by its folder, written `lib/<name>`', () => {
  const malformed = rows
    .filter((row) => folderOf(row.cells.folder) === null)
    .map((row) => `${DOC}:${row.line}: first column ${row.cells.folder || '(empty)'}`);
  expect(malformed).toEqual([]);
  const named = rows.map((row) => folderOf(row.cells.folder));
  const twice = named.filter((name, index) => name !== null && named.indexOf(name) !== index);
  expect(twice).toEqual([]);
});

it('every folder under lib/ has a row in the domain map', () => {
  const named = new Set(rows.map((row) => folderOf(row.cells.folder)));
  const missing = libFolders
    .filter((name) => !named.has(name))
    .map((name) => `lib/${name}: no row in ${DOC}`);
  expect(missing).toEqual([]);
});

it('every row of the domain map names a folder that exists', () => {
  const stale = rows
    .map((row) => folderOf(row.cells.folder))
    .filter((name): name is string => name !== null && !libFolders.includes(name))
    .map((name) => `lib/${name}: in ${DOC}, but no such folder`);
  expect(stale).toEqual([]);
});

it(`every cell of the domain map holds at most ${MAX_CELL} characters (the rest goes to the folder's README)`, () => {
  const long = rows.flatMap((row) =>
    Object.entries(row.cells)
      .filter(([, value]) => value.length > MAX_CELL)
      .map(
        ([column, value]) =>
          `${DOC}:${row.line} lib/${folderOf(row.cells.folder) ?? row.cells.folder} (${column}): ${value.length} characters`,
      ),
  );
  expect(long).toEqual([]);
});

it('every file the domain map names exists', () => {
  const gone = rows.flatMap((row) =>
    PATH_COLUMNS.flatMap((column) =>
      missingPaths(row.cells[column] ?? '', folderOf(row.cells.folder)).map(
        (file) => `${DOC}:${row.line} (${column}): ${file}`,
      ),
    ),
  );
  expect(gone).toEqual([]);
});

it('every repository path written anywhere in the document exists', () => {
  expect(missingPaths(prose(doc), null)).toEqual([]);
});

it("every folder's README names files that exist (a bare file name is one of that folder)", () => {
  const gone = readmes.flatMap((name) =>
    missingPaths(prose(read(readmeOf(name))), name).map((file) => `${readmeOf(name)}: ${file}`),
  );
  expect(gone).toEqual([]);
});

it("every folder's README is linked from the document", () => {
  const linked = new Set(
    [...doc.matchAll(/\]\(\.\.\/(lib\/[^/)]+\/README\.md)(?:#[^)]*)?\)/g)].map((match) => match[1]),
  );
  const unlinked = readmes.map(readmeOf).filter((file) => !linked.has(file));
  expect(unlinked.map((file) => `${file}: not linked from ${DOC}`)).toEqual([]);
});

it('every link of the document and of the READMEs reaches a file and a heading that exist', () => {
  expect([DOC, ...readmes.map(readmeOf)].flatMap(brokenLinks)).toEqual([]);
});

it('the path check itself tells a missing file from a present one', () => {
  expect(exists('lib/server/api-app.ts')).toBe(true);
  expect(exists('lib/*/schema.ts')).toBe(true);
  expect(exists('lib/jobs/feeds-simulation-{1,15,60}.test.ts')).toBe(true);
  expect(exists('lib/feeds/**/*.test.ts')).toBe(true);
  expect(exists('app/api/[[...route]]')).toBe(true);
  expect(exists('lib/server/no-such-file.ts')).toBe(false);
  expect(exists('lib/server/*.no-such-extension')).toBe(false);
  expect(missingPaths('`lib/server/api-app.ts`, `api-app.ts`, `gone.ts`', 'server')).toEqual([
    'lib/server/gone.ts',
  ]);
  expect(slug('Several nodes (`REDIS_URL`)')).toBe('several-nodes-redis_url');
});
