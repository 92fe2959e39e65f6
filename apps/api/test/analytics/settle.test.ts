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
  it("recounts each store's previous local day in its first local hour, and nothing else", async () => {
    const owner = await makeUser();
    const london = await makeStore(owner.id, { name: 'London', timeZone: 'Europe/London' });
    const sydney = await makeStore(owner.id, { name: 'Sydney', timeZone: 'Australia/Sydney' });
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
    expect(report.stores).toBe(1);
    expect(report.differences).toBeGreaterThan(0);

    expect(await rowsOf(london, '2026-11-09')).toEqual(expect.arrayContaining(yesterday));
    expect(await rowsOf(london, '2026-11-10')).toEqual([]); // today is left to the live path
    expect(await rowsOf(sydney, '2026-11-09')).toEqual([]); // Sydney's turn comes at its own midnight
    const check = await rebuildRollups({ check: true, stores: [london._id], day: '2026-11-09', now });
    expect(check.differences).toBe(0);
    // Settling again finds nothing to change.
    expect((await settleClosedDays(now)).differences).toBe(0);

    // Sydney's first hour on 10 November is 13:xx UTC on the 9th; the scheduled job settles it then.
    const [job] = analyticsJobs(() => new Date('2026-11-09T13:15:00Z'));
    expect(job!.every).toBe('15 * * * *');
    await job!.run();
    expect(await rowsOf(sydney, '2026-11-09')).toEqual([
      expect.objectContaining({ metric: 'experience', count: 1, scoreSum: 3 }),
    ]);
    // Every store's 9 November is now settled: its rows, both stores' and the business's, equal a recount of the day.
    await settleClosedDays(now);
    expect((await rebuildRollups({ check: true, day: '2026-11-09', now })).differences).toBe(0);
  });
});
