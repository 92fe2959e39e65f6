// Summaries and the visit-allowance pass read businesses a page at a time: same alerts as before, and a run's
// query count grows with its pages, never with its businesses.
import { DateTime } from 'luxon';
import type { Types } from 'mongoose';
import { localDay } from '../../src/lib/time';
import { AlertDeliveryModel } from '../../src/modules/alerts/alerts.model';
import { drainAlertDeliveries } from '../../src/modules/alerts/outbox';
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { checkAllVisitAllowances } from '../../src/modules/notifications/allowance.job';
import { checkVisitAllowance } from '../../src/modules/notifications/evaluate';
import { NotificationModel } from '../../src/modules/notifications/notification.model';
import { RuleModel, RuleStateModel } from '../../src/modules/notifications/rule.model';
import { sendDueSummaries } from '../../src/modules/notifications/summaries';
import { StoreModel } from '../../src/modules/stores/store.model';
import { makeBusinesses } from '../factories';
import { useCommandCounter } from '../helpers/commands';
import { setupTestDb } from '../helpers/db';
import { settleMail, useMailbox } from '../helpers/mailbox';
import { alertsOf } from '../notifications/support';
import { allowLocalChannels, makeChannel, startReceiver, ZSlackMessage } from '../alerts/support';

setupTestDb();
const commands = useCommandCounter();
const mailbox = useMailbox();
afterEach(() => mailbox.clear());

const ZONE = 'America/New_York';
const NY_DAY = DateTime.now().setZone(ZONE).startOf('day').minus({ days: 1 });
const EIGHT_AM = NY_DAY.set({ hour: 8 }).toJSDate();
const SUMMARISED_DAY = NY_DAY.minus({ days: 1 }).toISODate()!;
const NOW = new Date();

type Business = Awaited<ReturnType<typeof makeBusinesses>>[number];

async function addRules(businesses: Business[], type: 'summary' | 'visit-allowance', params: object = {}) {
  await RuleModel.insertMany(
    businesses.map((b) => ({ business: b.user._id, type, enabled: true, email: true, stores: [], params })),
  );
}

/**
 * A job run's queries (`run(n, page)` makes n businesses and returns what its pass cost) for 10 businesses in one
 * page, 40 in one page and 40 in pages of 10, each run on cleared rules, claims and alerts.
 */
async function expectQueriesGrowPerPage(run: (n: number, page: number) => Promise<number>) {
  const measure = async (n: number, page: number) => {
    await RuleModel.deleteMany({});
    await RuleStateModel.deleteMany({});
    await NotificationModel.deleteMany({});
    return run(n, page);
  };
  const ten = await measure(10, 10);
  const forty = await measure(40, 40);
  const fortyInFours = await measure(40, 10);
  expect(ten).toBeGreaterThanOrEqual(4); // the counter sees the page's reads and writes
  expect(forty).toBe(ten);
  // one page more costs what the first page cost (less the closing read of an empty page)
  expect(fortyInFours - ten).toBe(3 * (ten - 1));
}

async function rollup(
  business: Types.ObjectId,
  store: Types.ObjectId,
  metric: 'experience' | 'visit',
  day: string,
  count: number,
) {
  await RollupModel.create({
    business,
    store,
    staff: null,
    metric,
    day,
    count,
    scoreSum: metric === 'visit' ? 0 : count * 4,
  });
}

describe('summaries job (batched)', () => {
  it('sends each business its own figures once, across several pages, without deleted or out-of-scope stores', async () => {
    const businesses = await makeBusinesses(5, { stores: 2, timeZone: ZONE });
    await addRules(businesses.slice(0, 4), 'summary', { frequency: 'daily', hour: 8, weekday: 1 });
    const [first, , , , scoped] = businesses as [Business, Business, Business, Business, Business];
    await RuleModel.create({
      business: scoped.user._id,
      type: 'summary',
      email: true,
      stores: [scoped.stores[1]!._id],
      params: { frequency: 'daily', hour: 8, weekday: 1 },
    });
    for (const [i, b] of businesses.entries()) {
      for (const s of b.stores) await rollup(b.user._id, s._id, 'experience', SUMMARISED_DAY, i + 1);
    }
    await rollup(first.user._id, first.stores[0]!._id, 'visit', SUMMARISED_DAY, 7);
    await rollup(first.user._id, first.stores[0]!._id, 'experience', NY_DAY.toISODate()!, 50); // today: not summarised
    await StoreModel.updateOne({ _id: first.stores[1]!._id }, { deletedAt: new Date() });

    expect(await sendDueSummaries(EIGHT_AM, 2)).toBe(5);
    const mine = await mailbox.waitFor(first.user.email);
    expect(mine.text).toContain(`${first.stores[0]!.name}: 1 ratings, average 4.00, 7 visits`);
    expect(mine.text).not.toContain(first.stores[1]!.name);
    const theirs = await mailbox.waitFor(scoped.user.email);
    expect(theirs.text).toContain(`${scoped.stores[1]!.name}: 5 ratings, average 4.00, 0 visits`);
    expect(theirs.text).not.toContain(scoped.stores[0]!.name);
    const third = await alertsOf(String(businesses[2]!.user._id), 'summary');
    expect(third).toHaveLength(1);
    expect(third[0]!.text).toContain('6 ratings');

    expect(await sendDueSummaries(EIGHT_AM, 2)).toBe(0);
    await settleMail();
    expect(mailbox.mails).toHaveLength(5);
  });

  it('costs the same queries for 40 businesses in one page as for 10, and a fixed amount per extra page', async () => {
    await expectQueriesGrowPerPage(async (n, page) => {
      const businesses = await makeBusinesses(n, { stores: 3, timeZone: ZONE });
      await addRules(businesses, 'summary', { frequency: 'daily', hour: 8, weekday: 1 });
      let sent = 0;
      const queries = await commands.count(async () => void (sent = await sendDueSummaries(EIGHT_AM, page)));
      expect(sent).toBe(n);
      return queries;
    });
  });
});

