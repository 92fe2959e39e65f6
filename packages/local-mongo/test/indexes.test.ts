// Index semantics: unique/compound/sparse/partial enforcement with mongod's E11000 shape, TTL expiry, scan-free equality lookups.
import { Long } from 'mongodb';
import type { Db } from 'mongodb';
import { Index, normalizeSpec } from '../src/indexes';
import { engineCollection, serverError, useHarness } from './helpers';

let db: Db;
const harness = useHarness((fresh) => (db = fresh), { ttlIntervalMs: 25 });

const coll = (name: string) => engineCollection(harness, () => db, name);

test('unique index error matches mongod exactly, with keyPattern and keyValue in writeErrors', async () => {
  const c = db.collection('users');
  await c.createIndex({ email: 1 }, { unique: true });
  await c.insertOne({ email: 'a@b.c' });
  const e = await serverError(c.insertOne({ email: 'a@b.c' }));
  expect(e.code).toBe(11000);
  expect(e.message).toBe(
    `E11000 duplicate key error collection: ${db.databaseName}.users index: email_1 dup key: { email: "a@b.c" }`,
  );
  expect(e.keyPattern).toEqual({ email: 1 });
  expect(e.keyValue).toEqual({ email: 'a@b.c' });
  const raw = await db.command({ insert: 'users', documents: [{ email: 'a@b.c' }] });
  expect(raw.writeErrors[0]).toMatchObject({
    index: 0,
    code: 11000,
    keyPattern: { email: 1 },
    keyValue: { email: 'a@b.c' },
  });
});

test('_id duplicates use the _id_ index name', async () => {
  const c = db.collection<{ _id: number }>('ids');
  await c.insertOne({ _id: 7 });
  const e = await serverError(c.insertOne({ _id: 7 }));
  expect(e.message).toBe(
    `E11000 duplicate key error collection: ${db.databaseName}.ids index: _id_ dup key: { _id: 7 }`,
  );
});

test('numeric equality across types collides in unique indexes (1 == 1.0 == NumberLong(1))', async () => {
  const c = db.collection('num');
  await c.createIndex({ n: 1 }, { unique: true });
  await c.insertOne({ n: 1 });
  expect((await serverError(c.insertOne({ n: Long.fromNumber(1) }))).code).toBe(11000);
});

test('compound unique index only collides on the full key', async () => {
  const c = db.collection('comp');
  await c.createIndex({ store: 1, day: 1 }, { unique: true, name: 'store_day' });
  await c.insertMany([
    { store: 's1', day: 1 },
    { store: 's1', day: 2 },
    { store: 's2', day: 1 },
  ]);
  const e = await serverError(c.insertOne({ store: 's1', day: 2 }));
  expect(e.message).toBe(
    `E11000 duplicate key error collection: ${db.databaseName}.comp index: store_day dup key: { store: "s1", day: 2 }`,
  );
  expect(e.keyValue).toEqual({ store: 's1', day: 2 });
});

test('non-sparse unique: missing counts as null, so two missing collide', async () => {
  const c = db.collection('missing');
  await c.createIndex({ code: 1 }, { unique: true });
  await c.insertOne({ other: 1 });
  const e = await serverError(c.insertOne({ other: 2 }));
  expect(e.message).toContain('dup key: { code: null }');
  expect((await serverError(c.insertOne({ code: null }))).code).toBe(11000);
});

test('sparse unique skips documents missing the field', async () => {
  const c = db.collection('sparse');
  await c.createIndex({ code: 1 }, { unique: true, sparse: true });
  await c.insertMany([{ a: 1 }, { a: 2 }, { code: 'x' }]);
  expect((await serverError(c.insertOne({ code: 'x' }))).code).toBe(11000);
  expect(await c.countDocuments()).toBe(3);
});

test('partial unique index only enforces inside the partialFilterExpression', async () => {
  const c = db.collection('partial');
  await c.createIndex({ email: 1 }, { unique: true, partialFilterExpression: { deleted: false } });
  await c.insertMany([
    { email: 'a', deleted: true },
    { email: 'a', deleted: true },
    { email: 'a', deleted: false },
  ]);
  expect((await serverError(c.insertOne({ email: 'a', deleted: false }))).code).toBe(11000);
  expect((await c.listIndexes().toArray())[1]?.partialFilterExpression).toEqual({ deleted: false });
});

