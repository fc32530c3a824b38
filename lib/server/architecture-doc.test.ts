// docs/architecture.md is the map of the code: its domain table has one row per folder under lib/, and the
// files it names exist. A new folder without a row, a row for a folder that is gone, or a file that moved or
// was renamed fails here with its name, so the map is fixed in the change that made it wrong.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { backticked, ARCHITECTURE_DOC as DOC, domainTable, folderOf } from '@/scripts/architecture-map';

const REPO = path.join(__dirname, '..', '..');
/** Columns whose backticked paths must exist (the first column names the folder itself). */
const PATH_COLUMNS = ['schema', 'service', 'API', 'screens', 'tests'];
/** A backticked token is a repository path when it starts with one of these folders. */
const REPO_PATH = /^(lib|app|components|e2e|scripts|bench|docs|drizzle|deploy|messages|public)\/[^\s`]*$/;
/** A bare file name (`flv-scripts.ts`) in a row is a file of that row's folder. */
const BARE_FILE = /^[\w.-]+(\/[\w.-]+)*\.(ts|tsx|js|cjs|mjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', '.git', '.next', '.data', 'test-results', 'playwright-report']);

function filesUnder(dir: string): string[] {
  if (!existsSync(path.join(REPO, dir))) return [];
  return readdirSync(path.join(REPO, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED_DIRS.has(entry.name)) return [];
    const relative = `${dir}/${entry.name}`;
    return entry.isDirectory() ? [relative, ...filesUnder(relative)] : [relative];
  });
}

/** Whether a path exists; `*`, `**` and `{a,b}` are globs that must match at least one file. */
function exists(pattern: string) {
  const trimmed = pattern.replace(/\/$/, '');
  if (!/[*{]/.test(trimmed)) return existsSync(path.join(REPO, trimmed));
  const segments = trimmed.split('/');
  const literal = segments
    .slice(
      0,
      segments.findIndex((segment) => /[*{]/.test(segment)),
    )
    .join('/');
  const source = trimmed
    .split('**/')
    .map((piece) =>
      piece
        .replace(/[.+?^$()|[\]\\]/g, '\\$&')
        .replace(/\{([^}]*)\}/g, (_, options: string) => `(?:${options.split(',').join('|')})`)
        .replace(/\*/g, '[^/]*'),
    )
    .join('(?:.*/)?');
  const regex = new RegExp(`^${source}$`);
  return filesUnder(literal).some((file) => regex.test(file));
}

const doc = readFileSync(path.join(REPO, DOC), 'utf8');
const rows = domainTable(doc);
const libFolders = readdirSync(path.join(REPO, 'lib'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

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

it('every file the domain map names exists', () => {
  const gone: string[] = [];
  for (const row of rows) {
    const folder = folderOf(row.cells.folder);
    for (const column of PATH_COLUMNS) {
      for (const token of backticked(row.cells[column] ?? '')) {
        const file = REPO_PATH.test(token)
          ? token
          : folder && BARE_FILE.test(token)
            ? `lib/${folder}/${token}`
            : null;
        if (file && !exists(file)) gone.push(`${DOC}:${row.line} (${column}): ${file}`);
      }
    }
  }
  expect(gone).toEqual([]);
});

it('every repository path written anywhere in the document exists', () => {
  const prose = doc.replace(/^```[\s\S]*?^```/gm, '');
  const gone = [...new Set(backticked(prose).filter((token) => REPO_PATH.test(token)))].filter(
    (token) => !exists(token),
  );
  expect(gone).toEqual([]);
});

it('the path check itself tells a missing file from a present one', () => {
  expect(exists('lib/server/api-app.ts')).toBe(true);
  expect(exists('lib/*/schema.ts')).toBe(true);
  expect(exists('lib/jobs/feeds-simulation-{1,15,60}.test.ts')).toBe(true);
  expect(exists('app/api/[[...route]]')).toBe(true);
  expect(exists('lib/server/no-such-file.ts')).toBe(false);
  expect(exists('lib/server/*.no-such-extension')).toBe(false);
});
