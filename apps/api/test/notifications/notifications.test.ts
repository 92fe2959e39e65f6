// GET /notifications, PUT /notifications/mark-read and the rules CRUD: shape, order, isolation, escaping, validation.
import request from 'supertest';
import { createApp } from '../../src/app';
import { resetRateLimits } from '../../src/lib/rate-limit';
import { NotificationModel } from '../../src/modules/notifications/notification.model';
import { setupTestDb } from '../helpers/db';
import { makeShop, postFrom, submitBody } from '../feedback/support';
import { makeStore, makeUser } from '../factories';

setupTestDb();
const app = createApp();
afterEach(() => resetRateLimits());

const note = (business: string, minutesAgo: number, isUnRead = true) =>
  NotificationModel.create({
    business,
    type: 'low-rating',
    message: `<strong>n${minutesAgo}</strong>`,
    text: `n${minutesAgo}`,
    isUnRead,
    createdAt: new Date(Date.now() - minutesAgo * 60_000),
  });

async function waitForNotifications(auth: { Authorization: string }, count: number) {
  const deadline = Date.now() + 5000;
  for (;;) {
    const res = await request(app).get('/api/v1/notifications').set(auth);
    if (res.body.data?.length >= count || Date.now() > deadline) return res;
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('GET /api/v1/notifications', () => {
  it('lists the caller’s notifications newest first with the spec fields, paginated', async () => {
    const me = await makeUser();
    const other = await makeUser();
    for (const m of [30, 10, 20]) await note(me.id, m);
    await note(other.id, 1);
    const res = await request(app).get('/api/v1/notifications?limit=2').set(me.auth);
    expect(res.status).toBe(200);
    expect(res.body.data.map((n: { message: string }) => n.message)).toEqual([
      '<strong>n10</strong>',
      '<strong>n20</strong>',
    ]);
    expect(Object.keys(res.body.data[0]).sort()).toEqual([
      '_id',
      'createdAt',
      'image',
      'isUnRead',
      'message',
    ]);
    expect(res.body).toMatchObject({ page: 1, limit: 2, total: 3, unread: 3, hasMore: true });
    const page2 = await request(app).get('/api/v1/notifications?limit=2&page=2').set(me.auth);
    expect(page2.body.data.map((n: { message: string }) => n.message)).toEqual(['<strong>n30</strong>']);
    expect(page2.body.hasMore).toBe(false);
  });

  it('counts the caller’s open alerts: acknowledgeable and not acknowledged, never a notice or another member’s', async () => {
    const me = await makeUser();
    const other = await makeUser();
    const alert = (user: string, acknowledgedAt: Date | null) =>
      NotificationModel.create({
        business: user,
        type: 'low-rating',
        message: 'a',
        text: 'a',
        ackNonce: 'nonce-' + Math.random(),
        acknowledgedAt,
      });
    await alert(me.id, null);
    await alert(me.id, null);
    await alert(me.id, new Date());
    await note(me.id, 5);
    await alert(other.id, null);
    const res = await request(app).get('/api/v1/notifications?limit=1').set(me.auth);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ total: 4, openAlerts: 2 });
  });

  it('answers 401 without a token and 400 with a per-field message for a bad limit', async () => {
    expect((await request(app).get('/api/v1/notifications')).status).toBe(401);
    const me = await makeUser();
    const res = await request(app).get('/api/v1/notifications?limit=500').set(me.auth);
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.fieldErrors)).toContain('Limit can be at most 100');
  });

  it('delivers a low rating submitted by a customer, with HTML in the store name and comment escaped', async () => {
    const shop = await makeShop({ name: '<img src=x onerror=alert(1)> Café' });
    const res = await postFrom(
      app,
      '/feedback/experience-ratings',
      submitBody(shop.store, { score: 1, comment: '<script>alert("x")</script> & cold' }),
    );
    expect(res.status).toBe(201);
    const list = await waitForNotifications(shop.business.auth, 1);
    const message: string = list.body.data[0].message;
    expect(message).not.toMatch(/<script|<img/);
    expect(message).toContain('&#60;script&#62;alert(&#34;x&#34;)&#60;/script&#62; &#38; cold');
    expect(message).toContain('&#60;img src=x onerror=alert(1)&#62; Café');
    expect(list.body.data[0].isUnRead).toBe(true);
  });
});

