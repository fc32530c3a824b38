// The domain table of docs/architecture.md (one row per folder of lib/) and the folders' README.md files that
// hold what a row has no room for, read by their test (lib/server/architecture-doc.test.ts) and by the quick
// loop (scripts/changed-specs.ts).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

export const ARCHITECTURE_DOC = 'docs/architecture.md';
/** The columns that name files; a folder's README lists the rest of each under `## Files` as `- <column>: …`. */
export const PATH_COLUMNS = ['schema', 'service', 'API', 'screens', 'tests'];

export type Row = { line: number; cells: Record<string, string> };

/** The domain table: the one whose header starts with `folder`. */
export function domainTable(markdown: string): Row[] {
  const lines = markdown.split('\n');
  const start = lines.findIndex((line) => /^\|\s*folder\s*\|/.test(line));
  if (start < 0) throw new Error(`${ARCHITECTURE_DOC}: no table whose first column is "folder"`);
  const header = cellsOf(lines[start]);
  const rows: Row[] = [];
  for (let index = start + 2; index < lines.length && lines[index].startsWith('|'); index++) {
    const values = cellsOf(lines[index]);
    rows.push({
      line: index + 1,
      cells: Object.fromEntries(header.map((name, column) => [name, values[column] ?? ''])),
    });
  }
  return rows;
}

const cellsOf = (line: string) =>
  line
    .replace(/^\|/, '')
    .replace(/\|\s*$/, '')
    .split('|')
    .map((cell) => cell.trim());

export const backticked = (text: string) => [...text.matchAll(/`([^`]+)`/g)].map((match) => match[1]);

/**
 * `wallet` from the first column's `` `lib/wallet` `` or `` [`lib/wallet`](../lib/wallet/README.md) `` (the
 * folder linked to its README), or null when the cell is not written that way.
 */
export function folderOf(cell: string) {
  const match = /^(?:`lib\/([^`/]+)\/?`|\[`lib\/([^`/]+)\/?`\]\(\.\.\/lib\/([^)/]+)\/README\.md\))$/.exec(
    cell,
  );
  if (!match) return null;
  if (match[1]) return match[1];
  return match[2] === match[3] ? match[2] : null;
}

export const readmeOf = (folder: string) => `lib/${folder}/README.md`;

/** The `- <column>: …` lines of a README's `## Files` section, by column. */
export function readmeFiles(markdown: string): Record<string, string> {
  const section = /^## Files\n([\s\S]*?)(?=^## |(?![\s\S]))/m.exec(markdown)?.[1] ?? '';
  const cells: Record<string, string> = {};
  for (const [, column, value] of section.matchAll(/^- ([\w ]+): (.*)$/gm)) cells[column!] = value!;
  return cells;
}

/** A row's file cells with its folder's README `## Files` lines added (for whoever wants every file). */
export function fullRow(row: Row, root = '.'): Record<string, string> {
  const folder = folderOf(row.cells.folder ?? '');
  const readme = folder ? path.join(root, readmeOf(folder)) : null;
  if (!readme || !existsSync(readme)) return row.cells;
  const extra = readmeFiles(readFileSync(readme, 'utf8'));
  return Object.fromEntries(
    Object.entries(row.cells).map(([column, value]) => [
      column,
      extra[column] ? `${value}; ${extra[column]}` : value,
    ]),
  );
}

const SKIPPED_DIRS = new Set(['node_modules', '.git', '.next', '.data', 'test-results', 'playwright-report']);

function filesUnder(root: string, dir: string): string[] {
  if (!existsSync(path.join(root, dir))) return [];
  return readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (SKIPPED_DIRS.has(entry.name)) return [];
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? [relative, ...filesUnder(root, relative)] : [relative];
  });
}

/** The paths a pattern names: itself when it exists; `*`, `**` and `{a,b}` are globs over the repository. */
export function matchingPaths(pattern: string, root = '.'): string[] {
  const trimmed = pattern.replace(/\/$/, '');
  if (!/[*{]/.test(trimmed)) return existsSync(path.join(root, trimmed)) ? [trimmed] : [];
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
  return filesUnder(root, literal).filter((file) => regex.test(file));
}
