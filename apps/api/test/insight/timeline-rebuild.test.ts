// Timeline items carry the comment's insight and shout-out, filter by sentiment and theme; a rebuild equals the live path.
import request from 'supertest';
import { createApp } from '../../src/app';
import { flagEarlier } from '../../src/modules/feedback/anti-gaming';
import { discoverForBusiness } from '../../src/modules/insight/discovery.job';
import { rebuildInsight } from '../../src/modules/insight/insight.rebuild';
import { VocabularyModel } from '../../src/modules/insight/vocabulary.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { makeRating } from '../factories';
import { setupTestDb } from '../helpers/db';
import { makeShop } from '../feedback/support';
import { commented, discovered, rollupRows } from './support';

setupTestDb();
const app = createApp();

type Item = { _id: string; comment: string; sentiment: { label: string } | null; themes: string[] };

async function timeline(auth: { Authorization: string }, query: string): Promise<Item[]> {
  const res = await request(app).get(`/api/v1/analytics/timeline?${query}`).set(auth).expect(200);
  return res.body.items;
}

describe('the feedback timeline with insight', () => {
  it('shows sentiment, language, themes and the shout-out of each comment, and nothing without a comment', async () => {
    const shop = await makeShop();
    await discovered(shop.business.id, ['coffee']);
    const praised = await commented(shop.store, 'Alice was lovely, great coffee', { score: 5 });
    await makeRating(shop.store, { score: 4 });
    const items = (await request(app).get('/api/v1/analytics/timeline').set(shop.business.auth).expect(200))
      .body.items;
    const withComment = items.find((i: Item) => i._id === String(praised._id));
    expect(withComment).toMatchObject({
      sentiment: { label: 'positive' },
      language: 'en',
      themes: ['coffee'],
      shoutOut: { staff: String(shop.alice._id), staffName: 'Alice Archer', hidden: false },
    });
    expect(items.find((i: Item) => i._id !== String(praised._id))).toMatchObject({
      sentiment: null,
      language: null,
      themes: [],
      shoutOut: null,
    });
  });

  it('filters by sentiment and by theme key or shown name, merged themes included, hidden ones not shown', async () => {
    const shop = await makeShop();
    await discovered(shop.business.id, ['queue', 'coffee', 'parking']);
    await commented(shop.store, 'The queue was awful and the coffee was cold', { score: 1 });
    await commented(shop.store, 'Great coffee', { score: 5 });
    await commented(shop.store, 'Parking was a nightmare', { score: 2 });
    await commented(shop.store, 'Friendly staff', { score: 5 });
    const auth = shop.business.auth;
    const comments = (items: Item[]) => items.map((i) => i.comment).sort();
    expect(comments(await timeline(auth, 'sentiment=negative'))).toEqual([
      'Parking was a nightmare',
      'The queue was awful and the coffee was cold',
    ]);
    expect(comments(await timeline(auth, 'theme=coffee'))).toEqual([
      'Great coffee',
      'The queue was awful and the coffee was cold',
    ]);
    expect(comments(await timeline(auth, 'theme=coffee&sentiment=positive'))).toEqual(['Great coffee']);

    await request(app).patch('/api/v1/themes/parking').set(auth).send({ mergedInto: 'queue' }).expect(200);
    await request(app).patch('/api/v1/themes/queue').set(auth).send({ name: 'Waiting' }).expect(200);
    await request(app).patch('/api/v1/themes/coffee').set(auth).send({ hidden: true }).expect(200);
    expect(comments(await timeline(auth, 'theme=waiting'))).toEqual([
      'Parking was a nightmare',
      'The queue was awful and the coffee was cold',
    ]);
    const mixed = (await timeline(auth, 'theme=queue')).find((i) => i.comment.startsWith('The queue'))!;
    expect(mixed.themes).toEqual(['Waiting']);
    expect(
      (await timeline(auth, 'theme=parking')).find((i) => i.comment.startsWith('Parking'))?.themes,
    ).toEqual(['Waiting']);
    expect(await timeline(auth, 'theme=nothing-like-this')).toEqual([]);
    const bad = await request(app).get('/api/v1/analytics/timeline?sentiment=angry').set(auth).expect(400);
    expect(bad.body.fieldErrors).toEqual({ sentiment: ['Sentiment must be negative, neutral or positive'] });
  });
});

