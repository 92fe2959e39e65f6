// Starts the API as a real process (src/server.ts through tsx) on a port the OS picks: multi-instance tests, benches.
import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { writesFromElsewhere } from './db';

export interface ApiProcess {
  url: string;
  logs: string[];
  stop(): Promise<void>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

export async function startApiProcess(opts: {
  mongoUri: string;
  dbName: string;
  redisUrl?: string;
  env?: Record<string, string>;
}): Promise<ApiProcess> {
  // PORT=0 and the port read back from the child's "API ready … (port N," line: probing a port picked here and
  // released could find another test's server that the OS gave the same port, and report it as this one.
  // its writes bypass this worker's connection: clears cannot know which collections they touched
  const ended = writesFromElsewhere();
  const logs: string[] = [];
  let url: string | undefined;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
    cwd: join(__dirname, '..', '..'),
    env: {
      ...process.env,
      NODE_ENV: 'test',
      SEED_DEMO: 'never',
      PORT: '0',
      HOST: '127.0.0.1',
      MONGODB_URI: opts.mongoUri,
      MONGODB_DB: opts.dbName,
      REDIS_URL: opts.redisUrl ?? '',
      RATE_LIMIT_DISABLED: '1',
      LOG_LEVEL: 'warn',
      ...opts.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const push = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n').filter(Boolean)) {
      logs.push(line);
      const ready = /^API ready on .* \(port (\d+),/.exec(line);
      if (ready) url = `http://127.0.0.1:${ready[1]}`;
    }
  };
  child.once('exit', ended);
  child.stdout.on('data', push);
  child.stderr.on('data', push);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`API exited early (${child.exitCode}):\n${logs.join('\n')}`);
    if (url && (await fetch(`${url}/api/v1/health`).catch(() => undefined))?.ok) break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`API did not start within 60 s:\n${logs.join('\n')}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url: url!,
    logs,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
        child.once('exit', () => {
          clearTimeout(force);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}