test('an update that would duplicate a key is refused and leaves the document unchanged', async () => {
  const c = db.collection('upd');
  await c.createIndex({ email: 1 }, { unique: true });
  await c.insertMany([
    { email: 'a', n: 1 },
    { email: 'b', n: 1 },
  ]);
  const e = await serverError(c.updateOne({ email: 'b' }, { $set: { email: 'a', n: 2 } }));
  expect(e.code).toBe(11000);
  expect(await c.findOne({ email: 'b' }, { projection: { _id: 0 } })).toEqual({ email: 'b', n: 1 });
  // the index still maps 'b' to the document, and 'a' is still unique
  expect((await c.updateOne({ email: 'b' }, { $set: { email: 'c' } })).modifiedCount).toBe(1);
  expect(await c.countDocuments({ email: 'c' })).toBe(1);
});

test('building a unique index over existing duplicates fails with E11000', async () => {
  const c = db.collection('build');
  await c.insertMany([{ k: 1 }, { k: 1 }]);
  expect((await serverError(c.createIndex({ k: 1 }, { unique: true }))).code).toBe(11000);
  expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
});

test('multikey unique index: array elements are keys', async () => {
  const c = db.collection('multi');
  await c.createIndex({ tags: 1 }, { unique: true });
  await c.insertOne({ tags: ['a', 'b'] });
  expect((await serverError(c.insertOne({ tags: ['c', 'b'] }))).keyValue).toEqual({ tags: 'b' });
  await c.insertOne({ tags: ['d', 'd'] });
  expect(await c.countDocuments({ tags: 'd' })).toBe(1);
});

test('TTL indexes expire documents on the sweep interval', async () => {
  const c = db.collection('sessions');
  await c.createIndex({ at: 1 }, { expireAfterSeconds: 0 });
  await c.insertMany([
    { at: new Date(Date.now() - 1000) },
    { at: new Date(Date.now() + 3_600_000) },
    { at: 'not a date' },
  ]);
  await new Promise((r) => setTimeout(r, 150));
  expect(await c.countDocuments()).toBe(2);
});

test('equality on _id and on indexed fields does not scan the collection', async () => {
  const c = db.collection('big');
  await c.createIndex({ key: 1 }, { unique: true });
  await c.createIndex({ group: 1 });
  const docs = Array.from({ length: 2000 }, (_, i) => ({ _id: i, key: `k${i}`, group: i % 10, free: i }));
  await c.insertMany(docs as never[]);
  await c.findOne({ _id: 1234 } as never);
  expect(coll('big').lastExamined).toBe(1);
  expect((await c.findOne({ key: 'k777' }))?.free).toBe(777);
  expect(coll('big').lastExamined).toBe(1);
  expect(await c.countDocuments({ _id: { $in: [1, 2, 3, 99999] } } as never)).toBe(3);
  expect(coll('big').lastExamined).toBe(3);
  expect(await c.countDocuments({ group: 3, free: { $lt: 100 } })).toBe(10);
  expect(coll('big').lastExamined).toBe(200);
  await c.updateOne({ key: 'k5' }, { $set: { touched: true } });
  expect(coll('big').lastExamined).toBe(1);
  await c.deleteOne({ key: 'k6' });
  expect(coll('big').lastExamined).toBe(1);
  await c.findOne({ free: 1500 });
  // collection scan up to the match (k6 was deleted above)
  expect(coll('big').lastExamined).toBe(1500);
});

