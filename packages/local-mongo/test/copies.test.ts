// Work the engine skips: copies of stored documents (reads, untouched parts of updates), re-keying, TTL scans.
import { Engine } from '../src/engine';
import type { Doc } from '../src/errors';
import { runAggregate } from '../src/commands/read';
import { runCommand } from '../src/commands';
import { Index } from '../src/indexes';
import * as paths from '../src/paths';

function seeded(): {
  engine: Engine;
  ctx: { engine: Engine; db: string; connectionId: number };
  stored: Doc[];
} {
  const engine = new Engine({ ttlIntervalMs: 60_000 });
  const { coll } = engine.ensureCollection('d', 'c');
  const stored = [
    { _id: 1, g: 'a', n: 1, nested: { x: 1 } },
    { _id: 2, g: 'a', n: 2, nested: { x: 2 } },
    { _id: 3, g: 'b', n: 3, nested: { x: 3 } },
  ];
  for (const d of stored) coll.insert(d);
  return { engine, ctx: { engine, db: 'd', connectionId: 1 }, stored };
}

describe('aggregate input copies', () => {
  test('a pipeline of read-only stages ($match, $group, $sort, $limit) reads the stored documents themselves', () => {
    const { engine, ctx, stored } = seeded();
    const out = runAggregate(
      ctx,
      'c',
      [
        { $match: { n: { $gte: 1 } } },
        { $group: { _id: '$g', docs: { $push: '$$ROOT' } } },
        { $sort: { _id: 1 } },
        { $limit: 5 },
      ],
      {},
    );
    expect(out.map((g) => g._id)).toEqual(['a', 'b']);
    expect((out[0]!.docs as Doc[])[0]).toBe(stored[0]);
    engine.close();
  });

  test('a pipeline with a stage that writes into its input works on copies and leaves stored documents alone', () => {
    const { engine, ctx, stored } = seeded();
    const out = runAggregate(ctx, 'c', [{ $match: { g: 'a' } }, { $addFields: { 'nested.y': 9 } }], {});
    expect(out).toHaveLength(2);
    expect(out[0]).not.toBe(stored[0]);
    expect(out[0]!.nested).toEqual({ x: 1, y: 9 });
    expect(stored[0]!.nested).toEqual({ x: 1 });
    engine.close();
  });
});

