// Settling catches up on every closed day it missed: three skipped runs, then one run repairs all three days.
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { rebuildRollups } from '../../src/modules/analytics/rollup.rebuild';
import { settleClosedDays } from '../../src/modules/analytics/rollup.settle';
import { makeRating, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { rateExperience } from '../analytics/support';
import { expectRollupsEqualRecount } from './support';

setupTestDb();

describe('settleClosedDays(now) after missed runs', () => {
  it('settles each of three missed days (and only closed ones) in one run, then nothing more', async () => {
    const business = await makeUser();
    const london = await makeStore(business.id, { name: 'London', timeZone: 'Europe/London' });
    const kathmandu = await makeStore(business.id, { name: 'Kathmandu', timeZone: 'Asia/Kathmandu' }); // +05:45
    // The run on the morning of the 9th settled everything up to the 8th.
    expect((await settleClosedDays(new Date('2026-11-09T00:20:00Z'))).stores).toBe(2);

    // Ratings whose rollups never landed (stored straight, as by an outage that also lost their owed entries)...
    for (const day of ['09', '10', '11']) {
      await makeRating(london, { score: 4, createdAt: new Date(`2026-11-${day}T12:00:00Z`) });
      await makeRating(kathmandu, { score: 2, createdAt: new Date(`2026-11-${day}T08:00:00Z`) });
    }
    await rateExperience(london, 5, '2026-11-12T09:00:00Z'); // the 12th is still open at the next run
    expect(await RollupModel.countDocuments({ day: '2026-11-10' })).toBe(0);
    // ...and the settle job did not run for three days.

    const report = await settleClosedDays(new Date('2026-11-12T10:15:00Z'));
    expect(report.days).toBe(3);
    expect(report.differences).toBeGreaterThan(0);
    for (const day of ['2026-11-09', '2026-11-10', '2026-11-11']) {
      const rows = await RollupModel.find({ day, metric: 'experience', staff: null }).lean();
      expect(rows.map((r) => r.count)).toEqual([1, 1]);
      expect(
        (await rebuildRollups({ check: true, day, now: new Date('2026-11-12T10:15:00Z') })).differences,
      ).toBe(0);
    }
    // The week rows were carried along; the open day kept its live row.
    await expectRollupsEqualRecount();
    expect(await settleClosedDays(new Date('2026-11-12T11:15:00Z'))).toMatchObject({ stores: 0, days: 0 });
  });
});
