// Prints one plain line CI can read: "jest: N passed, N failed", and appends every test's duration to
// TEST_TIMES_DIR/tests.jsonl (scripts/test-times.ts prints the slowest at the end of `npm test`).
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  onRunComplete(_contexts, results) {
    const dir = process.env.TEST_TIMES_DIR;
    if (dir) {
      const phase = process.env.TEST_PHASE ?? 'jest';
      const lines = results.testResults.flatMap((file) =>
        file.testResults.map((test) =>
          JSON.stringify({
            runner: 'jest',
            phase,
            file: path.relative(process.cwd(), file.testFilePath),
            title: test.fullName,
            ms: test.duration ?? 0,
            status: test.status,
          }),
        ),
      );
      fs.mkdirSync(dir, { recursive: true });
      fs.appendFileSync(path.join(dir, 'tests.jsonl'), lines.map((line) => `${line}\n`).join(''));
    }
    console.log(`jest: ${results.numPassedTests} passed, ${results.numFailedTests} failed`);
  }
}
module.exports = SummaryReporter;
