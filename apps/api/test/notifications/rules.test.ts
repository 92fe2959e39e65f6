// Rule evaluation on an accepted rating: each rule fires exactly at its boundary, once per episode, and re-arms.
import { setMinSample } from '../../src/modules/analytics/analytics-settings.model';
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { resetAllowanceThrottle } from '../../src/modules/notifications/evaluate';
import { BusinessModel } from '../../src/tenancy/business.model';
import { setupTestDb } from '../helpers/db';
import { makeShop } from '../feedback/support';
import { localDay } from '../../src/lib/time';
import { T0, accept, alertsOf, onlyRule } from './support';

setupTestDb();
afterEach(() => resetAllowanceThrottle());

const WINDOW = { type: 'low-share-window', maxScore: 2, percent: 50, minutes: 15, minRatings: 4 } as const;

describe('rule: a single low rating', () => {
  it('fires for a rating at the star limit with its comment, and not for one star above it', async () => {
    const shop = await makeShop();
    await onlyRule(shop.business.id, { type: 'low-rating', maxScore: 2, kinds: ['staff', 'experience'] });
    await accept(shop, { score: 3, staff: shop.alice, comment: 'Fine' });
    expect(await alertsOf(shop.business.id)).toHaveLength(0);
    await accept(shop, { score: 2, staff: shop.alice, comment: 'Slow service', minutes: 1 });
    const alerts = await alertsOf(shop.business.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('Alice Archer');
    expect(alerts[0]!.text).toContain('2 stars');
    expect(alerts[0]!.text).toContain('Slow service');
  });

  it('only watches the kinds it names, and ignores flagged ratings', async () => {
    const shop = await makeShop();
    await onlyRule(shop.business.id, { type: 'low-rating', maxScore: 2, kinds: ['experience'] });
    await accept(shop, { score: 1, staff: shop.alice });
    await accept(shop, { score: 1, flagged: true, minutes: 1 });
    expect(await alertsOf(shop.business.id)).toHaveLength(0);
    await accept(shop, { score: 1, minutes: 2 });
    expect(await alertsOf(shop.business.id)).toHaveLength(1);
  });

  it('is limited to the stores it names', async () => {
    const shop = await makeShop();
    const other = await makeShop();
    await onlyRule(shop.business.id, {
      type: 'low-rating',
      maxScore: 2,
      kinds: ['experience'],
      stores: [other.store._id],
    });
    await accept(shop, { score: 1 });
    expect(await alertsOf(shop.business.id)).toHaveLength(0);
  });
});

describe('rule: share of low ratings over a window', () => {
  it('waits for the minimum number of ratings, then fires at exactly the share', async () => {
    const shop = await makeShop();
    await onlyRule(shop.business.id, WINDOW);
    await accept(shop, { score: 1, minutes: 0 });
    await accept(shop, { score: 5, minutes: 1 });
    await accept(shop, { score: 2, minutes: 2 });
    expect(await alertsOf(shop.business.id)).toHaveLength(0); // 2 of 3: share holds, sample too small
    await accept(shop, { score: 4, minutes: 3 }); // 2 of 4 = 50 %
    const alerts = await alertsOf(shop.business.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('50 %');
    expect(alerts[0]!.text).toContain('(2 of 4)');
  });

  it('does not fire below the share', async () => {
    const shop = await makeShop();
    await onlyRule(shop.business.id, WINDOW);
    for (const [i, score] of [5, 4, 1, 5, 2, 5].entries()) await accept(shop, { score, minutes: i }); // 2 of 6
    expect(await alertsOf(shop.business.id)).toHaveLength(0);
  });

  it('counts only the last M minutes: a rating exactly M minutes old has left the window', async () => {
    const shop = await makeShop();
    await onlyRule(shop.business.id, WINDOW);
    await accept(shop, { score: 1, minutes: 0 });
    await accept(shop, { score: 1, minutes: 1 });
    await accept(shop, { score: 1, minutes: 2 });
    await accept(shop, { score: 1, minutes: 15 }); // the first is 15 minutes old: 3 in the window
    expect(await alertsOf(shop.business.id)).toHaveLength(0);
    await accept(shop, { score: 1, minutes: 15.5 }); // 1, 2, 15, 15.5: 4 in the window
    expect(await alertsOf(shop.business.id)).toHaveLength(1);
  });

  it('fires once per episode and again after the window recovers', async () => {
    const shop = await makeShop();
    await onlyRule(shop.business.id, WINDOW);
    for (let i = 0; i < 7; i++) await accept(shop, { score: 1, minutes: i });
    expect(await alertsOf(shop.business.id)).toHaveLength(1);
    // Recovery: good ratings pull the share under 50 % (7 low of 15).
    for (let i = 0; i < 8; i++) await accept(shop, { score: 5, minutes: 7 + i * 0.1 });
    expect(await alertsOf(shop.business.id)).toHaveLength(1);
    // Much later the window holds only new ratings: a new episode.
    for (let i = 0; i < 4; i++) await accept(shop, { score: 2, minutes: 60 + i });
    expect(await alertsOf(shop.business.id)).toHaveLength(2);
  });

  it('keeps episodes per store', async () => {
    const shop = await makeShop();
    await onlyRule(shop.business.id, WINDOW);
    const { makeStore } = await import('../factories');
    const second = { ...shop, store: await makeStore(shop.business.id) };
    for (let i = 0; i < 4; i++) await accept(shop, { score: 1, minutes: i });
    for (let i = 0; i < 4; i++) await accept(second, { score: 1, minutes: i });
    expect(await alertsOf(shop.business.id)).toHaveLength(2);
  });
});

describe("rule: a person's 7-day average below a threshold", () => {
  const RULE = { type: 'staff-average', threshold: 3 } as const;

  it("stays silent below the league table's minimum sample (default 10) and fires at it", async () => {
    const shop = await makeShop();
    await onlyRule(shop.business.id, RULE);
    for (let i = 0; i < 9; i++) await accept(shop, { score: 1, staff: shop.alice, minutes: i });
    expect(await alertsOf(shop.business.id)).toHaveLength(0);
    await accept(shop, { score: 1, staff: shop.alice, minutes: 10 });
    const alerts = await alertsOf(shop.business.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('Alice Archer');
    expect(alerts[0]!.text).toContain('over 10 ratings');
  });

  it('does not fire at exactly the threshold, fires just under it, and only once', async () => {
    const shop = await makeShop();
    await onlyRule(shop.business.id, RULE);
    for (let i = 0; i < 5; i++) await accept(shop, { score: 2, staff: shop.bob, minutes: i });
    for (let i = 0; i < 5; i++) await accept(shop, { score: 4, staff: shop.bob, minutes: 10 + i }); // 30 / 10 = 3.00
    expect(await alertsOf(shop.business.id)).toHaveLength(0);
    await accept(shop, { score: 2, staff: shop.bob, minutes: 20 }); // 32 / 11 = 2.91
    await accept(shop, { score: 2, staff: shop.bob, minutes: 21 });
    expect(await alertsOf(shop.business.id)).toHaveLength(1);
  });

  it("follows the business's league-table minimum sample when it is changed", async () => {
    const shop = await makeShop();
    await onlyRule(shop.business.id, RULE);
    await setMinSample(shop.business.id, 4);
    for (let i = 0; i < 3; i++) await accept(shop, { score: 1, staff: shop.alice, minutes: i });
    expect(await alertsOf(shop.business.id)).toHaveLength(0);
    await accept(shop, { score: 1, staff: shop.alice, minutes: 3 });
    const alerts = await alertsOf(shop.business.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('over 4 ratings');
  });

  it('reads only the last 7 days from the rollups', async () => {
    const shop = await makeShop();
    await onlyRule(shop.business.id, RULE);
    for (let i = 0; i < 9; i++)
      await accept(shop, { score: 1, staff: shop.alice, minutes: -8 * 24 * 60 + i });
    await accept(shop, { score: 1, staff: shop.alice, minutes: 0 });
    expect(await alertsOf(shop.business.id)).toHaveLength(0);
  });
});

describe('rule: a burst of flagged ratings at a store', () => {
  it('fires when the flagged count reaches the limit, once', async () => {
    const shop = await makeShop();
    await onlyRule(shop.business.id, { type: 'flagged-burst', count: 3, minutes: 30 });
    await accept(shop, { score: 1, flagged: true, minutes: 0 });
    await accept(shop, { score: 1, flagged: true, minutes: 1 });
    expect(await alertsOf(shop.business.id)).toHaveLength(0);
    await accept(shop, { score: 1, flagged: true, minutes: 2 });
    await accept(shop, { score: 1, flagged: true, minutes: 3 });
    const alerts = await alertsOf(shop.business.id);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]!.text).toContain('3 flagged ratings');
  });
});

describe('rule: tracked visits against the monthly allowance', () => {
  const visits = (shop: Awaited<ReturnType<typeof makeShop>>, count: number, at = T0) =>
    RollupModel.updateOne(
      { store: shop.store._id, staff: null, metric: 'visit', day: localDay(at, 'Europe/London') },
      { $set: { count, business: shop.store.business } },
      { upsert: true },
    );

  it('fires at 80 % and at 100 %, each once a month, and not a visit earlier', async () => {
    const shop = await makeShop();
    await onlyRule(shop.business.id, { type: 'visit-allowance' });
    await visits(shop, 199_999);
    await accept(shop, { score: 4 });
    expect(await alertsOf(shop.business.id)).toHaveLength(0);
    resetAllowanceThrottle();
    await visits(shop, 200_000);
    await accept(shop, { score: 4, minutes: 1 });
    resetAllowanceThrottle();
    await accept(shop, { score: 4, minutes: 2 });
    expect((await alertsOf(shop.business.id)).map((a) => a.text)).toEqual([expect.stringContaining('80 %')]);
    resetAllowanceThrottle();
    await visits(shop, 250_000);
    await accept(shop, { score: 4, minutes: 3 });
    const texts = (await alertsOf(shop.business.id)).map((a) => a.text);
    expect(texts).toHaveLength(2);
    expect(texts[1]).toContain('100 %');
  });

  it("counts the billing period's month, as My Subscription does, not the calendar month", async () => {
    const shop = await makeShop();
    await onlyRule(shop.business.id, { type: 'visit-allowance' });
    const day = 86_400_000;
    // On the 5th of a month, billed monthly since the 20 days before: the visits of 10 days earlier (last calendar
    // month, this billing month) count; those of 25 days earlier (the previous billing month) do not.
    const on5th = new Date(Date.UTC(T0.getUTCFullYear(), T0.getUTCMonth(), 5, 12));
    const minutes = (on5th.getTime() - T0.getTime()) / 60_000;
    await BusinessModel.updateOne(
      { _id: shop.business.id },
      {
        $set: {
          subscriptionStatus: 'active',
          currentPeriodStart: new Date(on5th.getTime() - 20 * day),
          currentPeriodEnd: new Date(on5th.getTime() + 10 * day),
        },
      },
    );
    await visits(shop, 250_000, new Date(on5th.getTime() - 25 * day));
    await accept(shop, { score: 4, minutes });
    expect(await alertsOf(shop.business.id)).toHaveLength(0);
    resetAllowanceThrottle();
    await visits(shop, 200_000, new Date(on5th.getTime() - 10 * day));
    await accept(shop, { score: 4, minutes: minutes + 1 });
    expect((await alertsOf(shop.business.id)).map((a) => a.text)).toEqual([expect.stringContaining('80 %')]);
  });
});
