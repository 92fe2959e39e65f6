// A rule alert in chat and email: retried until the channel answers, acknowledged once by app or signed link, escalated.
import { DateTime } from 'luxon';
import request from 'supertest';
import { createApp } from '../../src/app';
import { onBusinessEvents, type BusinessEvent } from '../../src/lib/business-events';
import { AlertDeliveryModel } from '../../src/modules/alerts/alerts.model';
import { escalateDueAlerts } from '../../src/modules/alerts/escalation';
import { drainAlertDeliveries } from '../../src/modules/alerts/outbox';
import { NotificationModel } from '../../src/modules/notifications/notification.model';
import { deliver } from '../../src/modules/notifications/notify';
import { NotificationSettingsModel, RuleModel } from '../../src/modules/notifications/rule.model';
import { ensureDefaultRules } from '../../src/modules/notifications/rules.service';
import { makeMember } from '../factories';
import { makeShop, type Shop } from '../feedback/support';
import { setupTestDb } from '../helpers/db';
import { settleMail, useMailbox } from '../helpers/mailbox';
import { accept, alertsOf, at } from '../notifications/support';
import { allowLocalChannels, makeChannel, startReceiver, ZSlackMessage, type Receiver } from './support';

setupTestDb();
const app = createApp();
const mailbox = useMailbox();
let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
  allowLocalChannels();
});
afterAll(async () => {
  allowLocalChannels(false);
  await receiver.close();
});
afterEach(() => {
  receiver.posts.length = 0;
  mailbox.clear();
});

/** The owner's only rule: 1–2 stars alert, with these channels, escalation and urgency. */
async function lowRatingRule(shop: Shop, extra: Record<string, unknown> = {}) {
  await ensureDefaultRules(shop.business.id);
  await RuleModel.updateMany({ business: shop.business.id }, { $set: { enabled: false } });
  return RuleModel.create({
    business: shop.business.id,
    user: shop.business.id,
    type: 'low-rating',
    params: { maxScore: 2, kinds: ['staff', 'experience'] },
    ...extra,
  });
}

const slackPosts = () =>
  receiver.posts.filter((p) => p.path === '/slack').map((p) => ZSlackMessage.parse(p.body));
const buttonUrl = (msg: ReturnType<typeof ZSlackMessage.parse>, id: string) =>
  msg.blocks.flatMap((b) => (b.type === 'actions' ? b.elements : [])).find((e) => e.action_id === id)!.url;

describe('alert posts to channels', () => {
  it('retries a failing Slack channel with backoff while the alert is already in the bell, then posts it once', async () => {
    const shop = await makeShop({ name: 'High Street' });
    const slack = await makeChannel(shop.business.id, 'slack', `${receiver.url}/slack`);
    await lowRatingRule(shop, { channels: [slack._id] });
    receiver.failNext(500, 503);
    await accept(shop, { score: 1, comment: 'Cold <b>coffee</b>' });
    expect(await alertsOf(shop.business.id)).toHaveLength(1);

    expect(await drainAlertDeliveries(at(0))).toBe(0); // 500
    expect(await drainAlertDeliveries(at(0.5))).toBe(0); // not due yet
    expect(await drainAlertDeliveries(at(1))).toBe(0); // 503, next in 2 minutes
    const row = await AlertDeliveryModel.findOne().lean();
    expect(row).toMatchObject({ status: 'pending', attempts: 2, lastError: 'HTTP 503' });
    expect(row!.nextAttemptAt).toEqual(at(3));
    expect(await drainAlertDeliveries(at(3))).toBe(1);
    expect(await drainAlertDeliveries(at(60))).toBe(0);

    const [msg] = slackPosts();
    expect(slackPosts()).toHaveLength(1);
    expect(msg!.blocks[0]).toEqual({
      type: 'header',
      text: expect.objectContaining({ text: 'Low rating at High Street' }),
    });
    expect(JSON.stringify(msg)).toContain('Cold &lt;b&gt;coffee&lt;/b&gt;');
    const [alert] = await alertsOf(shop.business.id);
    expect(buttonUrl(msg!, 'open')).toBe(
      `http://localhost:5173/customers-feedback?store=${String(shop.store._id)}&rating=${String(alert!.rating)}`,
    );
    expect(buttonUrl(msg!, 'acknowledge')).toMatch(/\/alerts\/acknowledge\?token=/);
  });
});

describe('POST /api/v1/alerts/acknowledge (signed link)', () => {
  it('acknowledges once, refuses a tampered token, and says who acknowledged on a second use', async () => {
    const events: BusinessEvent[] = [];
    const stop = onBusinessEvents('test', async (e) => void events.push(...e));
    const shop = await makeShop();
    const slack = await makeChannel(shop.business.id, 'slack', `${receiver.url}/slack`);
    await lowRatingRule(shop, { channels: [slack._id] });
    await accept(shop, { score: 2 });
    await drainAlertDeliveries(at(1));
    const token = new URL(buttonUrl(slackPosts()[0]!, 'acknowledge')).searchParams.get('token')!;
    const ack = (t: string) => request(app).post('/api/v1/alerts/acknowledge').send({ token: t });

    const tampered = await ack(`${token.slice(0, -2)}xx`);
    expect(tampered.status).toBe(400);
    expect(tampered.body.fieldErrors.token).toEqual(['This acknowledge link is not valid']);
    const otherId = await ack(`aaaaaaaaaaaaaaaaaaaaaaaa.${token.split('.')[1]}`);
    expect(otherId.status).toBe(400);

    const first = await ack(token);
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      acknowledged: true,
      acknowledgement: { by: `${shop.business.user.fullname} (by link)` },
    });
    const second = await ack(token);
    expect(second.body.acknowledged).toBe(false);
    expect(second.body.message).toMatch(
      /^Already acknowledged by .+ \(by link\) at \d+ \w+ \d{4}, \d\d:\d\d UTC$/,
    );

    const bell = await request(app).get('/api/v1/notifications').set(shop.business.auth);
    expect(bell.body.data[0].acknowledgement.by).toBe(`${shop.business.user.fullname} (by link)`);
    expect(events.filter((e) => e.type === 'alert.acknowledged')).toHaveLength(1);
    stop();
  });
});

