// The compiled counting $group must give exactly mingo's $group result whenever it answers.
import { Long, ObjectId } from 'bson';
import type { Doc } from '../src/errors';
import { fastGroup } from '../src/fast-group';
import { mingoOptions, runPipeline } from '../src/query';

const DOCS: Doc[] = [
  { score: 1, n: 2 },
  { score: 2, n: 0.5 },
  { score: 3, n: 'x' },
  { score: 5, n: null },
  { score: 2.5, n: true },
  { n: 4 },
  { score: null, n: -1 },
  { score: 'high', n: 1 },
  { score: 4, nested: { v: 3 } },
  { score: 0, nested: { v: 1.25 } },
  { score: -0, nested: {} },
];

const SPECS: Doc[] = [
  { _id: 1, n: { $sum: 1 } },
  { _id: null, total: { $sum: 1 }, half: { $sum: 0.5 } },
  { _id: 'all', s: { $sum: '$n' } },
  { _id: true, v: { $sum: '$nested.v' } },
  { _id: null, low: { $sum: { $cond: [{ $lte: ['$score', 2] }, 1, 0] } } },
  { _id: null, high: { $sum: { $cond: { if: { $gt: ['$score', 3] }, then: 2, else: -1 } } } },
  {
    _id: null,
    eq: { $sum: { $cond: [{ $eq: ['$score', 2] }, 1, 0] } },
    ne: { $sum: { $cond: [{ $ne: ['$score', 2] }, 1, 0] } },
  },
  {
    _id: null,
    lt: { $sum: { $cond: [{ $lt: ['$score', 0] }, 1, 0] } },
    gte: { $sum: { $cond: [{ $gte: ['$score', 0] }, 1, 0] } },
  },
];

const mingoGroup = (docs: Doc[], spec: Doc) => runPipeline(docs, [{ $group: spec }], mingoOptions());

describe('fastGroup', () => {
  test.each(SPECS.map((s) => [JSON.stringify(s), s]))('%s equals mingo', (_name, spec) => {
    for (const docs of [DOCS, DOCS.slice(0, 3), DOCS.slice(5), []]) {
      const fast = fastGroup(docs, spec);
      expect(fast).toBeDefined();
      expect(fast).toEqual(mingoGroup(docs, spec as Doc));
    }
  });

  test('documents holding values of other kinds on a compared path are left to mingo', () => {
    const spec = { _id: null, low: { $sum: { $cond: [{ $lte: ['$score', 2] }, 1, 0] } } };
    expect(fastGroup([{ score: [1, 3] }], spec)).toBeUndefined();
    expect(fastGroup([{ score: Long.fromNumber(1) }], spec)).toBeUndefined();
    expect(fastGroup([{ score: 1 }, { score: { a: 1 } }], spec)).toBeUndefined();
    expect(fastGroup([{ n: [1, 2] }], { _id: null, s: { $sum: '$n' } })).toBeUndefined();
  });

  test('other shapes are not compiled: grouping by a field, other accumulators, variables, other $cond tests', () => {
    for (const spec of [
      { _id: '$store', n: { $sum: 1 } },
      { _id: null, a: { $avg: '$score' } },
      { _id: null, s: { $sum: '$$ROOT.score' } },
      { _id: null, s: { $sum: { $cond: [{ $in: ['$score', [1]] }, 1, 0] } } },
      { _id: null, s: { $sum: { $cond: [{ $lte: ['$score', '$n'] }, 1, 0] } } },
      { _id: null, s: { $sum: { $add: ['$score', 1] } } },
      { n: { $sum: 1 } },
    ]) {
      expect(fastGroup(DOCS, spec)).toBeUndefined();
    }
  });

  test('grouping by string and ObjectId fields (per store, metric, day) equals mingo, groups in first-seen order', () => {
    const stores = [new ObjectId(), new ObjectId(), new ObjectId()];
    const docs: Doc[] = Array.from({ length: 60 }, (_, i) => ({
      store: new ObjectId(stores[i % 3]!.toHexString()),
      metric: i % 2 ? 'staff' : 'experience',
      day: `2026-01-0${(i % 4) + 1}`,
      count: i % 5,
      scoreSum: i % 7 === 0 ? null : i * 1.5,
      h: { n: i },
    }));
    for (const spec of [
      { _id: { store: '$store', metric: '$metric' }, count: { $sum: '$count' }, s: { $sum: '$scoreSum' } },
      { _id: { metric: '$metric', day: '$day' }, n: { $sum: 1 }, h: { $sum: '$h.n' } },
    ]) {
      const fast = fastGroup(docs, spec);
      expect(fast).toBeDefined();
      expect(fast).toEqual(mingoGroup(docs, spec));
    }
    // a missing or numeric grouped value is left to mingo
    expect(
      fastGroup([...docs, { metric: 'staff' }], { _id: { m: '$metric', d: '$day' }, n: { $sum: 1 } }),
    ).toBeUndefined();
    expect(fastGroup([{ metric: 1 }], { _id: { m: '$metric' }, n: { $sum: 1 } })).toBeUndefined();
  });

  test('many sums under one path (the hour cells of a heatmap) equal mingo, whatever each document holds there', () => {
    const cells = Array.from({ length: 30 }, (_, i) => String(i));
    const spec: Doc = { _id: { metric: '$metric' }, count: { $sum: '$count' }, twice: { $sum: '$count' } };
    for (const at of cells) {
      spec[`n${at}`] = { $sum: `$h.${at}.n` };
      spec[`s${at}`] = { $sum: `$h.${at}.s` };
    }
    spec.deep = { $sum: '$h.4.n.x' };
    const docs: Doc[] = Array.from({ length: 40 }, (_, i) => ({
      metric: i % 3 ? 'staff' : 'experience',
      count: i,
      // a few cells each, some holding values $sum adds as 0 (strings, null, booleans) or a cell's missing half
      h: Object.fromEntries(
        cells
          .filter((c) => (Number(c) + i) % 7 === 0)
          .map((c) => [
            c,
            Number(c) % 5 === 0
              ? { n: 'x', s: null }
              : Number(c) % 4 === 0
                ? { n: true }
                : { n: i, s: i * 2.5 },
          ]),
      ),
    }));
    docs.push(
      { metric: 'staff', count: 1 },
      { metric: 'staff', h: null },
      { metric: 'staff', h: 7 },
      { metric: 'staff', h: {} },
    );
    const fast = fastGroup(docs, spec);
    expect(fast).toBeDefined();
    expect(fast).toEqual(mingoGroup(docs, spec));
    // the same with few paths (looked up one by one rather than by the document's keys)
    const few = { _id: null, a: { $sum: '$h.7.n' }, b: { $sum: '$h.14.s' }, c: { $sum: '$count' } };
    expect(fastGroup(docs, few)).toEqual(mingoGroup(docs, few));
    // a summed or crossed value mingo judges by its own rules leaves the whole stage to mingo
    for (const odd of [
      { h: [{ n: 1 }] },
      { h: { 3: { n: { a: 1 } } } },
      { h: { 5: { s: Long.fromNumber(2) } } },
      { h: { 2: { n: [1] } } },
      { h: { 4: { n: { x: [2] } } } },
    ])
      expect(fastGroup([...docs, { metric: 'staff', ...odd }], spec)).toBeUndefined();
  });
});
