// A rating's rollups and alerts survive a failed rollup write, a crash between insert and rollup, and retries.
import { createApp } from '../../src/app';
import { drainBackground } from '../../src/lib/background';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { BusinessRollupModel, RollupModel } from '../../src/modules/analytics/rollup.model';
import { drainPending } from '../../src/modules/feedback/pipeline.drain';
import { acceptedWork } from '../../src/modules/feedback/rating-accepted';
import { NotificationModel } from '../../src/modules/notifications/notification.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { localDay, localHour } from '../../src/lib/time';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { makeShop, postFrom, submitBody, type Shop } from '../feedback/support';
import { alertKeys, expectRollupsEqualRecount, owedCount } from './support';

setupTestDb();
const app = createApp();
afterEach(() => {
  resetRateLimits();
  jest.restoreAllMocks();
});

const later = (ms: number) => new Date(Date.now() + ms);
const connectionLost = () =>
  Object.assign(new Error('connection reset by peer'), { name: 'MongoNetworkError' });

async function staffRowCount(shop: Shop): Promise<number> {
  const row = await RollupModel.findOne({
    store: shop.store._id,
    staff: shop.alice._id,
    metric: 'staff',
    day: localDay(new Date(), shop.store.timeZone),
  }).lean();
  return row?.count ?? 0;
}

describe('POST /api/v1/feedback/staff-ratings when the rollup write fails', () => {
  it('answers 201, and the retry of the same submit applies the rollups and the low-rating alert once', async () => {
    const shop = await makeShop();
    const body = submitBody(shop.store, { staff: String(shop.alice._id), score: 1, comment: 'Rude' });
    jest.spyOn(RollupModel, 'bulkWrite').mockRejectedValueOnce(connectionLost());
    const first = await postFrom(app, '/feedback/staff-ratings', body);
    expect(first.status).toBe(201);
    await drainBackground(30_000);
    expect(await staffRowCount(shop)).toBe(0); // the store rows failed; the rating still owes them
    expect(await NotificationModel.countDocuments()).toBe(0); // rules wait for the rollups
    expect(await owedCount()).toBe(1);

    const retry = await postFrom(app, '/feedback/staff-ratings', body);
    expect(retry.status).toBe(201);
    expect(retry.body._id).toBe(first.body._id);
    expect(await staffRowCount(shop)).toBe(1);
    await drainBackground(30_000);
    expect(await owedCount()).toBe(0);
    await expectRollupsEqualRecount();
    expect(await NotificationModel.countDocuments({ type: 'low-rating' })).toBe(1);

    // Another retry and a drain run change nothing.
    await postFrom(app, '/feedback/staff-ratings', body).expect(201);
    await drainPending(later(60_000));
    await drainBackground(30_000);
    await expectRollupsEqualRecount();
    expect(await NotificationModel.countDocuments({ type: 'low-rating' })).toBe(1);
  });

  it('counts a rating once when only the business rows failed and the drainer re-applies all of them', async () => {
    const shop = await makeShop();
    jest.spyOn(BusinessRollupModel, 'bulkWrite').mockRejectedValueOnce(connectionLost());
    const res = await postFrom(
      app,
      '/feedback/staff-ratings',
      submitBody(shop.store, { staff: String(shop.alice._id), score: 4 }),
    );
    expect(res.status).toBe(201);
    await drainBackground(30_000);
    expect(await staffRowCount(shop)).toBe(1); // the store rows landed, marked with the event
    expect(await BusinessRollupModel.countDocuments()).toBe(0);

    const report = await drainPending(later(60_000));
    expect(report.ratings).toBe(1);
    expect(report.stillOwed).toBe(0);
    expect(await staffRowCount(shop)).toBe(1); // not twice
    await expectRollupsEqualRecount();
  });
});

describe('a process killed between the rating insert and its rollups', () => {
  it('is repaired by the next process: the drainer applies the owed rollups and alerts exactly once', async () => {
    const shop = await makeShop();
    const at = new Date(Date.now() - 5 * 60_000);
    // What the dead process left behind: the rating with its owed work, nothing applied.
    await RatingModel.create({
      business: shop.store.business,
      store: shop.store._id,
      staff: shop.alice._id,
      kind: 'staff',
      score: 1,
      comment: 'Never came',
      day: localDay(at, shop.store.timeZone),
      hour: localHour(at, shop.store.timeZone),
      pending: acceptedWork(false, at),
      createdAt: at,
    });
    expect(await RollupModel.countDocuments()).toBe(0);

    const report = await drainPending(new Date());
    expect(report).toMatchObject({ ratings: 1, stillOwed: 0, lagSeconds: 0 });
    await expectRollupsEqualRecount();
    expect(await alertKeys()).toHaveLength(1);

    // A second instance draining the same moment (or a re-run) finds nothing owed and sends nothing.
    await Promise.all([drainPending(new Date()), drainPending(new Date())]);
    await expectRollupsEqualRecount();
    expect(await alertKeys()).toHaveLength(1);
  });

  it('finishes an owed visit on the retry of the same submit', async () => {
    const shop = await makeShop();
    const body = submitBody(shop.store);
    jest.spyOn(RollupModel, 'bulkWrite').mockRejectedValueOnce(connectionLost());
    await postFrom(app, '/feedback/visits', body).expect(201);
    await drainBackground(30_000);
    expect(await RollupModel.countDocuments({ metric: 'visit' })).toBe(0);
    await postFrom(app, '/feedback/visits', body).expect(201);
    await drainBackground(30_000);
    expect(await owedCount()).toBe(0);
    await expectRollupsEqualRecount();
  });
});

describe('an alert evaluation that dies between its episode claim and its delivery', () => {
  it('delivers the alert when the drainer re-runs it, and only once', async () => {
    const shop = await makeShop();
    const { onlyRule } = await import('../notifications/support');
    await onlyRule(shop.business.id, {
      type: 'low-share-window',
      minutes: 60,
      minRatings: 2,
      percent: 50,
      maxScore: 2,
    });
    await postFrom(
      app,
      '/feedback/experience-ratings',
      submitBody(shop.store, { score: 1, deviceId: newDeviceId() }),
    ).expect(201);
    await drainBackground(30_000);
    jest.spyOn(NotificationModel, 'create').mockRejectedValueOnce(connectionLost());
    await postFrom(
      app,
      '/feedback/experience-ratings',
      submitBody(shop.store, { score: 2, deviceId: newDeviceId() }),
      '198.51.100.9',
    ).expect(201);
    await drainBackground(30_000);
    expect(await NotificationModel.countDocuments()).toBe(0); // claimed, then the write failed
    expect(await owedCount()).toBe(1);

    await drainPending(later(60_000));
    expect(await NotificationModel.countDocuments({ type: 'low-share-window' })).toBe(1);
    expect(await owedCount()).toBe(0);
    await drainPending(later(120_000));
    expect(await NotificationModel.countDocuments({ type: 'low-share-window' })).toBe(1);
  });
});
