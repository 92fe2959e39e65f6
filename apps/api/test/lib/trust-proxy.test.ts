// TRUST_PROXY decides whose address the per-IP limits see: the client behind N proxies, never a forged header prefix.
import request from 'supertest';
import { parseEnv } from '../../src/config/env';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { FEEDBACK_IP_LIMITS } from '../../src/modules/feedback/feedback.router';
import { makeShop } from '../feedback/support';
import { setupTestDb } from '../helpers/db';

setupTestDb();
beforeEach(() => resetRateLimits());

const appTrusting = (TRUST_PROXY: string) => createApp({ trustProxy: parseEnv({ TRUST_PROXY }).TRUST_PROXY });

/** The store page's per-IP read limit, as the RateLimit header reports it: what is left in the caller's bucket. */
async function remainingFor(app: ReturnType<typeof createApp>, storeId: string, forwardedFor: string) {
  const res = await request(app)
    .get(`/api/v1/feedback/stores/${storeId}`)
    .set('X-Forwarded-For', forwardedFor)
    .expect(200);
  const remaining = /remaining=(\d+)/.exec(String(res.headers.ratelimit))?.[1];
  return Number(remaining);
}

describe('GET /api/v1/feedback/stores/:storeId behind proxies', () => {
  it('with TRUST_PROXY=2 (load balancer, nginx) counts the client the balancer saw, whatever prefix it forges', async () => {
    const app = appTrusting('2');
    const { store } = await makeShop();
    const id = String(store._id);
    const full = FEEDBACK_IP_LIMITS.reads;
    // X-Forwarded-For as the API receives it: "<whatever the client sent>, <client as the LB saw it>, <LB>".
    expect(await remainingFor(app, id, '203.0.113.50, 10.0.0.2')).toBe(full - 1);
    expect(await remainingFor(app, id, '1.1.1.1, 203.0.113.50, 10.0.0.2')).toBe(full - 2);
    expect(await remainingFor(app, id, '9.9.9.9, 8.8.8.8, 203.0.113.50, 10.0.0.2')).toBe(full - 3);
    // Another customer behind the same balancer has a bucket of their own.
    expect(await remainingFor(app, id, '203.0.113.51, 10.0.0.2')).toBe(full - 1);
  });

  it('with TRUST_PROXY=0 ignores X-Forwarded-For: every forged address counts against the connecting peer', async () => {
    const app = appTrusting('0');
    const { store } = await makeShop();
    const id = String(store._id);
    const full = FEEDBACK_IP_LIMITS.reads;
    expect(await remainingFor(app, id, '203.0.113.60')).toBe(full - 1);
    expect(await remainingFor(app, id, '203.0.113.61')).toBe(full - 2);
    expect(await remainingFor(app, id, '198.51.100.7, 203.0.113.62')).toBe(full - 3);
  });

  it('with the proxies listed by address (TRUST_PROXY=loopback,10.0.0.0/8) skips exactly those', async () => {
    const app = appTrusting('loopback, 10.0.0.0/8');
    const { store } = await makeShop();
    const id = String(store._id);
    const full = FEEDBACK_IP_LIMITS.reads;
    expect(await remainingFor(app, id, '203.0.113.70, 10.0.0.2')).toBe(full - 1);
    expect(await remainingFor(app, id, '6.6.6.6, 203.0.113.70, 10.0.0.2')).toBe(full - 2);
  });
});
