// Full-key lookups of compound indexes: the per-leading-value maps follow every write, and the clauses the keys
// answered are left out of the per-document check only where that cannot change which documents match.
import type { Db } from 'mongodb';
import { ObjectId } from 'mongodb';
import { residualFilter } from '../src/implied';
import { useHarness } from './helpers';

let db: Db;
useHarness((fresh) => (db = fresh));

const ids = (docs: Array<{ _id: unknown }>) => docs.map((d) => String(d._id)).sort();

test('a compound lookup finds what a scan finds through inserts, updates that move keys, deletes and a clear', async () => {
  const c = db.collection('rows');
  await c.createIndex({ store: 1, staff: 1, metric: 1, day: 1 }, { unique: true });
  const stores = [new ObjectId(), new ObjectId(), new ObjectId()];
  const docs = [];
  for (const store of stores)
    for (const metric of ['staff', 'experience'])
      for (const day of ['2026-11-01', '2026-11-02', 'W2026-10-26'])
        docs.push({ store, staff: null, metric, day, count: 1 });
  await c.insertMany(docs);
  const filter = {
    store: { $in: [stores[0], stores[2], stores[0]] },
    staff: null,
    metric: { $in: ['staff', 'experience'] },
    day: { $in: ['2026-11-01', 'W2026-10-26'] },
  };
  const scanned = async () =>
    ids(
      (await c.find({}).toArray()).filter(
        (d) =>
          [String(stores[0]), String(stores[2])].includes(String(d.store)) &&
          d.staff === null &&
          ['2026-11-01', 'W2026-10-26'].includes(d.day as string),
      ),
    );
  expect(ids(await c.find(filter).toArray())).toEqual(await scanned());
  expect(await c.countDocuments(filter)).toBe(2 * 2 * 2);
  // a key moves (day changes), a row goes, a row comes back under a key that was emptied
  await c.updateOne(
    { store: stores[0], metric: 'staff', day: '2026-11-01' },
    { $set: { day: '2026-11-03' } },
  );
  await c.deleteOne({ store: stores[2], metric: 'experience', day: 'W2026-10-26' });
  expect(ids(await c.find(filter).toArray())).toEqual(await scanned());
  expect(await c.countDocuments(filter)).toBe(6);
  await c.insertOne({ store: stores[0], staff: null, metric: 'staff', day: '2026-11-01', count: 2 });
  expect(await c.countDocuments(filter)).toBe(7);
  await c.deleteMany({});
  expect(await c.countDocuments(filter)).toBe(0);
  await c.insertOne({ store: stores[2], staff: null, metric: 'experience', day: '2026-11-01' });
  expect(await c.countDocuments(filter)).toBe(1);
});

test('{field: null} is still checked: an empty array is keyed as null but does not match null', async () => {
  const c = db.collection('nulls');
  await c.createIndex({ store: 1, staff: 1 });
  await c.insertMany([{ store: 's', staff: null }, { store: 's' }, { store: 's', staff: [] }]);
  const found = await c.find({ store: 's', staff: null }).toArray();
  expect(found).toHaveLength(2);
  expect(found.every((d) => !Array.isArray(d.staff))).toBe(true);
});

test('documents found through a multikey compound index are checked in full and returned once', async () => {
  const c = db.collection('multi');
  await c.createIndex({ store: 1, tags: 1 });
  await c.insertMany([
    { store: 'a', tags: ['x', 'y'], n: 1 },
    { store: 'a', tags: 'x', n: 2 },
    { store: 'b', tags: ['y'], n: 3 },
  ]);
  const found = await c
    .find({ store: { $in: ['a', 'b'] }, tags: { $in: ['x', 'y'] }, n: { $gt: 1 } })
    .toArray();
  expect(found.map((d) => d.n).sort()).toEqual([2, 3]);
  expect(await c.countDocuments({ store: 'a', tags: { $in: ['x', 'y'] } })).toBe(2);
});

test('the clauses a lookup answered are left out only when they are equality or $in of exactly keyed values', () => {
  const id = new ObjectId();
  const filter = {
    business: id,
    store: { $in: [id] },
    staff: null,
    metric: { $in: ['staff', 'experience'] },
    day: { $in: ['2026-11-01'], $ne: '2026-11-02' },
    n: 3,
  };
  expect(residualFilter(filter, ['store', 'staff', 'metric', 'day'])).toEqual({
    business: id,
    staff: null,
    day: { $in: ['2026-11-01'], $ne: '2026-11-02' },
    n: 3,
  });
  expect(residualFilter({ a: { $in: [/x/] } }, ['a'])).toBeUndefined();
  expect(residualFilter({ a: { $in: [1, null] } }, ['a'])).toBeUndefined();
  expect(residualFilter({ a: { $eq: 2 } }, ['a'])).toEqual({});
  expect(residualFilter({ a: { b: 1 } }, ['a'])).toBeUndefined();
});

test('a $group by store and metric groups as before, in first-seen order', async () => {
  const c = db.collection('grouped');
  const [s1, s2] = [new ObjectId(), new ObjectId()];
  await c.insertMany([
    { store: s2, metric: 'staff', count: 1 },
    { store: s1, metric: 'staff', count: 2 },
    { store: s2, metric: 'experience', count: 4 },
    { store: s2, metric: 'staff', count: 8 },
    { store: s1, metric: 'staff', count: 16 },
  ]);
  const out = await c
    .aggregate([{ $group: { _id: { store: '$store', metric: '$metric' }, n: { $sum: '$count' } } }])
    .toArray();
  expect(out).toEqual([
    { _id: { store: s2, metric: 'staff' }, n: 9 },
    { _id: { store: s1, metric: 'staff' }, n: 18 },
    { _id: { store: s2, metric: 'experience' }, n: 4 },
  ]);
});
