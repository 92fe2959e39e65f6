// The faults bench's processes: the engine (own process) behind a TCP outage proxy, a private redis-server, two APIs.
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createTcpServer, connect, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { startEngineProcess, type EngineProcess } from '@cx/local-mongo';
import { freePort } from '../../test/helpers/api-process';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** FAULTS_FROM_SOURCE=1: the APIs run src/server.ts through tsx (no build needed; slower to start), e.g. in the smoke. */
export const API_FROM_SOURCE = process.env.FAULTS_FROM_SOURCE === '1';

/** Resolves with the exit code (null when killed by a signal) once the child has gone; at once if it already has. */
export function exited(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => child.once('exit', (code) => resolve(code)));
}

/** A TCP hop between the APIs and MongoDB that can drop every connection and refuse new ones: an outage on demand. */
export async function outageProxy(target: { host: string; port: number }) {
  let down = false;
  const open = new Set<Socket>();
  const server: Server = createTcpServer((client) => {
    if (down) return client.destroy();
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on('close', () => open.delete(s));
      s.on('error', () => s.destroy());
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const port = await freePort();
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', () => r()));
  return {
    uri: `mongodb://127.0.0.1:${port}/`,
    cut() {
      down = true;
      for (const s of open) s.destroy();
    },
    restore() {
      down = false;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const s of open) s.destroy();
        server.close(() => r());
      }),
  };
}
export type OutageProxy = Awaited<ReturnType<typeof outageProxy>>;

/** A private redis-server on a fixed free port (no persistence), stoppable and restartable on that same port. */
export async function privateRedis() {
  const port = await freePort();
  let child: ChildProcess | null = null;
  const start = async () => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    const proc = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    child = proc;
    await new Promise<void>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => reject(new Error(`redis-server not ready: ${out.slice(-500)}`)), 10_000);
      proc.stdout?.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      proc.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited with ${code}: ${out.slice(-500)}`));
      });
    });
  };
  const stop = async () => {
    if (!child) return;
    const proc = child;
    child = null;
    proc.kill('SIGTERM');
    await exited(proc);
  };
  await start();
  return { url: `redis://127.0.0.1:${port}`, start, stop };
}
export type PrivateRedis = Awaited<ReturnType<typeof privateRedis>>;

/** One API instance: the built dist/server.js (or the source) on a fixed port, restartable; keeps the tail of its error log lines. */
export class ApiInstance {
  readonly url: string;
  child: ChildProcess | null = null;
  /** Error-level log messages since the last `takeErrors()`. */
  private errors: string[] = [];
  /** Set while the bench itself stops or restarts this instance, so its exit is not taken for a crash. */
  private intended = false;
  /** Exits nobody asked for, each with the last lines the process printed. */
  crashes: string[] = [];

  constructor(
    readonly name: string,
    private readonly port: number,
    private readonly env: Record<string, string>,
  ) {
    this.url = `http://127.0.0.1:${port}`;
  }

  static async create(name: string, env: Record<string, string>): Promise<ApiInstance> {
    return new ApiInstance(name, await freePort(), env);
  }

  async start(timeoutMs = 60_000): Promise<void> {
    const entry = API_FROM_SOURCE
      ? ['--import', 'tsx', 'src/server.ts']
      : [join(__dirname, '..', '..', 'dist', 'server.js')];
    const child = spawn(process.execPath, entry, {
      cwd: join(__dirname, '..', '..'),
      env: { ...process.env, ...this.env, PORT: String(this.port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    this.intended = true;
    let tail: string[] = [];
    child.once('exit', (code, signal) => {
      if (this.intended) return;
      // The thrown error's own line (a stack's tail says only where), else the last thing printed.
      const why = [...tail].reverse().find((l) => /\b\w*Error\b/.test(l) && !/^\s+at /.test(l));
      this.crashes.push(`exit ${code ?? signal}: ${(why ?? tail.at(-1) ?? '').trim().slice(0, 200)}`);
    });
    const keep = (chunk: Buffer) => {
      for (const line of chunk.toString().split('\n')) {
        if (line.trim()) tail = [...tail.slice(-15), line.slice(0, 200)];
        if (!line.startsWith('{')) continue;
        try {
          const entry = JSON.parse(line) as { msg?: string; err?: { message?: string } | string };
          const why = typeof entry.err === 'string' ? entry.err : entry.err?.message;
          this.errors.push(`${entry.msg ?? '?'}${why ? `: ${why.slice(0, 120)}` : ''}`);
        } catch {
          // a partial line split across chunks: not worth reassembling for a diagnostic tally
        }
      }
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const deadline = Date.now() + timeoutMs;
    while (!(await this.healthy())) {
      if (child.exitCode !== null) throw new Error(`${this.name} exited during start (${child.exitCode})`);
      if (Date.now() > deadline)
        throw new Error(`${this.name} did not answer /health within ${timeoutMs} ms`);
      await sleep(100);
    }
    this.intended = false;
  }

  /** Started, healthy once, and since gone without the bench asking: what a process manager would restart. */
  crashed(): boolean {
    return !this.intended && this.child !== null && !this.alive();
  }

  async healthy(): Promise<boolean> {
    try {
      const res = await fetch(`${this.url}/api/v1/health`, { signal: AbortSignal.timeout(2000) });
      return res.ok;
    } catch {
      return false;
    }
  }

  alive(): boolean {
    return this.child !== null && this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Sends the signal and waits for the process to go; resolves with its exit code (null when killed). */
  async signal(sig: 'SIGKILL' | 'SIGTERM'): Promise<number | null> {
    const child = this.child;
    if (!child) return null;
    this.intended = true;
    child.kill(sig);
    return exited(child);
  }

  /** Graceful stop with a hard kill after 15 s. */
  async stop(): Promise<void> {
    const child = this.child;
    if (!child || !this.alive()) return;
    this.intended = true;
    const force = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.kill('SIGTERM');
    await exited(child);
    clearTimeout(force);
  }

  takeErrors(): string[] {
    const out = this.errors;
    this.errors = [];
    return out;
  }
}

export interface Topology {
  engine: EngineProcess;
  proxy: OutageProxy;
  redis: PrivateRedis;
  apis: ApiInstance[];
  /** The engine's own address (not through the proxy): where the bench counts. */
  directUri: string;
  stop(): Promise<void>;
}

/** Engine process → outage proxy → two APIs sharing it and a private Redis (REDIS_URL on both). */
export async function startTopology(dbName: string): Promise<Topology> {
  const engine = await startEngineProcess({ maxOldSpaceMb: 2048 });
  const { hostname, port } = new URL(engine.uri.replace(/^mongodb:/, 'http:'));
  const proxy = await outageProxy({ host: hostname, port: Number(port) });
  const redis = await privateRedis();
  const env = {
    NODE_ENV: 'development',
    MONGODB_URI: proxy.uri,
    MONGODB_DB: dbName,
    SEED_DEMO: 'never',
    REDIS_URL: redis.url,
    // The per-IP limits stay on (each request has its own address, so none trips): Redis is in every submit's path.
    RATE_LIMIT_DISABLED: '0',
  };
  const apis = [await ApiInstance.create('api-a', env), await ApiInstance.create('api-b', env)];
  // One at a time: both creating indexes on an empty database at once only adds start-up noise.
  for (const api of apis) await api.start();
  return {
    engine,
    proxy,
    redis,
    apis,
    directUri: engine.uri,
    async stop() {
      await Promise.all(apis.map((a) => a.stop()));
      await redis.stop();
      await proxy.close();
      await engine.stop();
    },
  };
}
