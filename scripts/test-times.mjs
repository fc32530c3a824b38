// The end of `npm test` and `.ci/run`: how long each phase took and the 20 slowest tests of each runner,
// read from the folder scripts/phases.sh fills (phases.tsv, and tests.jsonl from the runners' reporters).
// `node scripts/test-times.mjs [folder]` prints the last run's table again (default .data/test-times).
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.data/test-times';
const read = (file) => {
  try {
    return fs.readFileSync(path.join(dir, file), 'utf8').split('\n').filter(Boolean);
  } catch {
    return [];
  }
};
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`.padStart(8);
const clock = (s) => `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;

const phases = read('phases.tsv').map((line) => {
  const [name, took, status] = line.split('\t');
  return { name, took: Number(took), status: Number(status) };
});
if (phases.length > 0) {
  const width = Math.max(...phases.map((phase) => phase.name.length), 5);
  console.log('\n== where the time went');
  for (const { name, took, status } of phases)
    console.log(
      `${name.padEnd(width)}  ${clock(took).padStart(12)}  ${status === 0 ? 'ok' : `FAILED (exit ${status})`}`,
    );
  console.log(
    `${'total'.padEnd(width)}  ${clock(phases.reduce((sum, phase) => sum + phase.took, 0)).padStart(12)}`,
  );
}

const tests = read('tests.jsonl').map((line) => JSON.parse(line));
for (const runner of ['jest', 'playwright']) {
  const mine = tests.filter((test) => test.runner === runner);
  if (mine.length === 0) continue;
  const total = mine.reduce((sum, test) => sum + test.ms, 0);
  console.log(`\n== the 20 slowest ${runner} tests (of ${mine.length}, ${seconds(total).trim()} in all)`);
  for (const test of mine.sort((a, b) => b.ms - a.ms).slice(0, 20))
    console.log(
      `${seconds(test.ms)}  [${test.phase}] ${test.file} › ${test.title}${test.status === 'flaky' ? '  (FLAKY: passed on retry)' : ''}`,
    );
}
