// Rollup markers: a request's own quick events leave no marker behind; late ones keep theirs; the rebuild sees both.
import type { AnyBulkWriteOperation } from 'mongoose';
import { createApp } from '../../src/app';
import { drainBackground } from '../../src/lib/background';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { BusinessRollupModel, RollupModel } from '../../src/modules/analytics/rollup.model';
import { rebuildRollups } from '../../src/modules/analytics/rollup.rebuild';
import { drainPending } from '../../src/modules/feedback/pipeline.drain';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { rollupWork } from '../../src/modules/ratings/pending-work';
import { makeRating } from '../factories';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { makeShop, postFrom, submitBody, type Shop } from '../feedback/support';
import { expectRollupsEqualRecount } from './support';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

const rate = async (shop: Shop, ip: string) => {
  const body = { ...submitBody(shop.store, { deviceId: newDeviceId() }), score: 4 };
  const res = await postFrom(app, '/feedback/experience-ratings', body, ip);
  expect(res.status).toBe(201);
  await drainBackground(30_000);
};
const markers = async () => {
  const rows = [...(await RollupModel.find().lean()), ...(await BusinessRollupModel.find().lean())];
  return rows.flatMap((r) => (r.applied ?? []).map(String));
};

it('a submit takes its marker off every row it counted in, once its entry is pulled', async () => {
  const shop = await makeShop();
  await rate(shop, '198.51.100.1');
  await rate(shop, '198.51.100.2');
  expect(await RollupModel.countDocuments({ store: shop.store._id })).toBeGreaterThan(0);
  expect(await markers()).toEqual([]);
  await expectRollupsEqualRecount();
});

it('an entry applied late (by the drainer) keeps its marker for the sweep, so a stale copy cannot count twice', async () => {
  const shop = await makeShop();
  const at = new Date(Date.now() - 60_000);
  const rating = await makeRating(shop.store, { score: 2 });
  const work = rollupWork(1, at);
  await RatingModel.updateOne({ _id: rating._id }, { $set: { pending: [work] } });
  await drainPending();
  expect((await RatingModel.findById(rating._id).lean())!.pending ?? []).toEqual([]);
  expect(new Set(await markers())).toEqual(new Set([String(work.id)]));
  // a drainer that read the entry before it was pulled applies it again: the marker makes that a no-op
  await drainPending();
  await RatingModel.updateOne({ _id: rating._id }, { $set: { pending: [work] } });
  await drainPending();
  await expectRollupsEqualRecount();
});

it('the rebuild never overwrites a live increment whose marker is already off again', async () => {
  const shop = await makeShop();
  await rate(shop, '198.51.100.3');
  const { day } = (await RatingModel.findOne({ store: shop.store._id }).lean())!;
  const row = { store: shop.store._id, staff: null, metric: 'experience' as const, day };
  await RollupModel.updateOne(row, { $set: { count: 99 } }); // a damaged row for the rebuild to fix
  const original = RollupModel.bulkWrite.bind(RollupModel);
  // between the rebuild's reads and its conditional fix, a customer's rating lands on that row (and is unmarked)
  const spy = jest.spyOn(RollupModel, 'bulkWrite').mockImplementationOnce((async (
    ops: AnyBulkWriteOperation[],
  ) => {
    await rate(shop, '198.51.100.4');
    return original(ops, { ordered: false });
  }) as never);
  const report = await rebuildRollups({ business: shop.business.id, check: false });
  spy.mockRestore();
  expect(report.changedMeanwhile).toBe(1);
  expect((await RollupModel.findOne(row).lean())!.count).toBe(100); // left for the next run, the live +1 kept
  await rebuildRollups({ business: shop.business.id, check: false });
  expect((await RollupModel.findOne(row).lean())!.count).toBe(2);
  await expectRollupsEqualRecount();
});
