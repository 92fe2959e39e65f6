// BSON semantics and honesty: type fidelity, cross-type ordering, numeric types, collation, aliasing and loud failures.
import { Binary, BSONRegExp, Decimal128, Long, MaxKey, MinKey, ObjectId, Timestamp, UUID } from 'mongodb';
import type { Db } from 'mongodb';
import { serverError, useHarness } from './helpers';

let db: Db;
const harness = useHarness((fresh) => (db = fresh));

describe('type fidelity', () => {
  test('Date, ObjectId, Binary, UUID, Long and Decimal128 round-trip with their types', async () => {
    const c = db.collection('types');
    const ref = new ObjectId();
    const at = new Date('2024-02-03T04:05:06.789Z');
    await c.insertOne({
      ref,
      at,
      bin: Buffer.from([1, 2, 3]),
      uuid: new UUID(),
      big: Long.fromString('9007199254740993'),
      dec: Decimal128.fromString('1.10'),
    });
    const doc = await c.findOne({}, { promoteLongs: false });
    expect(doc?.ref).toBeInstanceOf(ObjectId);
    expect(doc?.ref.equals(ref)).toBe(true);
    expect(doc?.at).toBeInstanceOf(Date);
    expect(doc?.at.getTime()).toBe(at.getTime());
    expect(doc?.bin).toBeInstanceOf(Binary);
    expect(Buffer.from(doc?.bin.buffer)).toEqual(Buffer.from([1, 2, 3]));
    expect(doc?.uuid).toBeInstanceOf(Binary);
    expect(doc?.big).toBeInstanceOf(Long);
    expect(doc?.big.toString()).toBe('9007199254740993');
    expect(doc?.dec.toString()).toBe('1.10');
  });

  test('queries match ObjectId and Date values', async () => {
    const c = db.collection('q');
    const id = new ObjectId();
    await c.insertMany([
      { ref: id, at: new Date(1000) },
      { ref: new ObjectId(), at: new Date(5000) },
    ]);
    expect(await c.countDocuments({ ref: id })).toBe(1);
    expect(await c.countDocuments({ at: { $gt: new Date(2000) } })).toBe(1);
    expect(await c.countDocuments({ ref: { $type: 'objectId' } })).toBe(2);
  });
});

describe('numeric types', () => {
  test('$inc of a Long stays a Long; Decimal128 arithmetic stays Decimal128', async () => {
    const c = db.collection('long');
    await c.insertOne({ _id: 1, n: Long.fromNumber(5), d: Decimal128.fromString('1.5') } as never);
    await c.updateOne({ _id: 1 } as never, { $inc: { n: 2, d: 1 } });
    await c.updateOne({ _id: 1 } as never, { $inc: { n: Long.fromNumber(3) } });
    const doc = await c.findOne({ _id: 1 } as never, { promoteLongs: false });
    expect(doc?.n).toBeInstanceOf(Long);
    expect(doc?.n.toNumber()).toBe(10);
    expect(doc?.d).toBeInstanceOf(Decimal128);
    expect(doc?.d.toString()).toBe('2.5');
  });

  test('Long and Decimal128 compare numerically with doubles in queries and sort', async () => {
    const c = db.collection('mixed');
    await c.insertMany([
      { v: Long.fromNumber(10) },
      { v: 2.5 },
      { v: Decimal128.fromString('7.25') },
      { v: 4 },
    ]);
    expect(await c.countDocuments({ v: { $gt: 5 } })).toBe(2);
    expect(await c.countDocuments({ v: 10 })).toBe(1);
    expect(await c.countDocuments({ v: { $lte: Long.fromNumber(4) } })).toBe(2);
    const sorted = await c
      .find({}, { projection: { _id: 0 } })
      .sort({ v: 1 })
      .toArray();
    expect(sorted.map((d) => Number(d.v.toString()))).toEqual([2.5, 4, 7.25, 10]);
  });

  test('$inc on a non-number fails with TypeMismatch (14)', async () => {
    const c = db.collection('incstr');
    const { insertedId } = await c.insertOne({ a: 'text' });
    const e = await serverError(c.updateOne({ _id: insertedId }, { $inc: { a: 1 } }));
    expect(e.code).toBe(14);
    expect(e.message).toBe(
      `Cannot apply $inc to a value of non-numeric type. {_id: ObjectId('${insertedId.toHexString()}')} has the field 'a' of non-numeric type string`,
    );
    expect((await serverError(c.updateOne({ _id: insertedId }, { $inc: { b: 'x' as never } }))).code).toBe(
      14,
    );
    expect((await c.findOne({ _id: insertedId }))?.a).toBe('text');
  });
});

describe('ordering', () => {
  test('cross-type sort follows BSON order: MinKey < null < numbers < string < object < binData < ObjectId < bool < Date < Timestamp < regex < MaxKey', async () => {
    const c = db.collection('order');
    const values: Array<[string, unknown]> = [
      ['maxkey', new MaxKey()],
      ['regex', new BSONRegExp('a', 'i')],
      ['ts', new Timestamp({ t: 1, i: 1 })],
      ['date', new Date(0)],
      ['bool', false],
      ['oid', new ObjectId('000000000000000000000000')],
      ['bin', new Binary(Buffer.from([0]))],
      ['object', { a: 1 }],
      ['string', ''],
      ['number', -5],
      ['null', null],
      ['minkey', new MinKey()],
    ];
    await c.insertMany(values.map(([label, v]) => ({ label, v })));
    const asc = await c.find({}).sort({ v: 1 }).toArray();
    expect(asc.map((d) => d.label)).toEqual([...values.map(([l]) => l)].reverse());
    const desc = await c.aggregate([{ $sort: { v: -1 } }]).toArray();
    expect(desc.map((d) => d.label)).toEqual(values.map(([l]) => l));
  });

  test('ObjectIds sort by their bytes (creation time first)', async () => {
    const c = db.collection('oids');
    const a = ObjectId.createFromTime(1000);
    const b = ObjectId.createFromTime(2000);
    await c.insertMany([{ _id: b }, { _id: a }]);
    expect((await c.find({}).sort({ _id: 1 }).toArray()).map((d) => d._id.toHexString())).toEqual([
      a.toHexString(),
      b.toHexString(),
    ]);
    expect(await c.countDocuments({ _id: { $gt: a } })).toBe(1);
  });
});

