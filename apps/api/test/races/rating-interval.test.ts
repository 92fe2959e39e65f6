// POST /api/v1/feedback/*-ratings fired at the same instant from one phone: the per-device interval lets exactly one in.
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { makeShop, postFrom, submitBody } from '../feedback/support';

setupTestDb();
// 50 rounds of simultaneous submits: minutes on a loaded 2-core machine; what is tested is each round's outcome.
jest.setTimeout(180_000);
const app = createApp();
afterEach(() => resetRateLimits());

const ROUNDS = 50;
const COPIES = 4;

describe('POST /api/v1/feedback/staff-ratings under concurrency', () => {
  it(`accepts exactly one of ${COPIES} simultaneous ratings of one person from one phone, ${ROUNDS} rounds in a row`, async () => {
    const shop = await makeShop();
    for (let round = 0; round < ROUNDS; round++) {
      resetRateLimits();
      const deviceId = newDeviceId();
      const answers = await Promise.all(
        Array.from({ length: COPIES }, (_, i) =>
          postFrom(
            app,
            '/feedback/staff-ratings',
            submitBody(shop.store, { staff: String(shop.alice._id), score: 2 + (i % 3), deviceId }),
            // each round's phone on its own network: 50 ratings of one person from one network are a burst
            `198.51.100.${round + 1}`,
          ),
        ),
      );
      const statuses = answers.map((r) => r.status).sort();
      expect({ round, statuses }).toEqual({ round, statuses: [201, ...Array(COPIES - 1).fill(429)] });
      for (const refused of answers.filter((r) => r.status === 429)) {
        expect(refused.body.message).toMatch(/^You have already rated Alice from this device\./);
      }
    }
    expect(await RatingModel.countDocuments({ store: shop.store._id })).toBe(ROUNDS);
    const row = await RollupModel.findOne({ store: shop.store._id, staff: null, metric: 'staff' }).lean();
    expect(row?.count).toBe(ROUNDS);
  });

  it('still answers copies of one submit (same key) sent at once as one rating, replayed to the others', async () => {
    const shop = await makeShop();
    for (let round = 0; round < 10; round++) {
      const body = submitBody(shop.store, { score: 4, deviceId: newDeviceId() });
      const answers = await Promise.all(
        Array.from({ length: COPIES }, () => postFrom(app, '/feedback/experience-ratings', body)),
      );
      expect(answers.map((r) => r.status)).toEqual(Array(COPIES).fill(201));
      expect(new Set(answers.map((r) => r.body._id)).size).toBe(1);
    }
    expect(await RatingModel.countDocuments({ store: shop.store._id })).toBe(10);
  });
});
