// Report preferences, "send me one now", the signed single-use unsubscribe, and the 08:00-local job that sends once.
import { DateTime } from 'luxon';
import request from 'supertest';
import { createApp } from '../../src/app';
import { env } from '../../src/config/env';
import { ReportPreferenceModel } from '../../src/modules/reports/report.model';
import { reportJobs, sendDueReports } from '../../src/modules/reports/report.job';
import { setupTestDb } from '../helpers/db';
import { settleMail, useMailbox, type CapturedMail } from '../helpers/mailbox';
import { MANAGER_ZONE, MONDAY_8AM_NY, reportWorld } from './support';

setupTestDb();
const app = createApp();
const mailbox = useMailbox();
afterEach(() => mailbox.clear());

const tokenIn = (mail: CapturedMail) => {
  const url = /Stop the \w+ report: http\S+\/reports\/unsubscribe\?token=([\w.%-]+)/.exec(mail.text)?.[1];
  if (!url) throw new Error('no unsubscribe link in the mail');
  return decodeURIComponent(url);
};
const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

describe('GET/PATCH /api/v1/reports/preferences', () => {
  it("turns the member's own reports on and off and says which zone they arrive in", async () => {
    const w = await reportWorld();
    const first = await request(app).get('/api/v1/reports/preferences').set(w.manager.auth).expect(200);
    expect(first.body).toEqual({ daily: false, weekly: false, monthly: false, timeZone: MANAGER_ZONE });
    const on = await request(app)
      .patch('/api/v1/reports/preferences')
      .set(w.manager.auth)
      .send({ weekly: true, monthly: true })
      .expect(200);
    expect(on.body).toMatchObject({ daily: false, weekly: true, monthly: true });
    await request(app)
      .patch('/api/v1/reports/preferences')
      .set(w.manager.auth)
      .send({ monthly: false })
      .expect(200);
    const again = await request(app).get('/api/v1/reports/preferences').set(w.manager.auth).expect(200);
    expect(again.body).toMatchObject({ weekly: true, monthly: false });
    // the owner's choice is their own
    const owner = await request(app).get('/api/v1/reports/preferences').set(w.owner.auth).expect(200);
    expect(owner.body).toMatchObject({ weekly: false, timeZone: 'Europe/London' });
  });

  it('answers 400 naming the field for a value that is not on or off', async () => {
    const w = await reportWorld();
    const res = await request(app)
      .patch('/api/v1/reports/preferences')
      .set(w.manager.auth)
      .send({ weekly: 'yes' })
      .expect(400);
    expect(res.body.fieldErrors.weekly).toEqual(['Weekly report must be on or off']);
    const empty = await request(app)
      .patch('/api/v1/reports/preferences')
      .set(w.manager.auth)
      .send({})
      .expect(400);
    expect(empty.body.message).toBe('Choose the daily, weekly or monthly report to turn on or off');
  });
});

describe('POST /api/v1/reports/send-now', () => {
  it('mails the signed-in member their report with the PDF attached and a one-click unsubscribe header', async () => {
    const w = await reportWorld();
    const res = await request(app)
      .post('/api/v1/reports/send-now')
      .set(w.manager.auth)
      .send({ period: 'weekly' })
      .expect(200);
    expect(res.body.to).toBe(w.manager.user.email);
    const mail = await mailbox.waitFor(w.manager.user.email);
    expect(mail.subject).toMatch(/^Your weekly CX Journey report: \d{4}-\d{2}-\d{2} to \d{4}-\d{2}-\d{2}$/);
    expect(mail.text).toContain('Ratings: ');
    expect(mail.raw).toMatch(/Content-Type: application\/pdf; name=cx-report-weekly-\d{4}-\d{2}-\d{2}\.pdf/);
    const head = mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' ');
    expect(head).toMatch(/List-Unsubscribe: <http[^>]+\/api\/v1\/reports\/unsubscribe\?token=[^>]+>/);
    expect(mail.raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    expect(mailbox.mails).toHaveLength(1); // nobody else's inbox
  });

  it('answers 400 for a period that is not daily, weekly or monthly', async () => {
    const w = await reportWorld();
    const res = await request(app)
      .post('/api/v1/reports/send-now')
      .set(w.manager.auth)
      .send({ period: 'hourly' })
      .expect(400);
    expect(res.body.fieldErrors.period).toEqual(['Period must be daily, weekly or monthly']);
  });
});

