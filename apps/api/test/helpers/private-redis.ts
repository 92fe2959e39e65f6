// A private redis-server on a free port that a test can stop and start again (Redis outages); import it FIRST: it
// points REDIS_URL at that port before src/config/env.ts is read, without starting the server yet.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { createConnection } from 'node:net';
import { delimiter, join } from 'node:path';

function findBinary(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter).filter(Boolean)) {
    try {
      accessSync(join(dir, 'redis-server'), constants.X_OK);
      return join(dir, 'redis-server');
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

/** Picked synchronously so REDIS_URL is set before any module reads the environment. */
function freePortSync(): number {
  const script = `const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})`;
  return Number(spawnSync(process.execPath, ['-e', script], { encoding: 'utf8' }).stdout.trim());
}

const portOpen = (port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.setTimeout(500, () => done(false));
  });

async function until(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const binary = findBinary();
// CI installs redis-server (.ci/run sets CX_REQUIRE_REDIS=1): there its absence is a failure, not a skip.
if (!binary && process.env.CX_REQUIRE_REDIS === '1') throw new Error('redis-server is not installed');
const port = freePortSync();
let child: ChildProcess | undefined;

export const privateRedis = {
  /** Whether redis-server is installed: tests that need it are skipped (shown as skipped) when it is not. */
  available: binary !== undefined,
  port,
  url: `redis://127.0.0.1:${port}`,
  /** Starts (or starts again) the server on the same port, keeping nothing on disk. */
  async start(): Promise<void> {
    if (!binary) throw new Error('redis-server is not installed');
    if (child) return;
    child = spawn(
      binary,
      ['--bind', '127.0.0.1', '--port', String(port), '--save', '', '--appendonly', 'no'],
      {
        stdio: 'ignore',
      },
    );
    await until(() => portOpen(port), `redis-server on port ${port}`);
  },
  /** Freezes the server (SIGSTOP): connections stay open but nothing answers, as with a hung Redis. */
  pause(): void {
    child?.kill('SIGSTOP');
  },
  resume(): void {
    child?.kill('SIGCONT');
  },
  /** Stops the server (an outage as the API sees it: connections drop, new ones are refused). */
  async stop(): Promise<void> {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    running.kill('SIGCONT');
    await new Promise<void>((resolve) => {
      running.once('exit', () => resolve());
      running.kill('SIGKILL');
    });
    await until(async () => !(await portOpen(port)), `port ${port} to close`);
  },
};

process.env.REDIS_URL = privateRedis.url;
