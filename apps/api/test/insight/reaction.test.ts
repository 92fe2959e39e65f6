// The insight reaction on the durable path: once per rating, theme counts following flags, shout-outs by first name.
import { Types } from 'mongoose';
import request from 'supertest';
import { createApp } from '../../src/app';
import { drainBackground } from '../../src/lib/background';
import { ThemeRollupModel } from '../../src/modules/analytics/theme-rollup.model';
import { flagEarlier } from '../../src/modules/feedback/anti-gaming';
import { drainPending } from '../../src/modules/feedback/pipeline.drain';
import { reactionNamed } from '../../src/modules/feedback/rating-accepted';
import { RatingModel, type RatingDoc } from '../../src/modules/ratings/rating.model';
import { makeMember, makeRating, makeStaff } from '../factories';
import { newDeviceId } from '../helpers/devices';
import { setupTestDb } from '../helpers/db';
import { makeShop, postFrom, submitBody } from '../feedback/support';
import { commented, discovered, rollupTotals } from './support';

setupTestDb();
const app = createApp();
afterEach(() => jest.restoreAllMocks());

const later = () => new Date(Date.now() + 60_000);

/** The registered reaction run as the pipeline runs it (a retry passes the same entry id again). */
function runReaction(
  rating: { _id: Types.ObjectId },
  store: { _id: Types.ObjectId; business: Types.ObjectId; name: string; timeZone: string },
  flagged = false,
  eventId = new Types.ObjectId(),
) {
  const store_ = { _id: store._id, business: store.business, name: store.name, timeZone: store.timeZone };
  return reactionNamed('insight')!({
    rating: rating as unknown as RatingDoc,
    store: store_,
    flagged,
    eventId,
  });
}

describe('the insight reaction', () => {
  it('analyses a submitted comment and counts its themes once, even when the reaction runs again', async () => {
    const shop = await makeShop();
    await discovered(shop.business.id, ['queue', 'coffee']);
    const res = await postFrom(
      app,
      '/feedback/experience-ratings',
      submitBody(shop.store, { score: 2, comment: 'The queue was awful and the coffee was cold' }),
    ).expect(201);
    // a bound, not a speed target: a 2★ comment also opens a case now, and a loaded machine can take over 5 s
    await drainBackground(30_000);
    const stored = (await RatingModel.findById(res.body._id).lean())!;
    expect(stored.insight).toMatchObject({ language: 'en', sentiment: { label: 'negative' }, counted: true });
    expect(stored.insight?.themes).toEqual(expect.arrayContaining(['queue', 'coffee']));
    expect(stored.pending ?? []).toHaveLength(0);
    const once = await rollupTotals(shop.business.id);
    expect(once).toMatchObject({ queue: 1, coffee: 1 });

    // A retry (same entry id), a run with another id, and the drainer: nothing counts twice, the insight stays.
    const retry = new Types.ObjectId();
    await runReaction(stored, shop.store, false, retry);
    await runReaction(stored, shop.store, false, retry);
    await runReaction(stored, shop.store);
    await drainPending(later());
    expect(await rollupTotals(shop.business.id)).toEqual(once);
    const row = await ThemeRollupModel.findOne({ store: shop.store._id, theme: 'queue' }).lean();
    expect(row).toMatchObject({ count: 1, negative: 1, positive: 0, day: stored.day, kind: 'experience' });
  });

  it('leaves a rating without a comment alone', async () => {
    const shop = await makeShop();
    const res = await postFrom(
      app,
      '/feedback/experience-ratings',
      submitBody(shop.store, { score: 5 }),
    ).expect(201);
    await drainBackground(30_000);
    const stored = (await RatingModel.findById(res.body._id).lean())!;
    expect(stored.insight).toBeUndefined();
    expect(stored.pending ?? []).toHaveLength(0);
    expect(await ThemeRollupModel.countDocuments()).toBe(0);
  });

  it('counts the tags a customer tapped as themes at once, with or without a comment', async () => {
    const shop = await makeShop();
    const tapped = await postFrom(
      app,
      '/feedback/experience-ratings',
      submitBody(shop.store, { score: 5, tags: ['Clean store', 'Great value'] }),
    ).expect(201);
    const both = await postFrom(
      app,
      '/feedback/experience-ratings',
      submitBody(shop.store, {
        score: 2,
        tags: ['Dirty'],
        comment: 'Cold coffee, though the store was clean',
        deviceId: newDeviceId(),
      }),
      '198.51.100.77',
    ).expect(201);
    await drainBackground(30_000);
    const onlyTags = (await RatingModel.findById(tapped.body._id).lean())!;
    expect(onlyTags.insight).toMatchObject({
      language: 'und',
      sentiment: { label: 'positive' },
      counted: true,
    });
    expect(onlyTags.insight?.themes).toEqual(['Clean store', 'Great value']);
    const withWords = (await RatingModel.findById(both.body._id).lean())!;
    expect(withWords.insight?.themes.filter((t) => t === 'Clean store')).toHaveLength(1);
    // No discovery run, no rebuild: the taps are in the theme counts already, each rating once per theme.
    expect(await rollupTotals(shop.business.id)).toMatchObject({ 'Clean store': 2, 'Great value': 1 });
  });

  it('takes a flagged rating’s themes out and puts them back when a reviewer restores it', async () => {
    const shop = await makeShop();
    await discovered(shop.business.id, ['coffee']);
    const rating = await commented(shop.store, 'Staff were so friendly, lovely coffee', { score: 5 });
    expect(await rollupTotals(shop.business.id)).toMatchObject({ Friendly: 1, coffee: 1 });

    await flagEarlier([rating._id], ['burst']);
    expect(await rollupTotals(shop.business.id)).toEqual({});
    expect((await RatingModel.findById(rating._id).lean())?.insight?.counted).toBe(false);

    await request(app)
      .post(`/api/v1/ratings/${rating._id}/restore`)
      .set(shop.business.auth)
      .send({ note: 'a real customer' })
      .expect(200);
    expect(await rollupTotals(shop.business.id)).toMatchObject({ Friendly: 1, coffee: 1 });
    expect((await RatingModel.findById(rating._id).lean())?.pending ?? []).toHaveLength(0);
  });

  it('never counts a rating that was flagged before its comment was analysed, until restored', async () => {
    const shop = await makeShop();
    const rating = await makeRating(shop.store, {
      comment: 'Friendly staff',
      score: 5,
      flag: { suspicious: true, reasons: ['burst'], restored: false },
    });
    await runReaction(rating, shop.store, true);
    expect((await RatingModel.findById(rating._id).lean())?.insight?.themes).toEqual(['Friendly']);
    expect(await rollupTotals(shop.business.id)).toEqual({});
    await request(app)
      .post(`/api/v1/ratings/${rating._id}/restore`)
      .set(shop.business.auth)
      .send({})
      .expect(200);
    expect(await rollupTotals(shop.business.id)).toEqual({ Friendly: 1 });
  });

  it('leaves a failed theme write owed and the drainer applies it exactly once', async () => {
    const shop = await makeShop();
    await discovered(shop.business.id, ['queue']);
    const rating = await makeRating(shop.store, { comment: 'Long queue today', score: 2 });
    jest.spyOn(ThemeRollupModel, 'bulkWrite').mockRejectedValueOnce(new Error('connection reset'));
    await expect(runReaction(rating, shop.store)).rejects.toThrow('connection reset');
    expect(await rollupTotals(shop.business.id)).toEqual({});
    await drainPending(later());
    await drainPending(later());
    expect(await rollupTotals(shop.business.id)).toEqual({ queue: 1 });
  });
});

