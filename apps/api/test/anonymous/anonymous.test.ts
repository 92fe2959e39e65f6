// The two public store lookups: no token needed, only customer-safe fields, and 404 for unknown or deleted stores.
import request from 'supertest';
import { ZPublicStoreSchema } from '@cx/contracts';
import { createApp } from '../../src/app';
import { makePng, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

async function storeWithEverything() {
  const business = await makeUser();
  const store = await makeStore(business.id, {
    name: 'Sydney Harbour',
    address: '3 Circular Quay, Sydney',
    timeZone: 'Australia/Sydney',
    openingHours: [{ day: 1, open: '08:00', close: '20:00' }],
    socialLinks: { googleReview: 'https://g.page/r/sydney/review', instagram: 'https://instagram.com/syd' },
    interfaces: { interface1: { status: true }, interface2: { status: false }, interface3: { status: true } },
  });
  await request(app)
    .put(`/api/v1/store/${store._id}/image`)
    .set(business.auth)
    .attach('image', makePng(), 'a.png')
    .expect(200);
  return { business, store };
}

describe('GET /api/v1/anonymous/user-interfaces/:storeId', () => {
  it('answers the three statuses without a token', async () => {
    const { store } = await storeWithEverything();
    const res = await request(app).get(`/api/v1/anonymous/user-interfaces/${store._id}`).expect(200);
    expect(res.body).toEqual({
      interfaces: {
        interface1: { status: true },
        interface2: { status: false },
        interface3: { status: true },
      },
    });
  });

  it('answers 404 for an unknown or deleted store and 400 for a malformed id', async () => {
    const { business, store } = await storeWithEverything();
    await request(app).get('/api/v1/anonymous/user-interfaces/0123456789abcdef01234567').expect(404);
    await request(app).delete(`/api/v1/store/${store._id}`).set(business.auth).expect(200);
    const gone = await request(app).get(`/api/v1/anonymous/user-interfaces/${store._id}`).expect(404);
    expect(gone.body.message).toBe('Store not found');
    await request(app).get('/api/v1/anonymous/user-interfaces/not-an-id').expect(400);
  });
});

describe('GET /api/v1/anonymous/store-details/:id', () => {
  it('answers name, image, social links and interfaces, and nothing private', async () => {
    const { business, store } = await storeWithEverything();
    const res = await request(app).get(`/api/v1/anonymous/store-details/${store._id}`).expect(200);
    const details = ZPublicStoreSchema.strict().parse(res.body.store);
    expect(Object.keys(res.body)).toEqual(['store']);
    expect(details).toMatchObject({
      _id: String(store._id),
      name: 'Sydney Harbour',
      socialLinks: {
        googleReview: 'https://g.page/r/sydney/review',
        instagram: 'https://instagram.com/syd',
        facebook: null,
      },
      interfaces: { interface2: { status: false } },
    });
    expect(details.image).toMatch(/^\/api\/v1\/files\/[0-9a-f]{24}-[\w-]{22}$/);
    const raw = JSON.stringify(res.body);
    for (const secret of [
      business.id,
      'Circular Quay',
      'Australia/Sydney',
      'openingHours',
      'owner',
      'deletedAt',
      'createdAt',
    ]) {
      expect(raw).not.toContain(secret);
    }
  });

  it('works with a stale or foreign token too, because it is public', async () => {
    const { store } = await storeWithEverything();
    await request(app)
      .get(`/api/v1/anonymous/store-details/${store._id}`)
      .set('Authorization', 'Bearer junk')
      .expect(200);
  });

  it('answers 404 for a deleted store', async () => {
    const { business, store } = await storeWithEverything();
    await request(app).delete(`/api/v1/store/${store._id}`).set(business.auth).expect(200);
    await request(app).get(`/api/v1/anonymous/store-details/${store._id}`).expect(404);
  });
});
