// Totals the per-suite results every runner writes to test-output/results and prints the closing line CI reads.
// Usage: node scripts/test-summary.mjs [suite …]: each named suite must have written results, else it counts as failed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const EXPECTED_SUITES = ['scripts', 'contracts', 'local-mongo', 'api', 'web', 'e2e'];

const dir = join(import.meta.dirname, '..', 'test-output', 'results');
const expected = process.argv.length > 2 ? process.argv.slice(2) : EXPECTED_SUITES;
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
const seen = new Set();
if (existsSync(dir)) {
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const r = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    seen.add(r.suite);
    passed += r.passed;
    failed += r.failed;
    skipped += r.skipped ?? 0;
    const skips = r.skipped ? ` ${String(r.skipped).padStart(4)} skipped` : '';
    rows.push(
      `  ${r.suite.padEnd(12)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed${skips}`,
    );
  }
}
for (const suite of expected.filter((s) => !seen.has(s))) {
  failed += 1;
  rows.push(`  ${suite.padEnd(12)}     - did not run or wrote no results: counted as 1 failed`);
}
console.log('\nTest summary by suite:');
console.log(rows.join('\n') || '  (no results were written)');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
