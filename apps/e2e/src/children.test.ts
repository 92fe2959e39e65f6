// A run leaves no nginx behind: not when nginx fails to come up, not when the run itself dies with nginx running.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { before, describe, it } from 'node:test';
import { obtainNginx } from '../../../scripts/prereqs/nginx.mjs';
import { startNginx } from './nginx';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The processes whose parent is `pid` (nginx's workers), from /proc. */
const childrenOf = (pid: number) =>
  readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        return readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]?.split(' ')[1] === String(pid);
      } catch {
        return false;
      }
    });

/** The pids of nginx masters started by startNginx (their command line names a cx-nginx- prefix directory). */
const ourNginxes = () =>
  new Set(
    readdirSync('/proc')
      .filter((d) => /^\d+$/.test(d))
      .filter((d) => {
        try {
          return readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(join(tmpdir(), 'cx-nginx-'));
        } catch {
          return false;
        }
      }),
  );

async function gone(pid: number, ms = 10_000): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (!alive(pid)) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return !alive(pid);
}

function site(withIndex: boolean) {
  const web = mkdtempSync(join(tmpdir(), 'cx-nginx-web-'));
  if (withIndex) writeFileSync(join(web, 'index.html'), '<!doctype html><title>up</title>');
  const customerHeaders = join(web, 'customer-headers.conf');
  writeFileSync(customerHeaders, '');
  return { webRoot: web, customerHeaders };
}

describe('nginx for the routing journey', { timeout: 120_000 }, () => {
  before(() => {
    const nginx = obtainNginx();
    assert.ok(nginx.path, nginx.error);
  });

  it('answers once started, and stop() ends the master and its worker', async () => {
    const nginx = await startNginx('http://127.0.0.1:9', site(true));
    assert.equal((await fetch(`${nginx.url}/`)).status, 200);
    const workers = childrenOf(nginx.pid);
    assert.ok(workers.length >= 1, 'nginx runs a worker');
    await nginx.stop();
    assert.equal(alive(nginx.pid), false);
    for (const w of workers) assert.equal(await gone(Number(w)), true, `worker ${w} stopped`);
  });

  it('stops an nginx that answers with an error instead of leaving it running, and says what it answered', async () => {
    const running = ourNginxes();
    const dirs = () => readdirSync(tmpdir()).filter((d) => /^cx-nginx-(?!web-)/.test(d));
    const before = new Set(dirs());
    await assert.rejects(startNginx('http://127.0.0.1:9', site(false)), /nginx answered .* with 500/);
    assert.deepEqual(
      [...ourNginxes()].filter((pid) => !running.has(pid)),
      [],
      'no nginx left running',
    );
    assert.deepEqual(
      dirs().filter((d) => !before.has(d)),
      [],
      'its prefix directory is removed',
    );
  });

  it('stops nginx when the run that started it dies of an uncaught error', async () => {
    const tsx = join(__dirname, '..', 'node_modules', '.bin', 'tsx');
    const child = spawn(tsx, [join(__dirname, 'testing', 'dies-holding-nginx.ts')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.notEqual(code, 0, 'the run failed');
    const pid = Number(/nginx pid (\d+)/.exec(out)?.[1]);
    assert.ok(pid > 0, `the run had started nginx: ${out}`);
    assert.equal(await gone(pid), true, 'its nginx stopped with it');
    assert.equal(existsSync(`/proc/${pid}`), false);
  });
});
