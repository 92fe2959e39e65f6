// Partial indexes answer the queries whose filter implies their expression (as mongod), and only those: no scans, same results.
import type { Db, Document } from 'mongodb';
import { engineCollection, useHarness } from './helpers';

let db: Db;
const harness = useHarness((fresh) => (db = fresh));

const coll = (name: string) => engineCollection(harness, () => db, name);

const NOW = new Date('2026-01-01T12:00:00Z');
const at = (minutes: number) => new Date(NOW.getTime() + minutes * 60_000);

/** The same documents in an indexed and a plain collection: every query must answer the same from both. */
async function twins(name: string, docs: Document[], index: Document, partialFilterExpression: Document) {
  const indexed = db.collection(name);
  const plain = db.collection(`${name}_plain`);
  await indexed.createIndex(index, { partialFilterExpression });
  await indexed.insertMany(docs.map((d) => ({ ...d })));
  await plain.insertMany(docs.map((d) => ({ ...d })));
  const both = async (filter: Document, sort?: Document, limit = 0) => {
    const run = (c: typeof indexed) =>
      c
        .find(filter, { projection: { _id: 0, n: 1 }, ...(sort ? { sort } : {}), limit })
        .toArray()
        .then((rows) => rows.map((r) => r.n as number));
    const [a, b] = [await run(indexed), await run(plain)];
    expect(a).toEqual(b);
    return a;
  };
  return { indexed, both };
}

/** A delivery queue: many finished documents, a few pending ones due at different times. */
const queue = Array.from({ length: 3000 }, (_, n) => ({
  n,
  status: n % 100 === 0 ? 'pending' : 'succeeded',
  nextAttemptAt: n % 100 === 0 ? at(n / 100 - 10) : null,
  lease: n === 300 ? 'lease-a' : null,
}));

test('a queue claim walks the partial index of pending work, not the finished deliveries', async () => {
  const { indexed, both } = await twins('queue', queue, { nextAttemptAt: 1 }, { status: 'pending' });
  const due = { status: 'pending', nextAttemptAt: { $lte: NOW } };
  expect(await both(due, { nextAttemptAt: 1 }, 4)).toEqual([0, 100, 200, 300]);
  expect(coll('queue').lastExamined).toBeLessThanOrEqual(5);
  expect(await both(due)).toHaveLength(11);
  expect(coll('queue').lastExamined).toBe(11);
  expect(await indexed.countDocuments(due)).toBe(11);
  expect(coll('queue').lastExamined).toBe(11);

  // documents leave and enter the index with their status
  await indexed.updateMany({ n: { $in: [0, 100] } }, { $set: { status: 'succeeded', nextAttemptAt: null } });
  await indexed.updateOne({ n: 1 }, { $set: { status: 'pending', nextAttemptAt: at(-60) } });
  expect(await indexed.find(due, { sort: { nextAttemptAt: 1 }, limit: 2 }).toArray()).toMatchObject([
    { n: 1 },
    { n: 200 },
  ]);
  expect(await indexed.countDocuments(due)).toBe(10);
  expect(coll('queue').lastExamined).toBe(10);
});

test('a query that does not imply the expression is answered by a scan, with every match', async () => {
  const { both } = await twins('scan', queue, { nextAttemptAt: 1 }, { status: 'pending' });
  // without the status condition, finished deliveries (missing from the index) match too
  expect(await both({ nextAttemptAt: null })).toHaveLength(2970);
  expect(coll('scan').lastExamined).toBe(3000);
  expect(
    await both({ status: { $in: ['pending', 'succeeded'] }, nextAttemptAt: { $lte: NOW } }),
  ).toHaveLength(11);
  expect(coll('scan').lastExamined).toBe(3000);
  expect(await both({ $or: [{ status: 'pending' }], nextAttemptAt: { $lte: NOW } })).toHaveLength(11);
  expect(coll('scan').lastExamined).toBe(3000);
});

test('a $type expression is implied by equality on a value of that type, never by null', async () => {
  const { both } = await twins('lease', queue, { lease: 1 }, { lease: { $type: 'string' } });
  expect(await both({ lease: 'lease-a' })).toEqual([300]);
  expect(coll('lease').lastExamined).toBe(1);
  expect(await both({ lease: { $in: ['lease-a', 'lease-b'] } })).toEqual([300]);
  expect(coll('lease').lastExamined).toBe(1);
  expect(await both({ lease: null })).toHaveLength(2999);
  expect(await both({ lease: { $in: ['lease-a', null] } })).toHaveLength(3000);
});

test('range and $exists expressions are implied by ranges inside them', async () => {
  const docs = Array.from({ length: 1000 }, (_, n) => ({
    n,
    rating: n % 10,
    ...(n % 2 ? { note: `x${n}` } : {}),
  }));
  const ranged = await twins('ranged', docs, { rating: 1 }, { rating: { $gt: 5 } });
  expect(await ranged.both({ rating: { $gte: 8 } })).toHaveLength(200);
  expect(coll('ranged').lastExamined).toBe(200);
  expect(await ranged.both({ rating: 9 })).toHaveLength(100);
  expect(coll('ranged').lastExamined).toBe(100);
  // wider than the expression: a scan finds ratings 3..5 the index does not hold
  expect(await ranged.both({ rating: { $gte: 3 } })).toHaveLength(700);
  expect(coll('ranged').lastExamined).toBe(1000);
  expect(await ranged.both({ rating: { $gt: 5, $lt: 7 } })).toHaveLength(100);

  const existing = await twins('existing', docs, { note: 1 }, { note: { $exists: true } });
  expect(await existing.both({ note: 'x7' })).toEqual([7]);
  expect(coll('existing').lastExamined).toBe(1);
  expect(await existing.both({ note: { $gte: 'x9' } })).toHaveLength(56);
  expect(await existing.both({ note: null })).toHaveLength(500);
  expect(coll('existing').lastExamined).toBe(1000);
});
