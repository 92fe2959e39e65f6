// node:test reporter writing {suite, passed, failed, skipped, durationMs} to test-output/results/scripts.json like the other runners.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export default async function* summaryReporter(source) {
  const started = Date.now();
  let passed = 0;
  let failed = 0;
  let skipped = 0;
  for await (const event of source) {
    // Only leaf tests count (suites report too, with nesting 0 and type 'suite').
    if (event.data?.details?.type === 'suite') continue;
    if (event.type === 'test:pass') {
      if (event.data.skip || event.data.todo) skipped += 1;
      else passed += 1;
    }
    if (event.type === 'test:fail') failed += 1;
  }
  const dir = join(import.meta.dirname, '..', '..', 'test-output', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, 'scripts.json'),
    JSON.stringify({ suite: 'scripts', passed, failed, skipped, durationMs: Date.now() - started }) + '\n',
  );
  yield '';
}
