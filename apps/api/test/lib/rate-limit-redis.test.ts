// With REDIS_URL, API instances share rate-limit state: two apps (two "instances") count against one limit.
import { spawnSync } from 'node:child_process';
import express, { type Express } from 'express';
import request from 'supertest';

const REDIS_URL = process.env.CX_TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
process.env.REDIS_URL = REDIS_URL;

/** Decided before tests are declared (so an absent Redis shows as skipped, never as a pass): a 1 s TCP probe. */
function reachable(url: string): boolean {
  const { hostname, port } = new URL(url);
  const probe = `require('net').createConnection({host:${JSON.stringify(hostname)},port:${Number(port || 6379)}})
    .on('connect',()=>process.exit(0)).on('error',()=>process.exit(1)).setTimeout(1000,()=>process.exit(1))`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 3000 }).status === 0;
}

const available = reachable(REDIS_URL);
// CI always provides Redis (.ci/run sets CX_REQUIRE_REDIS=1): there its absence is a failure, not a skip.
if (!available && process.env.CX_REQUIRE_REDIS === '1') throw new Error(`Redis is not reachable at ${REDIS_URL}`);
const itWithRedis = available ? it : it.skip;

describe('rate limits backed by Redis (REDIS_URL)', () => {
  let closeRedis: () => Promise<void> = async () => undefined;

  beforeAll(async () => {
    closeRedis = (await import('../../src/lib/redis')).closeRedis;
  });

  afterAll(async () => {
    await closeRedis();
  });

  itWithRedis('shares one limit between two API instances and answers 429 with the message', async () => {
    const { rateLimit } = await import('../../src/lib/rate-limit');
    // Until the connection is ready each instance counts in its own memory (the outage fallback): wait for it.
    const redis = (await import('../../src/lib/redis')).getRedis()!;
    if (redis.status !== 'ready') await new Promise((resolve) => redis.once('ready', resolve));
    const name = `shared-test-${Date.now()}-${Math.random().toString(36).slice(2)}`;
    const instance = (): Express => {
      const app = express();
      app.use(rateLimit({ name, windowMs: 60_000, limit: 3, key: () => 'client-1', message: 'Slow down, please.' }));
      app.get('/', (_req, res) => void res.json({ ok: true }));
      return app;
    };
    const a = instance();
    const b = instance();
    await request(a).get('/').expect(200);
    await request(b).get('/').expect(200);
    await request(a).get('/').expect(200);
    const refused = await request(b).get('/').expect(429);
    expect(refused.body).toEqual({ message: 'Slow down, please.', code: 'RATE_LIMITED' });
  });
});
