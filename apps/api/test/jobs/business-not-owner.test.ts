// The scheduled jobs read the business (billing period, time zone), never a user that happens to share its id: an
// owner with two businesses, whose second one has its own id, gets each business's own window and hour.
import { DateTime } from 'luxon';
import type { Types } from 'mongoose';
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { checkAllVisitAllowances } from '../../src/modules/notifications/allowance.job';
import { checkVisitAllowance } from '../../src/modules/notifications/evaluate';
import { RuleModel } from '../../src/modules/notifications/rule.model';
import { sendDueSummaries } from '../../src/modules/notifications/summaries';
import { UserModel } from '../../src/modules/users/user.model';
import { makeBusinesses, makeMember } from '../factories';
import { setupTestDb } from '../helpers/db';
import { useMailbox } from '../helpers/mailbox';
import { alertsOf } from '../notifications/support';

setupTestDb();
const mailbox = useMailbox();
afterEach(() => mailbox.clear());

const NY = 'America/New_York';
type Business = Awaited<ReturnType<typeof makeBusinesses>>[number];

/** An owner (their own zone Tokyo) with the business they founded (its id is theirs) and a second one (its own id). */
async function ownerWithTwoBusinesses(o: {
  first?: Record<string, unknown>;
  second?: Record<string, unknown>;
  zone?: string;
}) {
  const [first] = (await makeBusinesses(1, { timeZone: o.zone, business: () => o.first ?? {} })) as [
    Business,
  ];
  const [second] = (await makeBusinesses(1, {
    owner: first.user,
    timeZone: o.zone,
    business: () => o.second ?? {},
  })) as [Business];
  await UserModel.updateOne({ _id: first.user._id }, { $set: { timeZone: 'Asia/Tokyo' } });
  expect(String(first.business)).toBe(String(first.user._id));
  expect(String(second.business)).not.toBe(String(second.user._id));
  return [first, second] as const;
}

async function rollup(b: Business, metric: 'experience' | 'visit', day: string, count: number) {
  await RollupModel.create({
    business: b.business,
    store: b.stores[0]!._id,
    staff: null,
    metric,
    day,
    count,
    scoreSum: metric === 'visit' ? 0 : count * 4,
  });
}

const rule = (business: Types.ObjectId, type: 'summary' | 'visit-allowance', extra: object = {}) =>
  RuleModel.create({ business, type, enabled: true, email: true, stores: [], params: {}, ...extra });

describe('visit-allowance job: the business billing period', () => {
  const NOW = new Date('2026-11-20T12:00:00Z');

  it("alerts each of an owner's businesses in its own billing window, once, whichever check runs first", async () => {
    const [founded, bought] = await ownerWithTwoBusinesses({
      // London, billed from the 10th; New York, billed from the 16th (midnight there)
      first: {
        currentPeriodStart: new Date('2026-11-10T00:00:00Z'),
        currentPeriodEnd: new Date('2026-12-10T00:00:00Z'),
      },
      second: {
        timeZone: NY,
        currentPeriodStart: new Date('2026-11-16T05:00:00Z'),
        currentPeriodEnd: new Date('2026-12-16T05:00:00Z'),
      },
    });
    await rollup(founded, 'visit', '2026-11-15', 210_000);
    await rollup(bought, 'visit', '2026-11-12', 100_000); // this calendar month, before its billing window
    await rollup(bought, 'visit', '2026-11-18', 210_000);
    const foundedRule = await rule(founded.business, 'visit-allowance');
    const boughtRule = await rule(bought.business, 'visit-allowance');

    // A rating at the founded business finds its 80 % first (its window starts on the 10th) …
    await checkVisitAllowance(foundedRule, NOW);
    expect(await alertsOf(String(founded.business), 'visit-allowance')).toHaveLength(1);
    // … so the pass sends only the bought business's, counted from its own billing day …
    expect(await checkAllVisitAllowances(NOW)).toBe(1);
    expect(await alertsOf(String(founded.business), 'visit-allowance')).toHaveLength(1);
    const theirs = await alertsOf(String(bought.business), 'visit-allowance');
    expect(theirs.map((a) => a.text)).toEqual([
      "You have used 80 % of this month's tracked visits (210,000 of 250,000).",
    ]);
    // … under the key a rating there computes too: nothing more is sent.
    await checkVisitAllowance(boughtRule, NOW);
    expect(await alertsOf(String(bought.business), 'visit-allowance')).toHaveLength(1);
    expect(await checkAllVisitAllowances(NOW)).toBe(0);
  });
});

describe('summaries job: the business time zone', () => {
  const DAY = DateTime.fromISO('2026-11-20', { zone: NY });
  const EIGHT_IN_NY = DAY.set({ hour: 8 }).toJSDate();
  const EIGHT_IN_TOKYO = DateTime.fromISO('2026-11-20T08:00', { zone: 'Asia/Tokyo' }).toJSDate();
  const params = { frequency: 'daily', hour: 8, weekday: 1 };

  it("sends at the business's local hour, not its owner's or its admin's, for both of an owner's businesses", async () => {
    const [founded, bought] = await ownerWithTwoBusinesses({ zone: NY });
    const admin = await makeMember(bought.business, 'admin', null, { timeZone: 'Asia/Tokyo' });
    await rule(founded.business, 'summary', { params });
    await rule(bought.business, 'summary', { params });
    await rule(bought.business, 'summary', { params, user: admin.user._id });
    await rollup(founded, 'experience', '2026-11-19', 2);
    await rollup(bought, 'experience', '2026-11-19', 5);

    // 08:00 in Tokyo, where the owner and the admin are, is 18:00 in New York: nothing is due.
    expect(await sendDueSummaries(EIGHT_IN_TOKYO)).toBe(0);
    expect(await sendDueSummaries(EIGHT_IN_NY)).toBe(3);

    const email = founded.user.email;
    const storeOf = (b: Business) => b.stores[0]!.name;
    const toOwner = await mailbox.waitFor(email, (m) => m.text.includes(storeOf(founded)));
    expect(toOwner.text).toContain(`${storeOf(founded)}: 2 ratings, average 4.00, 0 visits`);
    expect(toOwner.text).toContain('(2026-11-19 to 2026-11-19)');
    const second = await mailbox.waitFor(email, (m) => m.text.includes(storeOf(bought)));
    expect(second.text).toContain(`${storeOf(bought)}: 5 ratings, average 4.00, 0 visits`);
    const toAdmin = await mailbox.waitFor(admin.user.email);
    expect(toAdmin.text).toContain(`${storeOf(bought)}: 5 ratings, average 4.00, 0 visits`);
    expect(await alertsOf(String(bought.business), 'summary')).toHaveLength(2);
  });
});