describe('PUT /api/v1/notifications/mark-read', () => {
  it('marks all of the caller’s notifications read and leaves everyone else’s unread', async () => {
    const me = await makeUser();
    const other = await makeUser();
    await note(me.id, 1);
    await note(me.id, 2);
    await note(other.id, 1);
    const res = await request(app).put('/api/v1/notifications/mark-read').set(me.auth).send();
    expect(res.status).toBe(200);
    expect(res.body.updated).toBe(2);
    const mine = await request(app).get('/api/v1/notifications').set(me.auth);
    expect(mine.body.unread).toBe(0);
    expect(mine.body.data.every((n: { isUnRead: boolean }) => !n.isUnRead)).toBe(true);
    const theirs = await request(app).get('/api/v1/notifications').set(other.auth);
    expect(theirs.body.unread).toBe(1);
  });
});

describe('/api/v1/notifications/rules', () => {
  it('gives a business the default rules on first use, once', async () => {
    const me = await makeUser();
    const [a, b] = await Promise.all([
      request(app).get('/api/v1/notifications/rules').set(me.auth),
      request(app).get('/api/v1/notifications/rules').set(me.auth),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const again = await request(app).get('/api/v1/notifications/rules').set(me.auth);
    expect(again.body.data.map((r: { type: string }) => r.type)).toEqual([
      'low-rating',
      'low-share-window',
      'visit-allowance',
    ]);
    expect(again.body.data[0]).toMatchObject({ enabled: true, maxScore: 2 });
    expect(again.body.data[1]).toMatchObject({ percent: 50, minutes: 15, minRatings: 4 });
  });

  it('creates, updates and deletes a rule with validation and tenant isolation', async () => {
    const me = await makeUser();
    const other = await makeUser();
    const store = await makeStore(me.id);
    const foreignStore = await makeStore(other.id);
    const bad = await request(app)
      .post('/api/v1/notifications/rules')
      .set(me.auth)
      .send({ type: 'low-share-window', maxScore: 2, percent: 120, minutes: 0, minRatings: 4 });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.percent).toEqual(['Share of low ratings can be at most 100']);
    expect(bad.body.fieldErrors.minutes).toEqual(['Window must be at least 1']);

    const foreign = await request(app)
      .post('/api/v1/notifications/rules')
      .set(me.auth)
      .send({ type: 'summary', frequency: 'daily', hour: 8, stores: [String(foreignStore._id)] });
    expect(foreign.status).toBe(404);

    const created = await request(app)
      .post('/api/v1/notifications/rules')
      .set(me.auth)
      .send({
        type: 'summary',
        frequency: 'weekly',
        hour: 8,
        weekday: 1,
        email: true,
        stores: [String(store._id)],
      });
    expect(created.status).toBe(201);
    expect(created.body.rule).toMatchObject({
      type: 'summary',
      hour: 8,
      email: true,
      stores: [String(store._id)],
    });
    const id = created.body.rule._id as string;

    const theirs = await request(app)
      .put(`/api/v1/notifications/rules/${id}`)
      .set(other.auth)
      .send({ type: 'summary', frequency: 'daily', hour: 9 });
    expect(theirs.status).toBe(404);
    const updated = await request(app)
      .put(`/api/v1/notifications/rules/${id}`)
      .set(me.auth)
      .send({ type: 'summary', frequency: 'daily', hour: 9 });
    expect(updated.status).toBe(200);
    expect(updated.body.rule).toMatchObject({ frequency: 'daily', hour: 9, stores: [] });

    expect((await request(app).delete(`/api/v1/notifications/rules/${id}`).set(other.auth)).status).toBe(404);
    expect((await request(app).delete(`/api/v1/notifications/rules/${id}`).set(me.auth)).status).toBe(200);
  });

  it('keeps quiet hours per business with validation', async () => {
    const me = await makeUser();
    const bad = await request(app)
      .put('/api/v1/notifications/settings')
      .set(me.auth)
      .send({ quietHours: { enabled: true, start: '22:00', end: '22:00' } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors['quietHours.end']).toEqual(['End must be different from start']);
    const ok = await request(app)
      .put('/api/v1/notifications/settings')
      .set(me.auth)
      .send({ quietHours: { enabled: true, start: '21:30', end: '07:00' } });
    expect(ok.status).toBe(200);
    const read = await request(app).get('/api/v1/notifications/settings').set(me.auth);
    expect(read.body).toEqual({ quietHours: { enabled: true, start: '21:30', end: '07:00' } });
  });
});
