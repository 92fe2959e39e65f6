// Burst detection flags (never drops) ratings of any score; flagged ones leave the rollups; the dashboard lists and restores them.
import request from 'supertest';
import type { Types } from 'mongoose';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { RatingAuditModel } from '../../src/modules/ratings/rating-audit.model';
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { BURST_RULES } from '../../src/modules/feedback/bursts';
import { newDeviceId } from '../helpers/devices';
import { setupTestDb } from '../helpers/db';
import { makeKiosk } from '../factories';
import { makeShop, postFrom, submitBody, type Shop } from './support';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

/** One kiosk rating one person this many times within two minutes is a burst. */
const KIOSK_BURST = BURST_RULES[0]!.min;
const NETWORK_BURST = BURST_RULES[2]!.min;

const rateStaff = (body: object, ip?: string, ua?: string) =>
  postFrom(app, '/feedback/staff-ratings', body, ip, ua);
const staffRow = (shop: Shop, staff: Types.ObjectId | null) =>
  RollupModel.findOne({ store: shop.store._id, staff, metric: 'staff' }).lean();

/** Each shop's one enrolled kiosk tablet. */
const kiosks = new WeakMap<Shop, string>();
async function kioskOf(shop: Shop): Promise<string> {
  if (!kiosks.has(shop)) kiosks.set(shop, await makeKiosk(shop.business, shop.store));
  return kiosks.get(shop)!;
}

/** The shop's kiosk tablet rating Alice five stars n times in a row. */
async function kioskBurst(shop: Shop, n: number): Promise<string[]> {
  const ids: string[] = [];
  const kiosk = await kioskOf(shop);
  for (let i = 0; i < n; i++) {
    const res = await rateStaff(
      submitBody(shop.store, { staff: String(shop.alice._id), score: 5, kiosk }),
    ).expect(201);
    ids.push(res.body._id);
  }
  return ids;
}

describe('burst detection', () => {
  it('flags a burst of five-star ratings for one person from one kiosk, keeps them all, and leaves them out of rollups', async () => {
    const shop = await makeShop();
    const ids = await kioskBurst(shop, KIOSK_BURST);
    const stored = await RatingModel.find({ _id: { $in: ids } }).lean();
    expect(stored).toHaveLength(KIOSK_BURST);
    for (const r of stored) {
      expect(r.flag?.suspicious).toBe(true);
      expect(r.flag?.reasons).toEqual([
        `${KIOSK_BURST} ratings of this staff member from one device within 2 minutes`,
      ]);
    }
    // The earlier members were counted on arrival and taken out again when the burst was seen.
    expect(await staffRow(shop, shop.alice._id)).toMatchObject({ count: 0, scoreSum: 0, d5: 0 });
    expect(await staffRow(shop, null)).toMatchObject({ count: 0 });
  });

  it('leaves a busy kiosk alone whose customers rate both staff members', async () => {
    const shop = await makeShop();
    const scores = [5, 4, 5, 3, 5, 4, 5, 5, 2, 5];
    const kiosk = await kioskOf(shop);
    for (const [i, score] of scores.entries()) {
      const staff = String((i % 2 ? shop.bob : shop.alice)._id);
      await rateStaff(submitBody(shop.store, { staff, score, kiosk })).expect(201);
    }
    expect(await RatingModel.countDocuments({ 'flag.suspicious': true })).toBe(0);
    expect(await staffRow(shop, shop.alice._id)).toMatchObject({ count: 5, scoreSum: 22 });
  });

  it('flags one-star sabotage from many phones on one network', async () => {
    const shop = await makeShop();
    for (let i = 0; i < NETWORK_BURST; i++) {
      await rateStaff(
        submitBody(shop.store, { staff: String(shop.bob._id), score: 1, deviceId: newDeviceId() }),
        '192.0.2.50',
      ).expect(201);
    }
    const flagged = await RatingModel.find({ 'flag.suspicious': true }).lean();
    expect(flagged).toHaveLength(NETWORK_BURST);
    expect(flagged.at(-1)?.flag?.reasons).toEqual([
      `${NETWORK_BURST} of the ${NETWORK_BURST} ratings from one network within 10 minutes were of this staff member`,
    ]);
    expect(await staffRow(shop, shop.bob._id)).toMatchObject({ count: 0, d1: 0 });
  });
});

