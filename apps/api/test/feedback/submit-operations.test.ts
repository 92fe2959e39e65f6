// Every database command one staff-rating submit costs through the app, its after-answer reactions included: a ceiling
// per kind of submit, so a change that adds round trips to the busiest path fails here (timings are benches' business).
import { createApp } from '../../src/app';
import { drainBackground } from '../../src/lib/background';
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { ThemeRollupModel } from '../../src/modules/analytics/theme-rollup.model';
import { RatingModel } from '../../src/modules/ratings/rating.model';
import { useCommandCounter } from '../helpers/commands';
import { setupTestDb } from '../helpers/db';
import { newDeviceId } from '../helpers/devices';
import { makeShop, postFrom, submitBody, type Shop } from './support';

const app = createApp();
setupTestDb();
const commands = useCommandCounter();

/** Measured after the round-trip work of issue #34; raise only with a reason in the commit. */
const CEILING = {
  /**
   * 3–5 stars, no comment: the submit's reads and writes, the rules, realtime, boards, webhooks, the clean-up; at 3
   * stars the cases reaction's point read of the rating's contact request (#37: offered at 1–3★ only).
   */
  quiet: 22,
  /** 1–2 stars: the owner's default low-rating rule alerts (the notification, its recipients and settings). */
  alerting: 29,
  /**
   * Eight customers at once at one store: concurrent reads (identical ones, and point reads of one kind batched) and
   * bulk writes are shared, the rollups merged per row (5.4 measured, was 12.6 before the batching of the submit-path
   * issue; the margin is for how the eight happen to interleave, 21 would mean nothing is shared).
   */
  concurrentPerSubmit: 8,
  /**
   * A 5-star rating with a comment and a chip: the quiet ceiling plus its analysis, written with its theme count and
   * owed themes entry in one update, the theme rollups and the entry's pull, and the store's people for a shout-out
   * (28 measured; reading the rating back twice and flipping its count in a separate update cost 4 more).
   */
  analysed: 28,
  /**
   * A 1–3★ rating whose customer asks to be contacted: the quiet ceiling plus the request's one write, and the case it
   * opens (#37): the settings, the case number, the assignee (memberships up the area tree), the case, its audit
   * entry and its case.opened webhooks (37 measured). Once per complaint, not per rating.
   */
  withContact: 37,
} as const;

let n = 0;
const rate = (shop: Shop, score: number, extra: Record<string, unknown> = {}) =>
  postFrom(
    app,
    '/feedback/staff-ratings',
    submitBody(shop.store, { staff: String(shop.alice._id), score, deviceId: newDeviceId(), ...extra }),
    `198.51.100.${++n}`,
  ).expect(201);

/** Commands sent by fn and by the background work it started (reactions, clean-up), until all of it has finished. */
const countAll = (fn: () => Promise<unknown>) =>
  commands.count(async () => {
    await fn();
    await drainBackground(30_000);
  });

async function warmShop(): Promise<Shop> {
  const shop = await makeShop();
  // the first rating of the day seeds what every later one finds: the day's salt, the owner's default rules
  await rate(shop, 4);
  await drainBackground(30_000);
  return shop;
}

describe('database commands per staff-rating submit (through the app, reactions included)', () => {
  it.each([3, 4, 5])('a quiet %i-star rating without a comment', async (score) => {
    const shop = await warmShop();
    const used = await countAll(() => rate(shop, score));
    expect(used).toBeLessThanOrEqual(CEILING.quiet);
    expect(await RatingModel.countDocuments({ store: shop.store._id })).toBe(2);
  });

  it('a 3-star rating with a contact request stores it and opens its case', async () => {
    const shop = await warmShop();
    const used = await countAll(() => rate(shop, 3, { contact: { email: 'jo@example.com', consent: true } }));
    expect(used).toBeLessThanOrEqual(CEILING.withContact);
  });

  it('a 5-star rating with a comment and a chip, analysed and its themes counted', async () => {
    const shop = await warmShop();
    const used = await countAll(() =>
      rate(shop, 5, { comment: 'Quick and friendly service, thank you', tags: ['Friendly'] }),
    );
    expect(used).toBeLessThanOrEqual(CEILING.analysed);
    const rated = await RatingModel.findOne({ store: shop.store._id, score: 5 }).lean();
    expect(rated!.insight).toMatchObject({ counted: true });
    expect(rated!.pending ?? []).toEqual([]);
    const themes = await ThemeRollupModel.find({ store: shop.store._id }).lean();
    expect(themes.length).toBeGreaterThan(0);
    expect(themes.every((t) => t.count === 1 && (t.applied ?? []).length <= 1)).toBe(true);
  });

  it('a 1-star rating whose alert goes out', async () => {
    const shop = await warmShop();
    const used = await countAll(() => rate(shop, 1));
    expect(used).toBeLessThanOrEqual(CEILING.alerting);
  });

  it('eight customers at once share their reads and writes', async () => {
    const shop = await warmShop();
    const used = await countAll(() =>
      Promise.all(Array.from({ length: 8 }, (_, i) => rate(shop, 3 + (i % 3)))),
    );
    expect(used / 8).toBeLessThanOrEqual(CEILING.concurrentPerSubmit);
    // shared, not lost: every rating stored once and counted in the store's rollup once
    expect(await RatingModel.countDocuments({ store: shop.store._id })).toBe(9);
    const days = await RollupModel.find({ store: shop.store._id, staff: null, metric: 'staff' }).lean();
    const daily = days.filter((r) => !r.day.startsWith('W'));
    expect(daily.reduce((sum, r) => sum + r.count, 0)).toBe(9);
    expect(daily.flatMap((r) => r.applied ?? [])).toEqual([]); // every marker taken off again
  });
});
