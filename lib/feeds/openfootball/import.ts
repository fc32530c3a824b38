// Imports openfootball files into the scores tables. A folder is read and checked whole before anything
// is written, then each file is stored in its own transaction: a malformed file stops the import with
// its name and field, and no file is ever half-imported.
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Db } from '@/lib/db';
import type { FeedBatch } from '@/lib/feeds/provider';
import { storeFeedBatch } from '@/lib/scores/ingest';
import { FILE_KINDS, identifyFile, OpenfootballFormatError, parseOpenfootballFile } from './parse';

/** `OPENFOOTBALL_DIR`, else the shared data folder beside the repository. */
export function defaultOpenfootballDir() {
  return process.env.OPENFOOTBALL_DIR ?? path.resolve(process.cwd(), '../shared/data/openfootball');
}

async function jsonFiles(target: string): Promise<string[]> {
  const info = await stat(target);
  if (info.isFile()) return [target];
  const entries = await readdir(target, { withFileTypes: true });
  const nested = await Promise.all(
    entries
      .filter((entry) => entry.isDirectory() || entry.name.toLowerCase().endsWith('.json'))
      .map((entry) => jsonFiles(path.join(target, entry.name))),
  );
  return nested.flat();
}

/** Stadiums and groups before matches (so grounds resolve), squads after; folders in name order. */
function importOrder(a: string, b: string) {
  const folder = path.dirname(a).localeCompare(path.dirname(b));
  if (folder) return folder;
  return (
    FILE_KINDS.indexOf(identifyFile(a).kind) - FILE_KINDS.indexOf(identifyFile(b).kind) || a.localeCompare(b)
  );
}

export type ParsedFile = { file: string; batch: FeedBatch };

/** Reads and checks every JSON file under `target` (a file or a folder), writing nothing. */
export async function readOpenfootball(target: string): Promise<ParsedFile[]> {
  const root = (await stat(target)).isFile() ? path.dirname(target) : target;
  const files = (await jsonFiles(target)).sort(importOrder);
  const parsed: ParsedFile[] = [];
  for (const filePath of files) {
    const label = path.relative(path.dirname(root), filePath) || path.basename(filePath);
    let data: unknown;
    try {
      data = JSON.parse(await readFile(filePath, 'utf8'));
    } catch (error) {
      throw new OpenfootballFormatError(label, '(file)', `not valid JSON: ${(error as Error).message}`);
    }
    parsed.push({ file: label, batch: parseOpenfootballFile(filePath, data, label) });
  }
  return parsed;
}

export type ImportedFile = {
  file: string;
  matches: number;
  events: number;
  teams: number;
  squadPlayers: number;
};

/** Imports every file of `target`; `now` is when the rows were last heard of (the import's time). */
export async function importOpenfootball(db: Db, target: string, now: Date): Promise<ImportedFile[]> {
  const parsed = await readOpenfootball(target);
  const imported: ImportedFile[] = [];
  for (const { file, batch } of parsed) {
    const stored = await db.transaction((tx) => storeFeedBatch(tx, batch, now));
    imported.push({
      file,
      matches: stored.matches,
      events: stored.events,
      teams: stored.teams,
      squadPlayers: stored.squadPlayers,
    });
  }
  // Fresh planner statistics after a bulk load: without them Postgres takes the new thousands of
  // matches for a handful and sorts whole tables where a kick-off index scan would stop at a few rows.
  await db.execute(
    sql`analyze matches, match_events, teams, seasons, season_teams, competitions, squad_players`,
  );
  return imported;
}
