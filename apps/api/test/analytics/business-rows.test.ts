// Business rows (an owner's stores together, per kind and store-local day/week): kept live, repaired, read by the Overview.
import type { Types } from 'mongoose';
import { overview } from '../../src/modules/analytics/dashboard.service';
import { BusinessRollupModel, RollupModel } from '../../src/modules/analytics/rollup.model';
import { rebuildRollups } from '../../src/modules/analytics/rollup.rebuild';
import { settleClosedDays } from '../../src/modules/analytics/rollup.settle';
import { loadScope } from '../../src/modules/analytics/scope';
import { makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { ownerAccess, rateExperience } from './support';

setupTestDb();

const businessRow = (business: Types.ObjectId | string, day: string) =>
  BusinessRollupModel.findOne({ business, metric: 'experience', day }, { _id: 0, count: 1, scoreSum: 1, h: 1 })
    .lean()
    .then((r) => r && { count: r.count, scoreSum: r.scoreSum, h: r.h as unknown });

async function londonAndSydney() {
  const owner = await makeUser();
  const london = await makeStore(owner.id, { name: 'London', timeZone: 'Europe/London' });
  const sydney = await makeStore(owner.id, { name: 'Sydney', timeZone: 'Australia/Sydney' });
  await rateExperience(london, 4, '2026-11-09T10:00:00Z'); // London, Monday 9 November, 10:00
  await rateExperience(sydney, 2, '2026-11-09T05:00:00Z'); // Sydney, Monday 9 November, 16:00
  return { owner, london, sydney };
}

describe('business rows', () => {
  it("sum each store's own day, week and local hours, written with the rating", async () => {
    const { owner } = await londonAndSydney();
    expect(await businessRow(owner.id, '2026-11-09')).toEqual({
      count: 2,
      scoreSum: 6,
      h: { 10: { n: 1, s: 4 }, 16: { n: 1, s: 2 } },
    });
    expect(await businessRow(owner.id, 'W2026-11-09')).toEqual({
      count: 2,
      scoreSum: 6,
      h: { '1-10': { n: 1, s: 4 }, '1-16': { n: 1, s: 2 } },
    });
    expect((await rebuildRollups({ check: true })).differences).toBe(0);
  });

  it("take each store's settled fix as it comes, and are recounted whole once the owner's last store closes the day", async () => {
    const { owner } = await londonAndSydney();
    await RollupModel.deleteMany({});
    await BusinessRollupModel.deleteMany({}); // every rollup write was lost
    await settleClosedDays(new Date('2026-11-09T13:15:00Z')); // Sydney's first hour of the 10th; London still open
    expect(await businessRow(owner.id, '2026-11-09')).toMatchObject({ count: 1, scoreSum: 2 });
    expect(await businessRow(owner.id, 'W2026-11-09')).toMatchObject({ count: 1, scoreSum: 2 });
    await settleClosedDays(new Date('2026-11-10T00:20:00Z')); // London closes the 9th too
    expect(await businessRow(owner.id, '2026-11-09')).toMatchObject({ count: 2, scoreSum: 6 });
    expect(await businessRow(owner.id, 'W2026-11-09')).toMatchObject({ count: 2, scoreSum: 6 });
    expect((await rebuildRollups({ check: true })).differences).toBe(0);
  });

  it('lose a write of their own only until the last store closes the day, then the recount puts it back', async () => {
    const { owner, london, sydney } = await londonAndSydney();
    await rateExperience(london, 5, '2026-11-10T10:00:00Z');
    // the store rows were written, the business rows' write was lost
    for (const [day, cell] of [
      ['2026-11-10', '10'],
      ['W2026-11-09', '2-10'],
    ])
      await BusinessRollupModel.updateOne(
        { business: owner.id, metric: 'experience', day },
        { $inc: { count: -1, scoreSum: -5, d5: -1, [`h.${cell}.n`]: -1, [`h.${cell}.s`]: -5 } },
      );
    await settleClosedDays(new Date('2026-11-10T13:15:00Z')); // Sydney closes the 10th: nothing of its own to fix
    expect(await businessRow(owner.id, '2026-11-10')).toMatchObject({ count: 0 });
    await settleClosedDays(new Date('2026-11-11T00:20:00Z')); // London, the last, closes the 10th
    expect(await businessRow(owner.id, '2026-11-10')).toMatchObject({ count: 1, scoreSum: 5 });
    expect(await businessRow(owner.id, 'W2026-11-09')).toMatchObject({ count: 3, scoreSum: 11 });
    expect((await rebuildRollups({ check: true, stores: [london._id, sydney._id] })).differences).toBe(0);
    expect((await rebuildRollups({ check: true })).differences).toBe(0);
  });

  it("are what the Overview of every store reads for the days every store's period holds", async () => {
    const { owner } = await londonAndSydney();
    const now = new Date('2026-11-11T12:00:00Z');
    const count = async () =>
      (await overview(await loadScope(ownerAccess(owner.id), { period: 'last7' } as never, now), 'auto')).series;
    const day9 = async () => (await count()).find((p) => p.bucket === '2026-11-09')!.count;
    expect(await day9()).toBe(2);
    await BusinessRollupModel.updateOne(
      { business: owner.id, metric: 'experience', day: '2026-11-09' },
      { $inc: { count: 40 } },
    );
    expect(await day9()).toBe(42); // read from the business row, not from the two stores' rows
    await rebuildRollups({ check: false, business: owner.id });
    expect(await day9()).toBe(2);
  });
});
