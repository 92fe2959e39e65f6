// Query-language and aggregation coverage through the driver: operators, dotted/array paths, $expr, pipelines, admin commands.
import type { Collection, Db, Document } from 'mongodb';
import type { Harness } from './helpers';
import { serverError, startHarness } from './helpers';

let h: Harness;
let db: Db;
let people: Collection<Document>;

beforeAll(async () => {
  h = await startHarness();
  db = h.db();
  people = db.collection('people');
  await people.insertMany([
    {
      name: 'ann',
      age: 31,
      tags: ['a', 'b'],
      addr: { city: 'Oslo', zip: '0150' },
      scores: [
        { k: 'x', v: 5 },
        { k: 'y', v: 9 },
      ],
    },
    { name: 'bob', age: 25, tags: ['b'], addr: { city: 'Bergen' }, scores: [{ k: 'x', v: 1 }] },
    { name: 'cid', age: null, tags: [], scores: [] },
    { name: 'dee', tags: ['a', 'c', 'd'], addr: { city: 'Oslo' } },
  ]);
});
afterAll(async () => {
  await h.close();
});

const names = async (filter: Document, sort: Document = { name: 1 }): Promise<string[]> =>
  (await people.find(filter).sort(sort).toArray()).map((d) => d.name as string);

test('comparison, logical and element operators', async () => {
  expect(await names({ age: { $gt: 26 } })).toEqual(['ann']);
  expect(await names({ age: { $gte: 25, $lt: 31 } })).toEqual(['bob']);
  expect(await names({ age: null })).toEqual(['cid', 'dee']);
  expect(await names({ age: { $exists: false } })).toEqual(['dee']);
  expect(await names({ age: { $ne: null } })).toEqual(['ann', 'bob']);
  expect(await names({ name: { $in: ['bob', 'dee', 'zed'] } })).toEqual(['bob', 'dee']);
  expect(await names({ name: { $nin: ['bob', 'dee'] } })).toEqual(['ann', 'cid']);
  expect(await names({ $or: [{ age: 25 }, { 'addr.city': 'Oslo' }] })).toEqual(['ann', 'bob', 'dee']);
  expect(await names({ $nor: [{ age: 25 }, { 'addr.city': 'Oslo' }] })).toEqual(['cid']);
  expect(await names({ age: { $not: { $gt: 26 } } })).toEqual(['bob', 'cid', 'dee']);
  expect(await names({ age: { $type: 'number' } })).toEqual(['ann', 'bob']);
});

test('string, array and embedded-document operators', async () => {
  expect(await names({ name: /^[ab]/ })).toEqual(['ann', 'bob']);
  expect(await names({ name: { $regex: 'E$', $options: 'i' } })).toEqual(['dee']);
  expect(await names({ tags: 'a' })).toEqual(['ann', 'dee']);
  expect(await names({ tags: { $all: ['a', 'c'] } })).toEqual(['dee']);
  expect(await names({ tags: { $size: 0 } })).toEqual(['cid']);
  expect(await names({ 'tags.0': 'b' })).toEqual(['bob']);
  expect(await names({ scores: { $elemMatch: { k: 'x', v: { $gt: 2 } } } })).toEqual(['ann']);
  expect(await names({ 'scores.v': { $gt: 6 } })).toEqual(['ann']);
  expect(await names({ addr: { city: 'Oslo' } })).toEqual(['dee']);
  expect(await names({ $expr: { $gt: [{ $size: { $ifNull: ['$tags', []] } }, 1] } })).toEqual(['ann', 'dee']);
});

test('sorting puts null/missing first and supports compound keys', async () => {
  expect(await names({}, { age: 1, name: -1 })).toEqual(['dee', 'cid', 'bob', 'ann']);
  expect(await names({}, { 'addr.city': -1, name: 1 })).toEqual(['ann', 'dee', 'bob', 'cid']);
});

test('projection operators', async () => {
  const doc = await people.findOne(
    { name: 'ann' },
    { projection: { _id: 0, name: 1, 'addr.city': 1, tags: { $slice: 1 } } },
  );
  expect(doc).toEqual({ name: 'ann', addr: { city: 'Oslo' }, tags: ['a'] });
  const el = await people.findOne(
    { name: 'ann' },
    { projection: { _id: 0, scores: { $elemMatch: { v: { $gt: 6 } } } } },
  );
  expect(el).toEqual({ scores: [{ k: 'y', v: 9 }] });
});

test('aggregation stages: $unwind, $facet, $addFields, $count, $sortByCount, $bucket, $lookup with pipeline', async () => {
  const tags = await people
    .aggregate([{ $unwind: '$tags' }, { $sortByCount: '$tags' }, { $sort: { count: -1, _id: 1 } }])
    .toArray();
  expect(tags).toEqual([
    { _id: 'a', count: 2 },
    { _id: 'b', count: 2 },
    { _id: 'c', count: 1 },
    { _id: 'd', count: 1 },
  ]);
  const [facet] = await people
    .aggregate([
      { $facet: { total: [{ $count: 'n' }], adults: [{ $match: { age: { $gte: 18 } } }, { $count: 'n' }] } },
    ])
    .toArray();
  expect(facet).toEqual({ total: [{ n: 4 }], adults: [{ n: 2 }] });
  const buckets = await people
    .aggregate([
      { $match: { age: { $type: 'number' } } },
      { $bucket: { groupBy: '$age', boundaries: [0, 30, 100], default: 'other' } },
    ])
    .toArray();
  expect(buckets).toEqual([
    { _id: 0, count: 1 },
    { _id: 30, count: 1 },
  ]);
  await db.collection('orders').insertMany([
    { who: 'ann', total: 10 },
    { who: 'ann', total: 5 },
    { who: 'bob', total: 7 },
  ]);
  const joined = await people
    .aggregate([
      { $match: { name: { $in: ['ann', 'bob'] } } },
      {
        $lookup: {
          from: 'orders',
          let: { n: '$name' },
          pipeline: [
            { $match: { $expr: { $eq: ['$who', '$$n'] } } },
            { $group: { _id: null, sum: { $sum: '$total' } } },
          ],
          as: 'o',
        },
      },
      { $addFields: { spent: { $first: '$o.sum' } } },
      { $project: { _id: 0, name: 1, spent: 1 } },
      { $sort: { spent: -1 } },
    ])
    .toArray();
  expect(joined).toEqual([
    { name: 'ann', spent: 15 },
    { name: 'bob', spent: 7 },
  ]);
});

test('unknown pipeline stages fail loudly', async () => {
  const e = await serverError(people.aggregate([{ $frobnicate: {} }]).toArray());
  expect(e.code).toBe(40324);
  expect(e.message).toBe("Unrecognized pipeline stage name: '$frobnicate'");
});

test('getParameter, endSessions, hello and buildInfo via the driver', async () => {
  const admin = h.client.db('admin');
  expect(
    (await admin.command({ getParameter: 1, featureCompatibilityVersion: 1 })).featureCompatibilityVersion,
  ).toEqual({ version: '7.0' });
  expect((await admin.command({ endSessions: [] })).ok).toBe(1);
  const hello = await admin.command({ hello: 1 });
  expect(hello.isWritablePrimary).toBe(true);
  expect(hello.maxWireVersion).toBe(21);
  expect((await admin.command({ buildInfo: 1 })).version).toBe('7.0.0-offline');
  expect((await admin.command({ isMaster: 1 })).ismaster).toBe(true);
});
