// The customer-routing journey's nginx on a stubbed machine: found in order, installed with apt, or refused clearly.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { INSTRUCTION, obtainNginx } from '../prereqs/nginx.mjs';

function machine() {
  const dir = mkdtempSync(join(tmpdir(), 'cx-nginx-'));
  const bin = join(dir, 'bin');
  mkdirSync(bin);
  return { dir, bin, env: { PATH: bin, HOME: dir, NGINX_PATH: '' } };
}

function executable(file, body = '#!/bin/sh\nexit 0\n') {
  writeFileSync(file, body);
  chmodSync(file, 0o755);
  return file;
}

/** An apt-get that records its calls and "installs" nginx into bin only for the package named `provides`. */
function fakeApt(m, provides) {
  const log = join(m.dir, 'apt.log');
  executable(
    join(m.bin, 'apt-get'),
    `#!/bin/sh\necho "$DEBIAN_FRONTEND $*" >> ${log}\n` +
      `case "$*" in *"install -y -qq --no-install-recommends ${provides}") printf '#!/bin/sh\\n' > ${m.bin}/nginx; command -p chmod 755 ${m.bin}/nginx;; esac\n` +
      'exit 0\n',
  );
  return log;
}

describe('scripts/prereqs/nginx.mjs', () => {
  it('uses NGINX_PATH first, then nginx on PATH', () => {
    const m = machine();
    const own = executable(join(m.dir, 'my-nginx'));
    const onPath = executable(join(m.bin, 'nginx'));
    assert.deepEqual(obtainNginx({ env: { ...m.env, NGINX_PATH: own }, fixed: [] }), { path: own });
    assert.deepEqual(obtainNginx({ env: m.env, fixed: [] }), { path: onPath });
  });

  it('installs nginx-light with apt as root, falling back to nginx, saying so in one line', () => {
    const m = machine();
    const aptLog = fakeApt(m, 'nginx');
    const said = [];
    const result = obtainNginx({
      env: m.env,
      fixed: [],
      log: (l) => said.push(l),
      machine: { debian: true, root: true },
    });
    assert.deepEqual(result, { path: join(m.bin, 'nginx') });
    assert.equal(said.length, 1);
    assert.match(said[0], /installing Debian's nginx package with apt-get/);
    assert.deepEqual(readFileSync(aptLog, 'utf8').trim().split('\n'), [
      'noninteractive -o DPkg::Lock::Timeout=300 update -qq',
      'noninteractive -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends nginx-light',
      'noninteractive -o DPkg::Lock::Timeout=300 update -qq',
      'noninteractive -o DPkg::Lock::Timeout=300 install -y -qq --no-install-recommends nginx',
    ]);
  });

  it('gives the one-line instruction without apt or root, and refuses a bad NGINX_PATH', () => {
    const m = machine();
    assert.deepEqual(obtainNginx({ env: m.env, fixed: [], machine: { debian: false, root: true } }), {
      error: INSTRUCTION,
    });
    const bad = obtainNginx({ env: { ...m.env, NGINX_PATH: join(m.dir, 'none') }, fixed: [] });
    assert.match(bad.error, /NGINX_PATH=.* is not an executable file/);
  });
});
