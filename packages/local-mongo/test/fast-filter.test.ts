// The compiled fast filter must agree with mingo (and the engine's BSON-aware operators) on every document it judges.
import { Decimal128, Long, ObjectId } from 'bson';
import { Query } from 'mingo/query';
import { compileFastFilter, UNSURE } from '../src/fast-filter';
import type { Doc } from '../src/errors';
import { mingoOptions } from '../src/query';

const oid = new ObjectId('64b000000000000000000001');
const other = new ObjectId('64b000000000000000000002');
const day = new Date('2026-01-02T03:04:05Z');

const DOCS: Doc[] = [
  {},
  { a: 1 },
  { a: 1.5 },
  { a: Long.fromNumber(2) },
  { a: Decimal128.fromString('2') },
  { a: 'x' },
  { a: '' },
  { a: null },
  { a: true },
  { a: false },
  { a: day },
  { a: new Date(0) },
  { a: oid },
  { a: other },
  { a: [] },
  { a: [1, 2] },
  { a: [[1], 3] },
  { a: [oid, other] },
  { a: ['x', null] },
  { a: { b: 1 } },
  { a: { b: null } },
  { a: { b: [1, 5] } },
  { a: { b: 'x', c: { d: 2 } } },
  { a: [{ b: 1 }, { b: 2 }] },
  { a: 'str', b: 3 },
  { a: 5, b: oid },
  { a: { c: 1 }, b: null },
  { a: day, b: 'x' },
  { a: { b: oid } },
];

const FILTERS: Doc[] = [
  { a: 1 },
  { a: 2 },
  { a: 'x' },
  { a: null },
  { a: true },
  { a: day },
  { a: oid },
  { a: { $eq: 1 } },
  { a: { $ne: 1 } },
  { a: { $ne: null } },
  { a: { $ne: oid } },
  { a: { $gt: 1 } },
  { a: { $gte: 1, $lt: 3 } },
  { a: { $lte: 'x' } },
  { a: { $gt: new Date(1) } },
  { a: { $lt: day } },
  { a: { $gt: null } },
  { a: { $gte: null } },
  { a: { $in: [1, 'x'] } },
  { a: { $in: [null] } },
  { a: { $in: [oid, 5] } },
  { a: { $in: [] } },
  { a: { $nin: [1, null] } },
  { a: { $nin: [oid] } },
  { a: { $exists: true } },
  { a: { $exists: false } },
  { 'a.b': 1 },
  { 'a.b': null },
  { 'a.b': { $ne: null } },
  { 'a.b': { $gt: 0 } },
  { 'a.b': { $in: [5, 'x'] } },
  { 'a.b': oid },
  { 'a.c.d': 2 },
  { 'a.0': 1 },
  { a: 1, b: 3 },
  { a: { $ne: 'x' }, b: { $ne: null } },
  { $and: [{ a: { $gte: 1 } }, { a: { $lte: 2 } }] },
  { $and: [{ a: 'str' }, { b: { $in: [3, 4] } }] },
  { a: Long.fromNumber(1) },
  { a: Decimal128.fromString('1.5') },
];

describe('compileFastFilter', () => {
  test.each(FILTERS.map((f) => [JSON.stringify(f), f]))(
    '%s agrees with mingo on every document it judges',
    (_name, filter) => {
      const fast = compileFastFilter(filter as Doc);
      expect(fast).toBeDefined();
      const mingo = new Query(filter as Doc, mingoOptions());
      for (const doc of DOCS) {
        const verdict = fast!(doc);
        if (verdict === UNSURE) continue;
        expect({ doc, verdict }).toEqual({ doc, verdict: mingo.test(doc) });
      }
    },
  );

  test('documents without arrays on the filtered paths are judged without mingo', () => {
    const fast = compileFastFilter({
      store: oid,
      createdAt: { $gt: new Date(0), $lte: day },
      'flag.suspicious': false,
    });
    expect(fast!({ store: oid, createdAt: day, flag: { suspicious: false } })).toBe(true);
    expect(fast!({ store: other, createdAt: day, flag: { suspicious: false } })).toBe(false);
    expect(fast!({ store: oid, createdAt: day })).toBe(false);
    // a trailing array is compared whole and element by element, as mingo does
    expect(fast!({ store: [other, oid], createdAt: day, flag: { suspicious: false } })).toBe(true);
  });

  test('an array before the last segment of a path leaves the document to mingo', () => {
    const fast = compileFastFilter({ 'a.b': 1 });
    expect(fast!({ a: [{ b: 1 }] })).toBe(UNSURE);
  });

  test('other shapes are not compiled: $or, regexes, documents, $elemMatch, $type, nested $exists', () => {
    for (const filter of [
      { $or: [{ a: 1 }] },
      { a: /x/ },
      { a: { b: 1 } },
      { a: { $elemMatch: { b: 1 } } },
      { a: { $type: 'string' } },
      { 'a.b': { $exists: true } },
      { a: { $in: [/x/] } },
      { a: [1, 2] },
      { $and: [] },
      { __proto__x: 1, 'a.__proto__': 1 },
    ]) {
      expect(compileFastFilter(filter as Doc)).toBeUndefined();
    }
  });
});
