// A Redis outage mid-run: ratings, visits and logins keep answering, limits fall back per instance, then shared again.
import { privateRedis } from '../helpers/private-redis';
import request from 'supertest';
import { Redis } from 'ioredis';
import { LOGIN_CODE_REQUIRED, ZHealthSchema, type THealth } from '@cx/contracts';
import { createApp } from '../../src/app';
import { logger } from '../../src/lib/logger';
import { closeRedis, getRedis } from '../../src/lib/redis';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { makeUser } from '../factories';
import { makeShop, postFrom, submitBody, type Shop } from '../feedback/support';

const itWithRedis = privateRedis.available ? it : it.skip;

setupTestDb();
const app = createApp();
let probe: Redis | undefined;

beforeAll(async () => {
  if (!privateRedis.available) return;
  await privateRedis.start();
});
afterAll(async () => {
  probe?.disconnect();
  await closeRedis();
  await privateRedis.stop();
});
afterEach(() => {
  resetRateLimits();
  jest.restoreAllMocks();
});

const health = async (): Promise<THealth> =>
  ZHealthSchema.parse((await request(app).get('/api/v1/health').expect(200)).body);

async function healthBecomes(redis: THealth['redis']): Promise<THealth> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const body = await health();
    if (body.redis === redis) return body;
    if (Date.now() > deadline) throw new Error(`health never showed redis: ${redis} (last: ${body.redis})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Rating-limit counters this instance keeps in Redis (the private server keeps nothing across a restart). */
async function sharedRatingCounters(): Promise<string[]> {
  probe ??= new Redis(privateRedis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  return probe.keys('rl:feedback-ratings:*');
}

const rating = (store: Shop['store'], ip: string) =>
  postFrom(
    app,
    '/feedback/experience-ratings',
    submitBody(store, { score: 4, deviceId: newDeviceId() }),
    ip,
  );
const visit = (store: Shop['store'], ip: string) =>
  postFrom(app, '/feedback/visits', submitBody(store, { deviceId: newDeviceId() }), ip);

describe('rate limits and Redis outages (REDIS_URL)', () => {
  itWithRedis(
    'keeps ratings, visits and logins answering through an outage, then shares limits again',
    async () => {
      const shop = await makeShop();
      const business = await makeUser();
      const warn = jest.spyOn(logger, 'warn');
      const info = jest.spyOn(logger, 'info');

      // Redis up: the counters are shared through it.
      expect(await healthBecomes('connected')).toMatchObject({ redis: 'connected', rateLimits: 'shared' });
      await rating(shop.store, '203.0.113.10').expect(201);
      expect(await sharedRatingCounters()).not.toHaveLength(0);
      probe?.disconnect();
      probe = undefined;

      // Redis goes away mid-run.
      await privateRedis.stop();
      const started = Date.now();
      await rating(shop.store, '203.0.113.11').expect(201);
      await visit(shop.store, '203.0.113.11').expect(201);
      await request(app)
        .post('/api/v1/user/login')
        .send({ email: business.user.email, password: business.password })
        .expect(200);
      // No request waits for a connection attempt (ioredis's connect timeout is 10 s).
      expect(Date.now() - started).toBeLessThan(5000);
      expect(await health()).toMatchObject({ redis: 'unavailable', rateLimits: 'per-instance' });

      // The limits still hold, in this instance's memory: past 10 failed logins for one email, the right password
      // from a client that is not a known device needs the mailed code.
      for (let i = 0; i < 10; i += 1) {
        await request(app)
          .post('/api/v1/user/login')
          .set('X-Forwarded-For', `198.51.100.${i + 1}`)
          .send({ email: business.user.email, password: 'wrong-pass' })
          .expect(401);
      }
      const refused = await request(app)
        .post('/api/v1/user/login')
        .send({ email: business.user.email, password: business.password })
        .expect(403);
      expect(refused.body.code).toBe(LOGIN_CODE_REQUIRED);
      const outageLines = warn.mock.calls.filter((c) => /Redis unavailable/.test(String(c[1])));
      expect(outageLines).toHaveLength(1);

      // Redis returns: picked up without a restart, counters shared again, one line says so.
      await privateRedis.start();
      expect(await healthBecomes('connected')).toMatchObject({ redis: 'connected', rateLimits: 'shared' });
      await rating(shop.store, '203.0.113.12').expect(201);
      expect(await sharedRatingCounters()).not.toHaveLength(0);
      const backLines = info.mock.calls.filter((c) => /Redis connected again/.test(String(c[0])));
      expect(backLines).toHaveLength(1);
      expect(warn.mock.calls.filter((c) => /Redis unavailable/.test(String(c[1])))).toHaveLength(1);
    },
  );

  itWithRedis(
    'asks a hung Redis once, then leaves it alone for a while: one slow request, not every request',
    async () => {
      const shop = await makeShop();
      expect(await healthBecomes('connected')).toMatchObject({ redis: 'connected', rateLimits: 'shared' });
      const calls = jest.spyOn(getRedis()!, 'call');
      privateRedis.pause();
      try {
        // The first request waits for the command timeout (the store retries once) and is counted in memory.
        await visit(shop.store, '203.0.113.30').expect(201);
        const asked = calls.mock.calls.length;
        expect(asked).toBeGreaterThan(0);
        for (let i = 1; i < 4; i += 1) await visit(shop.store, `203.0.113.${30 + i}`).expect(201);
        expect(calls.mock.calls.length).toBe(asked);
        expect(await health()).toMatchObject({ redis: 'unavailable', rateLimits: 'per-instance' });
      } finally {
        privateRedis.resume();
      }
      // After the pause the next request asks Redis again and, answered, the limits are shared again.
      await new Promise((r) => setTimeout(r, 5200));
      await visit(shop.store, '203.0.113.40').expect(201);
      expect(await health()).toMatchObject({ redis: 'connected', rateLimits: 'shared' });
    },
  );
});
