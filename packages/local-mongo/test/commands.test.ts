// Command coverage through the real mongodb driver: writes, cursors, findAndModify, aggregation and namespace admin.
import { Long } from 'mongodb';
import type { Db } from 'mongodb';
import { serverError, useHarness } from './helpers';

let db: Db;
const harness = useHarness((fresh) => (db = fresh));

describe('insert', () => {
  test('ordered insert stops at the first error, unordered continues', async () => {
    const c = db.collection<{ _id: number }>('ins');
    const ordered = await serverError(c.insertMany([{ _id: 1 }, { _id: 1 }, { _id: 2 }], { ordered: true }));
    expect(ordered.code).toBe(11000);
    expect(await c.countDocuments()).toBe(1);
    const unordered = await serverError(
      c.insertMany([{ _id: 1 }, { _id: 3 }, { _id: 4 }], { ordered: false }),
    );
    expect((unordered as unknown as { writeErrors: unknown[] }).writeErrors).toHaveLength(1);
    expect(await c.countDocuments()).toBe(3);
  });

  test('raw insert reply carries n and writeErrors with index', async () => {
    const r = await db.command({
      insert: 'raw',
      documents: [{ _id: 1 }, { _id: 1 }, { _id: 2 }],
      ordered: false,
    });
    expect(r.n).toBe(2);
    expect(r.writeErrors).toEqual([expect.objectContaining({ index: 1, code: 11000 })]);
  });
});

describe('update', () => {
  test('n / nModified / upserted are accurate', async () => {
    const c = db.collection('upd');
    await c.insertMany([
      { k: 1, v: 1 },
      { k: 1, v: 2 },
      { k: 2, v: 1 },
    ]);
    const r = await db.command({
      update: 'upd',
      updates: [
        { q: { k: 1 }, u: { $set: { v: 1 } }, multi: true },
        { q: { k: 9 }, u: { $set: { v: 9 } }, upsert: true },
        { q: { k: 2 }, u: { $set: { v: 1 } } },
      ],
    });
    expect(r.n).toBe(4);
    expect(r.nModified).toBe(1);
    expect(r.upserted).toHaveLength(1);
    expect(r.upserted[0].index).toBe(1);
  });

  test('upsert seeds from equality fields, $eq and dotted paths; $setOnInsert only on insert', async () => {
    const c = db.collection('seed');
    await c.updateOne(
      { tenant: 't1', 'profile.kind': 'store', code: { $eq: 'X1' }, age: { $gt: 3 } },
      { $set: { name: 'n' }, $setOnInsert: { createdBy: 'seed' } },
      { upsert: true },
    );
    const doc = await c.findOne({}, { projection: { _id: 0 } });
    expect(doc).toEqual({
      tenant: 't1',
      profile: { kind: 'store' },
      code: 'X1',
      name: 'n',
      createdBy: 'seed',
    });
    await c.updateOne(
      { tenant: 't1' },
      { $set: { name: 'm' }, $setOnInsert: { createdBy: 'other' } },
      { upsert: true },
    );
    expect((await c.findOne({ tenant: 't1' }))?.createdBy).toBe('seed');
  });

  test('upsert with _id in the filter uses it', async () => {
    const c = db.collection<{ _id: string; n?: number }>('seedid');
    const r = await c.updateOne({ _id: 'fixed' }, { $inc: { n: 1 } }, { upsert: true });
    expect(r.upsertedId).toBe('fixed');
    expect(await c.findOne({ _id: 'fixed' })).toEqual({ _id: 'fixed', n: 1 });
  });

  test('replacement updates keep _id and drop other fields', async () => {
    const c = db.collection('repl');
    const { insertedId } = await c.insertOne({ a: 1, b: 2 });
    await c.replaceOne({ _id: insertedId }, { c: 3 });
    expect(await c.findOne({ _id: insertedId })).toEqual({ _id: insertedId, c: 3 });
  });

  test('_id is immutable (code 66)', async () => {
    const c = db.collection<{ _id: number; a?: number }>('imm');
    await c.insertOne({ _id: 1 });
    const e1 = await serverError(c.updateOne({ _id: 1 }, { $set: { _id: 2 } }));
    expect(e1.code).toBe(66);
    expect(e1.message).toBe("Performing an update on the path '_id' would modify the immutable field '_id'");
    const e2 = await serverError(c.replaceOne({ _id: 1 }, { _id: 5, a: 1 } as never));
    expect(e2.code).toBe(66);
    await c.updateOne({ _id: 1 }, { $set: { _id: 1, a: 1 } });
    expect(await c.findOne({ _id: 1 })).toEqual({ _id: 1, a: 1 });
  });

  test('arrayFilters and the positional $ operator', async () => {
    const c = db.collection('arr');
    const { insertedId } = await c.insertOne({
      items: [
        { sku: 'a', qty: 1 },
        { sku: 'b', qty: 5 },
        { sku: 'c', qty: 7 },
      ],
    });
    await c.updateOne(
      { _id: insertedId },
      { $inc: { 'items.$[big].qty': 100 } },
      { arrayFilters: [{ 'big.qty': { $gte: 5 } }] },
    );
    await c.updateOne({ _id: insertedId, 'items.sku': 'a' }, { $set: { 'items.$.qty': 42 } });
    await c.updateOne({ _id: insertedId }, { $set: { 'items.$[].seen': true } });
    const doc = await c.findOne({ _id: insertedId });
    expect(doc?.items).toEqual([
      { sku: 'a', qty: 42, seen: true },
      { sku: 'b', qty: 105, seen: true },
      { sku: 'c', qty: 107, seen: true },
    ]);
  });

  test('array and field operators', async () => {
    const c = db.collection<{
      tags: string[];
      n: number;
      list: number[];
      old?: number;
      renamed?: number;
      touched?: Date;
      nothing?: string;
    }>('ops');
    const { insertedId: id } = await c.insertOne({ tags: ['x'], n: 5, list: [3, 1, 2], old: 1 });
    await c.updateOne(
      { _id: id },
      {
        $push: { tags: { $each: ['y', 'z'], $slice: -2 } },
        $pull: { list: { $gt: 2 } },
        $rename: { old: 'renamed' },
        $max: { n: 9 },
        $unset: { nothing: '' },
      },
    );
    await c.updateOne(
      { _id: id },
      { $addToSet: { tags: 'y' }, $pop: { list: -1 }, $mul: { n: 2 }, $currentDate: { touched: true } },
    );
    const doc = await c.findOne({ _id: id });
    expect(doc?.tags).toEqual(['y', 'z']);
    expect(doc?.list).toEqual([2]);
    expect(doc?.renamed).toBe(1);
    expect(doc?.old).toBeUndefined();
    expect(doc?.n).toBe(18);
    expect(doc?.touched).toBeInstanceOf(Date);
  });

  test('conflicting paths and unknown modifiers are rejected', async () => {
    const c = db.collection('conf');
    await c.insertOne({ a: { b: 1 } });
    expect((await serverError(c.updateOne({}, { $set: { a: 1 }, $inc: { 'a.b': 1 } }))).code).toBe(40);
    expect((await serverError(c.updateOne({}, { $frobnicate: { a: 1 } } as never))).code).toBe(9);
  });
});

