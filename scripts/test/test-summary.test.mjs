// The closing summary: one row per suite with its counts and how long its runner took, and the total line CI reads.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';

const script = join(import.meta.dirname, '..', 'test-summary.mjs');

function summarise(results, expected = []) {
  const dir = mkdtempSync(join(tmpdir(), 'cx-summary-'));
  for (const r of results) writeFileSync(join(dir, `${r.suite}.json`), JSON.stringify(r));
  const run = spawnSync(process.execPath, [script, ...expected], {
    env: { ...process.env, CX_RESULTS_DIR: dir },
    encoding: 'utf8',
  });
  return { out: run.stdout, status: run.status };
}

describe('test summary', () => {
  it("prints each suite's duration next to its counts, and the runners' total", () => {
    const { out, status } = summarise(
      [
        { suite: 'api', passed: 900, failed: 0, skipped: 0, durationMs: 476_400 },
        { suite: 'contracts', passed: 40, failed: 0, skipped: 0, durationMs: 14_250 },
      ],
      ['api', 'contracts'],
    );
    assert.equal(status, 0);
    assert.match(out, /^ {2}api +900 passed +0 failed +7 min 56 s$/m);
    assert.match(out, /^ {2}contracts +40 passed +0 failed +14\.3 s$/m);
    assert.match(out, /^ {2}total +8 min 11 s in the runners$/m);
    assert.match(out, /^940 passed, 0 failed$/m);
  });

  it('counts a named suite that wrote nothing as one failure, and a result without a duration still adds up', () => {
    const { out, status } = summarise([{ suite: 'web', passed: 3, failed: 1 }], ['web', 'api-via-uri']);
    assert.equal(status, 1);
    assert.match(out, /^ {2}web +3 passed +1 failed$/m);
    assert.match(out, /api-via-uri +- did not run or wrote no results: counted as 1 failed/);
    assert.match(out, /^3 passed, 2 failed$/m);
  });
});
