// A store with no rota at all: its ratings carry no "Outside shift" mark, and customers see the team without rota words.
import request from 'supertest';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { noteRota, storeHasRota } from '../../src/modules/rota/rota-presence';
import { ShiftModel } from '../../src/modules/rota/shift.model';
import { setupTestDb } from '../helpers/db';
import { makeShop, minutes, postFrom, putOnShift, submitBody } from './support';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

const rateStaff = (body: object) => postFrom(app, '/feedback/staff-ratings', body);

describe('a store without any rota', () => {
  it('marks no rating "outside shift", in the stored rating or the timeline', async () => {
    const shop = await makeShop();
    const res = await rateStaff(submitBody(shop.store, { staff: String(shop.bob._id), score: 4 })).expect(
      201,
    );
    expect((await RatingModel.findById(res.body._id).lean())?.outsideShift).toBe(false);
    const owner = shop.business;
    const timeline = await request(app).get('/api/v1/analytics/timeline').set(owner.auth).expect(200);
    const items = timeline.body.items as Array<{ _id: string; outsideShift: boolean }>;
    expect(items.map((i) => [i._id, i.outsideShift])).toEqual([[res.body._id, false]]);
    const marked = await request(app)
      .get('/api/v1/analytics/timeline?outsideShift=true')
      .set(owner.auth)
      .expect(200);
    expect(marked.body.items.length).toBe(0);
  });

  it('shows customers the whole team with hasRota false; once a rota exists, off-shift times say so', async () => {
    const shop = await makeShop();
    const before = await request(app).get(`/api/v1/feedback/stores/${shop.store._id}`).expect(200);
    expect(before.body).toMatchObject({ onShift: false, hasRota: false });
    expect(before.body.staff).toHaveLength(2);

    const now = Date.now();
    await putOnShift(shop, shop.alice, new Date(now + minutes(60)), new Date(now + minutes(120)));
    const after = await request(app).get(`/api/v1/feedback/stores/${shop.store._id}?v=2`).expect(200);
    expect(after.body).toMatchObject({ onShift: false, hasRota: true });
    const res = await rateStaff(submitBody(shop.store, { staff: String(shop.bob._id), score: 4 })).expect(
      201,
    );
    expect((await RatingModel.findById(res.body._id).lean())?.outsideShift).toBe(true);
  });

  it('is per store: another store of the business having a rota changes nothing here', async () => {
    const shop = await makeShop();
    const other = await makeShop();
    await putOnShift(
      other,
      other.alice,
      new Date(Date.now() - minutes(60)),
      new Date(Date.now() + minutes(60)),
    );
    const res = await rateStaff(submitBody(shop.store, { staff: String(shop.alice._id), score: 5 })).expect(
      201,
    );
    expect((await RatingModel.findById(res.body._id).lean())?.outsideShift).toBe(false);
  });

  it('sees a rota written by another instance within half a minute, and one written here at once', async () => {
    const shop = await makeShop();
    const t = Date.now();
    expect(await storeHasRota(shop.store._id, t)).toBe(false);
    // Another instance's first shift: this process still remembers "no rota" for a while, then asks again.
    await ShiftModel.create({
      business: shop.business.id,
      store: shop.store._id,
      staff: shop.alice._id,
      start: new Date(t + minutes(60)),
      end: new Date(t + minutes(120)),
      day: '2026-01-01',
    });
    expect(await storeHasRota(shop.store._id, t + 1000)).toBe(false);
    expect(await storeHasRota(shop.store._id, t + 31_000)).toBe(true);
    const other = await makeShop();
    expect(await storeHasRota(other.store._id, t)).toBe(false);
    noteRota([other.store._id], t);
    expect(await storeHasRota(other.store._id, t + 1000)).toBe(true);
  });
});
