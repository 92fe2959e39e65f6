// Rate limits for auth and anonymous endpoints: 429 with a message, state in Redis when it answers, else in memory.
import type { Request, RequestHandler, Response } from 'express';
import {
  rateLimit as expressRateLimit,
  ipKeyGenerator,
  MemoryStore,
  type ClientRateLimitInfo,
  type Options,
  type Store,
} from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import type { Redis } from 'ioredis';
import { env } from '../config/env';
import { logger } from './logger';
import { getRedis, redisReady, redisState, reportRedisFailure, reportRedisSuccess } from './redis';

export interface RateLimitOptions {
  /** Unique per limiter: namespaces its keys. */
  name: string;
  windowMs: number;
  limit: number;
  /**
   * The bucket for a request; undefined skips the limiter (e.g. no email in the body). Limiters of one name share
   * their buckets (and must share the window), e.g. sign-in and another door to the same password.
   */
  key: (req: Request) => string | undefined | Promise<string | undefined>;
  message: string;
  /** Count only answers with status >= 400 (e.g. failed logins), so normal use never trips the limit. */
  countOnlyFailures?: boolean;
  /**
   * 'refuse' (default) answers 429 over the limit. 'flag' lets the request through marked (see `isOverLimit`) and sends
   * no RateLimit headers, so the answer itself never tells the client that the bucket is full.
   */
  whenOver?: 'refuse' | 'flag';
}

const flagOf = (name: string) => `rateLimitOver:${name}`;

/** Whether a 'flag' limiter of that name found this request over its limit. */
export const isOverLimit = (res: Response, name: string): boolean => res.locals[flagOf(name)] === true;

const memoryStores = new Set<MemoryStore>();
/** One memory per limiter name, so limiters of one name count together without Redis too. */
const memoryByName = new Map<string, { store: MemoryStore; windowMs?: number }>();

function memoryFor(name: string) {
  let entry = memoryByName.get(name);
  if (!entry) {
    entry = { store: new MemoryStore() };
    memoryByName.set(name, entry);
    memoryStores.add(entry.store);
  }
  return entry;
}

/**
 * Redis when it is configured and answering, else this instance's memory: a Redis outage never fails a request (and
 * never waits for a connection: a disconnected client is not asked), the limits just stop being shared until it
 * returns. The RedisStore is made once per connection, when that connection is ready, so its script loading never
 * runs against a dead server.
 */
class SharedOrLocalStore implements Store {
  readonly localKeys = false;
  readonly prefix: string;
  private readonly memory: MemoryStore;
  private readonly memoryEntry: { store: MemoryStore; windowMs?: number };
  private shared: { client: Redis; store: RedisStore } | undefined;
  private options: Options | undefined;

  constructor(private readonly name: string) {
    this.prefix = `rl:${name}:`;
    this.memoryEntry = memoryFor(name);
    this.memory = this.memoryEntry.store;
  }

  init(options: Options): void {
    this.options = options;
    const { windowMs } = this.memoryEntry;
    if (windowMs === undefined) {
      this.memoryEntry.windowMs = options.windowMs;
      this.memory.init(options);
    } else if (windowMs !== options.windowMs) {
      throw new Error(`Rate limiters named ${this.name} must share one window`);
    }
  }

  private redisStore(): RedisStore | undefined {
    const client = getRedis();
    if (!client || !redisReady() || !this.options) return undefined;
    if (this.shared?.client !== client) {
      const store = new RedisStore({
        prefix: this.prefix,
        sendCommand: (command: string, ...args: string[]) =>
          client.call(command, ...args) as Promise<RedisReply>,
      });
      // A script load that fails (Redis dropped in between) is retried by the store on its next use.
      store.incrementScriptSha.catch(() => undefined);
      store.getScriptSha.catch(() => undefined);
      store.init(this.options);
      this.shared = { client, store };
    }
    return this.shared.store;
  }

  private async either<T>(shared: (s: RedisStore) => Promise<T>, local: () => Promise<T>): Promise<T> {
    const store = this.redisStore();
    if (store) {
      try {
        const result = await shared(store);
        reportRedisSuccess();
        return result;
      } catch (err) {
        reportRedisFailure(err);
      }
    }
    return local();
  }

  increment(key: string): Promise<ClientRateLimitInfo> {
    return this.either(
      (s) => s.increment(key),
      () => this.memory.increment(key),
    );
  }

  get(key: string): Promise<ClientRateLimitInfo | undefined> {
    return this.either(
      (s) => s.get(key),
      () => this.memory.get(key),
    );
  }

  decrement(key: string): Promise<void> {
    return this.either(
      (s) => s.decrement(key),
      () => this.memory.decrement(key),
    );
  }

  resetKey(key: string): Promise<void> {
    return this.either(
      (s) => s.resetKey(key),
      () => this.memory.resetKey(key),
    );
  }

  shutdown(): void {
    this.memory.shutdown();
  }
}

export const byIp = (req: Request): string => ipKeyGenerator(req.ip ?? 'unknown');

export const byBodyEmail = (req: Request): string | undefined => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
};

/** One client asking about one account: the IP and the body's email together. */
export const byIpAndBodyEmail = (req: Request): string | undefined => {
  const email = byBodyEmail(req);
  return email === undefined ? undefined : `${byIp(req)}|${email}`;
};

export function rateLimit(opts: RateLimitOptions): RequestHandler {
  // Asked once per request (a key may read the database), by both the skip and the key generator below.
  const keys = new WeakMap<Request, Promise<string | undefined>>();
  const keyOf = (req: Request) => {
    let key = keys.get(req);
    if (!key) {
      key = Promise.resolve(opts.key(req));
      keys.set(req, key);
    }
    return key;
  };
  return expressRateLimit({
    windowMs: opts.windowMs,
    limit: opts.limit,
    standardHeaders: opts.whenOver === 'flag' ? false : 'draft-7',
    legacyHeaders: false,
    skipSuccessfulRequests: opts.countOnlyFailures ?? false,
    store: new SharedOrLocalStore(opts.name),
    // Belt and braces: the store above falls back by itself; were it still to throw, the request goes on unlimited
    // rather than failing.
    passOnStoreError: true,
    logger: {
      warn: (err, message) => logger.warn({ err }, message ?? 'rate limit warning'),
      error: (err, message) => logger.error({ err }, message ?? 'rate limit error'),
    },
    skip: async (req) =>
      (env.RATE_LIMIT_DISABLED && !env.RATE_LIMIT_KEEP.includes(opts.name)) || (await keyOf(req)) === undefined,
    keyGenerator: async (req) => (await keyOf(req)) ?? 'none',
    handler: (_req, res, next) => {
      if (opts.whenOver === 'flag') {
        res.locals[flagOf(opts.name)] = true;
        next();
        return;
      }
      res.status(429).json({ message: opts.message, code: 'RATE_LIMITED' });
    },
    validate: { keyGeneratorIpFallback: false },
  });
}

/** Where rate-limit counters live right now: shared through Redis, or this instance's memory. */
export function rateLimitMode(): 'shared' | 'per-instance' {
  return redisState() === 'connected' && redisReady() ? 'shared' : 'per-instance';
}

/** Tests: forget every in-memory counter. */
export function resetRateLimits(): void {
  for (const store of memoryStores) store.resetAll();
}
