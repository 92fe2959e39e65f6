// POST /api/v1/feedback/staff-ratings and /experience-ratings: acceptance, idempotency, honeypot, interfaces, limits.
import { ZRatingReceiptSchema } from '@cx/contracts';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { weekKey } from '../../src/modules/analytics/rollup.contribution';
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { FEEDBACK_IP_LIMITS } from '../../src/modules/feedback/feedback.router';
import { submitRating } from '../../src/modules/feedback/feedback.service';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { makeKiosk } from '../factories';
import { key, makeShop, minutes, postFrom, putOnShift, submitBody } from './support';

setupTestDb();
const app = createApp();
afterEach(() => {
  resetRateLimits();
  jest.restoreAllMocks();
});

const rateStaff = (body: object, ip?: string, ua?: string) =>
  postFrom(app, '/feedback/staff-ratings', body, ip, ua);
const rateExperience = (body: object, ip?: string) => postFrom(app, '/feedback/experience-ratings', body, ip);

describe('POST /api/v1/feedback/staff-ratings', () => {
  it('stores the rating with the store-local day and updates the rollups in the same request', async () => {
    const shop = await makeShop();
    const now = Date.now();
    await putOnShift(shop, shop.alice, new Date(now - minutes(30)), new Date(now + minutes(30)));
    const res = await rateStaff(
      submitBody(shop.store, {
        staff: String(shop.alice._id),
        score: 4,
        comment: 'Lovely flat white',
        tags: ['Friendly'],
      }),
    ).expect(201);
    const receipt = ZRatingReceiptSchema.parse(res.body);

    const rating = await RatingModel.findById(receipt._id).lean();
    expect(rating).toMatchObject({
      kind: 'staff',
      score: 4,
      comment: 'Lovely flat white',
      tags: ['Friendly'],
      outsideShift: false,
    });
    expect(rating?.flag?.suspicious).toBe(false);
    const rows = await RollupModel.find({ store: shop.store._id, metric: 'staff', day: rating?.day }).lean();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ day: rating?.day, count: 1, scoreSum: 4, d4: 1 });
    // the same figures in the store's and the person's week rows
    const weeks = await RollupModel.find({
      store: shop.store._id,
      metric: 'staff',
      day: weekKey(rating!.day),
    }).lean();
    expect(weeks).toHaveLength(2);
    for (const row of weeks) expect(row).toMatchObject({ count: 1, scoreSum: 4, d4: 1 });
  });

  it('marks a rating made while nobody is on shift as outside a shift', async () => {
    const shop = await makeShop();
    // The store has a rota (Alice worked yesterday), so a rating now is outside Bob's shifts.
    const now = Date.now();
    await putOnShift(shop, shop.alice, new Date(now - minutes(26 * 60)), new Date(now - minutes(20 * 60)));
    const res = await rateStaff(submitBody(shop.store, { staff: String(shop.bob._id), score: 3 })).expect(
      201,
    );
    expect((await RatingModel.findById(res.body._id).lean())?.outsideShift).toBe(true);
  });

  it('stores a retried submit once and answers it the same', async () => {
    const shop = await makeShop();
    const body = submitBody(shop.store, { staff: String(shop.alice._id), score: 5, comment: 'Great' });
    const first = await rateStaff(body).expect(201);
    const again = await rateStaff(body).expect(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    // Even concurrent copies (a flaky connection re-sending) land once.
    const body2 = submitBody(shop.store, { staff: String(shop.bob._id), score: 2, deviceId: newDeviceId() });
    const copies = await Promise.all(Array.from({ length: 6 }, () => rateStaff(body2)));
    expect(copies.map((r) => r.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(copies.map((r) => r.body._id)).size).toBe(1);

    expect(await RatingModel.countDocuments({ store: shop.store._id })).toBe(2);
    const storeRow = await RollupModel.findOne({
      store: shop.store._id,
      staff: null,
      metric: 'staff',
    }).lean();
    expect(storeRow).toMatchObject({ count: 2, scoreSum: 7 });
  });

  it('answers a copy that raced past the key check as a replay, not as "rated recently"', async () => {
    const shop = await makeShop();
    const input = {
      kind: 'staff' as const,
      store: String(shop.store._id),
      staff: String(shop.alice._id),
      score: 4,
      idempotencyKey: key(),
      deviceId: newDeviceId(),
    };
    const who = { ip: '203.0.113.9', userAgent: 'Phone' };
    const first = await submitRating(input, who);
    // The copy's key look-up ran just before the first copy was stored.
    const findOne = RatingModel.findOne.bind(RatingModel);
    jest
      .spyOn(RatingModel, 'findOne')
      .mockImplementationOnce((() => ({ lean: async () => null })) as never)
      .mockImplementation(findOne as never);
    const copy = await submitRating(input, who);
    expect(copy).toEqual({ body: first.body, replayed: true });
    expect(await RatingModel.countDocuments()).toBe(1);
  });

  it('answers 409 when a submission key is reused for a different rating', async () => {
    const shop = await makeShop();
    const body = submitBody(shop.store, { staff: String(shop.alice._id), score: 5 });
    await rateStaff(body).expect(201);
    const res = await rateStaff({ ...body, score: 1 }).expect(409);
    expect(res.body.code).toBe('IDEMPOTENCY_KEY_REUSED');
  });

  it('refuses a filled honeypot with 400 and stores nothing', async () => {
    const shop = await makeShop();
    const res = await rateStaff(
      submitBody(shop.store, { staff: String(shop.alice._id), score: 5, homepage: 'bot@spam.example' }),
    ).expect(400);
    expect(res.body).toMatchObject({
      code: 'HONEYPOT',
      message: expect.stringMatching(/could not be accepted/),
    });
    expect(await RatingModel.countDocuments()).toBe(0);
  });

  it('refuses with 403 and a message when rating staff is disabled for the store', async () => {
    const shop = await makeShop({ interfaces: { interface1: { status: false } } });
    const res = await rateStaff(submitBody(shop.store, { staff: String(shop.alice._id), score: 4 })).expect(
      403,
    );
    expect(res.body).toEqual({
      code: 'INTERFACE_DISABLED',
      message: 'Rating staff is turned off for this store right now.',
    });
    expect(await RatingModel.countDocuments()).toBe(0);
  });

  it('answers 404 for a staff member who does not work at the store', async () => {
    const shop = await makeShop();
    const other = await makeShop();
    const res = await rateStaff(submitBody(shop.store, { staff: String(other.alice._id), score: 4 })).expect(
      404,
    );
    expect(res.body.message).toBe('Staff member not found');
  });

  it('validates score and comment length with readable messages', async () => {
    const shop = await makeShop();
    const bad = await rateStaff(submitBody(shop.store, { staff: String(shop.alice._id), score: 6 })).expect(
      400,
    );
    expect(bad.body.fieldErrors.score).toEqual(['Please choose a rating from 1 to 5 stars']);
    const long = await rateStaff(
      submitBody(shop.store, { staff: String(shop.alice._id), score: 3, comment: 'x'.repeat(1001) }),
    ).expect(400);
    expect(long.body.fieldErrors.comment).toEqual(['Comments can be up to 1,000 characters']);
  });

  it('refuses a second rating of the same person from the same device with 429 and when to try again', async () => {
    const shop = await makeShop();
    await rateStaff(submitBody(shop.store, { staff: String(shop.alice._id), score: 4 })).expect(201);
    const res = await rateStaff(submitBody(shop.store, { staff: String(shop.alice._id), score: 5 })).expect(
      429,
    );
    expect(res.body.code).toBe('RATED_RECENTLY');
    expect(res.body.message).toMatch(
      /^You have already rated Alice from this device\. You can rate again in (60|59) minutes\.$/,
    );
    // Another person, another phone on the same Wi-Fi, or the same phone's experience rating are all fine.
    await rateStaff(submitBody(shop.store, { staff: String(shop.bob._id), score: 4 })).expect(201);
    await rateStaff(
      submitBody(shop.store, { staff: String(shop.alice._id), score: 4, deviceId: newDeviceId() }),
    ).expect(201);
    await rateExperience(submitBody(shop.store, { score: 4 })).expect(201);
  });

  it('lets an enrolled kiosk rate the same person again and again (it is many customers)', async () => {
    const shop = await makeShop();
    const kiosk = await makeKiosk(shop.business, shop.store);
    for (const score of [4, 3, 4]) {
      await rateStaff(submitBody(shop.store, { staff: String(shop.alice._id), score, kiosk })).expect(201);
    }
    expect(await RatingModel.countDocuments({ source: 'kiosk' })).toBe(3);
  });

  it('answers 429 with a message once one address passes the per-IP limit', async () => {
    const shop = await makeShop();
    const ip = '198.51.100.23';
    // Every attempt counts, accepted or not: a script sending junk is stopped just the same.
    for (let i = 0; i < FEEDBACK_IP_LIMITS.ratings; i++) await rateExperience({}, ip).expect(400);
    const res = await rateExperience(submitBody(shop.store, { score: 4 }), ip).expect(429);
    expect(res.body).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many ratings from this network. Please try again in a few minutes.',
    });
    // A different address is unaffected.
    await rateExperience(submitBody(shop.store, { score: 4 }), '198.51.100.24').expect(201);
  });
});

describe('POST /api/v1/feedback/experience-ratings', () => {
  it('stores an experience rating with no staff and rolls it up per store', async () => {
    const shop = await makeShop();
    const res = await rateExperience(
      submitBody(shop.store, { score: 1, comment: 'Long queue', tags: ['Dirty'] }),
    ).expect(201);
    expect(await RatingModel.findById(res.body._id).lean()).toMatchObject({
      kind: 'experience',
      staff: null,
      score: 1,
    });
    const rows = await RollupModel.find({
      store: shop.store._id,
      metric: 'experience',
      day: { $not: /^W/ },
    }).lean();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ staff: null, count: 1, d1: 1 });
  });

  it('refuses with 403 when rating the experience is disabled', async () => {
    const shop = await makeShop({ interfaces: { interface2: { status: false } } });
    const res = await rateExperience(submitBody(shop.store, { score: 4 })).expect(403);
    expect(res.body.message).toBe('Rating the experience is turned off for this store right now.');
  });

  it('does not accept tags outside the catalogue', async () => {
    const shop = await makeShop();
    await rateExperience(submitBody(shop.store, { score: 4, tags: ['<script>'] })).expect(400);
  });
});