describe('collation', () => {
  test('strength 2 matches case-insensitively, strength 1 also ignores accents', async () => {
    const c = db.collection('coll');
    await c.insertMany([{ name: 'alice' }, { name: 'Alice' }, { name: 'Álice' }, { name: 'bob' }]);
    expect(await c.countDocuments({ name: 'ALICE' })).toBe(0);
    expect(await c.countDocuments({ name: 'ALICE' }, { collation: { locale: 'en', strength: 2 } })).toBe(2);
    expect(await c.countDocuments({ name: 'ALICE' }, { collation: { locale: 'en', strength: 1 } })).toBe(3);
    const sorted = await c
      .find({}, { collation: { locale: 'en', strength: 2 } })
      .sort({ name: -1 })
      .toArray();
    expect(sorted[0]?.name).toBe('bob');
  });
});

describe('aliasing', () => {
  test('mutating an inserted or returned object never changes stored data', async () => {
    const c = db.collection('alias');
    const input = { nested: { list: [1, 2] } };
    const { insertedId } = await c.insertOne(input);
    input.nested.list.push(3);
    const first = await c.findOne({ _id: insertedId });
    expect(first?.nested.list).toEqual([1, 2]);
    first?.nested.list.push(99);
    expect((await c.findOne({ _id: insertedId }))?.nested.list).toEqual([1, 2]);
  });

  test('one update value applied to many documents is not shared between them', async () => {
    const c = db.collection<{ k: number; arr?: number[]; obj?: { x: number } }>('shared');
    await c.insertMany([{ k: 1 }, { k: 2 }]);
    await c.updateMany({}, { $set: { arr: [1], obj: { x: 1 } } });
    await c.updateOne({ k: 1 }, { $push: { arr: 2 }, $set: { 'obj.x': 5 } });
    const other = await c.findOne({ k: 2 });
    expect(other?.arr).toEqual([1]);
    expect(other?.obj).toEqual({ x: 1 });
  });

  test('$addFields on nested paths in a pipeline does not corrupt stored documents', async () => {
    const c = db.collection('pipe');
    await c.insertOne({ a: { b: 1 } });
    await c.aggregate([{ $addFields: { 'a.c': 2 } }]).toArray();
    expect((await c.findOne({}, { projection: { _id: 0 } }))?.a).toEqual({ b: 1 });
  });
});

describe('mingo gaps patched', () => {
  test('$addToSet with $each into a missing field creates the array', async () => {
    const c = db.collection('ats');
    const { insertedId } = await c.insertOne({});
    await c.updateOne({ _id: insertedId }, { $addToSet: { tags: { $each: ['a', 'b', 'a'] } } });
    expect((await c.findOne({ _id: insertedId }))?.tags).toEqual(['a', 'b']);
  });
});

describe('loud failures', () => {
  test('unknown command → 59 CommandNotFound', async () => {
    const e = await serverError(db.command({ frobnicate: 1 }));
    expect(e.code).toBe(59);
    expect(e.codeName).toBe('CommandNotFound');
  });

  test('unknown or unsupported query operators fail instead of matching nothing', async () => {
    const c = db.collection('ops');
    await c.insertOne({ a: 1 });
    const unknown = await serverError(c.find({ a: { $frob: 1 } }).toArray());
    expect(unknown.code).toBe(2);
    expect(unknown.message).toMatch(/unknown operator/);
    const text = await serverError(c.find({ $text: { $search: 'x' } }).toArray());
    expect(text.code).toBe(238);
  });

  test('unsupported index types and create options are refused', async () => {
    expect((await serverError(db.collection('t').createIndex({ body: 'text' }))).code).toBe(238);
    expect((await serverError(db.createCollection('capped', { capped: true, size: 1000 }))).code).toBe(238);
  });

  test('transactions are rejected like a standalone mongod (code 20)', async () => {
    const raw = await serverError(
      db.command({
        insert: 'tx',
        documents: [{ a: 1 }],
        lsid: { id: new UUID() },
        txnNumber: Long.fromNumber(1),
        startTransaction: true,
        autocommit: false,
      }),
    );
    expect(raw.code).toBe(20);
    expect(raw.message).toBe('Transaction numbers are only allowed on a replica set member or mongos');
    const commit = await serverError(harness().client.db('admin').command({ commitTransaction: 1 }));
    expect(commit.code).toBe(20);
    const session = harness().client.startSession();
    try {
      session.startTransaction();
      const e = await serverError(db.collection('tx').insertOne({ a: 1 }, { session }));
      // the driver rewrites code 20 exactly as it does for a real standalone mongod
      expect(e.message).toMatch(/does not support retryable writes/);
      expect((e.errorResponse as { originalError?: { code?: number } }).originalError?.code).toBe(20);
    } finally {
      await session.endSession();
    }
    expect(await db.collection('tx').countDocuments()).toBe(0);
  });
});
