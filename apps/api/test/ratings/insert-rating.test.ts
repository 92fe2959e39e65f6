// The submit's shared insert stores exactly what create() would store, and refuses what create() would refuse.
import mongoose from 'mongoose';
import { insertRating } from '../../src/modules/ratings/insert-rating';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const id = () => new mongoose.Types.ObjectId();

describe('insertRating', () => {
  it('stores the document create() stores (defaults, sub-documents, version key), field for field, its keys aside', async () => {
    const at = new Date('2026-03-02T10:00:00Z');
    const fields = {
      business: id(),
      store: id(),
      staff: id(),
      kind: 'staff' as const,
      score: 4,
      comment: 'Quick and friendly',
      tags: ['Friendly'],
      day: '2026-03-02',
      hour: 10,
      deviceHash: 'd',
      networkHash: 'n',
      flag: { suspicious: false, reasons: [] },
      pending: [
        { id: id(), kind: 'rollup' as const, sign: 1 as const, at },
        { id: id(), kind: 'reaction' as const, name: 'notifications', at },
      ],
      createdAt: at,
    };
    const ours = await insertRating({ ...fields, _id: id(), idempotencyKey: 'ours', updatedAt: at });
    const theirs = await RatingModel.create({ ...fields, _id: id(), idempotencyKey: 'theirs' });
    const raw = mongoose.connection.db!.collection('ratings');
    const strip = (d: Record<string, unknown> | null) => ({
      ...d,
      _id: undefined,
      idempotencyKey: undefined,
    });
    const stored = await raw.findOne({ _id: ours._id });
    expect(strip(stored)).toEqual(strip(await raw.findOne({ _id: theirs._id })));
    // what the submit carries on with is what was stored
    expect(strip(ours as never)).toEqual(strip(stored));
  });

  it('refuses a document its schema refuses, storing nothing', async () => {
    const bad = { business: id(), store: id(), kind: 'staff', score: 9, day: '2026-03-02', _id: id() };
    await expect(insertRating(bad)).rejects.toMatchObject({ name: 'ValidationError' });
    expect(await RatingModel.countDocuments()).toBe(0);
  });

  it('fails a duplicate submission key with the duplicate-key code, alone among concurrent inserts', async () => {
    const base = { business: id(), store: id(), kind: 'experience', score: 5, day: '2026-03-02' };
    await insertRating({ ...base, _id: id(), idempotencyKey: 'k' });
    const results = await Promise.allSettled([
      insertRating({ ...base, _id: id(), idempotencyKey: 'k' }),
      insertRating({ ...base, _id: id(), idempotencyKey: 'other' }),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: { code: 11000 } });
    expect(results[1]).toMatchObject({ status: 'fulfilled' });
    expect(await RatingModel.countDocuments()).toBe(2);
  });
});
