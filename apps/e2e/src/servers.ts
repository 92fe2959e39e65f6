// Starts what a journey drives: MongoDB (via the resolver), the built API as a real process, and `vite preview` of the web app.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startMongo } from '@cx/local-mongo';
import { stopProcess, track } from './children';

export const REPO_ROOT = join(__dirname, '..', '..', '..');

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

/** Waits for `url` to answer 200; a failure names the process and quotes its last log lines. */
async function waitForHttp(
  url: string,
  proc: ChildProcess,
  label: string,
  logs: string[],
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  const tail = () => `\n${logs.slice(-20).join('\n')}`;
  while (Date.now() < deadline) {
    if (proc.exitCode !== null) throw new Error(`${label} exited early with code ${proc.exitCode}${tail()}`);
    if ((await fetch(url).catch(() => undefined))?.ok) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${label} did not answer ${url} within ${timeoutMs} ms${tail()}`);
}

function pipeLogs(proc: ChildProcess, label: string, sink: string[]): void {
  const push = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) sink.push(`[${label}] ${line}`);
    if (sink.length > 2000) sink.splice(0, sink.length - 2000);
  };
  proc.stdout?.on('data', push);
  proc.stderr?.on('data', push);
}

export interface Stack {
  apiUrl: string;
  webUrl: string;
  mongoUri: string;
  dbName: string;
  logs: string[];
  stop(): Promise<void>;
}

export async function startStack(opts: { smtpPort: number }): Promise<Stack> {
  const logs: string[] = [];
  const mongo = await startMongo({ log: (l) => logs.push(l) });
  const [apiPort, webPort] = [await freePort(), await freePort()];
  const apiUrl = `http://127.0.0.1:${apiPort}`;
  const webUrl = `http://127.0.0.1:${webPort}`;
  const dbName = 'cx_e2e';

  const started: ChildProcess[] = [];
  const stop = async () => {
    await Promise.all(started.map((p) => stopProcess(p)));
    await mongo.stop();
  };
  try {
    const api = track(
      spawn(process.execPath, [join(REPO_ROOT, 'apps/api/dist/server.js')], {
        cwd: join(REPO_ROOT, 'apps/api'),
        env: {
          ...process.env,
          NODE_ENV: 'development',
          SEED_DEMO: 'always',
          PORT: String(apiPort),
          HOST: '127.0.0.1',
          MONGODB_URI: mongo.uri,
          MONGODB_DB: dbName,
          SMTP_URL: `smtp://127.0.0.1:${opts.smtpPort}`,
          PUBLIC_WEB_URL: webUrl,
          PUBLIC_API_URL: apiUrl,
          WEB_ORIGIN: webUrl,
          LOG_LEVEL: 'warn',
          // Journeys sign in many times from one address; limits are covered by the API tests. The per-account login
          // limit stays on: it refuses nobody, and the account journey signs in while strangers pass it.
          RATE_LIMIT_DISABLED: '1',
          RATE_LIMIT_KEEP: 'login-email',
          REDIS_URL: '',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      }),
    );
    started.push(api);
    pipeLogs(api, 'api', logs);
    // Seeding the demo business before listening can take a while on a busy machine: hence waitForHttp's long wait.
    await waitForHttp(`${apiUrl}/api/v1/health`, api, 'API', logs);

    const web = track(
      spawn(
        join(REPO_ROOT, 'apps/web/node_modules/.bin/vite'),
        ['preview', '--host', '127.0.0.1', '--port', String(webPort), '--strictPort'],
        {
          cwd: join(REPO_ROOT, 'apps/web'),
          env: { ...process.env, API_PROXY_TARGET: apiUrl },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      ),
    );
    started.push(web);
    pipeLogs(web, 'web', logs);
    await waitForHttp(`${webUrl}/`, web, 'web preview', logs);
  } catch (err) {
    // A stack that did not come up is taken down again: no API or preview server outlives the failed start.
    await stop();
    throw err;
  }
  return { apiUrl, webUrl, mongoUri: mongo.uri, dbName, logs, stop };
}
