// Prints one plain line CI can read: "playwright: N passed, N failed" (a test that passed on retry counts
// as passed; one that failed every attempt counts once as failed).
import type { Reporter, TestCase } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private readonly tests = new Set<TestCase>();

  onTestEnd(test: TestCase) {
    this.tests.add(test);
  }

  onEnd() {
    const outcomes = [...this.tests].map((test) => test.outcome());
    const passed = outcomes.filter((outcome) => outcome === 'expected' || outcome === 'flaky').length;
    const failed = outcomes.filter((outcome) => outcome === 'unexpected').length;
    console.log(`playwright: ${passed} passed, ${failed} failed`);
  }
}
