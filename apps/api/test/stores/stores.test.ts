// Stores CRUD: validation messages, image upload, list order and search, and the soft delete that keeps ratings.
import sharp from 'sharp';
import request from 'supertest';
import { ZStoreSchema } from '@cx/contracts';
import { createApp } from '../../src/app';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { ShiftModel } from '../../src/modules/rota/shift.model';
import { StaffModel } from '../../src/modules/staff/staff.model';
import { StoreModel } from '../../src/modules/stores/store.model';
import { makePng, makeShift, makeStaff, makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';

setupTestDb();
const app = createApp();

const validStore = {
  name: 'Covent Garden',
  address: '12 King Street, London',
  timeZone: 'Europe/London',
  openingHours: [{ day: 1, open: '08:00', close: '20:00', closed: false }],
  socialLinks: {
    googleReview: 'https://g.page/r/abc/review',
    facebook: '',
    instagram: 'https://instagram.com/cx',
  },
};

describe('POST /api/v1/store/create', () => {
  it('creates a store with every interface enabled and a QR link to /rate-staff', async () => {
    const { auth } = await makeUser();
    const res = await request(app).post('/api/v1/store/create').set(auth).send(validStore).expect(201);
    const store = ZStoreSchema.parse(res.body.store);
    expect(res.body.message).toBe('Store created');
    expect(store).toMatchObject({
      name: 'Covent Garden',
      timeZone: 'Europe/London',
      image: null,
      socialLinks: {
        googleReview: 'https://g.page/r/abc/review',
        facebook: null,
        instagram: 'https://instagram.com/cx',
        website: null,
      },
      interfaces: {
        interface1: { status: true },
        interface2: { status: true },
        interface3: { status: true },
      },
    });
    expect(store.rateUrl).toBe(`http://localhost:5173/rate-staff?store=${store._id}`);
    expect(res.body.store.business).toBeUndefined();
  });

  it('stores the canonical spelling of a time zone typed in lower case', async () => {
    const { auth } = await makeUser();
    const res = await request(app)
      .post('/api/v1/store/create')
      .set(auth)
      .send({ ...validStore, timeZone: 'america/new_york' });
    expect(res.status).toBe(201);
    expect(res.body.store.timeZone).toBe('America/New_York');
  });

  it.each([
    ['name', 'Store name is required', { name: '' }],
    ['name', 'Store name must be at most 255 characters', { name: 'x'.repeat(256) }],
    ['timeZone', 'Choose a valid IANA time zone, e.g. Europe/London', { timeZone: 'Mars/Olympus_Mons' }],
    ['timeZone', 'Choose a valid IANA time zone, e.g. Europe/London', { timeZone: '+01:00' }],
    [
      'socialLinks.website',
      'Must be a valid URL starting with https://',
      { socialLinks: { website: 'not a url' } },
    ],
    [
      'socialLinks.facebook',
      'Must be a valid URL starting with https://',
      { socialLinks: { facebook: 'javascript:alert(1)' } },
    ],
    [
      'openingHours.0.open',
      'Use the 24-hour HH:mm format, e.g. 09:30',
      { openingHours: [{ day: 2, open: '9am', close: '17:00' }] },
    ],
    [
      'openingHours.0.close',
      'Closing time must be after opening time',
      { openingHours: [{ day: 2, open: '18:00', close: '09:00' }] },
    ],
  ] as const)('refuses a bad %s: "%s"', async (field, message, patch) => {
    const { auth } = await makeUser();
    const res = await request(app)
      .post('/api/v1/store/create')
      .set(auth)
      .send({ ...validStore, ...patch })
      .expect(400);
    expect(res.body.fieldErrors[field]).toContain(message);
    expect(await StoreModel.countDocuments()).toBe(0);
  });

  it('without a time zone takes its area\'s, the business\'s by default, and refuses an unknown one', async () => {
    const { auth } = await makeUser();
    const res = await request(app)
      .post('/api/v1/store/create')
      .set(auth)
      .send({ name: 'No zone' })
      .expect(201);
    expect(res.body.store.timeZone).toBe('UTC');
    expect(res.body.store.inherited).toMatchObject({ timeZone: null });
    const bad = await request(app)
      .post('/api/v1/store/create')
      .set(auth)
      .send({ name: 'Bad zone', timeZone: '' })
      .expect(400);
    expect(bad.body.fieldErrors.timeZone).toContain('Time zone is required');
  });
});

describe('GET /api/v1/store', () => {
  it("lists only the user's live stores, sorted by name, as a stores array", async () => {
    const a = await makeUser();
    const b = await makeUser();
    await makeStore(a.id, { name: 'zebra Street' });
    await makeStore(a.id, { name: 'Apple Row' });
    await makeStore(a.id, { name: 'Gone', deletedAt: new Date() });
    await makeStore(b.id, { name: 'Not mine' });
    const res = await request(app).get('/api/v1/store').set(a.auth).expect(200);
    expect(res.body.stores.map((s: { name: string }) => s.name)).toEqual(['Apple Row', 'zebra Street']);
  });

  it('filters by name case-insensitively with q, treating regex characters literally', async () => {
    const { id, auth } = await makeUser();
    await makeStore(id, { name: 'Covent Garden' });
    await makeStore(id, { name: 'Soho (West)' });
    const res = await request(app).get('/api/v1/store').query({ q: 'GARD' }).set(auth).expect(200);
    expect(res.body.stores.map((s: { name: string }) => s.name)).toEqual(['Covent Garden']);
    const paren = await request(app).get('/api/v1/store').query({ q: '(west' }).set(auth).expect(200);
    expect(paren.body.stores).toHaveLength(1);
  });
});

describe('PUT /api/v1/store/:id', () => {
  it('updates the given fields and keeps the social links that were not sent', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id, {
      socialLinks: { facebook: 'https://facebook.com/a', website: 'https://a.example.com' },
    });
    const res = await request(app)
      .put(`/api/v1/store/${store._id}`)
      .set(auth)
      .send({ name: 'Renamed', socialLinks: { website: '' } })
      .expect(200);
    expect(res.body.message).toBe('Store updated');
    expect(res.body.store.name).toBe('Renamed');
    expect(res.body.store.socialLinks).toMatchObject({ facebook: 'https://facebook.com/a', website: null });
  });

  it('validates like create', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const res = await request(app)
      .put(`/api/v1/store/${store._id}`)
      .set(auth)
      .send({ timeZone: 'Nowhere' })
      .expect(400);
    expect(res.body.message).toBe('Choose a valid IANA time zone, e.g. Europe/London');
  });
});

