// Concurrent events' rollup changes merged per row: fewer commands, and still every event counted exactly once.
import mongoose from 'mongoose';
import { BusinessRollupModel, RollupModel } from '../../src/modules/analytics/rollup.model';
import { ratingRollupChanges, type RatingFacts } from '../../src/modules/analytics/rollup.contribution';
import { applyRollupEvent, unmarkRollupEvent } from '../../src/modules/analytics/rollup.service';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const id = () => new mongoose.Types.ObjectId();
const business = id();
const store = id();
const people = [id(), id(), id()];
const rating = (i: number): RatingFacts => ({
  business,
  store,
  staff: people[i % 3],
  kind: 'staff',
  score: 1 + (i % 5),
  day: '2026-03-02',
  hour: 9,
});
const storeRow = () => RollupModel.findOne({ store, staff: null, metric: 'staff', day: '2026-03-02' }).lean();

describe('applyRollupEvent, merged per row', () => {
  it('applies many concurrent events in fewer commands, each once, markers and figures alike', async () => {
    const spy = jest.spyOn(RollupModel, 'bulkWrite');
    const events = Array.from({ length: 30 }, () => id());
    await Promise.all(events.map((e, i) => applyRollupEvent(e, ratingRollupChanges(rating(i), 1))));
    expect(spy.mock.calls.length).toBeLessThan(10);
    spy.mockRestore();
    const row = (await storeRow())!;
    expect(row.count).toBe(30);
    expect(row.scoreSum).toBe(30 * 3);
    expect(row.d1).toBe(6);
    expect(row.v).toBe(30);
    expect(row.applied!.map(String).sort()).toEqual(events.map(String).sort());
    const person = await RollupModel.findOne({ staff: people[0], day: '2026-03-02' }).lean();
    expect(person!.count).toBe(10);
    const owner = await BusinessRollupModel.findOne({ business, metric: 'staff', day: '2026-03-02' }).lean();
    expect(owner!.count).toBe(30);
  });

  it('merged with events a row already carries (a retry, the drainer), counts only the new ones', async () => {
    const old = id();
    await applyRollupEvent(old, ratingRollupChanges(rating(0), 1));
    const fresh = [id(), id(), id()];
    // the old event again, twice, in the same batch as three new ones, one of them also twice
    await Promise.all([
      applyRollupEvent(old, ratingRollupChanges(rating(0), 1)),
      ...fresh.map((e, i) => applyRollupEvent(e, ratingRollupChanges(rating(i + 1), 1))),
      applyRollupEvent(old, ratingRollupChanges(rating(0), 1)),
      applyRollupEvent(fresh[0]!, ratingRollupChanges(rating(1), 1)),
    ]);
    const row = (await storeRow())!;
    expect(row.count).toBe(4);
    expect(row.scoreSum).toBe(1 + 2 + 3 + 4);
    expect(new Set(row.applied!.map(String))).toEqual(new Set([old, ...fresh].map(String)));
    const weeks = await RollupModel.find({ store, staff: null, day: /^W/ }).lean();
    expect(weeks.map((w) => w.count)).toEqual([4]);
  });

  it('takes concurrent events’ markers off in one clean-up per row, figures unchanged', async () => {
    const events = [id(), id(), id(), id()];
    await Promise.all(events.map((e, i) => applyRollupEvent(e, ratingRollupChanges(rating(i), 1))));
    const spy = jest.spyOn(RollupModel, 'bulkWrite');
    await Promise.all(events.map((e, i) => unmarkRollupEvent(e, ratingRollupChanges(rating(i), 1))));
    expect(spy.mock.calls.length).toBe(1);
    spy.mockRestore();
    const rows = await RollupModel.find({ store }).lean();
    expect(rows.flatMap((r) => r.applied ?? [])).toEqual([]);
    expect((await storeRow())!.count).toBe(4);
  });

  it('fails every event of a command that failed as a whole, and a later attempt applies them once', async () => {
    const lost = new Error('connection lost');
    const spy = jest.spyOn(RollupModel, 'bulkWrite').mockRejectedValueOnce(lost);
    const events = [id(), id()];
    const first = await Promise.allSettled(
      events.map((e, i) => applyRollupEvent(e, ratingRollupChanges(rating(i), 1))),
    );
    spy.mockRestore();
    expect(first.map((r) => r.status)).toEqual(['rejected', 'rejected']);
    await Promise.all(events.map((e, i) => applyRollupEvent(e, ratingRollupChanges(rating(i), 1))));
    await Promise.all(events.map((e, i) => applyRollupEvent(e, ratingRollupChanges(rating(i), 1))));
    expect((await storeRow())!.count).toBe(2);
  });
});
