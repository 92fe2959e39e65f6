// Bursts of any score, counted atomically: parallel volleys see each other, a shop's shared Wi-Fi is left alone.
import type { Types } from 'mongoose';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { drainBackground } from '../../src/lib/background';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { submitRating } from '../../src/modules/feedback/feedback.service';
import { makeStaff } from '../factories';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { prng } from '../analytics/world';
import { makeShop, minutes, postFrom, submitBody, type Shop } from './support';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

const ATTACKER = '198.51.100.66';
const DAY = minutes(24 * 60);
const rate = (shop: Shop, staff: Types.ObjectId, score: number, ip = ATTACKER) =>
  postFrom(
    app,
    '/feedback/staff-ratings',
    submitBody(shop.store, { staff: String(staff), score, deviceId: newDeviceId() }),
    ip,
  );
const staffRow = (shop: Shop, staff: Types.ObjectId) =>
  RollupModel.findOne({ store: shop.store._id, staff, metric: 'staff' }).lean();

describe('POST /api/v1/feedback/staff-ratings, bursts', () => {
  it('flags every rating of a parallel volley of identical ratings from one network', async () => {
    const shop = await makeShop();
    const volley = await Promise.all(Array.from({ length: 10 }, () => rate(shop, shop.bob._id, 5)));
    expect(volley.map((r) => r.status)).toEqual(Array(10).fill(201));
    await drainBackground(30_000);
    const stored = await RatingModel.find({ staff: shop.bob._id }).lean();
    expect(stored).toHaveLength(10);
    expect(stored.filter((r) => r.flag?.suspicious)).toHaveLength(10);
    // none of them reaches Bob's league row: taken out again, or (every one judged a burst member when counted, as
    // the two buckets' parallel counts can let even the first see all ten) never put in
    const row = await staffRow(shop, shop.bob._id);
    expect(row ?? { count: 0, scoreSum: 0 }).toMatchObject({ count: 0, scoreSum: 0 });
  });

  it('flags a burst of three-star ratings of one person, saying why in plain words', async () => {
    const shop = await makeShop();
    for (let i = 0; i < 8; i++) await rate(shop, shop.alice._id, 3).expect(201);
    const stored = await RatingModel.find({ staff: shop.alice._id }).lean();
    expect(stored.map((r) => r.flag?.suspicious)).toEqual(Array(8).fill(true));
    expect(stored[7]!.flag?.reasons).toEqual([
      '8 of the 8 ratings from one network within 10 minutes were of this staff member',
    ]);
    expect(await staffRow(shop, shop.alice._id)).toMatchObject({ count: 0 });
  });

  /** Eight ratings of one person from one network, a minute apart, from four minutes before `edge`: how many flagged. */
  async function burstAround(edge: number): Promise<number> {
    const shop = await makeShop();
    const ids: string[] = [];
    for (let i = 0; i < 8; i++) {
      const body = submitBody(shop.store, {
        staff: String(shop.alice._id),
        score: 4,
        deviceId: newDeviceId(),
      });
      const receipt = await submitRating(
        { kind: 'staff', ...body } as never,
        { ip: ATTACKER, userAgent: 'X' },
        new Date(edge + minutes(i - 4)),
      );
      ids.push(receipt.body._id);
    }
    return RatingModel.countDocuments({ _id: { $in: ids }, 'flag.suspicious': true });
  }

  it('catches a burst that straddles the edge of a counting bucket', async () => {
    // 20-minute buckets: this burst runs from 4 minutes before one bucket's end to 3 minutes after it
    const edge = Math.ceil(Date.now() / minutes(20)) * minutes(20);
    expect(await burstAround(edge + (edge % DAY === 0 ? minutes(20) : 0))).toBe(8);
  });

  it('catches a burst sent across UTC midnight, when the network is hashed with a new daily salt', async () => {
    // the next midnight: four ratings under one day's salt, four under the next one's
    expect(await burstAround(Math.ceil(Date.now() / DAY) * DAY)).toBe(8);
  });

  it('does not count a refused rating towards a burst', async () => {
    const shop = await makeShop();
    const again = submitBody(shop.store, { staff: String(shop.alice._id), score: 4 });
    await postFrom(app, '/feedback/staff-ratings', again, ATTACKER).expect(201);
    for (let i = 0; i < 6; i++) await rate(shop, shop.alice._id, 4).expect(201);
    // the same phone again within the hour: refused, so not the eighth of a burst
    await postFrom(
      app,
      '/feedback/staff-ratings',
      { ...again, idempotencyKey: 'k-refused-1' },
      ATTACKER,
    ).expect(429);
    await postFrom(
      app,
      '/feedback/staff-ratings',
      { ...again, idempotencyKey: 'k-refused-2' },
      ATTACKER,
    ).expect(429);
    expect(await RatingModel.countDocuments({ 'flag.suspicious': true })).toBe(0);
    await rate(shop, shop.alice._id, 4).expect(201);
    expect(await RatingModel.countDocuments({ 'flag.suspicious': true })).toBe(8);
  });
});

describe('a shop’s shared Wi-Fi', () => {
  it('flags none of 50 honest customers rating three staff members and the experience over 10 minutes', async () => {
    const shop = await makeShop();
    const carol = await makeStaff(shop.business.id, [shop.store._id], { name: 'Carol Cole' });
    const staff = [shop.alice, shop.bob, carol];
    const rand = prng(2311);
    // mostly 4–5 stars, some lower
    const score = () => {
      const x = rand();
      return x < 0.55 ? 5 : x < 0.85 ? 4 : x < 0.95 ? 3 : x < 0.98 ? 2 : 1;
    };
    const start = Date.now() - minutes(10);
    const sends: Array<{ at: number; run: () => Promise<unknown> }> = [];
    for (let d = 0; d < 50; d++) {
      const deviceId = newDeviceId();
      const who = { ip: '203.0.113.80', userAgent: `Phone ${d % 7}` };
      const at = start + rand() * minutes(10);
      const rated = rand() < 0.8;
      if (rated) {
        const body = submitBody(shop.store, {
          staff: String(staff[Math.floor(rand() * 3)]!._id),
          score: score(),
          deviceId,
        });
        sends.push({ at, run: () => submitRating({ kind: 'staff', ...body } as never, who, new Date(at)) });
      }
      if (rand() < 0.7) {
        const later = at + (rated ? 30_000 + rand() * 60_000 : 0);
        const body = submitBody(shop.store, { score: score(), deviceId });
        sends.push({
          at: later,
          run: () => submitRating({ kind: 'experience', ...body } as never, who, new Date(later)),
        });
      }
    }
    sends.sort((a, b) => a.at - b.at);
    for (const s of sends) await s.run();
    expect(await RatingModel.countDocuments({ store: shop.store._id })).toBe(sends.length);
    expect(sends.length).toBeGreaterThan(60);
    expect(await RatingModel.countDocuments({ 'flag.suspicious': true })).toBe(0);
  });
});
