// Test order: the files that take longest start first, so neither worker is left alone at the end with a long one.
// Jest orders by the durations it remembers from earlier runs, and on a fresh clone (no memory) by file size, which
// put the fuzz and the bench smoke (short files, minutes of work) last: the run ended with one worker busy, one idle.
const path = require('node:path');

const fromJest = (id) => require.resolve(id, { paths: [path.dirname(require.resolve('jest/package.json'))] });
const core = path.dirname(fromJest('@jest/core/package.json'));
const Sequencer = require(require.resolve('@jest/test-sequencer', { paths: [core] })).default;

/** The longest files, longest first (measured on 2 cores; a file renamed or removed here is simply not found). */
const LONGEST = [
  'test/security/fuzz.test.ts',
  'test/bench/benches-smoke.test.ts',
  'test/races/shift-overlap.test.ts',
  'test/security/isolation.test.ts',
  'test/analytics/rebuild.test.ts',
  'test/files/upload-decoding.test.ts',
  'test/rota/demo-seed.test.ts',
  'test/seed/demo-comments.test.ts',
  'test/security/limits-caps.test.ts',
  'test/analytics/figures.property.test.ts',
  'test/pipeline/rebuild-concurrent.test.ts',
  'test/files/image-variants.test.ts',
  'test/lib/redis-startup.test.ts',
  'test/feedback/visit-flood.test.ts',
  'test/docs/openapi-client.test.ts',
  'test/stores/tenancy.test.ts',
  'test/users/secrets.test.ts',
  'test/feedback/rollups.test.ts',
  'test/feedback/anti-gaming.test.ts',
  'test/integrations/webhooks-pacing.test.ts',
];

class LongestFirst extends Sequencer {
  sort(tests) {
    const sorted = super.sort(tests);
    const rank = (t) => {
      const i = LONGEST.indexOf(path.relative(t.context.config.rootDir, t.path).split(path.sep).join('/'));
      return i === -1 ? LONGEST.length : i;
    };
    // Stable: the remembered (or size) order stays among the rest.
    return sorted
      .map((t, i) => [t, i])
      .sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1])
      .map(([t]) => t);
  }
}

module.exports = LongestFirst;
