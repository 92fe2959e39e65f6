// The test command's Redis: a configured URL, the usual local port, a private redis-server it starts, or a clear skip notice.
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { SKIP_NOTICE, obtainRedis } from '../prereqs/redis.mjs';

/** A port nothing listens on, standing in for "no Redis on 6379". */
const CLOSED = 'redis://127.0.0.1:1';

function emptyPath() {
  const bin = join(mkdtempSync(join(tmpdir(), 'cx-redis-')), 'bin');
  mkdirSync(bin);
  return bin;
}

/** A stand-in redis-server: listens on the --port it is given (what the script checks before using it). */
function fakeRedisServer(bin) {
  const file = join(bin, 'redis-server');
  writeFileSync(
    file,
    `#!${process.execPath}\nconst a=process.argv;const p=Number(a[a.indexOf('--port')+1]);\n` +
      `require('net').createServer((s)=>s.end()).listen(p,'127.0.0.1');process.on('SIGTERM',()=>process.exit(0));\n`,
  );
  chmodSync(file, 0o755);
}

const connects = (url) =>
  new Promise((resolve) => {
    const { hostname, port } = new URL(url);
    const s = createConnection({ host: hostname, port: Number(port) });
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
  });

describe('scripts/prereqs/redis.mjs', () => {
  it('uses CX_TEST_REDIS_URL when it is set', async () => {
    const r = await obtainRedis({ env: { CX_TEST_REDIS_URL: 'redis://example:1234' }, local: CLOSED });
    assert.equal(r.url, 'redis://example:1234');
  });

  it('starts a private redis-server on a free port when none answers, and stops it afterwards', async () => {
    const bin = emptyPath();
    fakeRedisServer(bin);
    const r = await obtainRedis({ env: { PATH: bin }, local: CLOSED });
    assert.match(r.url, /^redis:\/\/127\.0\.0\.1:\d+$/);
    assert.equal(await connects(r.url), true);
    await r.stop();
    assert.equal(await connects(r.url), false);
  });

  it('says the shared-state tests are skipped when no Redis can be had', async () => {
    const r = await obtainRedis({ env: { PATH: emptyPath() }, local: CLOSED });
    assert.equal(r.url, undefined);
    assert.equal(r.notice, SKIP_NOTICE);
  });
});
