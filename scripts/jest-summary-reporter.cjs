// Jest reporter that writes {suite, passed, failed, skipped, durationMs} to test-output/results for the closing summary.
const fs = require('node:fs');
const path = require('node:path');

class SummaryReporter {
  constructor(_globalConfig, options) {
    // CX_RESULTS_SUFFIX lets a second run of the same suite (e.g. against MONGODB_URI) report separately.
    this.name = ((options && options.name) || 'jest') + (process.env.CX_RESULTS_SUFFIX || '');
  }
  onRunComplete(_contexts, results) {
    const dir = path.resolve(__dirname, '..', 'test-output', 'results');
    fs.mkdirSync(dir, { recursive: true });
    const summary = {
      suite: this.name,
      passed: results.numPassedTests,
      failed: results.numFailedTests + (results.numRuntimeErrorTestSuites || 0),
      skipped: results.numPendingTests + results.numTodoTests,
      // From jest's start (after any step the package's test script runs before it, e.g. the API's typecheck).
      durationMs: Date.now() - results.startTime,
    };
    fs.writeFileSync(path.join(dir, `${this.name}.json`), JSON.stringify(summary) + '\n');
    // Each file's wall time, longest first: where the suite's time goes (test/helpers/sequencer.cjs orders by it).
    const files = results.testResults
      .map((r) => ({
        file: path.relative(process.cwd(), r.testFilePath),
        ms: r.perfStats.end - r.perfStats.start,
        tests: r.numPassingTests + r.numFailingTests,
      }))
      .sort((a, b) => b.ms - a.ms);
    fs.mkdirSync(path.join(dir, 'files'), { recursive: true });
    fs.writeFileSync(path.join(dir, 'files', `${this.name}.json`), JSON.stringify(files, null, 1) + '\n');
  }
}
module.exports = SummaryReporter;
