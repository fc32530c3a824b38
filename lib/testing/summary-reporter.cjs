// Prints one plain line CI can read: "jest: N passed, N failed".
class SummaryReporter {
  onRunComplete(_contexts, results) {
    console.log(`jest: ${results.numPassedTests} passed, ${results.numFailedTests} failed`);
  }
}
module.exports = SummaryReporter;
