// The submit's shared insert stores exactly what create() would store, and refuses what create() would refuse.
import mongoose from 'mongoose';
import { insertRating, type NewRating } from '../../src/modules/ratings/insert-rating';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const id = () => new mongoose.Types.ObjectId();
const at = new Date('2026-03-02T10:00:00Z');

/** A rating as the submit builds it. */
const newRating = (extra: Partial<NewRating> = {}): NewRating => ({
  _id: id(),
  business: id(),
  store: id(),
  staff: id(),
  kind: 'staff',
  score: 4,
  comment: 'Quick and friendly',
  tags: ['Friendly'],
  day: '2026-03-02',
  outsideShift: false,
  hour: 10,
  source: 'qr',
  deviceHash: 'd',
  networkHash: 'n',
  idempotencyKey: `k-${String(id())}`,
  flag: { suspicious: false, reasons: [] },
  pending: [
    { id: id(), kind: 'rollup', sign: 1, at },
    { id: id(), kind: 'reaction', name: 'notifications', at },
  ],
  createdAt: at,
  updatedAt: at,
  ...extra,
});

const raw = () => mongoose.connection.db!.collection('ratings');
const strip = (d: unknown) => ({ ...(d as object), _id: undefined, idempotencyKey: undefined });

describe('insertRating', () => {
  it.each([
    ['a staff rating', {}],
    [
      'an experience rating crediting the people on shift',
      { kind: 'experience', staff: null, onShift: [id(), id()] },
    ],
    [
      'a flagged kiosk rating with no hour, comment or tags',
      {
        source: 'kiosk',
        hour: null,
        comment: '',
        tags: [],
        flag: {
          suspicious: true,
          reasons: ['6 ratings of this staff member from one device within 2 minutes'],
        },
        pending: [
          { id: id(), kind: 'reaction', name: 'webhooks', at },
          { id: id(), kind: 'rollup', sign: -1, name: 'themes', themes: ['Clean store'], at },
        ],
      },
    ],
  ] as Array<[string, Partial<NewRating>]>)(
    'stores the document create() stores for %s, field for field',
    async (_, extra) => {
      const fields = newRating(extra);
      // values that need no casting are stored without building a mongoose document (the submit's hot path)
      const validate = jest.spyOn(RatingModel.prototype, 'validate');
      const ours = await insertRating(fields);
      expect(validate).not.toHaveBeenCalled();
      validate.mockRestore();
      const { updatedAt: _u, ...viaCreate } = newRating({ ...fields, _id: id(), idempotencyKey: 'theirs' });
      const theirs = await RatingModel.create(viaCreate);
      const stored = await raw().findOne({ _id: ours._id });
      expect(strip(stored)).toEqual(strip(await raw().findOne({ _id: theirs._id })));
      // what the submit carries on with is what was stored
      expect(strip(ours)).toEqual(strip(stored));
    },
  );

  it.each([
    ['a score above 5', { score: 9 }],
    ['an unknown kind', { kind: 'shop' }],
    ['a comment over 1,000 characters', { comment: 'x'.repeat(1001) }],
    ['an hour past 23', { hour: 24 }],
    ['no store', { store: undefined }],
  ] as Array<[string, Record<string, unknown>]>)(
    'refuses %s as the schema does, storing nothing',
    async (_, extra) => {
      await expect(insertRating(newRating(extra as Partial<NewRating>))).rejects.toMatchObject({
        name: 'ValidationError',
      });
      expect(await RatingModel.countDocuments()).toBe(0);
    },
  );

  it('casts what needs casting as create() does (ids given as strings)', async () => {
    const fields = newRating();
    const ours = await insertRating({ ...fields, business: String(fields.business) as never });
    expect((await raw().findOne({ _id: ours._id }))!.business).toEqual(fields.business);
  });

  it('fails a duplicate submission key with the duplicate-key code, alone among concurrent inserts', async () => {
    const store = id();
    await insertRating(newRating({ store, idempotencyKey: 'k' }));
    const results = await Promise.allSettled([
      insertRating(newRating({ store, idempotencyKey: 'k' })),
      insertRating(newRating({ store, idempotencyKey: 'other' })),
    ]);
    expect(results[0]).toMatchObject({ status: 'rejected', reason: { code: 11000 } });
    expect(results[1]).toMatchObject({ status: 'fulfilled' });
    expect(await RatingModel.countDocuments()).toBe(2);
  });
});
