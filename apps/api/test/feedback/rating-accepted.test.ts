// The rating-accepted fan-out: a stored rating reaches every registered reaction, and a failing reaction never costs it.
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { onRatingAccepted, type RatingAccepted } from '../../src/modules/feedback/rating-accepted';
import { setupTestDb } from '../helpers/db';
import { makeShop, postFrom, submitBody } from './support';

setupTestDb();
const app = createApp();
const removals: (() => void)[] = [];
afterEach(() => {
  resetRateLimits();
  removals.splice(0).forEach((remove) => remove());
});

const nextTick = () => new Promise((r) => setImmediate(r));

describe('POST /api/v1/feedback/staff-ratings → ratingAccepted()', () => {
  it('hands the stored rating and its store to every reaction once', async () => {
    const shop = await makeShop();
    const seen: RatingAccepted[] = [];
    removals.push(onRatingAccepted('test-seen', async (e) => void seen.push(e)));
    const res = await postFrom(
      app,
      '/feedback/staff-ratings',
      submitBody(shop.store, { staff: String(shop.alice._id), score: 2, comment: 'Slow' }),
    );
    expect(res.status).toBe(201);
    await nextTick();
    expect(seen).toHaveLength(1);
    expect(String(seen[0]!.rating._id)).toBe(res.body._id);
    expect(seen[0]!.rating.comment).toBe('Slow');
    expect(String(seen[0]!.store._id)).toBe(String(shop.store._id));
    expect(seen[0]!.flagged).toBe(false);
  });

  it('keeps the rating and its rollups when a reaction throws', async () => {
    const shop = await makeShop();
    removals.push(
      onRatingAccepted('test-failing', async () => {
        throw new Error('mail server down');
      }),
    );
    const res = await postFrom(
      app,
      '/feedback/staff-ratings',
      submitBody(shop.store, { staff: String(shop.alice._id), score: 1 }),
    );
    expect(res.status).toBe(201);
    await nextTick();
    expect(await RatingModel.countDocuments({ _id: res.body._id })).toBe(1);
    const storeRow = await RollupModel.findOne({
      store: shop.store._id,
      staff: null,
      metric: 'staff',
    }).lean();
    expect(storeRow?.count).toBe(1);
  });
});
