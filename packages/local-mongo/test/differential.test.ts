// Differential suite: each scenario runs on the offline engine and, when DIFF_MONGODB_URI is set, on a real mongod too.
import { Binary, Decimal128, Long, MongoClient, ObjectId, Timestamp } from 'mongodb';
import type { Db } from 'mongodb';
import type { Harness } from './helpers';
import { startHarness } from './helpers';

/**
 * DIFF_MONGODB_URI (not MONGODB_URI, which startMongo() consumes) points at a real mongod/replica set, e.g.
 * DIFF_MONGODB_URI=mongodb://127.0.0.1:27017/ pnpm --filter @cx/local-mongo test -- differential
 */
const REAL_URI = process.env.DIFF_MONGODB_URI;
const MODE = REAL_URI ? 'engine vs real mongod' : 'engine only — real server ABSENT';

interface Scenario {
  name: string;
  run(db: Db): Promise<unknown>;
  /** normalised result both backends must produce */
  expected: unknown;
}

/** Replaces generated ids and clock values so two servers' results are comparable. */
function normalise(value: unknown, ids = new Map<string, string>()): unknown {
  if (value instanceof ObjectId) {
    const hex = value.toHexString();
    if (!ids.has(hex)) ids.set(hex, `ObjectId#${ids.size + 1}`);
    return ids.get(hex);
  }
  if (value instanceof Date) return 'Date';
  if (value instanceof Timestamp) return 'Timestamp';
  if (value instanceof Long) return `Long(${value.toString()})`;
  if (value instanceof Decimal128) return `Decimal(${value.toString()})`;
  if (value instanceof Binary) return `Binary(${Buffer.from(value.buffer).toString('hex')})`;
  if (value instanceof Error) {
    const e = value as Error & { code?: number; keyValue?: unknown; keyPattern?: unknown };
    return normalise(
      { error: e.code, message: e.message, keyValue: e.keyValue, keyPattern: e.keyPattern },
      ids,
    );
  }
  if (Array.isArray(value)) return value.map((v) => normalise(v, ids));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) if (v !== undefined) out[k] = normalise(v, ids);
    return out;
  }
  return value;
}

const attempt = async (p: Promise<unknown>): Promise<unknown> => p.catch((e: unknown) => e);
const noId = { projection: { _id: 0 } };

