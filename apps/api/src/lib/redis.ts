// The optional shared Redis connection (REDIS_URL): rate-limit state and socket.io fan-out across API instances.
import { Redis } from 'ioredis';
import { env } from '../config/env';
import { logger } from './logger';

let client: Redis | null | undefined;

/** null when REDIS_URL is not configured: callers fall back to in-process state. */
export function getRedis(): Redis | null {
  if (client !== undefined) return client;
  if (!env.REDIS_URL) {
    client = null;
    return client;
  }
  client = new Redis(env.REDIS_URL, {
    maxRetriesPerRequest: 2,
    enableOfflineQueue: true,
    lazyConnect: false,
  });
  client.on('error', (err) => logger.warn({ err: err.message }, 'redis error'));
  return client;
}

export async function closeRedis(): Promise<void> {
  if (client) await client.quit().catch(() => undefined);
  client = undefined;
}
