// Vitest reporter that writes {suite, passed, failed, skipped, durationMs} to <repo>/test-output/results/web.json for CI.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Reporter, SerializedError, TestModule } from 'vitest/node';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..');
const resultsDir = path.join(repoRoot, 'test-output', 'results');

export default class SummaryReporter implements Reporter {
  private startedAt = Date.now();

  onInit(): void {
    this.startedAt = Date.now();
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    let passed = 0;
    let failed = 0;
    let skipped = 0;
    for (const testModule of testModules) {
      // A file that fails to import has no test cases; count it so a broken suite never reads as green.
      if (testModule.errors().length > 0) failed += 1;
      for (const testCase of testModule.children.allTests()) {
        const state = testCase.result().state;
        if (state === 'passed') passed += 1;
        else if (state === 'failed') failed += 1;
        else skipped += 1;
      }
    }
    failed += unhandledErrors.length;
    fs.mkdirSync(resultsDir, { recursive: true });
    const summary = { suite: 'web', passed, failed, skipped, durationMs: Date.now() - this.startedAt };
    fs.writeFileSync(path.join(resultsDir, 'web.json'), JSON.stringify(summary) + '\n');
  }
}