describe('delete', () => {
  test('limit 1 removes one, limit 0 removes all matches', async () => {
    const c = db.collection('del');
    await c.insertMany([{ k: 1 }, { k: 1 }, { k: 1 }, { k: 2 }]);
    expect((await c.deleteOne({ k: 1 })).deletedCount).toBe(1);
    expect((await c.deleteMany({ k: 1 })).deletedCount).toBe(2);
    expect(await c.countDocuments()).toBe(1);
  });
});

describe('find and cursors', () => {
  beforeEach(async () => {
    await db
      .collection('nums')
      .insertMany(Array.from({ length: 250 }, (_, i) => ({ i, even: i % 2 === 0, s: `n${i}` })));
  });

  test('sort, skip, limit and projection', async () => {
    const docs = await db
      .collection('nums')
      .find({ even: true }, { projection: { _id: 0, i: 1 } })
      .sort({ i: -1 })
      .skip(2)
      .limit(3)
      .toArray();
    expect(docs).toEqual([{ i: 244 }, { i: 242 }, { i: 240 }]);
    const excl = await db.collection('nums').findOne({ i: 7 }, { projection: { s: 0, _id: 0 } });
    expect(excl).toEqual({ i: 7, even: false });
  });

  test('batchSize drives getMore with an int64 cursor id', async () => {
    const first = await db.command({ find: 'nums', filter: {}, batchSize: 100 });
    expect(first.cursor.firstBatch).toHaveLength(100);
    expect(first.cursor.id).toBeInstanceOf(Long);
    expect(first.cursor.id.isZero()).toBe(false);
    const more = await db.command({ getMore: first.cursor.id, collection: 'nums', batchSize: 200 });
    expect(more.cursor.nextBatch).toHaveLength(150);
    expect(String(more.cursor.id)).toBe('0');
    const all = await db.collection('nums').find({}).batchSize(7).toArray();
    expect(all).toHaveLength(250);
  });

  test('killCursors and CursorNotFound', async () => {
    const first = await db.command({ find: 'nums', filter: {}, batchSize: 1 });
    const killed = await db.command({ killCursors: 'nums', cursors: [first.cursor.id] });
    expect(killed.cursorsKilled).toHaveLength(1);
    const e = await serverError(db.command({ getMore: first.cursor.id, collection: 'nums' }));
    expect(e.code).toBe(43);
  });

  test('singleBatch and negative limit close the cursor', async () => {
    const r = await db.command({ find: 'nums', filter: {}, singleBatch: true, batchSize: 5 });
    expect(r.cursor.firstBatch).toHaveLength(5);
    expect(String(r.cursor.id)).toBe('0');
    const n = await db.command({ find: 'nums', filter: {}, limit: -3 });
    expect(n.cursor.firstBatch).toHaveLength(3);
    expect(String(n.cursor.id)).toBe('0');
  });

  test('batches stop below the BSON limit, the same way when sizes are reused, afresh for an updated version', async () => {
    const big = db.collection<{ _id: number; pad: string; v?: number }>('big');
    const pad = 'x'.repeat(6 * 1024 * 1024);
    await big.insertMany([0, 1, 2].map((_id) => ({ _id, pad })));
    // twice: the second reply reuses the sizes of the same stored versions and must split the same way
    for (let round = 0; round < 2; round++) {
      const first = await db.command({ find: 'big', filter: {}, batchSize: 10 });
      expect(first.cursor.firstBatch.map((d: { _id: number }) => d._id)).toEqual([0, 1]);
      const more = await db.command({ getMore: first.cursor.id, collection: 'big', batchSize: 10 });
      expect(more.cursor.nextBatch.map((d: { _id: number }) => d._id)).toEqual([2]);
    }
    // an updated document is a new version, measured afresh: grown past the room left beside _id 0, it moves on
    await big.updateOne({ _id: 1 }, { $set: { pad: 'y'.repeat(10 * 1024 * 1024) } });
    const after = await db.command({ find: 'big', filter: {}, batchSize: 10 });
    expect(after.cursor.firstBatch.map((d: { _id: number }) => d._id)).toEqual([0]);
    expect((await big.findOne({ _id: 1 }))!.pad).toHaveLength(10 * 1024 * 1024);
  });

  test('count and distinct', async () => {
    expect((await db.command({ count: 'nums', query: { even: true } })).n).toBe(125);
    expect((await db.command({ count: 'nums', query: {}, skip: 10, limit: 5 })).n).toBe(5);
    expect(await db.collection('nums').distinct('even')).toEqual([false, true]);
    expect(await db.collection('nums').estimatedDocumentCount()).toBe(250);
  });
});

