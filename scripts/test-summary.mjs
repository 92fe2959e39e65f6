// Totals the per-suite results every runner writes to test-output/results and prints the closing line CI reads.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const dir = join(import.meta.dirname, '..', 'test-output', 'results');
let passed = 0;
let failed = 0;
let skipped = 0;
const rows = [];
if (existsSync(dir)) {
  for (const f of readdirSync(dir)
    .filter((n) => n.endsWith('.json'))
    .sort()) {
    const r = JSON.parse(readFileSync(join(dir, f), 'utf8'));
    passed += r.passed;
    failed += r.failed;
    skipped += r.skipped ?? 0;
    rows.push(
      `  ${r.suite.padEnd(12)} ${String(r.passed).padStart(5)} passed ${String(r.failed).padStart(4)} failed`,
    );
  }
}
console.log('\nTest summary by suite:');
console.log(rows.join('\n') || '  (no results were written)');
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 || passed === 0 ? 1 : 0);
