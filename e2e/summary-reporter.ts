// Prints one plain line CI can read: "playwright: N passed, N failed" (a test that passed on retry counts
// as passed; one that failed every attempt counts once as failed), names every test that passed only on
// retry, and appends each test's duration to TEST_TIMES_DIR/tests.jsonl (scripts/test-times.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private readonly tests = new Set<TestCase>();

  onTestEnd(test: TestCase) {
    this.tests.add(test);
  }

  onEnd() {
    const tests = [...this.tests];
    const outcomes = tests.map((test) => test.outcome());
    const passed = outcomes.filter((outcome) => outcome === 'expected' || outcome === 'flaky').length;
    const failed = outcomes.filter((outcome) => outcome === 'unexpected').length;
    const flaky = tests.filter((test) => test.outcome() === 'flaky');
    for (const test of flaky)
      console.log(`playwright: FLAKY (passed on retry) ${file(test)} › ${title(test)}`);
    const dir = process.env.TEST_TIMES_DIR;
    if (dir) {
      const phase = process.env.TEST_PHASE ?? 'e2e';
      const lines = tests.map((test) =>
        JSON.stringify({
          runner: 'playwright',
          phase,
          file: file(test),
          title: title(test),
          // Every attempt's time: a retried test costs the run both.
          ms: test.results.reduce((sum, result) => sum + result.duration, 0),
          status: test.outcome(),
        }),
      );
      fs.mkdirSync(dir, { recursive: true });
      fs.appendFileSync(path.join(dir, 'tests.jsonl'), lines.map((line) => `${line}\n`).join(''));
    }
    console.log(`playwright: ${passed} passed, ${failed} failed, ${flaky.length} flaky`);
  }
}

const file = (test: TestCase) => path.relative(process.cwd(), test.location.file);
// titlePath: '', project, file, describe…, title.
const title = (test: TestCase) => test.titlePath().slice(3).join(' › ');
