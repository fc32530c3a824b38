// The domain table of docs/architecture.md (one row per folder of lib/), read by its test
// (lib/server/architecture-doc.test.ts) and by the quick loop (scripts/changed-specs.ts).

export const ARCHITECTURE_DOC = 'docs/architecture.md';

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

/** `lib/wallet` from the first column's `` `lib/wallet` ``, or null when the cell is not written that way. */
export function folderOf(cell: string) {
  const match = /^`lib\/([^`/]+)\/?`$/.exec(cell);
  return match ? match[1] : null;
}
