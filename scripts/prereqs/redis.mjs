// Gives the tests a Redis for shared-state checks: CX_TEST_REDIS_URL, one on 127.0.0.1:6379, or a private redis-server.
import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createConnection, createServer } from 'node:net';
import { delimiter, join } from 'node:path';

export const SKIP_NOTICE =
  'Redis not found: the tests of state shared between API instances (rate limits, socket fan-out) are skipped; install redis-server or set CX_TEST_REDIS_URL to run them.';

function reachable(url, timeoutMs = 1000) {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = createConnection({ host: hostname, port: Number(port || 6379) });
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(timeoutMs, () => done(false));
  });
}

function redisServerBinary(env) {
  for (const dir of (env.PATH ?? '').split(delimiter).filter(Boolean)) {
    const file = join(dir, 'redis-server');
    try {
      accessSync(file, constants.X_OK);
      return file;
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });

/**
 * { url, stop } for the tests, or { url: undefined, notice } when no Redis can be had (those tests then skip, except
 * under CX_REQUIRE_REDIS=1 where they fail). A private server keeps nothing on disk and is stopped by stop().
 */
export async function obtainRedis({ env = process.env, local = 'redis://127.0.0.1:6379' } = {}) {
  const none = { url: undefined, stop: async () => undefined };
  if (env.CX_TEST_REDIS_URL) return { ...none, url: env.CX_TEST_REDIS_URL };
  if (await reachable(local)) return { ...none, url: local };
  const binary = redisServerBinary(env);
  if (!binary) return { ...none, notice: SKIP_NOTICE };
  const port = await freePort();
  const child = spawn(
    binary,
    ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
    {
      stdio: 'ignore',
    },
  );
  const url = `redis://127.0.0.1:${port}`;
  for (let i = 0; i < 50 && !(await reachable(url, 200)); i += 1)
    await new Promise((r) => setTimeout(r, 100));
  if (!(await reachable(url))) {
    child.kill();
    return { ...none, notice: `redis-server did not start on port ${port}. ${SKIP_NOTICE}` };
  }
  return {
    url,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
