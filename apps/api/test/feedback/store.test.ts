// GET /api/v1/feedback/stores/:storeId — the store's public face and the staff a customer is offered.
import request from 'supertest';
import { ZCustomerStoreSchema } from '@cx/contracts';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { zonedToUtc, localDay } from '../../src/lib/time';
import { StoreModel } from '../../src/modules/stores/store.model';
import { staffForCustomer } from '../../src/modules/feedback/customer-store';
import { setupTestDb } from '../helpers/db';
import { makeStaff } from '../factories';
import { makeShop, minutes, putOnShift, SOCIAL } from './support';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

const get = (id: string) => request(app).get(`/api/v1/feedback/stores/${id}`);

describe('GET /api/v1/feedback/stores/:storeId', () => {
  it('is cached briefly and answers a repeat with 304 via its ETag, so a kiosk starting again downloads nothing', async () => {
    const shop = await makeShop();
    const first = await get(String(shop.store._id)).expect(200);
    expect(first.headers['cache-control']).toBe('public, max-age=30');
    const etag = String(first.headers['etag']);
    expect(etag).toMatch(/^(W\/)?"/);
    const again = await get(String(shop.store._id)).set('if-none-match', etag).expect(304);
    expect(again.text).toBe('');
    // A changed face (a renamed store) is a new ETag: the kiosk gets the new one.
    await StoreModel.updateOne({ _id: shop.store._id }, { $set: { name: 'Renamed' } });
    const changed = await get(String(shop.store._id)).set('if-none-match', etag).expect(200);
    expect(changed.body.name).toBe('Renamed');
  });

  it('needs no token and answers only public fields', async () => {
    const shop = await makeShop({ name: 'Covent Garden', address: '12 King Street' });
    const res = await get(String(shop.store._id)).expect(200);
    const body = ZCustomerStoreSchema.parse(res.body);
    expect(body.name).toBe('Covent Garden');
    expect(body.interfaces).toEqual({ staff: true, experience: true, social: true });
    expect(body.socialLinks).toEqual([
      { network: 'googleReview', url: SOCIAL.googleReview },
      { network: 'instagram', url: SOCIAL.instagram },
    ]);
    const raw = JSON.stringify(res.body);
    expect(raw).not.toContain('12 King Street');
    expect(raw).not.toContain(shop.business.id);
  });

  it('writes <, > and & as JSON escapes, so nginx can put the answer into the QR page inside a <script> block', async () => {
    const hostile = '</script><script>alert(1)</script> & <!--';
    const shop = await makeShop({ name: hostile });
    const res = await get(String(shop.store._id)).expect(200);
    expect(res.text).not.toMatch(/[<>&]/);
    expect(res.text).toContain('\\u003c/script\\u003e');
    expect(res.body.name).toBe(hostile);
  });

  it('offers only the staff on shift now, by first name', async () => {
    const shop = await makeShop();
    const now = Date.now();
    await putOnShift(shop, shop.alice, new Date(now - minutes(60)), new Date(now + minutes(60)));
    await putOnShift(shop, shop.bob, new Date(now - minutes(300)), new Date(now - minutes(1)));
    const body = ZCustomerStoreSchema.parse((await get(String(shop.store._id)).expect(200)).body);
    expect(body.onShift).toBe(true);
    expect(body.staff.map((s) => s.firstName)).toEqual(['Alice']);
    expect(body.staff[0]).toMatchObject({ role: 'Barista', photo: null });
  });

  it('offers every active member when nobody is on shift, leaving out inactive and deleted people', async () => {
    const shop = await makeShop();
    await makeStaff(shop.business.id, [shop.store._id], { name: 'Gone Person', deletedAt: new Date() });
    await makeStaff(shop.business.id, [shop.store._id], { name: 'Paused Person', active: false });
    const body = ZCustomerStoreSchema.parse((await get(String(shop.store._id)).expect(200)).body);
    expect(body.onShift).toBe(false);
    expect(body.staff.map((s) => s.firstName)).toEqual(['Alice', 'Bob']);
  });

  it('offers no staff when the rate-staff interface is disabled', async () => {
    const shop = await makeShop({ interfaces: { interface1: { status: false } } });
    const body = ZCustomerStoreSchema.parse((await get(String(shop.store._id)).expect(200)).body);
    expect(body.interfaces.staff).toBe(false);
    expect(body.staff).toEqual([]);
  });

  it('answers 404 for an unknown or deleted store', async () => {
    const shop = await makeShop();
    await StoreModel.updateOne({ _id: shop.store._id }, { deletedAt: new Date() });
    const res = await get(String(shop.store._id)).expect(404);
    expect(res.body.message).toBe('Store not found');
    await get('0123456789abcdef01234567').expect(404);
  });
});

describe('staff on shift follows the rota in the store time zone', () => {
  it('credits the Sydney early shift at 08:30 Sydney time, which is the previous UTC day', async () => {
    const shop = await makeShop({ timeZone: 'Australia/Sydney' });
    const day = '2026-07-14';
    // Alice works 08:00-14:00 Sydney time; Bob 08:00-14:00 UTC (what a zone-naive rota would wrongly store).
    await putOnShift(
      shop,
      shop.alice,
      zonedToUtc(day, '08:00', 'Australia/Sydney'),
      zonedToUtc(day, '14:00', 'Australia/Sydney'),
    );
    await putOnShift(shop, shop.bob, new Date(`${day}T08:00:00Z`), new Date(`${day}T14:00:00Z`));
    const at = zonedToUtc(day, '08:30', 'Australia/Sydney');
    expect(at.toISOString()).toBe('2026-07-13T22:30:00.000Z');
    expect(localDay(at, 'Australia/Sydney')).toBe(day);

    const store = (await StoreModel.findById(shop.store._id).lean())!;
    const result = await staffForCustomer(store, at);
    expect(result.onShift).toBe(true);
    expect(result.staff.map((s) => s.name)).toEqual(['Alice Archer']);
  });

  it('treats the shift end as exclusive and the start as inclusive across a DST change', async () => {
    const shop = await makeShop({ timeZone: 'Europe/London' });
    // Clocks go forward at 01:00 UTC on 2026-03-29: a 00:00-06:00 local shift lasts five real hours.
    const start = zonedToUtc('2026-03-29', '00:00', 'Europe/London');
    const end = zonedToUtc('2026-03-29', '06:00', 'Europe/London');
    expect(end.getTime() - start.getTime()).toBe(minutes(300));
    await putOnShift(shop, shop.bob, start, end);
    const store = (await StoreModel.findById(shop.store._id).lean())!;
    expect((await staffForCustomer(store, start)).onShift).toBe(true);
    expect((await staffForCustomer(store, new Date(end.getTime() - 1))).staff.map((s) => s.name)).toEqual([
      'Bob Baker',
    ]);
    const after = await staffForCustomer(store, end);
    expect(after.onShift).toBe(false);
    expect(after.staff).toHaveLength(2);
  });
});