describe('visit-allowance job (batched)', () => {
  it('alerts only businesses past a threshold, each threshold once per window', async () => {
    const [near, full, quiet] = (await makeBusinesses(3, { stores: 1 })) as [Business, Business, Business];
    await addRules([near, full, quiet], 'visit-allowance');
    const today = localDay(NOW, 'Europe/London');
    await rollup(near.user._id, near.stores[0]!._id, 'visit', today, 210_000);
    await rollup(full.user._id, full.stores[0]!._id, 'visit', today, 250_000);
    await rollup(quiet.user._id, quiet.stores[0]!._id, 'visit', today, 1_000);

    expect(await checkAllVisitAllowances(NOW, 2)).toBe(3);
    const nearAlerts = await alertsOf(String(near.user._id), 'visit-allowance');
    expect(nearAlerts.map((a) => a.text)).toEqual([
      "You have used 80 % of this month's tracked visits (210,000 of 250,000).",
    ]);
    expect(await alertsOf(String(full.user._id), 'visit-allowance')).toHaveLength(2);
    expect(await alertsOf(String(quiet.user._id), 'visit-allowance')).toHaveLength(0);
    const mail = await mailbox.waitFor(near.user.email);
    expect(mail.subject).toBe("80 % of this month's tracked visits used");

    expect(await checkAllVisitAllowances(NOW, 2)).toBe(0);
    expect(await NotificationModel.countDocuments({ type: 'visit-allowance' })).toBe(3);
  });

  it("posts a rule's alert to the rule's chat channel too, once, with the escalation timed", async () => {
    allowLocalChannels(true);
    const receiver = await startReceiver();
    try {
      const [shop] = (await makeBusinesses(1, { stores: 1 })) as [Business];
      const slack = await makeChannel(String(shop.user._id), 'slack', `${receiver.url}/slack`);
      await RuleModel.create({
        business: shop.user._id,
        type: 'visit-allowance',
        enabled: true,
        email: false,
        stores: [],
        params: {},
        channels: [slack._id],
        escalation: { afterMinutes: 30, to: 'owner' },
      });
      await rollup(shop.user._id, shop.stores[0]!._id, 'visit', localDay(NOW, 'Europe/London'), 210_000);
      expect(await checkAllVisitAllowances(NOW)).toBe(1);
      const [alert] = await NotificationModel.find({ type: 'visit-allowance' }).lean();
      expect(alert?.escalateAt).toBeInstanceOf(Date);
      expect(await AlertDeliveryModel.countDocuments({ notification: alert!._id })).toBe(1);
      expect(await drainAlertDeliveries(new Date(Date.now() + 60_000))).toBe(1);
      expect(receiver.posts.map((p) => p.path)).toEqual(['/slack']);
      expect(ZSlackMessage.safeParse(receiver.posts[0]!.body).success).toBe(true);
      expect(JSON.stringify(receiver.posts[0]!.body)).toContain('tracked visits');
    } finally {
      allowLocalChannels(false);
      await receiver.close();
    }
  });

  it('sends each threshold once whether the rating-time check or the scheduled pass finds it first', async () => {
    const [first, second] = (await makeBusinesses(2, { stores: 1 })) as [Business, Business];
    await addRules([first, second], 'visit-allowance');
    const today = localDay(NOW, 'Europe/London');
    await rollup(first.user._id, first.stores[0]!._id, 'visit', today, 210_000);
    await rollup(second.user._id, second.stores[0]!._id, 'visit', today, 210_000);
    const ruleOf = async (b: Business) => (await RuleModel.findOne({ business: b.user._id }).lean())!;

    // A rating at the first business finds the 80 % crossing before the scheduler does …
    await checkVisitAllowance(await ruleOf(first), NOW);
    expect(await alertsOf(String(first.user._id), 'visit-allowance')).toHaveLength(1);
    // … so the pass sends only the second business's alert, and a rating there afterwards sends nothing more.
    expect(await checkAllVisitAllowances(NOW)).toBe(1);
    await checkVisitAllowance(await ruleOf(second), NOW);
    expect(await alertsOf(String(first.user._id), 'visit-allowance')).toHaveLength(1);
    expect(await alertsOf(String(second.user._id), 'visit-allowance')).toHaveLength(1);
  });

  it('costs the same queries for 40 businesses in one page as for 10, and a fixed amount per extra page', async () => {
    await expectQueriesGrowPerPage(async (n, page) => {
      await RollupModel.deleteMany({});
      const businesses = await makeBusinesses(n, { stores: 3 });
      await addRules(businesses, 'visit-allowance');
      const today = localDay(NOW, 'Europe/London');
      await RollupModel.insertMany(
        businesses.flatMap((b) =>
          b.stores.map((s) => ({
            business: b.user._id,
            store: s._id,
            staff: null,
            metric: 'visit',
            day: today,
            count: 70_000,
          })),
        ),
      );
      let sent = 0;
      const queries = await commands.count(
        async () => void (sent = await checkAllVisitAllowances(NOW, page)),
      );
      expect(sent).toBe(n); // 210,000 visits each: every business crosses 80 %
      return queries;
    });
  });
});