const scenarios: Scenario[] = [
  {
    name: 'insert, filter, sort, projection',
    run: async (db) => {
      await db.collection('s').insertMany([
        { a: 3, b: 'x' },
        { a: 1, b: 'y' },
        { a: 2, b: 'x' },
      ]);
      return db.collection('s').find({ b: 'x' }, noId).sort({ a: -1 }).toArray();
    },
    expected: [
      { a: 3, b: 'x' },
      { a: 2, b: 'x' },
    ],
  },
  {
    name: 'update operators',
    run: async (db) => {
      const c = db.collection<{
        _id: number;
        n: number;
        tags: string[];
        nested?: { x?: number; y?: number };
        moved?: unknown;
      }>('u');
      await c.insertOne({ _id: 1, n: 1, tags: ['a'], nested: { x: 1 } });
      await c.updateOne(
        { _id: 1 },
        { $inc: { n: 2 }, $push: { tags: 'b' }, $set: { 'nested.y': 2 }, $unset: { 'nested.x': '' } },
      );
      await c.updateOne(
        { _id: 1 },
        { $addToSet: { tags: { $each: ['b', 'c'] } }, $min: { n: 0 }, $rename: { nested: 'moved' } },
      );
      return c.findOne({ _id: 1 });
    },
    expected: { _id: 1, n: 0, tags: ['a', 'b', 'c'], moved: { y: 2 } },
  },
  {
    name: 'upsert seeded from equality filter',
    run: async (db) => {
      const r = await db
        .collection('up')
        .updateOne(
          { k: { $eq: 'a' }, 'p.q': 1, n: { $gt: 0 } },
          { $set: { v: 1 }, $setOnInsert: { created: true } },
          { upsert: true },
        );
      return {
        matched: r.matchedCount,
        modified: r.modifiedCount,
        upserted: r.upsertedCount,
        doc: await db.collection('up').findOne({}, noId),
      };
    },
    expected: { matched: 0, modified: 0, upserted: 1, doc: { k: 'a', p: { q: 1 }, v: 1, created: true } },
  },
  {
    name: 'updateMany counts',
    run: async (db) => {
      const c = db.collection('um');
      await c.insertMany([
        { g: 1, v: 1 },
        { g: 1, v: 2 },
        { g: 2, v: 2 },
      ]);
      const r = await c.updateMany({ v: 2 }, { $set: { v: 2, seen: true } });
      return { matched: r.matchedCount, modified: r.modifiedCount };
    },
    expected: { matched: 2, modified: 2 },
  },
  {
    name: 'duplicate key error shape',
    run: async (db) => {
      const c = db.collection('dup');
      await c.createIndex({ email: 1 }, { unique: true });
      await c.insertOne({ email: 'a@b.c' });
      return attempt(c.insertOne({ email: 'a@b.c' }));
    },
    expected: {
      error: 11000,
      message: 'E11000 duplicate key error collection: DB.dup index: email_1 dup key: { email: "a@b.c" }',
      keyValue: { email: 'a@b.c' },
      keyPattern: { email: 1 },
    },
  },
  {
    name: 'sparse unique tolerates missing fields',
    run: async (db) => {
      const c = db.collection('sp');
      await c.createIndex({ code: 1 }, { unique: true, sparse: true });
      await c.insertMany([{ a: 1 }, { a: 2 }]);
      return c.countDocuments();
    },
    expected: 2,
  },
  {
    name: 'findOneAndUpdate before/after with projection',
    run: async (db) => {
      const c = db.collection('fam');
      await c.insertMany([
        { k: 1, n: 1 },
        { k: 1, n: 5 },
      ]);
      const before = await c.findOneAndUpdate(
        { k: 1 },
        { $inc: { n: 10 } },
        { sort: { n: -1 }, projection: { _id: 0 }, returnDocument: 'before' },
      );
      const after = await c.findOneAndUpdate(
        { k: 1 },
        { $inc: { n: 10 } },
        { sort: { n: 1 }, projection: { _id: 0 }, returnDocument: 'after' },
      );
      return { before, after };
    },
    expected: { before: { k: 1, n: 5 }, after: { k: 1, n: 11 } },
  },
  {
    name: 'aggregate with $group and $lookup',
    run: async (db) => {
      await db
        .collection('stores')
        .insertMany([{ _id: 1, name: 'A' } as never, { _id: 2, name: 'B' } as never]);
      await db.collection('reviews').insertMany([
        { store: 1, stars: 4 },
        { store: 1, stars: 2 },
        { store: 2, stars: 5 },
      ]);
      return db
        .collection('reviews')
        .aggregate([
          { $group: { _id: '$store', avg: { $avg: '$stars' } } },
          { $lookup: { from: 'stores', localField: '_id', foreignField: '_id', as: 's' } },
          { $project: { _id: 0, name: { $first: '$s.name' }, avg: 1 } },
          { $sort: { name: 1 } },
        ])
        .toArray();
    },
    expected: [
      { avg: 3, name: 'A' },
      { avg: 5, name: 'B' },
    ],
  },
  {
    name: 'cross-type sort order',
    run: async (db) => {
      const c = db.collection('ord');
      await c.insertMany([
        { v: true },
        { v: new ObjectId('000000000000000000000001') },
        { v: 'str' },
        { v: 5 },
        { v: null },
        { v: { o: 1 } },
        { v: new Date(0) },
      ]);
      return (await c.find({}, noId).sort({ v: 1 }).toArray()).map((d) => typeof d.v);
    },
    expected: ['object', 'number', 'string', 'object', 'object', 'boolean', 'object'],
  },
  {
    name: '$inc on a string is TypeMismatch',
    run: async (db) => {
      await db.collection('inc').insertOne({ _id: 1, a: 'x' } as never);
      const e = (await attempt(db.collection('inc').updateOne({ _id: 1 } as never, { $inc: { a: 1 } }))) as {
        code?: number;
      };
      return e.code;
    },
    expected: 14,
  },
  {
    name: '_id is immutable',
    run: async (db) => {
      await db.collection('imm').insertOne({ _id: 1 } as never);
      const e = (await attempt(
        db.collection('imm').updateOne({ _id: 1 } as never, { $set: { _id: 2 } }),
      )) as { code?: number };
      return e.code;
    },
    expected: 66,
  },
  {
    name: 'arrayFilters',
    run: async (db) => {
      await db.collection('af').insertOne({ _id: 1, a: [{ v: 1 }, { v: 5 }] } as never);
      await db
        .collection('af')
        .updateOne(
          { _id: 1 } as never,
          { $set: { 'a.$[e].big': true } },
          { arrayFilters: [{ 'e.v': { $gt: 2 } }] },
        );
      return db.collection('af').findOne({ _id: 1 } as never, noId);
    },
    expected: { a: [{ v: 1 }, { v: 5, big: true }] },
  },
  {
    name: 'distinct flattens arrays',
    run: async (db) => {
      await db.collection('d').insertMany([{ t: ['b', 'a'] }, { t: 'c' }, { t: ['a'] }]);
      return db.collection('d').distinct('t');
    },
    expected: ['a', 'b', 'c'],
  },
  {
    name: 'collation strength 2 equality',
    run: async (db) => {
      await db.collection('col').insertMany([{ n: 'Ann' }, { n: 'ann' }, { n: 'Bob' }]);
      return db.collection('col').countDocuments({ n: 'ANN' }, { collation: { locale: 'en', strength: 2 } });
    },
    expected: 2,
  },
  {
    name: 'Long and Decimal128 arithmetic keeps types',
    run: async (db) => {
      await db
        .collection('num')
        .insertOne({ _id: 1, l: Long.fromNumber(1), d: Decimal128.fromString('0.5') } as never);
      await db
        .collection('num')
        .updateOne({ _id: 1 } as never, { $inc: { l: 1, d: Decimal128.fromString('0.25') } });
      return db
        .collection('num')
        .findOne({ _id: 1 } as never, { promoteLongs: false, projection: { _id: 0 } });
    },
    expected: { l: 'Long(2)', d: 'Decimal(0.75)' },
  },
  {
    name: 'binary data round trip',
    run: async (db) => {
      await db.collection('bin').insertOne({ b: Buffer.from('hello') });
      return db.collection('bin').findOne({}, noId);
    },
    expected: { b: 'Binary(68656c6c6f)' },
  },
];