describe('PUT /api/v1/store/:id/image', () => {
  it('stores the uploaded image and serves it (resized, as a PNG without WebP in Accept) from the files endpoint', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const png = makePng();
    const res = await request(app)
      .put(`/api/v1/store/${store._id}/image`)
      .set(auth)
      .attach('image', png, { filename: 'shop.png', contentType: 'image/png' })
      .expect(200);
    expect(res.body.store.image).toMatch(/^\/api\/v1\/files\/[0-9a-f]{24}-[\w-]{22}$/);
    const file = await request(app).get(res.body.store.image).expect(200);
    expect(file.headers['content-type']).toBe('image/png');
    const [sent, uploaded] = await Promise.all([
      sharp(file.body as Buffer).metadata(),
      sharp(png).metadata(),
    ]);
    expect(sent).toMatchObject({ format: 'png', width: uploaded.width, height: uploaded.height });
  });

  it('refuses a file that is not an image, whatever its name says', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const res = await request(app)
      .put(`/api/v1/store/${store._id}/image`)
      .set(auth)
      .attach('image', Buffer.from('%PDF-1.4 not an image'), { filename: 'x.png', contentType: 'image/png' })
      .expect(400);
    expect(res.body.message).toBe('Please upload a JPEG, PNG or WebP image');
  });

  it('asks for an image when none is sent', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const res = await request(app)
      .put(`/api/v1/store/${store._id}/image`)
      .set(auth)
      .field('x', '1')
      .expect(400);
    expect(res.body.message).toBe('Please choose an image to upload');
  });

  it('removes the image with DELETE', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const up = await request(app)
      .put(`/api/v1/store/${store._id}/image`)
      .set(auth)
      .attach('image', makePng(), 'a.png');
    const res = await request(app).delete(`/api/v1/store/${store._id}/image`).set(auth).expect(200);
    expect(res.body.store.image).toBeNull();
    await request(app).get(up.body.store.image).expect(404);
  });
});

describe('DELETE /api/v1/store/:id', () => {
  it('soft-deletes: the store leaves the list, its ratings stay and the message says so', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id, { name: 'Old Town' });
    await RatingModel.create([
      { business: id, store: store._id, kind: 'experience', score: 5, day: '2025-01-01' },
      { business: id, store: store._id, kind: 'experience', score: 3, day: '2025-01-02' },
    ]);
    const res = await request(app).delete(`/api/v1/store/${store._id}`).set(auth).expect(200);
    expect(res.body).toEqual({
      message: 'Store "Old Town" deleted. Its 2 ratings are kept for your reports.',
      ratingsKept: 2,
    });
    expect(await RatingModel.countDocuments({ store: store._id })).toBe(2);
    expect((await StoreModel.findById(store._id))?.deletedAt).toBeInstanceOf(Date);
    const list = await request(app).get('/api/v1/store').set(auth).expect(200);
    expect(list.body.stores).toHaveLength(0);
    await request(app).get(`/api/v1/store/${store._id}`).set(auth).expect(404);
    await request(app).delete(`/api/v1/store/${store._id}`).set(auth).expect(404);
  });

  it('removes upcoming shifts there and takes the store off staff profiles, keeping past shifts', async () => {
    const { id, auth } = await makeUser();
    const store = await makeStore(id);
    const other = await makeStore(id);
    const member = await makeStaff(id, [store._id, other._id]);
    const past = await makeShift(
      id,
      store,
      member,
      new Date(Date.now() - 86400e3),
      new Date(Date.now() - 80000e3),
    );
    await makeShift(id, store, member, new Date(Date.now() + 86400e3), new Date(Date.now() + 90000e3));
    const res = await request(app).delete(`/api/v1/store/${store._id}`).set(auth).expect(200);
    expect(res.body.message).toMatch(/deleted\.$/);
    expect((await ShiftModel.find({ store: store._id })).map((s) => String(s._id))).toEqual([
      String(past._id),
    ]);
    expect((await StaffModel.findById(member._id))?.stores.map(String)).toEqual([String(other._id)]);
  });
});