describe('shout-outs', () => {
  it('names a staff member of the store by first name, whatever the case and accents', async () => {
    const shop = await makeShop();
    const jose = await makeStaff(shop.business.id, [shop.store._id], { name: 'José Martínez' });
    const a = await commented(shop.store, 'ALICE was wonderful, thank you!', { score: 5 });
    expect(String(a.shoutOut?.staff)).toBe(String(shop.alice._id));
    expect(a.shoutOut?.hidden).toBe(false);
    const b = await commented(shop.store, 'Muchas gracias a jose, muy amable', { score: 5 });
    expect(String(b.shoutOut?.staff)).toBe(String(jose._id));
  });

  it('needs a positive comment and a whole-word match', async () => {
    const shop = await makeShop();
    expect((await commented(shop.store, 'Alice was rude and slow', { score: 1 })).shoutOut).toBeUndefined();
    expect((await commented(shop.store, 'Bob is ok I guess', { score: 3 })).shoutOut).toBeUndefined();
    // "Alicia" is not Alice; a staff member of another store is nobody here
    const elsewhere = await makeStaff(shop.business.id, [new Types.ObjectId()], { name: 'Carla Cruz' });
    expect(
      (await commented(shop.store, 'Alicia was lovely, great service', { score: 5 })).shoutOut,
    ).toBeUndefined();
    const carla = await commented(shop.store, 'Carla was lovely, great service', { score: 5 });
    expect(carla.shoutOut).toBeUndefined();
    expect(elsewhere).toBeTruthy();
  });

  it('gives a staff rating’s praise naming nobody to the rated person, and prefers them when named', async () => {
    const shop = await makeShop();
    const plain = await commented(shop.store, 'Brilliant, so helpful!', {
      kind: 'staff',
      staff: shop.bob._id,
      score: 5,
    });
    expect(String(plain.shoutOut?.staff)).toBe(String(shop.bob._id));
    const other = await commented(shop.store, 'Alice made my day, amazing', {
      kind: 'staff',
      staff: shop.bob._id,
      score: 5,
    });
    expect(String(other.shoutOut?.staff)).toBe(String(shop.alice._id));
    const experience = await commented(shop.store, 'Brilliant, so helpful!', { score: 5 });
    expect(experience.shoutOut).toBeUndefined();
  });

  it('is hidden and shown again by an admin, audited; a viewer may not, another business gets 404', async () => {
    const shop = await makeShop();
    const other = await makeShop();
    const rating = await commented(shop.store, 'Alice was fantastic', { score: 5 });
    const res = await request(app)
      .put(`/api/v1/themes/shout-outs/${rating._id}`)
      .set(shop.business.auth)
      .send({ hidden: true })
      .expect(200);
    expect(res.body).toEqual({
      _id: String(rating._id),
      shoutOut: { staff: String(shop.alice._id), staffName: 'Alice Archer', hidden: true },
    });
    expect((await RatingModel.findById(rating._id).lean())?.shoutOut?.hidden).toBe(true);
    const viewer = await makeMember(shop.business.id, 'viewer');
    await request(app)
      .put(`/api/v1/themes/shout-outs/${rating._id}`)
      .set(viewer.auth)
      .send({ hidden: false })
      .expect(403);
    await request(app)
      .put(`/api/v1/themes/shout-outs/${rating._id}`)
      .set(other.business.auth)
      .send({ hidden: false })
      .expect(404);
    const bad = await request(app)
      .put(`/api/v1/themes/shout-outs/${rating._id}`)
      .set(shop.business.auth)
      .send({ hidden: 'yes' })
      .expect(400);
    expect(bad.body.fieldErrors).toEqual({ hidden: ['Hidden must be true or false'] });
    const audit = await request(app).get('/api/v1/audit').set(shop.business.auth).expect(200);
    expect(JSON.stringify(audit.body)).toContain('Hid a shout-out for Alice Archer');
  });
});
