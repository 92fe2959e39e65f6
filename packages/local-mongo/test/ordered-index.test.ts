// Range and sort-with-limit walks over sorted index keys: identical to a scan on random data, and proven not to scan.
import { Long, ObjectId } from 'mongodb';
import type { Collection as DriverCollection, Db, Document } from 'mongodb';
import { engineCollection, useHarness } from './helpers';

let db: Db;
const harness = useHarness((fresh) => (db = fresh));

const coll = (name: string) => engineCollection(harness, () => db, name);

/** Deterministic PRNG (mulberry32) so a failure reproduces. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const BASE = Date.UTC(2026, 0, 1);

/** A value of mixed BSON type (numbers of several kinds, strings, dates, ObjectIds, booleans, null, or missing). */
function value(r: () => number): unknown {
  const n = Math.floor(r() * 12);
  switch (
    pick(r, ['int', 'double', 'long', 'string', 'date', 'oid', 'bool', 'null', 'missing', 'int', 'string'])
  ) {
    case 'int':
      return n;
    case 'double':
      return n + 0.5;
    case 'long':
      return Long.fromNumber(n);
    case 'string':
      return `s${n}`;
    case 'date':
      return new Date(BASE + n * 86_400_000);
    case 'oid':
      return new ObjectId(n.toString(16).padStart(24, '0'));
    case 'bool':
      return n % 2 === 0;
    case 'null':
      return null;
    default:
      return undefined;
  }
}

function doc(r: () => number, i: number): Document {
  const d: Document = { _id: i, g: pick(r, ['x', 'y', 'z']) };
  for (const f of ['a', 'b', 'c']) {
    const v = value(r);
    if (v !== undefined) d[f] = v;
  }
  return d;
}

function rangeOp(r: () => number): Document {
  const ops = ['$gt', '$gte', '$lt', '$lte'];
  const out: Document = {};
  const bound = value(r) ?? 5;
  out[pick(r, ops)] = bound;
  if (r() < 0.5) out[pick(r, ops)] = r() < 0.8 ? bound : (value(r) ?? 's3');
  return out;
}

function query(r: () => number): Document {
  const q: Document = {};
  if (r() < 0.6) q.g = r() < 0.8 ? pick(r, ['x', 'y', 'z']) : { $in: ['x', 'z'] };
  if (r() < 0.7) q[pick(r, ['a', 'b', 'c'])] = rangeOp(r);
  if (r() < 0.3) q.$and = [{ [pick(r, ['a', 'b', 'c'])]: rangeOp(r) }];
  if (r() < 0.2) q.b = value(r) ?? 3;
  return q;
}

function sortOf(r: () => number): Document | undefined {
  if (r() < 0.2) return undefined;
  const fields = ['a', 'b', 'c', '_id'];
  const sort: Document = { [pick(r, fields)]: pick(r, [1, -1]) };
  if (r() < 0.5) sort[pick(r, fields)] = pick(r, [1, -1]);
  return sort;
}

async function ids(
  c: DriverCollection,
  q: Document,
  sort?: Document,
  limit = 0,
  skip = 0,
): Promise<unknown[]> {
  let cur = c.find(q);
  if (sort) cur = cur.sort(sort);
  if (skip) cur = cur.skip(skip);
  if (limit) cur = cur.limit(limit);
  return (await cur.toArray()).map((d) => d._id);
}

test('range and sort+limit through indexes give exactly what a scan gives, across writes', async () => {
  const r = rng(20261123);
  const indexed = db.collection('indexed');
  const plain = db.collection('plain');
  await indexed.createIndex({ a: 1 });
  await indexed.createIndex({ g: 1, b: -1 });
  await indexed.createIndex({ g: 1, c: 1, a: -1 });
  await indexed.createIndex({ b: -1, _id: -1 });
  const docs = Array.from({ length: 600 }, (_, i) => doc(r, i));
  await indexed.insertMany(docs.map((d) => ({ ...d })));
  await plain.insertMany(docs.map((d) => ({ ...d })));
  let walked = 0;
  for (let round = 0; round < 400; round++) {
    if (round % 40 === 39) {
      // updates move index keys, deletes and inserts add/remove them: the sorted keys must follow
      const id = Math.floor(r() * 600);
      const set = { a: value(r) ?? 1, c: value(r) ?? 's1' };
      for (const c of [indexed, plain]) await c.updateOne({ _id: id } as Document, { $set: set });
      const gone = Math.floor(r() * 600);
      for (const c of [indexed, plain]) await c.deleteOne({ _id: gone } as Document);
      const fresh = doc(r, 1000 + round);
      for (const c of [indexed, plain]) await c.insertOne({ ...fresh });
    }
    const q = query(r);
    const sort = sortOf(r);
    const limit = r() < 0.7 ? 1 + Math.floor(r() * 15) : 0;
    const skip = r() < 0.2 ? Math.floor(r() * 5) : 0;
    const expected = await ids(plain, q, sort, limit, skip);
    const got = await ids(indexed, q, sort, limit, skip);
    expect({ q, sort, limit, skip, got }).toEqual({ q, sort, limit, skip, got: expected });
    if (coll('indexed').lastExamined < coll('plain').lastExamined) walked++;
  }
  // the comparison is only meaningful if many of the queries really went through a walk
  expect(walked).toBeGreaterThan(100);
});

