// POST /api/v1/feedback/visits and /social-clicks: counted once per key, interface rules, the visit allowance.
import type { Types } from 'mongoose';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { localDay } from '../../src/lib/time';
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { FeedbackEventModel } from '../../src/modules/feedback/feedback-event.model';
import { resetVisitAllowanceCache, TRACKED_VISITS_CAP } from '../../src/modules/feedback/visit-allowance';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { makeShop, postFrom, submitBody, SOCIAL } from './support';

setupTestDb();
const app = createApp();
afterEach(() => {
  resetRateLimits();
  resetVisitAllowanceCache();
});

const visitRow = (store: Types.ObjectId) =>
  RollupModel.findOne({ store, metric: 'visit', staff: null }).lean();

describe('POST /api/v1/feedback/visits', () => {
  it('counts a QR open once, even when the page retries it', async () => {
    const shop = await makeShop();
    const body = submitBody(shop.store);
    expect((await postFrom(app, '/feedback/visits', body).expect(201)).body).toEqual({ tracked: true });
    expect((await postFrom(app, '/feedback/visits', body).expect(201)).body).toEqual({ tracked: true });
    // another phone counts; the same phone again today (a new journey) is stored but not counted
    await postFrom(app, '/feedback/visits', submitBody(shop.store, { deviceId: newDeviceId() })).expect(201);
    const again = await postFrom(app, '/feedback/visits', submitBody(shop.store)).expect(201);
    expect(again.body).toEqual({ tracked: false });
    expect(await visitRow(shop.store._id)).toMatchObject({
      count: 2,
      day: localDay(new Date(), shop.store.timeZone),
    });
  });

  it('stops counting once the plan allowance of tracked visits is used this period, without breaking the page', async () => {
    const shop = await makeShop();
    const day = localDay(new Date(), shop.store.timeZone);
    await RollupModel.create({
      business: shop.business.id,
      store: shop.store._id,
      metric: 'visit',
      day,
      count: TRACKED_VISITS_CAP,
    });
    const res = await postFrom(app, '/feedback/visits', submitBody(shop.store)).expect(201);
    expect(res.body).toEqual({ tracked: false });
    expect(await visitRow(shop.store._id)).toMatchObject({ count: TRACKED_VISITS_CAP });
    expect(await FeedbackEventModel.countDocuments({ tracked: false })).toBe(1);
  });

  it('refuses with 403 when every interface of the store is disabled', async () => {
    const off = { status: false };
    const shop = await makeShop({ interfaces: { interface1: off, interface2: off, interface3: off } });
    const res = await postFrom(app, '/feedback/visits', submitBody(shop.store)).expect(403);
    expect(res.body.message).toBe('This store is not taking feedback right now.');
  });
});

describe('POST /api/v1/feedback/social-clicks', () => {
  it('answers the link and counts the click once per key', async () => {
    const shop = await makeShop();
    const body = submitBody(shop.store, { network: 'googleReview' });
    expect((await postFrom(app, '/feedback/social-clicks', body).expect(201)).body).toEqual({
      url: SOCIAL.googleReview,
    });
    await postFrom(app, '/feedback/social-clicks', body).expect(201);
    expect(await RollupModel.findOne({ store: shop.store._id, metric: 'social' }).lean()).toMatchObject({
      count: 1,
    });
    expect(await FeedbackEventModel.findOne({ type: 'social' }).lean()).toMatchObject({
      network: 'googleReview',
    });
  });

  it('answers 404 for a network the store has no link for', async () => {
    const shop = await makeShop();
    const res = await postFrom(
      app,
      '/feedback/social-clicks',
      submitBody(shop.store, { network: 'tripadvisor' }),
    ).expect(404);
    expect(res.body.message).toBe('Link not found');
  });

  it('refuses with 403 when the social interface is disabled', async () => {
    const shop = await makeShop({ interfaces: { interface3: { status: false } } });
    const res = await postFrom(
      app,
      '/feedback/social-clicks',
      submitBody(shop.store, { network: 'googleReview' }),
    ).expect(403);
    expect(res.body.message).toBe("This store's social links are turned off right now.");
  });
});
