// "A device is what the server says it is": rotated, missing, forged ids and claimed kiosks all count as the network.
import request from 'supertest';
import { createApp } from '../../src/app';
import { FeedbackEventModel } from '../../src/modules/feedback/feedback-event.model';
import { KioskModel } from '../../src/modules/kiosks/kiosk.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { DEVICE_ISSUE_LIMIT } from '../../src/modules/feedback/feedback.router';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { makeKiosk } from '../factories';
import { makeShop, postFrom, submitBody, type Shop } from './support';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

const rateAlice = (shop: Shop, extra: Record<string, unknown>, ua?: string) =>
  postFrom(
    app,
    '/feedback/staff-ratings',
    { ...submitBody(shop.store, { staff: String(shop.alice._id), score: 4 }), ...extra },
    '203.0.113.40',
    ua,
  );

describe('POST /api/v1/feedback/device', () => {
  it('issues a signed id that the submits accept as one device', async () => {
    const shop = await makeShop();
    const res = await postFrom(app, '/feedback/device', {}).expect(201);
    expect(res.headers['cache-control']).toBe('no-store');
    const { deviceId } = res.body as { deviceId: string };
    expect(deviceId).toMatch(/^d1\.[\w-]{22}\.[\w-]{22}$/);
    await rateAlice(shop, { deviceId }).expect(201);
    // Another issued id on the same network is another phone.
    const other = (await postFrom(app, '/feedback/device', {}).expect(201)).body.deviceId as string;
    expect(other).not.toBe(deviceId);
    await rateAlice(shop, { deviceId: other }).expect(201);
  });

  it(`gives ${DEVICE_ISSUE_LIMIT.limit} ids to one network in 10 minutes (a busy shop's 50 phones fit twice), then 429`, async () => {
    const from = (ip: string) => postFrom(app, '/feedback/device', {}, ip);
    for (let i = 0; i < DEVICE_ISSUE_LIMIT.limit; i++) await from('198.51.100.60').expect(201);
    const res = await from('198.51.100.60').expect(429);
    expect(res.body).toEqual({
      code: 'RATE_LIMITED',
      message: 'Too many new devices from this network. Please try again in a few minutes.',
    });
    // Another network is not affected.
    await from('198.51.100.61').expect(201);
  });
});

describe('per-device interval against made-up devices', () => {
  it('a rotated made-up deviceId is the network: the second rating of the same person answers 429', async () => {
    const shop = await makeShop();
    await rateAlice(shop, { deviceId: 'attacker-1' }).expect(201);
    const res = await rateAlice(shop, { deviceId: 'attacker-2' }).expect(429);
    expect(res.body.code).toBe('RATED_RECENTLY');
    await rateAlice(shop, { deviceId: '0b6c7f0e-3a52-4c1e-9d3f-2f5d1c9a7b11' }).expect(429);
  });

  it('one signed id with a rotated User-Agent is still one phone: 429', async () => {
    const shop = await makeShop();
    const deviceId = newDeviceId();
    await rateAlice(shop, { deviceId }, 'Mozilla/5.0 (iPhone) Safari/17').expect(201);
    await rateAlice(shop, { deviceId }, 'Mozilla/5.0 (Android 14) Chrome/126').expect(429);
  });

  it('no deviceId at all: the network is the device, so the second answers 429', async () => {
    const shop = await makeShop();
    await rateAlice(shop, { deviceId: undefined }).expect(201);
    await rateAlice(shop, { deviceId: undefined }, 'Another/1').expect(429);
  });

  it('a forged or tampered id counts as no id', async () => {
    const shop = await makeShop();
    const real = newDeviceId();
    const [, random, tag] = real.split('.');
    const flipped = `${tag![0] === 'A' ? 'B' : 'A'}${tag!.slice(1)}`;
    await rateAlice(shop, { deviceId: `d1.${random}.${flipped}` }).expect(201);
    // Same network, another forged id (random part swapped): the same device as the first, refused.
    await rateAlice(shop, { deviceId: `d1.${'A'.repeat(22)}.${tag}` }).expect(429);
    // The genuine id is a phone of its own.
    await rateAlice(shop, { deviceId: real }).expect(201);
  });
});

describe('kiosks are enrolled, not claimed', () => {
  it('a claimed source "kiosk" without a credential is a phone: 429 on the second, stored as qr', async () => {
    const shop = await makeShop();
    await rateAlice(shop, { source: 'kiosk', deviceId: undefined }).expect(201);
    await rateAlice(shop, { source: 'kiosk', deviceId: undefined }).expect(429);
    expect(await RatingModel.find({}, { source: 1, _id: 0 }).lean()).toEqual([{ source: 'qr' }]);
  });

  it('an enrolled kiosk rates the same person three times in a row, stored as kiosk, and is marked as used', async () => {
    const shop = await makeShop();
    const kiosk = await makeKiosk(shop.business, shop.store);
    const before = Date.now();
    for (let i = 0; i < 3; i++) await rateAlice(shop, { kiosk, deviceId: undefined }).expect(201);
    expect(await RatingModel.countDocuments({ source: 'kiosk' })).toBe(3);
    const [enrolled] = await KioskModel.find({}).lean();
    expect(enrolled?.lastUsedAt?.getTime()).toBeGreaterThanOrEqual(before);
  });

  it('a revoked kiosk credential is a phone again', async () => {
    const shop = await makeShop();
    const kiosk = await makeKiosk(shop.business, shop.store);
    await rateAlice(shop, { kiosk, deviceId: undefined }).expect(201);
    const [enrolled] = await KioskModel.find({}).lean();
    await request(app).delete(`/api/v1/kiosks/${enrolled!._id}`).set(shop.business.auth).expect(200);
    await rateAlice(shop, { kiosk, source: 'kiosk', deviceId: undefined }).expect(201);
    const res = await rateAlice(shop, { kiosk, source: 'kiosk', deviceId: undefined }).expect(429);
    expect(res.body.code).toBe('RATED_RECENTLY');
    expect((await RatingModel.find({}).sort({ createdAt: 1 }).lean()).map((r) => r.source)).toEqual([
      'kiosk',
      'qr',
    ]);
  });

  it('a kiosk credential for store A sent to store B is a phone at B', async () => {
    const shop = await makeShop();
    const other = await makeShop();
    const kioskOfOther = await makeKiosk(other.business, other.store);
    await rateAlice(shop, { kiosk: kioskOfOther, source: 'kiosk', deviceId: undefined }).expect(201);
    await rateAlice(shop, { kiosk: kioskOfOther, source: 'kiosk', deviceId: undefined }).expect(429);
    expect(await RatingModel.countDocuments({ source: 'kiosk' })).toBe(0);
  });

  it("an enrolled kiosk's visits and social clicks are stored as kiosk; a claimed one as qr", async () => {
    const shop = await makeShop();
    const kiosk = await makeKiosk(shop.business, shop.store);
    await postFrom(app, '/feedback/visits', submitBody(shop.store, { kiosk })).expect(201);
    await postFrom(app, '/feedback/visits', submitBody(shop.store, { source: 'kiosk' })).expect(201);
    const sources = (await FeedbackEventModel.find({}).sort({ createdAt: 1, _id: 1 }).lean()).map(
      (e) => e.source,
    );
    expect(sources).toEqual(['kiosk', 'qr']);
  });
});
