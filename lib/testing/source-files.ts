// The source files under a folder, for the tests that read the code itself (wall clock, pending flags,
// client boundaries): every .ts/.tsx but tests and declarations, skipping the folders named.
import { readdirSync } from 'node:fs';
import path from 'node:path';

export function sourceFiles(dir: string, skip: readonly string[] = []): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return skip.includes(entry.name) ? [] : sourceFiles(full, skip);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts')
      ? [full]
      : [];
  });
}
