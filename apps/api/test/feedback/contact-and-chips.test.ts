// The customer's side of closing the loop: "what went wrong" chips by score band (or the business's own), and a
// contact request stored once, only with 1–3★, and never shown in rating reads or log lines.
import { DEFAULT_CHIPS } from '@cx/contracts';
import request from 'supertest';
import { createApp } from '../../src/app';
import { drainBackground } from '../../src/lib/background';
import { ContactRequestModel } from '../../src/modules/cases/contact.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { makeMember } from '../factories';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { makeShop, postFrom, submitBody, type Shop } from './support';

const app = createApp();
setupTestDb();

let n = 0;
const rateExperience = (shop: Shop, body: Record<string, unknown>) =>
  postFrom(
    app,
    '/feedback/experience-ratings',
    submitBody(shop.store, { deviceId: newDeviceId(), ...body }),
    `198.51.100.${++n}`,
  );

const CUSTOM = {
  staff: { good: ['Remembered my name'], bad: ['Ignored me'] },
  experience: { good: ['Cosy corner'], bad: ['Too loud', 'No seats'] },
};

describe('POST /api/v1/feedback/experience-ratings (chips by score band)', () => {
  it('takes "what went wrong" chips at 1–3★ and refuses a 4–5★ chip there with a message on tags', async () => {
    const shop = await makeShop();
    await rateExperience(shop, { score: 2, tags: ['Order wrong', 'Dirty'] }).expect(201);
    const res = await rateExperience(shop, { score: 1, tags: ['Great value'] }).expect(400);
    expect(res.body.fieldErrors.tags).toEqual(['Choose what went wrong from the list']);
  });

  it('refuses a "what went wrong" chip at 4–5★', async () => {
    const shop = await makeShop();
    const res = await rateExperience(shop, { score: 5, tags: ['Too expensive'] }).expect(400);
    expect(res.body.fieldErrors.tags).toEqual(['Choose what stood out from the list']);
    await rateExperience(shop, { score: 5, tags: ['Great value'] }).expect(201);
  });
});

describe('PUT /api/v1/feedback-chips', () => {
  it("replaces the chips: the store's face carries them and submits are checked against them (audited)", async () => {
    const shop = await makeShop();
    const put = await request(app)
      .put('/api/v1/feedback-chips')
      .set(shop.business.auth)
      .send(CUSTOM)
      .expect(200);
    expect(put.body).toEqual({ custom: true, chips: CUSTOM });
    const face = await request(app)
      .get(`/api/v1/feedback/stores/${String(shop.store._id)}`)
      .expect(200);
    expect(face.body.chips).toEqual(CUSTOM);
    await rateExperience(shop, { score: 2, tags: ['Too loud'] }).expect(201);
    await rateExperience(shop, { score: 2, tags: ['Dirty'] }).expect(400);
    const audit = await request(app).get('/api/v1/audit?kind=settings').set(shop.business.auth).expect(200);
    expect(audit.body.entries[0].summary).toBe('Changed the rating chips');

    await request(app)
      .delete('/api/v1/feedback-chips')
      .set(shop.business.auth)
      .expect(200, { custom: false, chips: DEFAULT_CHIPS });
    const after = await request(app)
      .get(`/api/v1/feedback/stores/${String(shop.store._id)}`)
      .expect(200);
    expect(after.body.chips).toBeUndefined();
  });

  it('answers 400 per field for an empty list and 403 for a store manager', async () => {
    const shop = await makeShop();
    const bad = await request(app)
      .put('/api/v1/feedback-chips')
      .set(shop.business.auth)
      .send({ ...CUSTOM, staff: { good: [], bad: ['x'] } })
      .expect(400);
    expect(bad.body.fieldErrors['staff.good']).toEqual(['Keep at least one chip in each list']);
    const manager = await makeMember(shop.business.id, 'manager', [shop.store._id]);
    await request(app).put('/api/v1/feedback-chips').set(manager.auth).send(CUSTOM).expect(403);
    const read = await request(app).get('/api/v1/feedback-chips').set(manager.auth).expect(200);
    expect(read.body.custom).toBe(false);
  });
});

describe('POST /api/v1/feedback/staff-ratings (contact request)', () => {
  const contact = { email: ' Jane.Doe@Example.com ', consent: true };

  it('stores one request per rating (email lower-cased) even when the submit is retried', async () => {
    const shop = await makeShop();
    const body = submitBody(shop.store, {
      staff: String(shop.alice._id),
      score: 2,
      comment: 'Cold food',
      contact: { phone: '+44 (0)7700 900-123', consent: true },
      deviceId: newDeviceId(),
    });
    const first = await postFrom(app, '/feedback/staff-ratings', body, '198.51.100.200').expect(201);
    await postFrom(app, '/feedback/staff-ratings', body, '198.51.100.200').expect(201);
    await drainBackground(30_000);
    const stored = await ContactRequestModel.find({ store: shop.store._id }).lean();
    expect(stored).toHaveLength(1);
    expect(String(stored[0]!.rating)).toBe(first.body._id);
    expect(stored[0]!.phoneDigits).toBe('4407700900123');

    await rateExperience(shop, { score: 3, contact }).expect(201);
    const byEmail = await ContactRequestModel.findOne({ email: 'jane.doe@example.com' }).lean();
    expect(byEmail?.consentAt).toBeInstanceOf(Date);
  });

  it('refuses a contact request with a 4–5★ rating (400 on contact) and keeps nothing', async () => {
    const shop = await makeShop();
    const res = await rateExperience(shop, { score: 4, contact }).expect(400);
    expect(res.body.fieldErrors.contact).toEqual([
      'A contact request can only come with a rating of 1 to 3 stars',
    ]);
    const noConsent = await rateExperience(shop, { score: 1, contact: { email: 'a@b.co' } }).expect(400);
    expect(noConsent.body.fieldErrors['contact.consent']).toEqual(['Tick the box to agree to be contacted']);
    expect(await ContactRequestModel.countDocuments()).toBe(0);
    expect(await RatingModel.countDocuments({ store: shop.store._id })).toBe(0);
  });

  it('never shows the contact details in the rating reads of the dashboard', async () => {
    const shop = await makeShop();
    await rateExperience(shop, { score: 1, comment: 'Rude', contact }).expect(201);
    await drainBackground(30_000);
    const timeline = await request(app).get('/api/v1/analytics/timeline').set(shop.business.auth).expect(200);
    expect(JSON.stringify(timeline.body)).toContain('Rude');
    expect(JSON.stringify(timeline.body)).not.toMatch(/jane\.doe/i);
  });
});