test('multikey indexes fall back to a scan where a walk would be wrong, with the same results', async () => {
  const c = db.collection('tags');
  await c.createIndex({ t: 1 });
  await c.insertMany([
    { _id: 1, t: [1, 10] },
    { _id: 2, t: 4 },
    { _id: 3, t: [] },
    { _id: 4 },
    { _id: 5, t: [7] },
  ] as never[]);
  // [1, 10] matches $gte 3 (via 10) and $lte 5 (via 1): bounds on one index key could not find it
  expect(await ids(c as never, { t: { $gte: 3, $lte: 5 } })).toEqual([1, 2]);
  // an array sorts by its smallest element ascending and its largest descending
  expect(await ids(c as never, {}, { t: 1 }, 3)).toEqual([3, 4, 1]);
  expect(await ids(c as never, {}, { t: -1 }, 2)).toEqual([1, 5]);
});

test('range and sort+limit examine only the index range, not the collection', async () => {
  const ratings = db.collection('ratings');
  await ratings.createIndex({ owner: 1, createdAt: -1, _id: -1 });
  await ratings.createIndex({ store: 1, day: 1 });
  await ratings.createIndex({ store: 1, staff: 1, day: 1 });
  const docs = Array.from({ length: 5000 }, (_, i) => ({
    _id: new ObjectId(i.toString(16).padStart(24, '0')),
    owner: `o${i % 2}`,
    store: `s${i % 5}`,
    ...(i % 4 === 0 ? {} : { staff: i % 4 === 1 ? null : `p${i % 7}` }),
    day: `2026-01-${String(1 + (i % 28)).padStart(2, '0')}`,
    createdAt: new Date(BASE + Math.floor(i / 3) * 60_000),
    score: 1 + (i % 5),
  }));
  await ratings.insertMany(docs);
  const window = { $gte: new Date(BASE + 100 * 60_000), $lt: new Date(BASE + 1200 * 60_000) };

  // newest first, limit 10: the walk starts at the window's top and stops after the 10th match (+ its tie group)
  const page = await ratings
    .find({ owner: 'o1', createdAt: window })
    .sort({ createdAt: -1, _id: -1 })
    .limit(10)
    .toArray();
  expect(page.map((d) => d.createdAt.getTime())).toEqual(
    docs
      .filter((d) => d.owner === 'o1' && d.createdAt >= window.$gte && d.createdAt < window.$lt)
      .sort(
        (a, b) =>
          b.createdAt.getTime() - a.createdAt.getTime() ||
          (b._id.toHexString() < a._id.toHexString() ? -1 : 1),
      )
      .slice(0, 10)
      .map((d) => d.createdAt.getTime()),
  );
  expect(coll('ratings').lastExamined).toBeLessThanOrEqual(10);

  // oldest first walks the same index backwards; a filter on an unindexed field only lengthens the walk
  await ratings.find({ owner: 'o0', score: 3 }).sort({ createdAt: 1 }).limit(5).toArray();
  expect(coll('ratings').lastExamined).toBeLessThanOrEqual(5 * 5 + 5);

  // equality prefix + range on the next field: only the documents in range are examined
  const n = await ratings.countDocuments({ store: 's2', day: { $gte: '2026-01-10', $lt: '2026-01-15' } });
  expect(n).toBe(
    docs.filter((d) => d.store === 's2' && d.day >= '2026-01-10' && d.day < '2026-01-15').length,
  );
  expect(coll('ratings').lastExamined).toBe(n);

  // null equality (null or missing, as mongod's index keys them) is part of a prefix too
  const nulls = await ratings.countDocuments({ store: 's4', staff: null, day: { $lte: '2026-01-05' } });
  expect(nulls).toBe(
    docs.filter((d) => d.store === 's4' && (d.staff ?? null) === null && d.day <= '2026-01-05').length,
  );
  expect(nulls).toBeGreaterThan(0);
  expect(coll('ratings').lastExamined).toBe(nulls);

  // an $in on the leading field walks one range per value
  const m = await ratings.countDocuments({ store: { $in: ['s1', 's3'] }, day: { $gt: '2026-01-20' } });
  expect(coll('ratings').lastExamined).toBe(m);
  expect(m).toBeGreaterThan(0);
});

test('an empty $in on an index field with a range and a sort matches nothing instead of failing', async () => {
  const shifts = db.collection('shifts');
  await shifts.createIndex({ store: 1, start: 1 });
  await shifts.insertOne({ owner: 1, store: 2, start: 5, end: 9 });
  const found = await shifts
    .find({ owner: 1, store: { $in: [] }, start: { $lte: 6 }, end: { $gt: 6 } })
    .sort({ start: 1 })
    .toArray();
  expect(found).toEqual([]);
});

test('keeps sorted keys from an index’s creation, so no query stops the server to build them', async () => {
  const c = db.collection<{ _id: number } & Document>('eager');
  await c.createIndex({ owner: 1, at: -1 });
  await c.createIndex({ tags: 1 });
  await c.insertMany(
    Array.from({ length: 50 }, (_, i) => ({ _id: i, owner: i % 2, at: i, tags: ['a', `t${i}`] })),
  );
  // before any query: the compound index holds every document's key; the multikey one keeps none (never walked)
  expect(coll('eager').sortedKeyCounts()).toEqual({ 'owner_1_at_-1': 50, tags_1: undefined });
  await c.updateOne({ _id: 3 }, { $inc: { n: 1 } }); // indexed fields unchanged
  await c.updateOne({ _id: 4 }, { $set: { at: 100 } });
  await c.deleteOne({ _id: 5 });
  expect(coll('eager').sortedKeyCounts()['owner_1_at_-1']).toBe(49);
  const top = await c.find({ owner: 0 }).sort({ at: -1 }).limit(2).toArray();
  expect(top.map((d) => d._id)).toEqual([4, 48]);
  expect(coll('eager').lastExamined).toBe(2);
});