describe('findAndModify', () => {
  test('new, sort, fields and lastErrorObject', async () => {
    const c = db.collection('fam');
    await c.insertMany([
      { q: 1, p: 1 },
      { q: 1, p: 2 },
    ]);
    const r = await db.command({
      findAndModify: 'fam',
      query: { q: 1 },
      sort: { p: -1 },
      update: { $set: { hit: true } },
      new: true,
      fields: { _id: 0 },
    });
    expect(r.value).toEqual({ q: 1, p: 2, hit: true });
    expect(r.lastErrorObject).toEqual({ n: 1, updatedExisting: true });
    const before = await c.findOneAndUpdate({ p: 1 }, { $inc: { p: 10 } }, { returnDocument: 'before' });
    expect(before?.p).toBe(1);
  });

  test('upsert reports upserted id; remove returns the removed doc', async () => {
    const r = await db.command({
      findAndModify: 'fam2',
      query: { k: 'a' },
      update: { $set: { v: 1 } },
      upsert: true,
      new: true,
    });
    expect(r.lastErrorObject.updatedExisting).toBe(false);
    expect(r.lastErrorObject.upserted).toEqual(r.value._id);
    expect(r.value).toMatchObject({ k: 'a', v: 1 });
    const removed = await db.collection('fam2').findOneAndDelete({ k: 'a' });
    expect(removed?.v).toBe(1);
    const none = await db.command({ findAndModify: 'fam2', query: { k: 'zz' }, remove: true });
    expect(none.lastErrorObject.n).toBe(0);
    expect(none.value).toBeNull();
  });

  test('duplicate key is a top-level command error with keyValue', async () => {
    const c = db.collection('famdup');
    await c.createIndex({ email: 1 }, { unique: true });
    await c.insertMany([{ email: 'a' }, { email: 'b' }]);
    const e = await serverError(c.findOneAndUpdate({ email: 'b' }, { $set: { email: 'a' } }));
    expect(e.code).toBe(11000);
    expect(e.keyValue).toEqual({ email: 'a' });
    expect(e.keyPattern).toEqual({ email: 1 });
  });
});