describe('GET /api/v1/ratings/flagged', () => {
  it('lists the owner’s flagged ratings with their reasons, newest first', async () => {
    const shop = await makeShop({ name: 'Harbour' });
    await kioskBurst(shop, KIOSK_BURST);
    const res = await request(app).get('/api/v1/ratings/flagged').set(shop.business.auth).expect(200);
    expect(res.body.total).toBe(KIOSK_BURST);
    expect(res.body.ratings[0]).toMatchObject({
      kind: 'staff',
      store: { name: 'Harbour' },
      staff: { name: 'Alice Archer' },
      score: 5,
      source: 'kiosk',
      restored: false,
      audit: [],
    });
    const times = res.body.ratings.map((r: { createdAt: string }) => r.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });

  it('shows another business nothing, and refuses anonymous callers', async () => {
    const shop = await makeShop();
    await kioskBurst(shop, KIOSK_BURST);
    const stranger = await makeShop();
    const res = await request(app).get('/api/v1/ratings/flagged').set(stranger.business.auth).expect(200);
    expect(res.body).toMatchObject({ total: 0, ratings: [] });
    await request(app).get('/api/v1/ratings/flagged').expect(401);
  });
});

describe('POST /api/v1/ratings/:id/restore', () => {
  it('counts the rating again in the rollups and records who restored it', async () => {
    const shop = await makeShop();
    const [first] = await kioskBurst(shop, KIOSK_BURST);
    const res = await request(app)
      .post(`/api/v1/ratings/${first}/restore`)
      .set(shop.business.auth)
      .send({ note: 'Regular customer, checked CCTV' })
      .expect(200);
    expect(res.body.restored).toBe(true);
    expect(res.body.reviewedAt).toEqual(expect.any(String));
    expect(res.body.audit).toEqual([
      expect.objectContaining({
        action: 'restore',
        note: 'Regular customer, checked CCTV',
        actor: { _id: shop.business.id, fullname: shop.business.user.fullname },
      }),
    ]);
    expect(await staffRow(shop, shop.alice._id)).toMatchObject({ count: 1, scoreSum: 5, d5: 1 });
    expect(await RatingAuditModel.countDocuments({ rating: first })).toBe(1);

    // Restoring twice is refused and does not count the rating twice.
    const again = await request(app)
      .post(`/api/v1/ratings/${first}/restore`)
      .set(shop.business.auth)
      .send({})
      .expect(409);
    expect(again.body.message).toBe('This rating has already been restored.');
    expect(await staffRow(shop, shop.alice._id)).toMatchObject({ count: 1 });

    const pending = await request(app)
      .get('/api/v1/ratings/flagged?status=pending')
      .set(shop.business.auth)
      .expect(200);
    expect(pending.body.total).toBe(KIOSK_BURST - 1);
    const restored = await request(app)
      .get('/api/v1/ratings/flagged?status=restored')
      .set(shop.business.auth)
      .expect(200);
    expect(restored.body.ratings.map((r: { _id: string }) => r._id)).toEqual([first]);
  });

  it('keeps a restored rating restored when a later burst arrives', async () => {
    const shop = await makeShop();
    const [first] = await kioskBurst(shop, KIOSK_BURST);
    await request(app).post(`/api/v1/ratings/${first}/restore`).set(shop.business.auth).send({}).expect(200);
    await kioskBurst(shop, 1);
    expect((await RatingModel.findById(first).lean())?.flag?.restored).toBe(true);
    expect(await staffRow(shop, shop.alice._id)).toMatchObject({ count: 1 });
  });

  it("answers 404 for another business's rating", async () => {
    const shop = await makeShop();
    const [first] = await kioskBurst(shop, KIOSK_BURST);
    const stranger = await makeShop();
    await request(app)
      .post(`/api/v1/ratings/${first}/restore`)
      .set(stranger.business.auth)
      .send({})
      .expect(404);
    expect((await RatingModel.findById(first).lean())?.flag?.restored).toBe(false);
  });
});