describe(`differential (${MODE})`, () => {
  let engine: Harness;
  let real: MongoClient | undefined;
  let n = 0;

  beforeAll(async () => {
    engine = await startHarness();
    if (REAL_URI) {
      real = await MongoClient.connect(REAL_URI, { serverSelectionTimeoutMS: 5000 });
    } else {
      console.warn(
        '[local-mongo] DIFF_MONGODB_URI is not set: the real-server comparison did NOT run; only the engine-side expectations were checked.',
      );
    }
  });
  afterAll(async () => {
    await real?.close();
    await engine.close();
  });

  test('reports which mode ran', () => {
    expect(MODE).toBe(REAL_URI ? 'engine vs real mongod' : 'engine only — real server ABSENT');
  });

  for (const s of scenarios) {
    test(`${s.name} [${REAL_URI ? 'engine vs mongod' : 'engine only'}]`, async () => {
      const dbName = `diff_${process.pid}_${++n}`;
      const withDb = (msg: unknown) => JSON.parse(JSON.stringify(msg).split(dbName).join('DB')) as unknown;
      const engineResult = withDb(normalise(await s.run(engine.client.db(dbName))));
      expect(engineResult).toEqual(s.expected);
      if (real) {
        const realDb = real.db(dbName);
        try {
          const realResult = withDb(normalise(await s.run(realDb)));
          expect(engineResult).toEqual(realResult);
        } finally {
          await realDb.dropDatabase();
        }
      }
    });
  }
});