describe('aggregate', () => {
  test('$match/$group/$sort and $lookup across collections', async () => {
    await db
      .collection('stores')
      .insertMany([{ _id: 's1', name: 'One' } as never, { _id: 's2', name: 'Two' } as never]);
    await db.collection('reviews').insertMany([
      { store: 's1', stars: 5 },
      { store: 's1', stars: 3 },
      { store: 's2', stars: 4 },
    ]);
    const out = await db
      .collection('reviews')
      .aggregate([
        { $match: { stars: { $gte: 3 } } },
        { $group: { _id: '$store', avg: { $avg: '$stars' }, n: { $sum: 1 } } },
        { $lookup: { from: 'stores', localField: '_id', foreignField: '_id', as: 'store' } },
        { $unwind: '$store' },
        { $project: { _id: 0, name: '$store.name', avg: 1, n: 1 } },
        { $sort: { name: 1 } },
      ])
      .toArray();
    expect(out).toEqual([
      { avg: 4, n: 2, name: 'One' },
      { avg: 4, n: 1, name: 'Two' },
    ]);
  });

  test('aggregate cursors page through getMore', async () => {
    await db.collection('many').insertMany(Array.from({ length: 300 }, (_, i) => ({ i })));
    const docs = await db
      .collection('many')
      .aggregate([{ $sort: { i: -1 } }], { batchSize: 50 })
      .toArray();
    expect(docs).toHaveLength(300);
    expect(docs[0]?.i).toBe(299);
  });

  test('$out and $merge are refused loudly', async () => {
    await db.collection('src').insertOne({ a: 1 });
    const e = await serverError(
      db
        .collection('src')
        .aggregate([{ $out: 'dst' }])
        .toArray(),
    );
    expect(e.code).toBe(238);
    expect(e.message).toMatch(/\$out is not supported/);
  });
});

describe('namespaces and indexes', () => {
  test('create, NamespaceExists, drop and NamespaceNotFound', async () => {
    await db.createCollection('made');
    const e = await serverError(db.createCollection('made'));
    expect(e.code).toBe(48);
    expect(e.codeName).toBe('NamespaceExists');
    expect(await db.collection('made').drop()).toBe(true);
    const raw = await serverError(db.command({ drop: 'made' }));
    expect(raw.code).toBe(26);
    await expect(db.collection('never').drop()).resolves.toBeDefined();
  });

  test('listCollections with nameOnly and filter', async () => {
    await db.collection('alpha').insertOne({});
    await db.collection('beta').insertOne({});
    const names = (await db.listCollections({}, { nameOnly: true }).toArray()).map((c) => c.name).sort();
    expect(names).toEqual(['alpha', 'beta']);
    const filtered = await db.listCollections({ name: 'beta' }).toArray();
    expect(filtered).toHaveLength(1);
    expect(filtered[0]?.type).toBe('collection');
  });

  test('createIndexes / listIndexes / dropIndexes by name, key and *', async () => {
    const c = db.collection('idx');
    await c.createIndex({ a: 1 });
    await c.createIndex({ b: -1, c: 1 }, { name: 'bc' });
    await c.createIndex({ d: 1 }, { unique: true, sparse: true });
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_', 'a_1', 'bc', 'd_1']);
    const again = await db.command({ createIndexes: 'idx', indexes: [{ key: { a: 1 }, name: 'a_1' }] });
    expect(again.note).toBe('all indexes already exist');
    expect((await serverError(c.createIndex({ zz: 1 }, { name: 'a_1' }))).code).toBe(86);
    await c.dropIndex('a_1');
    await db.command({ dropIndexes: 'idx', index: { b: -1, c: 1 } });
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_', 'd_1']);
    await c.dropIndexes();
    expect((await c.listIndexes().toArray()).map((i) => i.name)).toEqual(['_id_']);
    expect((await serverError(c.dropIndex('nope'))).code).toBe(27);
    expect((await serverError(db.command({ listIndexes: 'missing' }))).code).toBe(26);
  });

  test('databases are isolated; listDatabases and dropDatabase', async () => {
    const a = harness().client.db('iso_a');
    const b = harness().client.db('iso_b');
    await a.collection('x').insertOne({ from: 'a' });
    await b.collection('x').insertOne({ from: 'b' });
    expect((await a.collection('x').findOne({}))?.from).toBe('a');
    expect((await b.collection('x').findOne({}))?.from).toBe('b');
    const names = (await harness().client.db('admin').admin().listDatabases()).databases.map((d) => d.name);
    expect(names).toEqual(expect.arrayContaining(['iso_a', 'iso_b']));
    await a.dropDatabase();
    expect(await a.collection('x').countDocuments()).toBe(0);
    expect(await b.collection('x').countDocuments()).toBe(1);
  });

  test('collStats and dbStats', async () => {
    await db.collection('st').insertMany([{ a: 1 }, { a: 2 }]);
    const cs = await db.command({ collStats: 'st' });
    expect(cs.count).toBe(2);
    const ds = await db.command({ dbStats: 1 });
    expect(ds.collections).toBe(1);
    expect(ds.objects).toBe(2);
  });
});
