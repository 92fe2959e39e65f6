// The optional shared Redis connection (REDIS_URL): its state for health and fallbacks, logged once per change.
import { Redis } from 'ioredis';
import { env } from '../config/env';
import { logger } from './logger';

export type RedisState = 'connected' | 'unavailable' | 'not configured';

let client: Redis | null | undefined;
let state: RedisState = 'not configured';
/** Whether the current outage was already logged: one line when Redis goes, one when it comes back. */
let outageLogged = false;
/** After a failed command the client is left alone for a while, so a hung server costs one timeout, not one a request. */
const PAUSE_AFTER_FAILURE_MS = 5000;
let pausedUntil = 0;

function markUnavailable(reason: string): void {
  if (state === 'not configured') return;
  state = 'unavailable';
  if (outageLogged) return;
  outageLogged = true;
  logger.warn(
    { reason },
    'Redis unavailable: rate limits fall back to per-instance memory and realtime events stay on this instance until it returns',
  );
}

function markConnected(): void {
  pausedUntil = 0;
  if (state === 'connected') return;
  state = 'connected';
  if (outageLogged) logger.info('Redis connected again: rate limits are shared again');
  outageLogged = false;
}

/**
 * null when REDIS_URL is not configured: callers keep in-process state. The client never queues a command while
 * disconnected (callers check `redisReady()` and use memory instead, so a Redis outage adds no connect timeout to a
 * request), a command to a hung server gives up after 500 ms, and the client reconnects by itself for ever
 * (ioredis's default backoff, at most 2 s between attempts), so the API picks Redis up again when it returns.
 */
export function getRedis(): Redis | null {
  if (client !== undefined) return client;
  if (!env.REDIS_URL) {
    client = null;
    state = 'not configured';
    return client;
  }
  state = 'unavailable';
  outageLogged = false;
  const redis = new Redis(env.REDIS_URL, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 500,
  });
  redis.on('ready', markConnected);
  redis.on('error', (err: Error) => markUnavailable(err.message));
  redis.on('close', () => {
    if (client === redis) markUnavailable('connection closed');
  });
  client = redis;
  return client;
}

/** True while commands can be sent now; false when Redis is down, still connecting or not configured. */
export function redisReady(): boolean {
  return client?.status === 'ready' && Date.now() >= pausedUntil;
}

/** A command failed although the connection looked ready (e.g. a server that hangs or refuses writes). */
export function reportRedisFailure(err: unknown): void {
  pausedUntil = Date.now() + PAUSE_AFTER_FAILURE_MS;
  markUnavailable(err instanceof Error ? err.message : String(err));
}

/** A command succeeded: the shared state is in use again. */
export function reportRedisSuccess(): void {
  if (state !== 'connected') markConnected();
}

/** For GET /health: whether Redis is in use, down, or not part of this deployment. */
export function redisState(): RedisState {
  if (client === undefined) getRedis();
  return state;
}

export async function closeRedis(): Promise<void> {
  const current = client;
  client = undefined;
  if (current) {
    current.removeAllListeners('close');
    await current.quit().catch(() => current.disconnect());
  }
}