test('equality on every field or on the leading field of a compound index does not scan the collection', async () => {
  const c = db.collection('compound');
  await c.createIndex({ store: 1, staff: 1, day: 1 }, { unique: true });
  await c.createIndex({ device: 1, store: 1, at: -1 });
  const docs = Array.from({ length: 3000 }, (_, i) => ({
    store: `s${i % 10}`,
    staff: `p${i % 30}`,
    day: `d${i}`,
    device: `dev${i % 500}`,
    at: i,
  }));
  await c.insertMany(docs);
  expect(await c.countDocuments({ store: 's3', staff: 'p3', day: 'd33' })).toBe(1);
  expect(coll('compound').lastExamined).toBe(1);
  // Equality on the leading fields and a range on the next: only the four entries inside the bounds are examined.
  expect(await c.countDocuments({ device: 'dev7', store: 's7', at: { $gte: 1000 } })).toBe(4);
  expect(coll('compound').lastExamined).toBe(4);
  // The more selective of two usable indexes wins.
  expect(await c.countDocuments({ store: 's1', device: 'dev1' })).toBe(6);
  expect(coll('compound').lastExamined).toBe(6);
  // Updates keep the leading map right: a moved document is found under its new value only.
  await c.updateOne({ day: 'd7', store: 's7', staff: 'p7' }, { $set: { device: 'moved' } });
  expect(await c.countDocuments({ device: 'moved', store: 's7' })).toBe(1);
  expect(await c.countDocuments({ device: 'dev7', store: 's7' })).toBe(5);
  await c.deleteMany({ device: 'dev7' });
  expect(await c.countDocuments({ device: 'dev7' })).toBe(0);
  expect(coll('compound').lastExamined).toBe(0);
});

test('an update moves only the keys that changed, and lookups by the leading field still find the document', async () => {
  const c = db.collection<{ a: string; tags: string[]; applied: number[] }>('moved');
  await c.createIndex({ a: 1, tags: 1 });
  await c.createIndex({ applied: 1 }, { sparse: true });
  await c.insertOne({ a: 'x', tags: ['t1', 't2'], applied: Array.from({ length: 500 }, (_, i) => i) });
  await c.updateOne({ a: 'x' }, { $pull: { tags: 't1' } });
  // the leading value 'x' is still held by the remaining key (x, t2)
  expect(await c.countDocuments({ a: 'x' })).toBe(1);
  expect(coll('moved').lastExamined).toBe(1);
  expect(await c.countDocuments({ a: 'x', tags: 't1' })).toBe(0);
  expect(await c.countDocuments({ a: 'x', tags: 't2' })).toBe(1);
  await c.updateOne({ a: 'x' }, { $set: { a: 'y' } });
  expect(await c.countDocuments({ a: 'x' })).toBe(0);
  expect(await c.countDocuments({ a: 'y', tags: 't2' })).toBe(1);
  // a growing marker array: each push adds its one key; a pull removes only its own
  for (let i = 500; i < 600; i++) await c.updateOne({ a: 'y' }, { $push: { applied: i } });
  await c.updateOne({ a: 'y' }, { $pull: { applied: { $lt: 100 } } });
  expect(await c.countDocuments({ applied: 599 })).toBe(1);
  expect(await c.countDocuments({ applied: 50 })).toBe(0);
  expect(await c.countDocuments({ applied: 100 })).toBe(1);
});

test('sorted keys: one tuple per single-valued document (missing fields null), de-duplicated combinations for arrays', () => {
  const index = new Index(normalizeSpec({ key: { store: 1, tags: 1, at: -1 }, name: 'store_tags_at' }));
  const at = new Date('2026-01-01T00:00:00Z');
  expect(index.tuplesFor({ store: 's1', tags: 'a', at })).toEqual([['s1', 'a', at]]);
  expect(index.tuplesFor({ store: 's1' })).toEqual([['s1', null, null]]);
  // equal elements (1 and 1.0, the same string twice) give one key each, as in mongod's multikey index
  expect(index.tuplesFor({ store: 's1', tags: ['a', 'b', 'a'], at: [1, 1.0] })).toEqual([
    ['s1', 'a', 1],
    ['s1', 'b', 1],
  ]);
});

