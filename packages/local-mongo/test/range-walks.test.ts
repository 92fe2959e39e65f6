// A range walk of a single-valued index answers the clauses it proved (its fixed fields, its date or ObjectId range):
// the documents it visits are checked only against the rest, and find exactly what a scan finds.
import type { Db } from 'mongodb';
import { ObjectId } from 'mongodb';
import { walkedResidual } from '../src/implied';
import { engineCollection, useHarness } from './helpers';

let db: Db;
const harness = useHarness((fresh) => (db = fresh));
const coll = (name: string) => engineCollection(harness, () => db, name);
const keys = (docs: Array<Record<string, unknown>>) => docs.map((d) => Number(d.k)).sort((a, b) => a - b);

const at = (minute: number) => new Date(Date.UTC(2026, 10, 28, 10, minute));
const tally = (filter: object) => [
  { $match: filter },
  { $group: { _id: null, n: { $sum: 1 }, low: { $sum: { $cond: [{ $lte: ['$score', 2] }, 1, 0] } } } },
];

test('an alert window (store, time range, not flagged) finds what a scan finds, checking only the flag', async () => {
  const [s1, s2] = [new ObjectId(), new ObjectId()];
  const docs = [
    ...Array.from({ length: 40 }, (_, i) => ({
      store: i % 3 ? s1 : s2,
      at: at(i),
      flagged: i % 7 === 0,
      score: 1 + (i % 5),
    })),
    // values a date range never matches, and one a single-element array holds (matched by its element, as mongod does)
    { store: s1, flagged: false },
    { store: s1, at: null, flagged: false },
    { store: s1, at: '2026-11-28T10:20:00Z', flagged: false },
    { store: s1, at: 20, flagged: false },
    { store: s1, at: [at(21)], flagged: false },
  ];
  const indexed = db.collection('ratings');
  await indexed.createIndex({ store: 1, at: -1 });
  await indexed.insertMany(docs.map((d, k) => ({ ...d, k })));
  const scanned = db.collection('plain');
  await scanned.insertMany(docs.map((d, k) => ({ ...d, k })));
  const windows = [
    { $gt: at(5), $lte: at(25) },
    { $gte: at(5), $lt: at(25) },
    { $gt: at(30) },
    { $lte: at(3) },
  ];
  for (const range of windows) {
    const filter = { store: s1, at: range, flagged: false };
    const found = await indexed.find(filter).toArray();
    expect(found.length).toBeGreaterThan(0);
    expect(keys(found)).toEqual(keys(await scanned.find(filter).toArray()));
    expect(coll('ratings').lastChecked).toEqual({ flagged: false });
    expect(await indexed.aggregate(tally(filter)).toArray()).toEqual(
      await scanned.aggregate(tally(filter)).toArray(),
    );
  }
});

test('a walk over several fixed values, or a range of another kind, is still checked in full', async () => {
  const c = db.collection('mixed');
  await c.createIndex({ store: 1, n: 1 });
  await c.insertMany([
    { store: 'a', n: 1, at: at(1) },
    { store: 'b', n: 2, at: at(2) },
    { store: 'a', n: 3, at: at(3) },
  ]);
  expect(await c.countDocuments({ store: { $in: ['a', 'b'] }, n: { $gte: 1, $lt: 3 } })).toBe(2);
  expect(coll('mixed').lastChecked).toEqual({ store: { $in: ['a', 'b'] }, n: { $gte: 1, $lt: 3 } });
  expect(await c.countDocuments({ store: 'a', n: { $gt: 1 } })).toBe(1);
  expect(coll('mixed').lastChecked).toEqual({ n: { $gt: 1 } });
});

test('only equality of exactly keyed values and pure date or ObjectId ranges are left out', () => {
  const id = new ObjectId();
  const window = { $gt: at(1), $lte: at(2) };
  expect(walkedResidual({ store: id, at: window, f: false }, ['store'], 'at')).toEqual({ f: false });
  expect(walkedResidual({ store: id, k: { $gt: id } }, ['store'], 'k')).toEqual({});
  // mixed kinds, other operators, numbers, strings and plain equality stay
  expect(walkedResidual({ at: { $gt: at(1), $lt: 5 } }, [], 'at')).toBeUndefined();
  expect(walkedResidual({ at: { $gt: at(1), $ne: at(2) } }, [], 'at')).toBeUndefined();
  expect(walkedResidual({ at: { $gt: 1 } }, [], 'at')).toBeUndefined();
  expect(walkedResidual({ at: { $gt: 'a' } }, [], 'at')).toBeUndefined();
  expect(walkedResidual({ at: at(1) }, [], 'at')).toBeUndefined();
  expect(walkedResidual({ store: null, at: { $gt: at(1) } }, ['store'], 'at')).toEqual({ store: null });
});
