// Discovery within a minute of new comments: a new account's third comment about a topic makes it a theme on the
// Snapshot's themes report, older comments are re-themed without a command, and each comment counts exactly once.
import request from 'supertest';
import { createApp } from '../../src/app';
import * as realtime from '../../src/lib/realtime';
import { insightJobs } from '../../src/modules/insight/discovery.job';
import { rebuildInsight } from '../../src/modules/insight/insight.rebuild';
import { VocabularyModel } from '../../src/modules/insight/vocabulary.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { setupTestDb } from '../helpers/db';
import { makeShop } from '../feedback/support';
import { commented, rollupRows, rollupTotals } from './support';

setupTestDb();
const app = createApp();

/** The scheduled job itself, on a fake clock `seconds` from now. */
const runJobAt = async (seconds: number) => {
  const at = new Date(Date.now() + seconds * 1000);
  await insightJobs(() => at)[0]!.run();
};

type ThemeRow = { key: string; name: string; count: number; sentiment: { negative: number } };
const themesOf = async (auth: { Authorization: string }) =>
  (await request(app).get('/api/v1/analytics/themes').query({ period: 'last7' }).set(auth).expect(200)).body
    .themes as ThemeRow[];

describe('theme discovery on new comments', () => {
  it('shows a new account’s topic after its third comment at the next run, and themes the next comment on arrival', async () => {
    const shop = await makeShop();
    const auth = shop.business.auth;
    await commented(shop.store, 'The music was far too loud', { score: 2 });
    await commented(shop.store, 'Turn the music down please', { score: 3 });
    const pushed = jest.spyOn(realtime, 'publishToUser');
    await runJobAt(30);
    expect((await themesOf(auth)).map((t) => t.key)).not.toContain('music');
    expect(pushed).not.toHaveBeenCalledWith(expect.anything(), 'themes', expect.anything());

    await commented(shop.store, 'Awful music again', { score: 1 });
    await runJobAt(60);
    // Open dashboards of the business's members are told at once, not at their next poll.
    expect(pushed).toHaveBeenCalledWith(expect.any(String), 'themes', { business: String(shop.business.id) });
    pushed.mockRestore();
    const music = (await themesOf(auth)).find((t) => t.key === 'music');
    expect(music).toMatchObject({ name: 'music', count: 3 });
    expect(music!.sentiment.negative).toBeGreaterThanOrEqual(1);

    const fourth = await commented(shop.store, 'Nice music today', { score: 5 });
    expect(fourth.insight?.themes).toEqual(['music']);
    expect((await rollupTotals(shop.business.id)).music).toBe(4);
  });

  it('runs only for businesses with new comments, and leaves the counts equal to a full rebuild', async () => {
    const shop = await makeShop();
    const quiet = await makeShop();
    for (const text of ['Cold coffee', 'The coffee was cold', 'Coffee too weak', 'Parking was full'])
      await commented(shop.store, text, { score: 2 });
    await runJobAt(30);
    const first = await VocabularyModel.findOne({ business: shop.business.id }).lean();
    expect(first?.discovered.map((d) => d.phrase)).toContain('coffee');
    expect(await VocabularyModel.findOne({ business: quiet.business.id }).lean()).toBeNull();

    // a run soon after reads it once more (a comment in the same memo window may be unmarked), then no more
    await runJobAt(90);
    const settled = await VocabularyModel.findOne({ business: shop.business.id }).lean();
    await runJobAt(300);
    const again = await VocabularyModel.findOne({ business: shop.business.id }).lean();
    expect(again?.discoveredAt?.getTime()).toBe(settled?.discoveredAt?.getTime());

    const live = await rollupRows(shop.business.id);
    await rebuildInsight({ business: String(shop.business.id) });
    expect(await rollupRows(shop.business.id)).toEqual(live);
    const pending = await RatingModel.find({ business: shop.business.id, 'pending.0': { $exists: true } });
    expect(pending).toHaveLength(0);
  });

  it('re-themes an uncounted (flagged) comment without counting it', async () => {
    const shop = await makeShop();
    await commented(shop.store, 'Parking was awful', { score: 1 });
    await commented(shop.store, 'No parking anywhere', { score: 2 });
    await commented(shop.store, 'Parking is hard to find', { score: 2 });
    const flagged = await commented(shop.store, 'Parking is a nightmare', {
      score: 1,
      flag: { suspicious: true, restored: false },
    });
    await runJobAt(30);
    expect((await RatingModel.findById(flagged._id).lean())?.insight?.themes).toEqual(['parking']);
    expect((await rollupTotals(shop.business.id)).parking).toBe(3);
  });
});
