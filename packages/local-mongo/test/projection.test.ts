// Whole-field projections take a direct copy path; it must answer exactly what mingo's general path answers.
import { Query } from 'mingo/query';
import { applyProjection, mingoOptions, plainProjection } from '../src/query';

const docs = [{ _id: 1, a: 1, b: { c: 2 }, d: [1, 2], e: null }, { _id: 2, b: 'x', a: 0 }, { _id: 3 }];

/** What the engine answered before the direct path: mingo's projection. */
const viaMingo = (projection: Record<string, unknown>) =>
  new Query({}, mingoOptions()).find<Record<string, unknown>>(docs, projection).all();

test.each([
  [{ _id: 0 }],
  [{ _id: 1 }],
  [{ a: 1 }],
  [{ a: 1, _id: 0 }],
  [{ b: true, d: 1 }],
  [{ a: 0 }],
  [{ a: false, _id: 0 }],
  [{ b: 0, e: 0 }],
])('plain projection %j equals the general path, keeping document order', (projection) => {
  const plain = plainProjection(projection);
  expect(plain).not.toBeNull();
  const direct = docs.map(plain!);
  const general = viaMingo(projection);
  expect(direct).toEqual(general);
  // mongod keeps the stored order (with _id first); mingo moves _id last on inclusion, so order is checked on its own
  expect(direct.map((d) => Object.keys(d))).toEqual(
    direct.map((d, i) => Object.keys(docs[i]!).filter((k) => k in d)),
  );
  expect(applyProjection(docs, projection, {})).toEqual(direct);
});

test.each([
  [{ 'b.c': 1 }],
  [{ d: { $slice: 1 } }],
  [{ a: 1, b: 0 }],
  [{ a: 'x' }],
  [{ 'd.$': 1 }],
  [{ a: 2 }],
])('anything but whole fields (%j) is left to the general path', (projection) => {
  expect(plainProjection(projection)).toBeNull();
});

test('the direct path never hands out the stored document itself', () => {
  const [out] = docs.map(plainProjection({ _id: 0 })!);
  expect(out).not.toBe(docs[0]);
  expect(docs[0]).toHaveProperty('_id', 1);
});

test('the filter is compiled again only for the general path (whole fields and no projection never need it)', () => {
  // an operator mingo refuses: compiling it throws, so not throwing proves it was not compiled
  const unparsable = { a: { $foo: 1 } };
  expect(applyProjection(docs, { a: 1 }, unparsable)).toHaveLength(3);
  expect(applyProjection(docs, undefined, unparsable)).toBe(docs);
  expect(() => applyProjection(docs, { 'd.$': 1 }, unparsable)).toThrow(/\$foo/);
});