test('a range walk over a compound index answers its window in order from the one-tuple keys', async () => {
  const c = db.collection<{ _id: number; store: string; at: Date }>('walks');
  await c.createIndex({ store: 1, at: -1 });
  const base = new Date('2026-01-01T00:00:00Z').getTime();
  await c.insertMany(
    Array.from({ length: 40 }, (_, i) => ({
      _id: i,
      store: i % 2 ? 'odd' : 'even',
      at: new Date(base + i * 1000),
    })),
  );
  const from = new Date(base + 10_000);
  const to = new Date(base + 20_000);
  const found = await c
    .find({ store: 'even', at: { $gt: from, $lte: to } })
    .sort({ at: -1 })
    .toArray();
  expect(found.map((d) => d._id)).toEqual([20, 18, 16, 14, 12]);
});

test('$in × $in × range on a compound index seeks each combination (as mongod bounds it), not the whole collection', async () => {
  const c = db.collection('rollups');
  await c.createIndex({ store: 1, staff: 1, metric: 1, day: 1 }, { unique: true });
  await c.createIndex({ business: 1, metric: 1, day: 1 });
  const stores = Array.from({ length: 330 }, (_, i) => `s${String(i).padStart(3, '0')}`);
  const days = Array.from({ length: 20 }, (_, i) => `2026-01-${String(i + 1).padStart(2, '0')}`);
  const docs = [];
  for (const store of stores)
    for (const day of days)
      for (const metric of ['staff', 'experience', 'visit'])
        for (const staff of metric === 'staff' ? [null, 'p1', 'p2'] : [null])
          docs.push({ business: 'b', store, staff, metric, day, count: 1 });
  await c.insertMany(docs);
  const wanted = stores.slice(0, 300);
  // a range on the day: 300 stores × 1 staff × 2 metrics = 600 seeks, each walking 10 days
  const ranged = {
    business: 'b',
    store: { $in: wanted },
    staff: null,
    metric: { $in: ['staff', 'experience'] },
  };
  const inRange = { ...ranged, day: { $gte: days[5], $lte: days[14] } };
  expect(await c.countDocuments(inRange)).toBe(300 * 2 * 10);
  expect(coll('rollups').lastExamined).toBe(300 * 2 * 10);
  // listed days: every combination of listed values is one key looked up
  const listed = { ...ranged, day: { $in: [days[3], days[7], days[9]] } };
  expect(await c.countDocuments(listed)).toBe(300 * 2 * 3);
  expect(coll('rollups').lastExamined).toBe(300 * 2 * 3);
  const found = await c.find(inRange, { projection: { _id: 0, store: 1 } }).toArray();
  expect(new Set(found.map((d) => d.store))).toEqual(new Set(wanted));
});

test('an equality lookup reads each index key once: sizing the candidate indexes and running the chosen one share the reads', async () => {
  const c = db.collection('rollups_once');
  await c.createIndex({ store: 1, staff: 1, metric: 1, day: 1 }, { unique: true });
  await c.createIndex({ business: 1, metric: 1, day: 1 });
  const stores = Array.from({ length: 50 }, (_, i) => `s${String(i).padStart(2, '0')}`);
  const days = Array.from({ length: 6 }, (_, i) => `2026-01-0${i + 1}`);
  const docs = [];
  for (const store of stores)
    for (const day of days)
      for (const metric of ['staff', 'experience'])
        for (const staff of metric === 'staff' ? [null, 'p1'] : [null])
          docs.push({ business: 'b', store, staff, metric, day, count: 1 });
  await c.insertMany(docs);
  const indexes = coll('rollups_once').secondaryIndexes();
  const reads = () => indexes.reduce((n, index) => n + index.keyReads, 0);
  const before = reads();
  const filter = {
    business: 'b',
    store: { $in: stores.slice(0, 40) },
    staff: null,
    metric: { $in: ['staff', 'experience'] },
    day: { $in: days.slice(0, 4) },
  };
  expect(await c.countDocuments(filter)).toBe(40 * 2 * 4);
  expect(coll('rollups_once').lastExamined).toBe(40 * 2 * 4);
  // the per-store index: 40 stores × 1 staff × 2 metrics × 4 days keys; the business index: 1 × 2 × 4
  expect(reads() - before).toBe(40 * 2 * 4 + 2 * 4);
});
