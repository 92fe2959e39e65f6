// startMongo(): picks MONGODB_URI, then a cached mongodb-memory-server binary, then the offline engine — never hangs.
import type * as MMS from 'mongodb-memory-server';
import { startOfflineEngine } from './server';

export type MongoBackend = 'uri' | 'memory-server' | 'offline-engine';

export interface StartedMongo {
  /** Connection string without a database name (e.g. `mongodb://127.0.0.1:41234/`); append your own. */
  uri: string;
  backend: MongoBackend;
  stop(): Promise<void>;
}

export interface StartMongoOptions {
  /** Upper bound for mongodb-memory-server startup (default 15000, capped at 20000). */
  memoryServerTimeoutMs?: number;
  log?: (line: string) => void;
  /** Defaults to process.env; read for MONGODB_URI and the MONGOMS_* switches. */
  env?: NodeJS.ProcessEnv;
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
 * Only try mongodb-memory-server when a mongod binary is already available (MONGOMS_SYSTEM_BINARY or the download
 * cache), or when MONGOMS_TRY_DOWNLOAD=1 explicitly opts into downloading. Without that rule every jest worker on a
 * machine without internet access would burn the whole timeout before falling back.
 */
async function tryMemoryServer(env: NodeJS.ProcessEnv, timeoutMs: number, log: (l: string) => void): Promise<StartedMongo | undefined> {
  if (env.MONGOMS_DISABLE === '1' || env.LOCAL_MONGO_BACKEND === 'offline-engine') return undefined;
  let mms: typeof MMS;
  try {
    // lazy: loading mongodb-memory-server costs ~200 ms and the common path never needs it
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    mms = require('mongodb-memory-server') as typeof MMS;
  } catch {
    return undefined;
  }
  const systemBinary = env.MONGOMS_SYSTEM_BINARY;
  let cached: string | undefined;
  try {
    const binOpts = await mms.DryMongoBinary.generateOptions(systemBinary ? { systemBinary } : {});
    cached = systemBinary ? await mms.DryMongoBinary.getSystemPath(systemBinary) : await mms.DryMongoBinary.locateBinary(binOpts);
  } catch {
    cached = undefined;
  }
  if (!cached && env.MONGOMS_TRY_DOWNLOAD !== '1') return undefined;

  let timer: NodeJS.Timeout | undefined;
  let timedOut = false;
  const creating = mms.MongoMemoryServer.create();
  const timeout = new Promise<undefined>((resolve) => {
    timer = setTimeout(() => {
      timedOut = true;
      resolve(undefined);
    }, timeoutMs);
    timer.unref();
  });
  try {
    const server = (await Promise.race([creating, timeout])) as MemoryServerLike | undefined;
    if (!server) {
      log(`[mongo] mongodb-memory-server did not start within ${timeoutMs} ms; falling back`);
      // a late start must not leak a mongod process
      creating.then((s) => s.stop({ doCleanup: true, force: true })).catch(() => undefined);
      return undefined;
    }
    return { uri: withoutDatabase(server.getUri()), backend: 'memory-server', stop: async () => void (await server.stop({ doCleanup: true })) };
  } catch (err) {
    if (!timedOut) log(`[mongo] mongodb-memory-server failed: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}; falling back`);
    return undefined;
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

  const memory = await tryMemoryServer(env, timeoutMs, () => undefined);
  if (memory) {
    log(`[mongo] backend=memory-server uri=${memory.uri}`);
    return memory;
  }

  const engine = await startOfflineEngine();
  log(`[mongo] backend=offline-engine uri=${engine.uri}`);
  return { uri: engine.uri, backend: 'offline-engine', stop: engine.stop };
}
