// Rate limits for auth and anonymous endpoints: 429 with a message, state in Redis when configured, else in memory.
import type { Request, RequestHandler } from 'express';
import { rateLimit as expressRateLimit, ipKeyGenerator, MemoryStore, type Store } from 'express-rate-limit';
import { RedisStore, type RedisReply } from 'rate-limit-redis';
import { env } from '../config/env';
import { getRedis } from './redis';

export interface RateLimitOptions {
  /** Unique per limiter: namespaces its keys. */
  name: string;
  windowMs: number;
  limit: number;
  /** The bucket for a request; undefined skips the limiter (e.g. no email in the body). */
  key: (req: Request) => string | undefined;
  message: string;
  /** Count only answers with status >= 400 (e.g. failed logins), so normal use never trips the limit. */
  countOnlyFailures?: boolean;
}

const memoryStores = new Set<MemoryStore>();

function makeStore(name: string): Store {
  const redis = getRedis();
  if (redis) {
    return new RedisStore({
      prefix: `rl:${name}:`,
      sendCommand: (command: string, ...args: string[]) =>
        redis.call(command, ...args) as Promise<RedisReply>,
    });
  }
  const store = new MemoryStore();
  memoryStores.add(store);
  return store;
}

export const byIp = (req: Request): string => ipKeyGenerator(req.ip ?? 'unknown');

export const byBodyEmail = (req: Request): string | undefined => {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase() : undefined;
};

export function rateLimit(opts: RateLimitOptions): RequestHandler {
  return expressRateLimit({
    windowMs: opts.windowMs,
    limit: opts.limit,
    standardHeaders: 'draft-7',
    legacyHeaders: false,
    skipSuccessfulRequests: opts.countOnlyFailures ?? false,
    store: makeStore(opts.name),
    skip: (req) => env.RATE_LIMIT_DISABLED || opts.key(req) === undefined,
    keyGenerator: (req) => opts.key(req) ?? 'none',
    handler: (_req, res) => {
      res.status(429).json({ message: opts.message, code: 'RATE_LIMITED' });
    },
    validate: { keyGeneratorIpFallback: false },
  });
}

/** Tests: forget every in-memory counter. */
export function resetRateLimits(): void {
  for (const store of memoryStores) store.resetAll();
}
