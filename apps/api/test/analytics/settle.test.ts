// The nightly repair: a store's closed local day gets its rollups recounted from raw ratings; open days and stores
// whose day has not closed are left alone.
import type { Types } from 'mongoose';
import { BusinessRollupModel, RollupModel } from '../../src/modules/analytics/rollup.model';
import { rebuildRollups } from '../../src/modules/analytics/rollup.rebuild';
import { analyticsJobs, settleClosedDays } from '../../src/modules/analytics/rollup.settle';
import { makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { rateExperience } from './support';

setupTestDb();

const rowsOf = (store: { _id: Types.ObjectId }, day: string) =>
  RollupModel.find({ store: store._id, day }, { _id: 0, count: 1, scoreSum: 1, metric: 1 }).lean();

describe('settling closed days', () => {
  it("recounts every store's closed local days, and never a day still open", async () => {
    const business = await makeUser();
    const london = await makeStore(business.id, { name: 'London', timeZone: 'Europe/London' });
    const sydney = await makeStore(business.id, { name: 'Sydney', timeZone: 'Australia/Sydney' });
    await rateExperience(london, 4, '2026-11-09T10:00:00Z');
    await rateExperience(london, 2, '2026-11-09T22:30:00Z');
    await rateExperience(london, 5, '2026-11-10T00:05:00Z'); // London's 10 November: still open at 00:20
    await rateExperience(sydney, 3, '2026-11-09T05:00:00Z'); // Sydney's 9 November closed hours ago, at 13:00 UTC
    const yesterday = await rowsOf(london, '2026-11-09');
    expect(yesterday.find((r) => r.metric === 'experience')).toMatchObject({ count: 2, scoreSum: 6 });

    // MongoDB went away between the ratings and their rollups: every rollup row is missing.
    await RollupModel.deleteMany({});
    await BusinessRollupModel.deleteMany({});
    const now = new Date('2026-11-10T00:20:00Z'); // London 00:20, Sydney 11:20
    const report = await settleClosedDays(now);
    expect(report.stores).toBe(2);
    expect(report.differences).toBeGreaterThan(0);

    expect(await rowsOf(london, '2026-11-09')).toEqual(expect.arrayContaining(yesterday));
    expect(await rowsOf(london, '2026-11-10')).toEqual([]); // today is left to the live path
    expect(await rowsOf(sydney, '2026-11-09')).toEqual([
      expect.objectContaining({ metric: 'experience', count: 1, scoreSum: 3 }),
    ]);
    // Every store's 9 November is settled: its rows, both stores' and the business's, equal a recount of the day.
    expect((await rebuildRollups({ check: true, day: '2026-11-09', now })).differences).toBe(0);
    // Settling again in the same hour finds nothing owed (the marks moved on) and changes nothing.
    expect(await settleClosedDays(now)).toMatchObject({ stores: 0, differences: 0 });

    const [job] = analyticsJobs(() => now);
    expect(job!.every).toBe('15 * * * *');
  });
});