describe('theme discovery and pnpm insight:rebuild', () => {
  it('discovers recurring phrases into the vocabulary, keeping the owner’s choices', async () => {
    const shop = await makeShop();
    await VocabularyModel.create({
      business: shop.business.id,
      settings: [{ key: 'Friendly', name: 'Warm welcome', hidden: false, mergedInto: null }],
    });
    for (const comment of ['Long queue again', 'The queue was huge', 'Queue out the door', 'Nice staff'])
      await makeRating(shop.store, { comment });
    expect(await discoverForBusiness(shop.business.id)).toBeGreaterThan(0);
    const vocabulary = (await VocabularyModel.findOne({ business: shop.business.id }).lean())!;
    expect(vocabulary.discovered.map((d) => d.phrase)).toContain('queue');
    expect(vocabulary.settings).toEqual([
      { key: 'Friendly', name: 'Warm welcome', hidden: false, mergedInto: null },
    ]);
    expect(await discoverForBusiness(shop.business.id)).toBe(0);
  });

  it('leaves out a phrase the chips already name ("order" beside the chip "Order wrong")', async () => {
    const shop = await makeShop();
    for (const comment of [
      'my order was wrong',
      'the order took ages',
      'order missing a muffin',
      'long queue',
      'queue again',
      'the queue was huge',
    ])
      await makeRating(shop.store, { comment });
    await discoverForBusiness(shop.business.id);
    const phrases = (await VocabularyModel.findOne({ business: shop.business.id }).lean())!.discovered.map(
      (d) => d.phrase,
    );
    expect(phrases).toContain('queue');
    expect(phrases).not.toContain('order');
  });

  it('never makes a staff member of the business a theme, however often customers name them', async () => {
    const shop = await makeShop();
    for (const comment of [
      'alice was brilliant',
      'thanks alice!',
      'alice made my day',
      'Queue was long',
      'long queue',
    ])
      await makeRating(shop.store, { comment });
    await makeRating(shop.store, { comment: 'queue again' });
    await discoverForBusiness(shop.business.id);
    const phrases = (await VocabularyModel.findOne({ business: shop.business.id }).lean())!.discovered.map(
      (d) => d.phrase,
    );
    expect(phrases).toContain('queue');
    expect(phrases.filter((p) => p.includes('alice'))).toEqual([]);
  });

  it('recomputes every comment and the theme rollups to exactly what the live path stored', async () => {
    const shop = await makeShop();
    await discovered(shop.business.id, ['queue', 'coffee']);
    const day = 86_400_000;
    const texts = [
      'Alice was lovely, great coffee',
      'The queue was awful and the coffee was cold',
      'Brilliant, so helpful!',
      'La cola era enorme',
      'Friendly staff',
    ];
    const made = [];
    for (let i = 0; i < 15; i += 1) {
      made.push(
        await commented(shop.store, texts[i % texts.length]!, {
          score: (i % 5) + 1,
          kind: i % 2 ? 'staff' : 'experience',
          staff: i % 2 ? shop.bob._id : null,
          createdAt: new Date(Date.now() - (i % 4) * day),
        }),
      );
    }
    await flagEarlier([made[1]!._id, made[6]!._id], ['burst']);
    const hiddenShoutOut = made.find((r) => r.shoutOut)!;
    await RatingModel.updateOne({ _id: hiddenShoutOut._id }, { $set: { 'shoutOut.hidden': true } });
    const snapshot = async () => ({
      rows: await rollupRows(shop.business.id),
      ratings: (await RatingModel.find({ business: shop.business.id }).sort({ _id: 1 }).lean()).map((r) => ({
        insight: r.insight,
        shoutOut: r.shoutOut ?? null,
      })),
    });
    const live = await snapshot();
    expect(live.rows.length).toBeGreaterThan(0);

    const report = await rebuildInsight({ business: shop.business.id });
    expect(report).toMatchObject({ businesses: 1, comments: 15 });
    expect(await snapshot()).toEqual(live);
  });
});
