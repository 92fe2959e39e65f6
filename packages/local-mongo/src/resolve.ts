// startMongo(): picks MONGODB_URI, then a cached mongodb-memory-server binary, then the offline engine — never hangs.
import type * as MMS from 'mongodb-memory-server';
import { existsSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEngineProcess } from './child';
import { startOfflineEngine } from './server';

/** After a failed download, later starts skip the attempt for an hour instead of paying for it every time. */
const DOWNLOAD_FAILED_MARKER = join(tmpdir(), 'cx-local-mongo-download-failed');
const DOWNLOAD_RETRY_AFTER_MS = 60 * 60 * 1000;

function recentDownloadFailure(env: NodeJS.ProcessEnv): boolean {
  const marker = env.LOCAL_MONGO_DOWNLOAD_MARKER ?? DOWNLOAD_FAILED_MARKER;
  return existsSync(marker) && Date.now() - statSync(marker).mtimeMs < DOWNLOAD_RETRY_AFTER_MS;
}

function rememberDownloadFailure(env: NodeJS.ProcessEnv): void {
  try {
    writeFileSync(env.LOCAL_MONGO_DOWNLOAD_MARKER ?? DOWNLOAD_FAILED_MARKER, new Date().toISOString());
  } catch {
    // best effort: without the marker the next start simply tries again
  }
}

export type MongoBackend = 'uri' | 'memory-server' | 'offline-engine';

export interface StartedMongo {
  /** Connection string without a database name (e.g. `mongodb://127.0.0.1:41234/`); append your own. */
  uri: string;
  backend: MongoBackend;
  /** The engine's own process when it runs in one (engineProcess); undefined when it shares this process. */
  pid?: number;
  stop(): Promise<void>;
}

export interface StartMongoOptions {
  /** Upper bound for mongodb-memory-server startup (default 15000, capped at 20000). */
  memoryServerTimeoutMs?: number;
  log?: (line: string) => void;
  /** Defaults to process.env; read for MONGODB_URI and the MONGOMS_* switches. */
  env?: NodeJS.ProcessEnv;
  /**
   * Run the offline engine in a child process instead of this one (benchmarks: a million stored documents would
   * otherwise share the measured app's heap, garbage collector and event loop, which a real mongod never does).
   */
  engineProcess?: boolean;
}

const DEFAULT_TIMEOUT_MS = 15_000;
const MAX_TIMEOUT_MS = 20_000;

/** Strips a trailing database/path so every backend returns the same shape: `mongodb://host[:port]/[?options]`. */
function withoutDatabase(uri: string): string {
  const m = /^(mongodb(?:\+srv)?:\/\/[^/?]+)\/?[^?]*(\?.*)?$/.exec(uri);
  return m ? `${m[1]}/${m[2] ?? ''}` : uri;
}

interface MemoryServerLike {
  getUri(): string;
  stop(opts?: { doCleanup?: boolean; force?: boolean }): Promise<boolean>;
}

/**
 * mongodb-memory-server is used when a mongod binary is already available (MONGOMS_SYSTEM_BINARY or the download
 * cache) or when its download completes within the timeout. MONGOMS_TRY_DOWNLOAD=0 skips the download attempt
 * (useful on machines whose network hangs rather than refusing); the timeout bounds it either way.
 */
type Attempt = { started: StartedMongo; reason?: undefined } | { started?: undefined; reason: string };

async function tryMemoryServer(env: NodeJS.ProcessEnv, timeoutMs: number): Promise<Attempt> {
  if (env.MONGOMS_DISABLE === '1' || env.LOCAL_MONGO_BACKEND === 'offline-engine')
    return { reason: 'memory-server disabled' };
  let mms: typeof MMS;
  try {
    // lazy: loading mongodb-memory-server costs ~200 ms and the common path never needs it
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    mms = require('mongodb-memory-server') as typeof MMS;
  } catch {
    return { reason: 'mongodb-memory-server not installed' };
  }
  const systemBinary = env.MONGOMS_SYSTEM_BINARY;
  let cached: string | undefined;
  try {
    const binOpts = await mms.DryMongoBinary.generateOptions(systemBinary ? { systemBinary } : {});
    cached = systemBinary
      ? await mms.DryMongoBinary.getSystemPath(systemBinary)
      : await mms.DryMongoBinary.locateBinary(binOpts);
  } catch {
    cached = undefined;
  }
  if (!cached && env.MONGOMS_TRY_DOWNLOAD === '0')
    return { reason: 'no cached mongod binary and MONGOMS_TRY_DOWNLOAD=0' };
  if (!cached && recentDownloadFailure(env))
    return { reason: 'no cached mongod binary; its download failed within the last hour' };

  let timer: NodeJS.Timeout | undefined;
  const creating = mms.MongoMemoryServer.create(
    systemBinary ? { binary: { systemBinary } } : undefined,
  ) as Promise<MemoryServerLike>;
  const timeout = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), timeoutMs);
    timer.unref();
  });
  try {
    const server = await Promise.race([creating, timeout]);
    if (server === 'timeout') {
      // a late start must not leak a mongod process
      creating.then((s) => s.stop({ doCleanup: true, force: true })).catch(() => undefined);
      if (!cached) rememberDownloadFailure(env);
      return { reason: `memory-server did not start within ${timeoutMs} ms` };
    }
    return {
      started: {
        uri: withoutDatabase(server.getUri()),
        backend: 'memory-server',
        stop: async () => void (await server.stop({ doCleanup: true })),
      },
    };
  } catch (err) {
    if (!cached) rememberDownloadFailure(env);
    return {
      reason: `memory-server failed: ${err instanceof Error ? (err.message.split('\n')[0] ?? '') : String(err)}`,
    };
  } finally {
    if (timer) clearTimeout(timer);
  }
}

export async function startMongo(opts: StartMongoOptions = {}): Promise<StartedMongo> {
  const env = opts.env ?? process.env;
  const log = opts.log ?? ((line: string) => console.log(line));
  const timeoutMs = Math.min(Math.max(opts.memoryServerTimeoutMs ?? DEFAULT_TIMEOUT_MS, 0), MAX_TIMEOUT_MS);

  const fromEnv = env.MONGODB_URI?.trim();
  if (fromEnv) {
    const uri = withoutDatabase(fromEnv);
    log(`[mongo] backend=uri uri=${uri.replace(/\/\/[^@/]*@/, '//***@')}`);
    return { uri, backend: 'uri', stop: async () => undefined };
  }

  const memory = await tryMemoryServer(env, timeoutMs);
  if (memory.started) {
    log(`[mongo] backend=memory-server uri=${memory.started.uri}`);
    return memory.started;
  }

  if (opts.engineProcess) {
    const child = await startEngineProcess();
    log(`[mongo] backend=offline-engine uri=${child.uri} pid=${child.pid} (${memory.reason})`);
    return { uri: child.uri, backend: 'offline-engine', pid: child.pid, stop: child.stop };
  }
  const engine = await startOfflineEngine();
  // one line per start, naming the backend and why the memory server was skipped
  log(`[mongo] backend=offline-engine uri=${engine.uri} (${memory.reason})`);
  return { uri: engine.uri, backend: 'offline-engine', stop: engine.stop };
}
