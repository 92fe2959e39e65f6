// Where the engine shares stored documents instead of copying them (reads that cannot write) and where it must copy.
import { Engine } from '../src/engine';
import type { Doc } from '../src/errors';
import { runAggregate } from '../src/commands/read';

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
