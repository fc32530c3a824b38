// `npm run env:reference`: writes docs/environment.md from the config schema (lib/config/env-reference.ts).
// `--check` writes nothing and exits 1 when the file is out of date.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { renderEnvironmentReference } from '@/lib/config/env-reference';

const file = path.join(__dirname, '..', 'docs', 'environment.md');
const text = renderEnvironmentReference();
if (process.argv.includes('--check')) {
  const current = (() => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  })();
  if (current !== text) {
    console.error('docs/environment.md is out of date: run npm run env:reference');
    process.exitCode = 1;
  }
} else {
  writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
