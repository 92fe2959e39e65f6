// Rollups stay equal to counts recomputed from the raw ratings and events after a random batch of submits.
import request from 'supertest';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { recount, storedRows } from '../helpers/rollup-recount';
import { makeShop, postFrom, submitBody, type Shop } from './support';
import { makeKiosk } from '../factories';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

/** Deterministic PRNG so a failure can be replayed. */
function rng(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

describe('rollups after a random batch', () => {
  it('equal the counts recomputed from raw ratings, visits and social clicks', async () => {
    const rand = rng(424242);
    const pick = <T>(xs: T[]): T => xs[Math.floor(rand() * xs.length)]!;
    const shops: Shop[] = [
      await makeShop({ timeZone: 'Australia/Sydney' }),
      await makeShop({ timeZone: 'America/New_York' }),
    ];
    const devices = Array.from({ length: 4 }, () => newDeviceId());
    const kiosks = await Promise.all(shops.map((shop) => makeKiosk(shop.business, shop.store)));
    const sent: Promise<unknown>[] = [];
    for (let i = 0; i < 240; i++) {
      const shop = pick(shops);
      // Few devices and networks, kiosks and retries: bursts, 429s and replays all happen in the mix.
      const ip = `198.51.100.${1 + Math.floor(rand() * 2)}`;
      const base = submitBody(shop.store, {
        deviceId: devices[Math.floor(rand() * 4)],
        ...(rand() < 0.5 ? { kiosk: kiosks[shops.indexOf(shop)] } : {}),
      });
      const roll = rand();
      let path: string;
      let body: Record<string, unknown>;
      if (roll < 0.45) {
        path = '/feedback/staff-ratings';
        body = {
          ...base,
          staff: String((rand() < 0.7 ? shop.alice : shop.bob)._id),
          score: rand() < 0.5 ? 5 : 1 + Math.floor(rand() * 5),
        };
      } else if (roll < 0.7) {
        path = '/feedback/experience-ratings';
        body = { ...base, score: 1 + Math.floor(rand() * 5) };
      } else if (roll < 0.9) {
        path = '/feedback/visits';
        body = base;
      } else {
        path = '/feedback/social-clicks';
        body = { ...base, network: 'googleReview' };
      }
      const copies = rand() < 0.2 ? 2 : 1;
      for (let c = 0; c < copies; c++)
        sent.push(postFrom(app, path, body, ip).then((r) => expect([201, 429]).toContain(r.status)));
      if (i % 8 === 7) await Promise.all(sent.splice(0));
    }
    await Promise.all(sent);

    expect(await RatingModel.countDocuments()).toBeGreaterThan(20);
    const flagged = await RatingModel.find({ 'flag.suspicious': true }).lean();
    expect(flagged.length).toBeGreaterThan(2);
    // A reviewer restores a couple: they count again.
    for (const r of flagged.slice(0, 2)) {
      const business = shops.find((s) => String(s.store._id) === String(r.store))!.business;
      await request(app).post(`/api/v1/ratings/${r._id}/restore`).set(business.auth).send({}).expect(200);
    }
    expect(await storedRows()).toEqual(await recount());
    // ~290 submits with their reactions: 12–18 s alone, more beside the other suites on 2 cores (speed is the benches').
  }, 90_000);
});
