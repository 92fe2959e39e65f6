// Email summaries and alert emails: sent once at the local hour with two scheduler instances; quiet hours hold alerts.
import { DateTime } from 'luxon';
import mongoose from 'mongoose';
import type { Db } from 'mongodb';
import { startScheduler, type Scheduler } from '../../src/lib/scheduler';
import { recordRatingInRollups } from '../../src/modules/analytics/rollup.service';
import { notificationJobs } from '../../src/modules/notifications/notifications.jobs';
import { deliver } from '../../src/modules/notifications/notify';
import { NotificationSettingsModel } from '../../src/modules/notifications/rule.model';
import { BusinessModel } from '../../src/tenancy/business.model';
import { setupTestDb } from '../helpers/db';
import { settleMail, useMailbox } from '../helpers/mailbox';
import { makeShop } from '../feedback/support';
import { alertsOf, onlyRule } from './support';

setupTestDb();
const mailbox = useMailbox();
const schedulers: Scheduler[] = [];
afterEach(async () => {
  await Promise.all(schedulers.splice(0).map((s) => s.stop()));
  mailbox.clear();
});

// 08:00 in New York yesterday (recent, so the 90-day TTL keeps what the test makes); its day before is summarised.
const NY_DAY = DateTime.now().setZone('America/New_York').startOf('day').minus({ days: 1 });
const EIGHT_AM_NEW_YORK = NY_DAY.set({ hour: 8 }).toJSDate();
const SUMMARISED_DAY = NY_DAY.minus({ days: 1 }).toISODate()!;
const LONDON_DAY = DateTime.now().setZone('Europe/London').startOf('day').minus({ days: 1 });

describe('scheduled summaries (agenda, two instances)', () => {
  it('sends the daily summary once at the local hour, with yesterday’s figures and a link to the dashboard', async () => {
    const shop = await makeShop({ name: 'Fifth Avenue' });
    // Summaries go at the business's local hour (its time zone, not its owner's).
    await BusinessModel.updateOne({ _id: shop.business.id }, { timeZone: 'America/New_York' });
    await onlyRule(shop.business.id, { type: 'summary', frequency: 'daily', hour: 8, weekday: 1, email: true });
    for (const score of [5, 4, 3]) {
      await recordRatingInRollups({
        business: shop.store.business,
        store: shop.store._id,
        kind: 'experience',
        day: SUMMARISED_DAY,
        score,
      });
    }
    const db = mongoose.connection.db as unknown as Db;
    for (const name of ['api-a', 'api-b']) {
      schedulers.push(
        await startScheduler(notificationJobs({ summariesEvery: '1 second', now: () => EIGHT_AM_NEW_YORK }), {
          db,
          name,
          processEvery: 100,
        }),
      );
    }
    const mail = await mailbox.waitFor(shop.business.user.email, undefined, 10_000);
    expect(mail.subject).toBe('Your daily CX Journey summary');
    expect(mail.text).toContain(SUMMARISED_DAY);
    expect(mail.text).toContain('Fifth Avenue: 3 ratings, average 4.00');
    expect(mail.text).toContain('/overview');
    // Both instances keep polling for a few more occurrences: still one mail, one in-app notification.
    await new Promise((r) => setTimeout(r, 2500));
    await settleMail();
    expect(mailbox.mails.filter((m) => m.to.includes(shop.business.user.email))).toHaveLength(1);
    expect(await alertsOf(shop.business.id, 'summary')).toHaveLength(1);
  });

  it('sends nothing outside the chosen hour or on another weekday', async () => {
    const shop = await makeShop();
    // Summaries go at the business's local hour (its time zone, not its owner's).
    await BusinessModel.updateOne({ _id: shop.business.id }, { timeZone: 'America/New_York' });
    await onlyRule(shop.business.id, { type: 'summary', frequency: 'daily', hour: 9, email: true });
    const otherWeekday = (NY_DAY.weekday % 7) + 1;
    const weekly = {
      type: 'summary',
      frequency: 'weekly',
      hour: 8,
      weekday: otherWeekday,
      email: true,
    } as const;
    const { RuleModel } = await import('../../src/modules/notifications/rule.model');
    const { type, email, ...params } = weekly;
    await RuleModel.create({ business: shop.business.id, type, email, params });
    schedulers.push(
      await startScheduler(notificationJobs({ summariesEvery: '1 second', now: () => EIGHT_AM_NEW_YORK }), {
        db: mongoose.connection.db as unknown as Db,
        processEvery: 100,
      }),
    );
    await new Promise((r) => setTimeout(r, 2500));
    await settleMail();
    expect(mailbox.mails).toHaveLength(0);
  });
});

describe('alert emails and quiet hours', () => {
  const alert = (business: string, at: Date) =>
    deliver({
      business,
      rule: null,
      type: 'low-rating',
      email: true,
      subject: 'Low rating at Test',
      at,
      build: (w) => `${w.em('Alice')} was rated 1 star`,
    });

  it('emails an alert outside quiet hours and holds it back inside them (in-app either way)', async () => {
    const shop = await makeShop();
    await shop.business.user.updateOne({ timeZone: 'Europe/London' });
    await NotificationSettingsModel.create({
      business: shop.business.id,
      quietHours: { enabled: true, start: '22:00', end: '07:00' },
      defaultsAt: new Date(),
    });
    await alert(shop.business.id, LONDON_DAY.set({ hour: 23, minute: 30 }).toJSDate()); // quiet
    await settleMail();
    expect(mailbox.mails).toHaveLength(0);
    await alert(shop.business.id, LONDON_DAY.set({ hour: 7 }).toJSDate()); // quiet hours over (end exclusive)
    const mail = await mailbox.waitFor(shop.business.user.email);
    expect(mail.text).toContain('Alice was rated 1 star');
    expect(await alertsOf(shop.business.id)).toHaveLength(2);
  });
});
