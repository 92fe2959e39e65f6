// Totals the per-suite results every runner writes to test-output/results and prints the closing line CI reads.
// Usage: node scripts/test-summary.mjs [suite …]: each named suite must have written results, else it counts as failed.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const EXPECTED_SUITES = ['scripts', 'contracts', 'local-mongo', 'typecheck', 'api', 'web', 'e2e'];

/** "46.0 s" under a minute, "7 min 56 s" above: how long a suite's runner took, as its reporter measured it. */
export function formatDuration(ms) {
  if (typeof ms !== 'number' || !Number.isFinite(ms)) return '';
  if (ms < 60_000) return `${(ms / 1000).toFixed(1)} s`;
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
}

// CX_RESULTS_DIR: where the runners wrote (the browser journeys' runner reads the same variable).
const dir = process.env.CX_RESULTS_DIR ?? join(import.meta.dirname, '..', 'test-output', 'results');
const expected = process.argv.length > 2 ? process.argv.slice(2) : EXPECTED_SUITES;
let passed = 0;
let failed = 0;
let skipped = 0;
let totalMs = 0;
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
    totalMs += r.durationMs ?? 0;
    const skips = r.skipped ? ` ${String(r.skipped).padStart(4)} skipped` : '';
    const took = formatDuration(r.durationMs);
    rows.push(
      `  ${r.suite.padEnd(12)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed${skips}` +
        (took ? `   ${took.padStart(12)}` : ''),
    );
  }
}
for (const suite of expected.filter((s) => !seen.has(s))) {
  failed += 1;
  rows.push(`  ${suite.padEnd(12)}     - did not run or wrote no results: counted as 1 failed`);
}
console.log(
  '\nTest summary by suite (runner time each, builds excluded; the typecheck of the API and the offline engine is its own row):',
);
console.log(rows.join('\n') || '  (no results were written)');
if (totalMs) console.log(`  ${'total'.padEnd(12)} ${formatDuration(totalMs)} in the runners`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