describe('POST /api/v1/alerts/:id/acknowledge', () => {
  it('lets the member acknowledge their own alert once; another member gets 404', async () => {
    const shop = await makeShop();
    await lowRatingRule(shop);
    await accept(shop, { score: 1 });
    const [alert] = await alertsOf(shop.business.id);
    const admin = await makeMember(shop.business.id, 'admin');
    const path = `/api/v1/alerts/${String(alert!._id)}/acknowledge`;
    expect((await request(app).post(path).set(admin.auth)).status).toBe(404);
    const res = await request(app).post(path).set(shop.business.auth);
    expect(res.body).toMatchObject({
      acknowledged: true,
      acknowledgement: { by: shop.business.user.fullname },
    });
    expect((await request(app).post(path).set(shop.business.auth)).body.acknowledged).toBe(false);
  });
});

describe('escalation job', () => {
  it('notifies the second person once after N minutes without acknowledgement, and not after one', async () => {
    const shop = await makeShop();
    const admin = await makeMember(shop.business.id, 'admin');
    await lowRatingRule(shop, { escalation: { afterMinutes: 15, to: admin.id } });
    await accept(shop, { score: 1 });
    expect(await escalateDueAlerts(at(14))).toBe(0);
    expect(await escalateDueAlerts(at(15))).toBe(1);
    expect(await escalateDueAlerts(at(40))).toBe(0);
    const notices = await NotificationModel.find({ user: admin.user._id }).lean();
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toMatch(/^Not acknowledged after 15 minutes: /);
    const mail = await mailbox.waitFor(admin.user.email);
    expect(mail.subject).toBe('Not acknowledged after 15 minutes');

    // A second alert, acknowledged in time: no escalation.
    await accept(shop, { score: 1, minutes: 60 });
    const latest = (await alertsOf(shop.business.id)).filter((n) => !n.escalationOf).at(-1)!;
    await request(app)
      .post(`/api/v1/alerts/${String(latest._id)}/acknowledge`)
      .set(shop.business.auth);
    expect(await escalateDueAlerts(at(120))).toBe(0);
    expect(await NotificationModel.countDocuments({ user: admin.user._id })).toBe(1);
  });
});

describe('quiet hours', () => {
  const LONDON = DateTime.now().setZone('Europe/London').startOf('day').minus({ days: 1 });
  const alert = (shop: Shop, rule: { _id: never }, when: Date) =>
    deliver({
      key: `quiet:${when.toISOString()}`,
      business: shop.business.id,
      rule: rule._id,
      type: 'low-rating',
      email: true,
      subject: 'Low rating at Test',
      at: when,
      build: (w) => `${w.em('Alice')} was rated 1 star`,
    });

  async function quietShop() {
    const shop = await makeShop();
    await shop.business.user.updateOne({ timeZone: 'Europe/London' });
    await ensureDefaultRules(shop.business.id);
    await NotificationSettingsModel.updateOne(
      { business: shop.business.id },
      { $set: { quietHours: { enabled: true, start: '22:00', end: '07:00' } } },
    );
    return { shop, slack: await makeChannel(shop.business.id, 'slack', `${receiver.url}/slack`) };
  }

  it('holds channel posts and the member email until quiet hours end, then the job delivers them', async () => {
    const { shop, slack } = await quietShop();
    const rule = await lowRatingRule(shop, { channels: [slack._id], email: true });
    await alert(shop, rule as never, LONDON.set({ hour: 23, minute: 30 }).toJSDate());
    await settleMail();
    expect(mailbox.mails).toHaveLength(0);
    expect(await drainAlertDeliveries(LONDON.set({ hour: 23, minute: 31 }).toJSDate())).toBe(0);
    expect(await drainAlertDeliveries(LONDON.plus({ days: 1 }).set({ hour: 6, minute: 59 }).toJSDate())).toBe(
      0,
    );
    expect(await drainAlertDeliveries(LONDON.plus({ days: 1 }).set({ hour: 7 }).toJSDate())).toBe(2);
    expect(slackPosts()).toHaveLength(1);
    const mail = await mailbox.waitFor(shop.business.user.email);
    expect(mail.text).toContain('Acknowledge this alert: http://localhost:5173/alerts/acknowledge?token=');
  });

  it('delivers an urgent rule’s alert at once, quiet hours or not', async () => {
    const { shop, slack } = await quietShop();
    const rule = await lowRatingRule(shop, { channels: [slack._id], email: true, urgent: true });
    await alert(shop, rule as never, LONDON.set({ hour: 23, minute: 30 }).toJSDate());
    const mail = await mailbox.waitFor(shop.business.user.email);
    expect(mail.text).toContain('Alice was rated 1 star');
    expect(await drainAlertDeliveries(LONDON.set({ hour: 23, minute: 31 }).toJSDate())).toBe(1);
    expect(slackPosts()).toHaveLength(1);
  });
});