describe('GET/POST /api/v1/reports/unsubscribe', () => {
  async function weeklyMail() {
    const w = await reportWorld();
    await ReportPreferenceModel.create({
      business: w.owner.id,
      user: w.manager.id,
      weekly: true,
      daily: true,
    });
    await request(app)
      .post('/api/v1/reports/send-now')
      .set(w.manager.auth)
      .send({ period: 'weekly' })
      .expect(200);
    return { w, token: tokenIn(await mailbox.waitFor(w.manager.user.email)) };
  }

  it("links to the web page, and only the page's POST turns the report off, once", async () => {
    const { w, token } = await weeklyMail();
    const mail = mailbox.mails.at(-1)!;
    expect(mail.text).toContain(`Stop the weekly report: ${env.PUBLIC_WEB_URL}/reports/unsubscribe?token=`);
    // a mail scanner opening the link (GET) changes nothing: it only says what the link would stop
    for (let i = 0; i < 2; i++) {
      const peek = await request(app).get('/api/v1/reports/unsubscribe').query({ token }).expect(200);
      expect(peek.body).toEqual({
        period: 'weekly',
        active: true,
        message: 'Stop mailing you the weekly report?',
      });
    }
    expect(await ReportPreferenceModel.findOne({ user: w.manager.id }).lean()).toMatchObject({
      weekly: true,
    });
    const res = await request(app).post('/api/v1/reports/unsubscribe').query({ token }).expect(200);
    expect(res.body).toEqual({ message: 'You will no longer receive the weekly report', period: 'weekly' });
    const prefs = await request(app).get('/api/v1/reports/preferences').set(w.manager.auth).expect(200);
    expect(prefs.body).toMatchObject({ weekly: false, daily: true });
    const again = await request(app).post('/api/v1/reports/unsubscribe').query({ token }).expect(404);
    expect(again.body.message).toBe('This unsubscribe link has already been used or has expired');
    const used = await request(app).get('/api/v1/reports/unsubscribe').query({ token }).expect(200);
    expect(used.body).toMatchObject({
      active: false,
      message: 'This link has already stopped the weekly report',
    });
  });

  it('sends a browser opening the List-Unsubscribe URL to the web page, and changes nothing', async () => {
    const { w, token } = await weeklyMail();
    const browser = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';
    const res = await request(app)
      .get('/api/v1/reports/unsubscribe')
      .query({ token })
      .set('Accept', browser)
      .expect(303);
    expect(res.headers.location).toBe(
      `${env.PUBLIC_WEB_URL}/reports/unsubscribe?token=${encodeURIComponent(token)}`,
    );
    expect(await ReportPreferenceModel.findOne({ user: w.manager.id }).lean()).toMatchObject({
      weekly: true,
    });
    const api = await request(app).get('/api/v1/reports/unsubscribe').query({ token }).set('Accept', '*/*');
    expect(api.status).toBe(200);
    const bare = await request(app).get('/api/v1/reports/unsubscribe').set('Accept', browser).expect(400);
    expect(bare.body.fieldErrors).toHaveProperty('token');
  });

  it('accepts the one-click POST a mail client sends (RFC 8058)', async () => {
    const { w, token } = await weeklyMail();
    await request(app)
      .post(`/api/v1/reports/unsubscribe?token=${encodeURIComponent(token)}`)
      .type('form')
      .send('List-Unsubscribe=One-Click')
      .expect(200);
    expect(await ReportPreferenceModel.findOne({ user: w.manager.id }).lean()).toMatchObject({
      weekly: false,
    });
  });

  it('refuses a tampered token with 400 and changes nothing', async () => {
    const { w, token } = await weeklyMail();
    const [payload, mac] = token.split('.') as [string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, string>;
    const otherPeriod = Buffer.from(JSON.stringify({ ...claims, p: 'daily' })).toString('base64url');
    for (const bad of [`${otherPeriod}.${mac}`, `${payload}.${mac.slice(0, -2)}xx`, 'nonsense']) {
      for (const method of ['get', 'post'] as const) {
        const agent = request(app);
        const res = await agent[method]('/api/v1/reports/unsubscribe').query({ token: bad }).expect(400);
        expect(res.body.message).toBe('This unsubscribe link is not valid');
      }
    }
    expect(await ReportPreferenceModel.findOne({ user: w.manager.id }).lean()).toMatchObject({
      weekly: true,
      daily: true,
    });
  });
});

describe('the scheduled reports job', () => {
  it("sends the weekly report at 08:00 on Monday in the member's own zone, once, and not before", async () => {
    const w = await reportWorld();
    await ReportPreferenceModel.create({ business: w.owner.id, user: w.manager.id, weekly: true });
    expect(await sendDueReports(minutes(MONDAY_8AM_NY, -1))).toBe(0); // 07:59 in New York (12:59 in London)
    await settleMail();
    expect(mailbox.mails).toHaveLength(0);

    // two instances at 08:00 and the runs every 15 minutes after: one report
    const sent = await Promise.all([sendDueReports(MONDAY_8AM_NY), sendDueReports(MONDAY_8AM_NY)]);
    expect(sent[0]! + sent[1]!).toBe(1);
    // the registered job, on its injectable clock, a quarter of an hour later
    await reportJobs({ now: () => minutes(MONDAY_8AM_NY, 15) })[0]!.run();
    expect(await sendDueReports(minutes(MONDAY_8AM_NY, 300))).toBe(0);
    const mail = await mailbox.waitFor(w.manager.user.email);
    expect(mail.subject).toBe('Your weekly CX Journey report: 2026-11-09 to 2026-11-15');
    expect(mail.text).toContain('Ratings: 5 (previous 1, +4)');
    await settleMail();
    expect(mailbox.mails).toHaveLength(1);
  });

  it('sends daily reports for yesterday and monthly ones on the 1st, nothing for reports left off', async () => {
    const w = await reportWorld();
    await ReportPreferenceModel.create({
      business: w.owner.id,
      user: w.manager.id,
      daily: true,
      monthly: true,
    });
    await ReportPreferenceModel.create({ business: w.owner.id, user: w.owner.id, weekly: false });
    const firstOfDecember = DateTime.fromISO('2026-12-01T08:05', { zone: MANAGER_ZONE }).toJSDate();
    expect(await sendDueReports(firstOfDecember)).toBe(2);
    await settleMail();
    expect(mailbox.mails.map((m) => m.subject).sort()).toEqual([
      'Your daily CX Journey report: 2026-11-30',
      'Your monthly CX Journey report: 2026-11-01 to 2026-11-30',
    ]);
    expect(mailbox.mails.every((m) => m.to.includes(w.manager.user.email))).toBe(true);
  });

  it('sends nothing to someone who is no longer a member', async () => {
    const w = await reportWorld();
    await ReportPreferenceModel.create({ business: w.owner.id, user: w.manager.id, weekly: true });
    const { MembershipModel } = await import('../../src/tenancy/membership.model');
    await MembershipModel.deleteOne({ business: w.owner.id, user: w.manager.id });
    expect(await sendDueReports(MONDAY_8AM_NY)).toBe(0);
  });
});
