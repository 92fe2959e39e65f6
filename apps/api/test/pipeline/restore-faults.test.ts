// A restore or re-flag whose rollup write fails is repaired by the drainer, on any day, exactly once.
import type { Types } from 'mongoose';
import request from 'supertest';
import { createApp } from '../../src/app';
import { drainBackground } from '../../src/lib/background';
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { flagEarlier } from '../../src/modules/feedback/anti-gaming';
import { drainPending } from '../../src/modules/feedback/pipeline.drain';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { makeRating } from '../factories';
import { setupTestDb } from '../helpers/db';
import { makeShop, postFrom, submitBody } from '../feedback/support';
import { expectRollupsEqualRecount, owedCount } from './support';

setupTestDb();
const app = createApp();
afterEach(() => jest.restoreAllMocks());

const connectionLost = () => new Error('connection reset by peer');
const later = () => new Date(Date.now() + 60_000);
const experienceRow = (store: { _id: Types.ObjectId }, day: string) =>
  RollupModel.findOne({ store: store._id, staff: null, metric: 'experience', day }).lean();

describe('POST /api/v1/ratings/:id/restore when the rollup write fails', () => {
  it('keeps the restore, leaves the +1 owed, and the drainer adds it once (a rating from weeks ago)', async () => {
    const shop = await makeShop();
    const weeksAgo = new Date(Date.now() - 20 * 86_400_000);
    const rating = await makeRating(shop.store, {
      score: 5,
      createdAt: weeksAgo,
      flag: { suspicious: true, reasons: ['burst'], restored: false },
    });
    jest.spyOn(RollupModel, 'bulkWrite').mockRejectedValueOnce(connectionLost());
    const res = await request(app)
      .post(`/api/v1/ratings/${rating._id}/restore`)
      .set(shop.business.auth)
      .send({});
    expect(res.status).toBe(200);
    expect(res.body.restored).toBe(true);
    expect(await experienceRow(shop.store, rating.day)).toBeNull();
    expect(await owedCount()).toBe(1);

    // A second click answers 409 and adds nothing; the drainer applies the owed +1.
    await request(app)
      .post(`/api/v1/ratings/${rating._id}/restore`)
      .set(shop.business.auth)
      .send({})
      .expect(409);
    await drainPending(later());
    expect((await experienceRow(shop.store, rating.day))?.count).toBe(1);
    await drainPending(later());
    expect(await owedCount()).toBe(0);
    await expectRollupsEqualRecount();
  });
});

describe('flagging earlier ratings of a burst when the rollup write fails', () => {
  it('takes each one out of the rollups exactly once after the drainer runs', async () => {
    const shop = await makeShop();
    const { body } = await postFrom(
      app,
      '/feedback/experience-ratings',
      submitBody(shop.store, { score: 5 }),
    ).expect(201);
    await drainBackground(30_000); // the submit's own clean-up is done
    expect((await experienceRow(shop.store, (await RatingModel.findById(body._id).lean())!.day))?.count).toBe(
      1,
    );

    jest.spyOn(RollupModel, 'bulkWrite').mockRejectedValueOnce(connectionLost());
    expect(await flagEarlier([(await RatingModel.findById(body._id).lean())!._id], ['burst'])).toBe(1);
    expect(await owedCount()).toBe(1);
    await drainPending(later());
    await drainPending(later());
    expect(await owedCount()).toBe(0);
    await expectRollupsEqualRecount(); // the flagged rating counts nowhere, and nothing went below zero
    const row = await RollupModel.findOne({
      store: shop.store._id,
      metric: 'experience',
      staff: null,
    }).lean();
    expect(row?.count).toBe(0);
  });
});
