// The README's test command: prepares what a fresh machine lacks, runs every suite once, prints one closing total.
//
// Two lanes share the machine. The suites that keep every core busy (scripts, contracts, the offline engine, the API's
// jest, the web's vitest) run one after another in the foreground. Beside them, the work that mostly waits or uses one
// core — building the API and the web app, the API's typecheck, then the browser journeys (one browser page at a time,
// waiting on renders and round trips) — runs in a second lane whose output is kept in test-output/logs/ and printed
// after the first lane's. On 2 cores this overlaps the journeys' idle time with the jest run instead of adding to it.
import { spawn } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { obtainPoppler } from './prereqs/poppler.mjs';
import { obtainRedis } from './prereqs/redis.mjs';

const root = join(import.meta.dirname, '..');
const minutes = (ms) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
};
const startedAt = Date.now();
const resultsDir = join(root, 'test-output', 'results');
const logsDir = join(root, 'test-output', 'logs');
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(logsDir, { recursive: true });
mkdirSync(resultsDir, { recursive: true });

/** Runs a command; `log` (a write stream) takes its output instead of this terminal. Resolves to the exit code. */
const run = (cmd, args, { env, cwd = root, log } = {}) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd, env, stdio: log ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    if (log) {
      child.stdout.pipe(log, { end: false });
      child.stderr.pipe(log, { end: false });
    }
    child.once('error', (err) => {
      (log ?? process.stderr).write(`${cmd}: ${err.message}\n`);
      resolve(1);
    });
    child.once('close', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const redis = await obtainRedis();
if (redis.notice) console.log(redis.notice);
// pdftoppm renders a scheduled report's PDF to the PNG kept with the screenshots (the report tests say so without it).
const poppler = obtainPoppler();
if (poppler.error) console.log(poppler.error);
const env = {
  ...process.env,
  ...(redis.url ? { CX_TEST_REDIS_URL: redis.url } : {}),
  ...(poppler.path ? { PDFTOPPM_PATH: poppler.path } : {}),
};

const turbo = join(root, 'node_modules', '.bin', 'turbo');
const bin = (pkg, name) => join(root, pkg, 'node_modules', '.bin', name);

// What every suite needs first: the contracts and the offline engine, built once.
let status = await run(
  turbo,
  ['run', 'build', '--filter=@cx/contracts', '--filter=@cx/local-mongo', '--output-logs=errors-only'],
  { env },
);

// Second lane: the app builds, the typecheck (a row of its own in the summary), then the browser journeys, which
// find or install Chromium themselves (scripts/prereqs/chromium.mjs) and count as failed without it.
const laneLog = join(logsDir, 'builds-typecheck-e2e.log');
const lane = (async () => {
  const log = createWriteStream(laneLog);
  const step = (title) => log.write(`\n== ${title}\n`);
  step(
    'build the web app, and the API without type-checking (the typecheck below checks its src, tests and benches)',
  );
  let code = await run(turbo, ['run', 'build', '--filter=@cx/web', '--output-logs=errors-only'], {
    env,
    log,
  });
  // `pnpm build` checks the API's types as it emits; here that would check src a second time (~30 s of one core).
  code =
    (await run(bin('apps/api', 'tsc'), ['-p', 'tsconfig.build.json', '--noCheck'], {
      env,
      cwd: join(root, 'apps/api'),
      log,
    })) || code;
  // The jest suites only transpile: the types of the API's and the offline engine's src, tests and benches are
  // checked here, once each.
  step('typecheck: the API and the offline engine (src, tests, benches)');
  const typecheckStarted = Date.now();
  let typecheck = 0;
  for (const pkg of ['apps/api', 'packages/local-mongo']) {
    typecheck =
      (await run(bin(pkg, 'tsc'), ['-p', 'tsconfig.json', '--noEmit'], { env, cwd: join(root, pkg), log })) ||
      typecheck;
  }
  writeFileSync(
    join(resultsDir, 'typecheck.json'),
    JSON.stringify({
      suite: 'typecheck',
      passed: typecheck === 0 ? 1 : 0,
      failed: typecheck === 0 ? 0 : 1,
      durationMs: Date.now() - typecheckStarted,
    }) + '\n',
  );
  step('browser journeys');
  // Without the builds the journeys would test a stale or missing app: they then count as not run (failed).
  if (code === 0)
    code = await run(turbo, ['run', 'test', '--filter=@cx/e2e', '--only', '--output-logs=full'], {
      env,
      log,
    });
  await new Promise((resolve) => log.end(resolve));
  return code || typecheck;
})();
console.log(
  `Building the apps, the typecheck and the browser journeys run beside the suites below: ${laneLog}`,
);

// First lane, in the foreground.
const suites = [
  [
    turbo,
    [
      'run',
      'test',
      '--filter=@cx/scripts',
      '--filter=@cx/contracts',
      '--filter=@cx/local-mongo',
      '--only',
      '--concurrency=1',
      '--continue',
    ],
  ],
  // The API's jest alone: its typecheck runs in the second lane.
  [bin('apps/api', 'jest'), [], join(root, 'apps/api')],
  [bin('apps/web', 'vitest'), ['run'], join(root, 'apps/web')],
];
for (const [cmd, args, cwd] of suites) status = (await run(cmd, args, { env, cwd })) || status;

console.log('\nWaiting for the second lane (app builds, typecheck, browser journeys) to finish…');
const laneStatus = await lane;
await redis.stop();
console.log(`\n==== ${laneLog}`);
console.log(readFileSync(laneLog, 'utf8'));

const summary = await run(process.execPath, [join(root, 'scripts', 'test-summary.mjs')], { env });
console.log(`The test command took ${minutes(Date.now() - startedAt)} in all (wall clock, both lanes).`);
process.exit(summary || status || laneStatus);
