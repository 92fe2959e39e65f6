// rollups:rebuild while 500 submits land: no live increment is lost, and every row ends equal to a recount.
import { createApp } from '../../src/app';
import { drainBackground } from '../../src/lib/background';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { rebuildRollups } from '../../src/modules/analytics/rollup.rebuild';
import { drainPending } from '../../src/modules/feedback/pipeline.drain';
import { NotificationModel } from '../../src/modules/notifications/notification.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { makeRating } from '../factories';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { makeShop, postFrom, submitBody, type Shop } from '../feedback/support';
import { expectRollupsEqualRecount, owedCount } from './support';

setupTestDb();
jest.setTimeout(600_000);
const app = createApp();
afterEach(() => resetRateLimits());

function submitOf(shop: Shop, i: number) {
  const body = submitBody(shop.store, { deviceId: newDeviceId() });
  if (i % 4 === 0) return { path: '/feedback/visits', body };
  if (i % 4 === 1) return { path: '/feedback/experience-ratings', body: { ...body, score: 1 + (i % 5) } };
  return {
    path: '/feedback/staff-ratings',
    body: { ...body, staff: String((i % 3 ? shop.alice : shop.bob)._id), score: 1 + ((i * 7) % 5) },
  };
}

describe('rollups:rebuild concurrent with live submits', () => {
  it('loses no increment: after the drainer, every rollup equals a recount and each low rating has one alert', async () => {
    const shops = [await makeShop(), await makeShop({ timeZone: 'America/New_York' })];
    // Raw ratings whose rollups are missing, so the rebuild has rows to write while submits land on the same rows.
    for (const shop of shops)
      for (let k = 0; k < 20; k += 1) await makeRating(shop.store, { score: 1 + (k % 5) });

    let submitting = true;
    let rebuilds = 0;
    const rebuilding = (async () => {
      while (submitting) {
        await rebuildRollups({ check: false });
        rebuilds += 1;
      }
    })();
    const statuses: number[] = [];
    for (let i = 0; i < 500; i += 10) {
      await Promise.all(
        Array.from({ length: 10 }, (_, j) => {
          const n = i + j;
          const { path, body } = submitOf(shops[n % 2]!, n);
          return postFrom(app, path, body, `198.51.${Math.floor(n / 200)}.${(n % 200) + 1}`).then((r) =>
            statuses.push(r.status),
          );
        }),
      );
    }
    submitting = false;
    await rebuilding;
    expect(rebuilds).toBeGreaterThan(1);
    expect(statuses.filter((s) => s === 201)).toHaveLength(500);

    // The repair path: the tracked work finishes, the drainer applies anything owed; no further rebuild.
    await drainBackground(30_000);
    await drainPending(new Date(Date.now() + 60_000));
    expect(await owedCount()).toBe(0);
    await expectRollupsEqualRecount();

    // The default low-rating rule: one alert per counted rating of 1 or 2 stars from a submit, never two.
    const low = await RatingModel.countDocuments({ score: { $lte: 2 }, idempotencyKey: { $type: 'string' } });
    const alerts = await NotificationModel.find({ type: 'low-rating' }, { key: 1 }).lean();
    expect(new Set(alerts.map((a) => a.key)).size).toBe(alerts.length);
    expect(alerts.length).toBe(
      low - (await RatingModel.countDocuments({ score: { $lte: 2 }, 'flag.suspicious': true })),
    );
  });
});