describe('update copies', () => {
  const update = (engine: Engine, u: Doc, q: Doc = { _id: 1 }) =>
    runCommand({ update: 'c', updates: [{ q, u }], $db: 'd' }, { engine, db: 'd', connectionId: 1 });

  test('an update copies only the containers on the paths it writes; the rest is shared with the old version', () => {
    const engine = new Engine({ ttlIntervalMs: 60_000 });
    const { coll } = engine.ensureCollection('d', 'c');
    coll.insert({ _id: 1, a: { x: 1, list: [1, 2] }, untouched: { deep: { v: [1] } }, n: 0 });
    const before = coll.getById(1)!;
    expect(update(engine, { $set: { 'a.x': 2 }, $push: { 'a.list': 3 }, $inc: { n: 1 } })).toMatchObject({
      n: 1,
      nModified: 1,
    });
    const after = coll.getById(1)!;
    expect(after).toEqual({ _id: 1, a: { x: 2, list: [1, 2, 3] }, untouched: { deep: { v: [1] } }, n: 1 });
    expect(before).toEqual({ _id: 1, a: { x: 1, list: [1, 2] }, untouched: { deep: { v: [1] } }, n: 0 });
    expect(after.untouched).toBe(before.untouched);
    expect(after.a).not.toBe(before.a);
    engine.close();
  });

  test('an update that leaves every value as it was is not counted as a modification', () => {
    const engine = new Engine({ ttlIntervalMs: 60_000 });
    const { coll } = engine.ensureCollection('d', 'c');
    coll.insert({ _id: 1, a: { x: 1 }, list: [1, 2], when: new Date(5) });
    expect(update(engine, { $set: { 'a.x': 1, list: [1, 2], when: new Date(5) } })).toMatchObject({
      nModified: 0,
    });
    expect(update(engine, { $set: { 'a.x': 1.5 } })).toMatchObject({ nModified: 1 });
    expect(update(engine, { $addToSet: { list: 2 } })).toMatchObject({ nModified: 0 });
    engine.close();
  });

  test('indexes whose fields an update left alone are not re-keyed', () => {
    const engine = new Engine({ ttlIntervalMs: 60_000 });
    const { coll } = engine.ensureCollection('d', 'c');
    coll.createIndex({ key: { store: 1, day: 1 }, name: 'store_day' });
    coll.createIndex({ key: { tags: 1 }, name: 'tags' });
    coll.insert({ _id: 1, store: 's', day: 'd', tags: ['a'], count: 0 });
    const keysFor = jest.spyOn(Index.prototype, 'keysFor');
    update(engine, { $inc: { count: 1 } });
    expect(keysFor).not.toHaveBeenCalled();
    update(engine, { $push: { tags: 'b' } });
    // only the tags index, for the old and the new version
    expect(keysFor).toHaveBeenCalledTimes(2);
    keysFor.mockRestore();
    expect(coll.find({ tags: 'b' }).map((d) => d._id)).toEqual([1]);
    engine.close();
  });

  test('a growing indexed array keeps its index exact: appended, removed and replaced elements', () => {
    const engine = new Engine({ ttlIntervalMs: 60_000 });
    const { coll } = engine.ensureCollection('d', 'c');
    coll.createIndex({ key: { applied: 1 }, name: 'applied' });
    coll.insert({ _id: 1, applied: Array.from({ length: 40 }, (_, i) => `k${i}`) });
    coll.insert({ _id: 2, applied: ['k1'] });
    for (let i = 40; i < 60; i++) update(engine, { $push: { applied: `k${i}` } });
    const ids = (v: string) => coll.find({ applied: v }).map((d) => d._id);
    expect(ids('k59')).toEqual([1]);
    // answered from the index: only the one holder examined
    expect(coll.lastExamined).toBe(1);
    expect(ids('k1')).toEqual([1, 2]);
    update(engine, { $pull: { applied: 'k1' } });
    expect(ids('k1')).toEqual([2]);
    update(engine, { $set: { applied: ['z'] } });
    expect(ids('k0')).toEqual([]);
    expect(ids('k59')).toEqual([]);
    expect(ids('z')).toEqual([1]);
    engine.close();
  });
});

describe('TTL sweep', () => {
  test('walks the TTL index up to the cutoff: unexpired documents are not read, other values never expire', () => {
    const engine = new Engine({ ttlIntervalMs: 60_000 });
    const { coll } = engine.ensureCollection('d', 'c');
    coll.createIndex({ key: { at: 1 }, name: 'at_1', expireAfterSeconds: 60 });
    const now = Date.now();
    for (let i = 0; i < 500; i++) coll.insert({ _id: i, at: new Date(now + i * 1000) });
    coll.insert({ _id: 'old', at: new Date(now - 61_000) });
    coll.insert({ _id: 'edge', at: new Date(now - 60_000) });
    coll.insert({ _id: 'text', at: 'yesterday' });
    coll.insert({ _id: 'none' });
    const reads = jest.spyOn(paths, 'getPathValues');
    expect(coll.expire(now)).toBe(2);
    // only the two expired documents' keys are read (to unindex them), not the 500 that stay
    expect(reads.mock.calls.length).toBeLessThan(10);
    reads.mockRestore();
    expect(coll.getById('old')).toBeUndefined();
    expect(coll.getById('edge')).toBeUndefined();
    expect(coll.size).toBe(502);
    engine.close();
  });

  test('a TTL index on an array of dates expires by the earliest date, as mongod does', () => {
    const engine = new Engine({ ttlIntervalMs: 60_000 });
    const { coll } = engine.ensureCollection('d', 'c');
    coll.createIndex({ key: { at: 1 }, name: 'at_1', expireAfterSeconds: 0 });
    const now = Date.now();
    coll.insert({ _id: 1, at: [new Date(now + 60_000), new Date(now - 1)] });
    coll.insert({ _id: 2, at: [new Date(now + 60_000)] });
    expect(coll.expire(now)).toBe(1);
    expect(coll.getById(2)).toBeDefined();
    engine.close();
  });
});
