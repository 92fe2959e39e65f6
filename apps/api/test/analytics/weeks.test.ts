// Week rows: a period's whole weeks read as one row each, and the repair keeps them equal to their days.
import type { Types } from 'mongoose';
import { rangeParts } from '../../src/modules/analytics/figures';
import { BusinessRollupModel, RollupModel } from '../../src/modules/analytics/rollup.model';
import { rebuildRollups } from '../../src/modules/analytics/rollup.rebuild';
import { makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { rateExperience } from './support';

setupTestDb();

describe('rangeParts', () => {
  it('reads whole ISO weeks as week keys and the days around them as days', () => {
    // Sat 2026-10-24 … Mon 2026-11-23: Sat, Sun, four whole weeks, Mon
    expect(rangeParts({ from: '2026-10-24', to: '2026-11-23' }, true)).toEqual([
      '2026-10-24',
      '2026-10-25',
      'W2026-10-26',
      'W2026-11-02',
      'W2026-11-09',
      'W2026-11-16',
      '2026-11-23',
    ]);
    expect(rangeParts({ from: '2026-11-09', to: '2026-11-14' }, true)).toHaveLength(6); // no whole week
    expect(rangeParts({ from: '2026-10-24', to: '2026-11-23' }, false)).toHaveLength(31);
  });
});

const row = (store: { _id: Types.ObjectId }, day: string) =>
  RollupModel.findOne(
    { store: store._id, staff: null, metric: 'experience', day },
    { _id: 0, count: 1, scoreSum: 1 },
  )
    .lean()
    .then((r) => r && { count: r.count, scoreSum: r.scoreSum });

describe('repairing week rows', () => {
  it('carries a mid-week day fix into its open week as an $inc, and recounts the week whole once its Sunday closes', async () => {
    const business = await makeUser();
    const london = await makeStore(business.id, { name: 'London', timeZone: 'Europe/London' });
    await rateExperience(london, 4, '2026-11-09T10:00:00Z'); // Monday
    await rateExperience(london, 2, '2026-11-10T10:00:00Z'); // Tuesday
    expect(await row(london, 'W2026-11-09')).toEqual({ count: 2, scoreSum: 6 });

    await RollupModel.deleteMany({}); // every rollup write was lost
    await BusinessRollupModel.deleteMany({});
    await rebuildRollups({ check: false, stores: [london._id], day: '2026-11-10' });
    expect(await row(london, '2026-11-10')).toEqual({ count: 1, scoreSum: 2 });
    expect(await row(london, 'W2026-11-09')).toEqual({ count: 1, scoreSum: 2 }); // Tuesday's share only
    await rebuildRollups({ check: false, stores: [london._id], day: '2026-11-09' });
    expect(await row(london, 'W2026-11-09')).toEqual({ count: 2, scoreSum: 6 });
    // settling a day again changes nothing, in the day or its week
    expect(
      (await rebuildRollups({ check: false, stores: [london._id], day: '2026-11-09' })).differences,
    ).toBe(0);
    expect(await row(london, 'W2026-11-09')).toEqual({ count: 2, scoreSum: 6 });

    // a week row that drifted from its days is recounted whole when its Sunday is settled
    await RollupModel.updateOne(
      { store: london._id, staff: null, metric: 'experience', day: 'W2026-11-09' },
      {
        $inc: { count: 5 },
      },
    );
    const sunday = await rebuildRollups({ check: false, stores: [london._id], day: '2026-11-15' });
    expect(sunday.differences).toBe(1);
    expect(await row(london, 'W2026-11-09')).toEqual({ count: 2, scoreSum: 6 });
    expect((await rebuildRollups({ check: true })).differences).toBe(0);
  });
});
