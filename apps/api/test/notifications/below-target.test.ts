// The "below target for N days" rule on a fake clock: checked once each store's day has closed in its own zone,
// alerted once when the streak reaches N, never twice for the same day or the same streak.
import { DateTime } from 'luxon';
import { addDays, localDay } from '../../src/lib/time';
import { recordRatingInRollups } from '../../src/modules/analytics/rollup.service';
import { checkBelowTargets } from '../../src/modules/notifications/below-target';
import { notificationJobs } from '../../src/modules/notifications/notifications.jobs';
import { TargetModel } from '../../src/modules/targets/target.model';
import { makeStore, makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { alertsOf, onlyRule } from './support';

setupTestDb();

const LONDON = 'Europe/London';
const NEW_YORK = 'America/New_York';
/** Three days in a row, recent (the notifications' 90-day TTL must not remove what the test makes). */
const d1 = addDays(localDay(new Date(), LONDON), -6);
const d2 = addDays(d1, 1);
const d3 = addDays(d1, 2);
/** Half past midnight on `day` in `zone`: the day before it has just closed there. */
const justAfter = (day: string, zone: string) => DateTime.fromISO(`${day}T00:30`, { zone }).toJSDate();

async function world() {
  const owner = await makeUser();
  const bridge = await makeStore(owner.id, { name: 'London Bridge', timeZone: LONDON });
  const brooklyn = await makeStore(owner.id, { name: 'Brooklyn', timeZone: NEW_YORK });
  // the chain's target: both stores inherit it
  await TargetModel.create({
    business: owner.id,
    node: owner.id,
    nodeKind: 'area',
    metric: 'average',
    value: 4,
  });
  for (const store of [bridge, brooklyn])
    for (const day of [d1, d2, d3])
      await recordRatingInRollups({
        business: owner.user._id,
        store: store._id,
        kind: 'experience',
        score: 3,
        day,
      });
  await onlyRule(owner.id, { type: 'below-target', metric: 'average', days: 2 });
  return { owner, bridge, brooklyn };
}

describe('below-target alert job', () => {
  it('alerts each store once, after its own day has closed, when it reaches N days below target', async () => {
    const { owner } = await world();
    const texts = async () => (await alertsOf(owner.id, 'below-target')).map((a) => a.text);

    // London's d2 has closed (d1 and d2 below, the day before d1 had no ratings): London Bridge fires;
    // in New York it is still the evening of d2, so Brooklyn's last closed day is d1: one day only
    const first = justAfter(addDays(d2, 1), LONDON);
    expect(await checkBelowTargets(first)).toBe(1);
    expect(await texts()).toEqual([
      'London Bridge has been below its Average score target of 4.00 for 2 days (yesterday: 3.00).',
    ]);
    // the same instant again (another instance, a retry): nothing new
    expect(await checkBelowTargets(first)).toBe(0);

    // d2 closes in New York: Brooklyn fires; London Bridge's d2 was already checked
    await checkBelowTargets(justAfter(addDays(d2, 1), NEW_YORK));
    expect((await texts()).map((t) => t.split(' has')[0])).toEqual(['London Bridge', 'Brooklyn']);

    // d3 closes: both are now three days below, the same streak, so no second alert
    expect(await checkBelowTargets(justAfter(addDays(d3, 1), LONDON))).toBe(0);
    expect(await checkBelowTargets(justAfter(addDays(d3, 1), NEW_YORK))).toBe(0);
    expect(await texts()).toHaveLength(2);
  });

  it('runs as a scheduled job on the injected clock, and a store meeting its target never fires', async () => {
    const { owner, bridge } = await world();
    // London Bridge's own, easily met target overrides the chain's
    await TargetModel.create({
      business: owner.id,
      node: bridge._id,
      nodeKind: 'store',
      metric: 'average',
      value: 2,
    });
    const job = notificationJobs({ now: () => justAfter(addDays(d3, 1), NEW_YORK) }).find(
      (j) => j.name === 'notifications:below-target',
    )!;
    await job.run();
    // Brooklyn: d3 and d2 below but d1 too (a three-day streak, whose second day was never checked): no alert;
    // London Bridge meets its own target
    expect(await alertsOf(owner.id, 'below-target')).toHaveLength(0);
  });
});
