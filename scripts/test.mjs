// The README's test command: prepares what a fresh machine lacks, runs every suite once, prints one closing total.
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { obtainPoppler } from './prereqs/poppler.mjs';
import { obtainRedis } from './prereqs/redis.mjs';

const root = join(import.meta.dirname, '..');
rmSync(join(root, 'test-output', 'results'), { recursive: true, force: true });

const run = (cmd, args, env) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: root, env, stdio: 'inherit' });
    child.once('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
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

// The browser journeys find or install Chromium themselves (scripts/prereqs/chromium.mjs), and count as failed without it.
const turbo = join(root, 'node_modules', '.bin', 'turbo');
const status = await run(turbo, ['run', 'test', '--concurrency=1', '--continue'], env);
await redis.stop();

const summary = await run(process.execPath, [join(root, 'scripts', 'test-summary.mjs')], env);
process.exit(summary || status);
