// The test command's Chromium resolution on a stubbed machine: found in order, installed with apt, or refused clearly.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { INSTRUCTION, obtainChromium } from '../prereqs/chromium.mjs';

const root = join(import.meta.dirname, '..', '..');

/** A fake machine: an empty HOME, a PATH of our own directories, and no browser at the usual places. */
function machine() {
  const dir = mkdtempSync(join(tmpdir(), 'cx-chromium-'));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  return { dir, bin, env: { PATH: bin, HOME: dir, CHROMIUM_PATH: '' }, fixed: [] };
}

function executable(file, body = '#!/bin/sh\nexit 0\n') {
  writeFileSync(file, body);
  chmodSync(file, 0o755);
  return file;
}

/** An apt-get that records its arguments and environment, and "installs" chromium into bin on install. */
function fakeApt(m, { installs = true } = {}) {
  const log = join(m.dir, 'apt.log');
  executable(
    join(m.bin, 'apt-get'),
    `#!/bin/sh\necho "$DEBIAN_FRONTEND $*" >> ${log}\n` +
      (installs
        ? `case "$*" in *install*chromium*) printf '#!/bin/sh\\n' > ${m.bin}/chromium; command -p chmod 755 ${m.bin}/chromium;; esac\n`
        : '') +
      'exit 0\n',
  );
  return log;
}

describe('scripts/prereqs/chromium.mjs', () => {
  it('uses CHROMIUM_PATH first when it names an executable', () => {
    const m = machine();
    const chrome = executable(join(m.dir, 'my-chrome'));
    executable(join(m.bin, 'chromium'));
    assert.deepEqual(obtainChromium({ env: { ...m.env, CHROMIUM_PATH: chrome }, fixed: [] }), {
      path: chrome,
    });
  });

  it('refuses a CHROMIUM_PATH that is not an executable, with the instruction', () => {
    const m = machine();
    const result = obtainChromium({ env: { ...m.env, CHROMIUM_PATH: join(m.dir, 'missing') }, fixed: [] });
    assert.match(result.error, /is not an executable file/);
    assert.match(result.error, /apt-get install -y chromium/);
  });

  it('finds a browser on PATH when CHROMIUM_PATH is empty', () => {
    const m = machine();
    const found = executable(join(m.bin, 'google-chrome'));
    assert.deepEqual(obtainChromium({ env: m.env, fixed: [] }), { path: found });
  });

  it('finds a Playwright-managed Chromium under the home cache', () => {
    const m = machine();
    const dir = join(m.dir, '.cache', 'ms-playwright', 'chromium-1200', 'chrome-linux64');
    mkdirSync(dir, { recursive: true });
    const chrome = executable(join(dir, 'chrome'));
    assert.deepEqual(obtainChromium({ env: m.env, fixed: [] }), { path: chrome });
  });

  it("installs Debian's chromium with apt non-interactively as root, saying so in one line", () => {
    const m = machine();
    const aptLog = fakeApt(m);
    const said = [];
    const result = obtainChromium({
      env: m.env,
      fixed: [],
      log: (l) => said.push(l),
      machine: { debian: true, root: true },
    });
    assert.deepEqual(result, { path: join(m.bin, 'chromium') });
    assert.equal(said.length, 1);
    assert.match(said[0], /installing Debian's chromium package with apt-get/);
    const calls = readFileSync(aptLog, 'utf8').trim().split('\n');
    assert.deepEqual(calls, [
      'noninteractive -o DPkg::Lock::Timeout=300 update -qq',
      'noninteractive -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends chromium',
    ]);
  });

  it('does not try apt when not root and without passwordless sudo, and gives the instruction', () => {
    const m = machine();
    const aptLog = fakeApt(m);
    const result = obtainChromium({
      env: m.env,
      fixed: [],
      log: () => undefined,
      machine: { debian: true, root: false },
    });
    assert.deepEqual(result, { error: INSTRUCTION });
    assert.throws(() => readFileSync(aptLog), /ENOENT/);
  });

  it('gives the one-line instruction when apt is unavailable and no browser exists', () => {
    const m = machine();
    assert.deepEqual(obtainChromium({ env: m.env, fixed: [], machine: { debian: true, root: true } }), {
      error: INSTRUCTION,
    });
  });

  it('says apt failed when the package installs no browser', () => {
    const m = machine();
    fakeApt(m, { installs: false });
    const result = obtainChromium({
      env: m.env,
      fixed: [],
      log: () => undefined,
      machine: { debian: true, root: true },
    });
    assert.match(result.error, /^apt-get could not install chromium\. /);
  });

  it('counts the browser suite as failed and exits non-zero when Chromium cannot be had', () => {
    const results = mkdtempSync(join(tmpdir(), 'cx-results-'));
    const run = spawnSync(
      join(root, 'apps', 'e2e', 'node_modules', '.bin', 'tsx'),
      [join(root, 'apps', 'e2e', 'src', 'run.ts')],
      {
        cwd: join(root, 'apps', 'e2e'),
        env: { ...process.env, CHROMIUM_PATH: join(results, 'no-such-browser'), CX_RESULTS_DIR: results },
        encoding: 'utf8',
        timeout: 120_000,
      },
    );
    assert.equal(run.status, 1, run.stdout + run.stderr);
    assert.match(run.stdout, /browser journeys could not run: CHROMIUM_PATH=.* is not an executable file/);
    const written = JSON.parse(readFileSync(join(results, 'e2e.json'), 'utf8'));
    assert.equal(written.passed, 0);
    assert.ok(written.failed >= 1);
  });
});
