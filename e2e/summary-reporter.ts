// Prints one plain line CI can read: "playwright: N passed, N failed".
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SummaryReporter implements Reporter {
  private passed = 0;
  private failed = 0;

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.status === 'passed' && test.outcome() !== 'flaky') this.passed += 1;
    else if (test.outcome() === 'flaky' && result.status === 'passed') this.passed += 1;
    else if (result.status !== 'skipped' && result.retry === test.retries) this.failed += 1;
  }

  onEnd(_result: FullResult) {
    console.log(`playwright: ${this.passed} passed, ${this.failed} failed`);
  }
}
