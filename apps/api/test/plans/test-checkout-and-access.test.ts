// Without Stripe keys: the local test checkout through the webhook path; access rules and the visit allowance.
import request from 'supertest';
import { createApp } from '../../src/app';
import { localDay } from '../../src/lib/time';
import { RollupModel } from '../../src/modules/analytics/rollup.model';
import { resetVisitAllowanceCache } from '../../src/modules/feedback/visit-allowance';
import { configureBilling } from '../../src/modules/plans/billing.config';
import { StripeEventModel } from '../../src/modules/plans/billing.models';
import { TRACKED_VISITS_CAP } from '../../src/modules/plans/plans.catalog';
import { allowanceWindow } from '../../src/modules/plans/visit-usage';
import { BusinessModel } from '../../src/tenancy/business.model';
import { makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { makeShop, postFrom, submitBody } from '../feedback/support';

setupTestDb();
const app = createApp();
afterEach(() => resetVisitAllowanceCache());
const DAY_MS = 86400 * 1000;

async function startCheckout(auth: { Authorization: string }, plan = 'basic-monthly') {
  const res = await request(app)
    .post('/api/v1/plans/create-checkout-session')
    .set(auth)
    .send({ plan, idempotencyKey: `k-${Date.now()}-${plan}` })
    .expect(200);
  const url = new URL(res.body.url as string);
  return { id: res.body.id as string, path: url.pathname };
}

describe('local test checkout (no Stripe keys)', () => {
  it('lets the user pay on the test page: signed events make the plan active and /payment-success confirms it', async () => {
    const business = await makeUser({
      subscriptionStatus: 'trialing',
      trialEndsAt: new Date(Date.now() - DAY_MS),
    });
    const { id, path } = await startCheckout(business.auth, 'three-months');
    expect(path).toBe(`/api/v1/plans/test-checkout/${id}`);
    const page = await request(app).get(path).expect(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    expect(page.text).toContain('3 Months');
    expect(page.text).toContain('£84.00');

    const done = await request(app).post(path).type('form').send({ outcome: 'success' }).expect(303);
    expect(done.headers.location).toBe(`http://localhost:5173/payment-success?session_id=${id}`);
    expect(await StripeEventModel.find().distinct('type')).toEqual(
      expect.arrayContaining(['customer.subscription.created', 'invoice.paid', 'checkout.session.completed']),
    );
    const sub = await request(app).get('/api/v1/plans/subscription').set(business.auth).expect(200);
    expect(sub.body).toMatchObject({
      status: 'active',
      hasAccess: true,
      plan: { id: 'three-months' },
      testMode: true,
    });
    const months = (Date.parse(sub.body.currentPeriodEnd) - Date.parse(sub.body.currentPeriodStart)) / DAY_MS;
    expect(months).toBeGreaterThanOrEqual(89);

    const confirm = await request(app)
      .post('/api/v1/plans/confirm-checkout')
      .set(business.auth)
      .send({ sessionId: id });
    expect(confirm.status).toBe(200);
    expect(confirm.body).toMatchObject({ paid: true, subscription: { status: 'active' } });
    const invoices = await request(app).get('/api/v1/plans/invoices').set(business.auth).expect(200);
    expect(invoices.body.invoices).toEqual([expect.objectContaining({ total: '£84.00', status: 'paid' })]);
    // Paying twice on the same page makes no second subscription.
    await request(app).post(path).type('form').send({ outcome: 'success' }).expect(303);
    expect(await StripeEventModel.countDocuments({ type: 'invoice.paid' })).toBe(1);
  });

  it('sends a failed payment to /payment-failed and leaves the status as it was', async () => {
    const business = await makeUser({
      subscriptionStatus: 'trialing',
      trialEndsAt: new Date(Date.now() - DAY_MS),
    });
    const { path } = await startCheckout(business.auth);
    const res = await request(app).post(path).type('form').send({ outcome: 'failure' }).expect(303);
    expect(res.headers.location).toBe('http://localhost:5173/payment-failed');
    const me = await request(app).get('/api/v1/user/me').set(business.auth).expect(200);
    expect(me.body.user.subscriptionStatus).toBe('expired');
    expect((await request(app).get(path).expect(200)).text).toContain('no longer open');
  });

  it('cancels through the local billing portal', async () => {
    const business = await makeUser({ subscriptionStatus: 'trialing' });
    const { path } = await startCheckout(business.auth);
    await request(app).post(path).type('form').send({ outcome: 'success' }).expect(303);
    const portal = await request(app).post('/api/v1/plans/portal-session').set(business.auth).expect(200);
    const portalPath = new URL(portal.body.url as string).pathname;
    expect((await request(app).get(portalPath).expect(200)).text).toContain('Cancel subscription');
    const res = await request(app)
      .post(portalPath)
      .type('form')
      .send({ outcome: 'cancel-subscription' })
      .expect(303);
    expect(res.headers.location).toBe('http://localhost:5173/my-subscription');
    expect((await BusinessModel.findById(business.id).lean())?.subscriptionStatus).toBe('canceled');
  });

  it('is refused in production', async () => {
    const prodApp = createApp({ billing: { production: true } });
    const business = await makeUser();
    try {
      const res = await request(prodApp)
        .post('/api/v1/plans/create-checkout-session')
        .set(business.auth)
        .send({ plan: 'basic-monthly', idempotencyKey: 'prod-click-1' })
        .expect(503);
      expect(res.body.message).toBe('Payments are not configured on this server.');
      const page = await request(prodApp).get('/api/v1/plans/test-checkout/cs_test_local_x').expect(403);
      expect(page.body.message).toBe('The test checkout is not available in production.');
    } finally {
      configureBilling(); // back to this file's local test checkout
    }
  });
});

describe('access when the subscription has expired', () => {
  it('answers the business’s dashboard calls with 402, while its store’s public pages still accept ratings', async () => {
    const shop = await makeShop();
    await BusinessModel.updateOne({ _id: shop.business.id }, { $set: { subscriptionStatus: 'canceled' } });
    const stores = await request(app).get('/api/v1/store').set(shop.business.auth).expect(402);
    expect(stores.body.message).toBe('Please upgrade your plan to access your content.');
    await request(app).get('/api/v1/plans/subscription').set(shop.business.auth).expect(200);
    await postFrom(app, '/feedback/visits', submitBody(shop.store)).expect(201);
    const rated = await postFrom(
      app,
      '/feedback/staff-ratings',
      submitBody(shop.store, { staff: String(shop.alice._id), score: 5 }),
    ).expect(201);
    expect(rated.body._id).toBeDefined();
  });
});

describe('GET /api/v1/plans/subscription tracked visits', () => {
  it('counts visits of the current billing period from the rollups, not the calendar month', async () => {
    const shop = await makeShop();
    const start = new Date(Date.now() - 10 * DAY_MS);
    await BusinessModel.updateOne(
      { _id: shop.business.id },
      {
        $set: {
          subscriptionStatus: 'active',
          currentPeriodStart: start,
          currentPeriodEnd: new Date(start.getTime() + 30 * DAY_MS),
          timeZone: 'Europe/London',
        },
      },
    );
    const day = (ms: number) => localDay(new Date(ms), 'Europe/London');
    const row = (d: string, count: number) =>
      RollupModel.create({ business: shop.business.id, store: shop.store._id, metric: 'visit', day: d, count });
    await row(day(Date.now() - 12 * DAY_MS), 1000); // before the period
    await row(day(Date.now() - 5 * DAY_MS), 40);
    await row(day(Date.now()), 2);
    const res = await request(app).get('/api/v1/plans/subscription').set(shop.business.auth).expect(200);
    expect(res.body.usage).toMatchObject({
      used: 42,
      cap: 250_000,
      atCap: false,
      from: day(start.getTime()),
    });
  });

  it('says the cap is reached, stops counting visits and still accepts ratings', async () => {
    const shop = await makeShop();
    await RollupModel.create({
      business: shop.business.id,
      store: shop.store._id,
      metric: 'visit',
      day: localDay(new Date(), 'Europe/London'),
      count: TRACKED_VISITS_CAP,
    });
    const res = await request(app).get('/api/v1/plans/subscription').set(shop.business.auth).expect(200);
    expect(res.body.usage).toMatchObject({ used: TRACKED_VISITS_CAP, atCap: true });
    expect((await postFrom(app, '/feedback/visits', submitBody(shop.store)).expect(201)).body).toEqual({
      tracked: false,
    });
    await postFrom(app, '/feedback/experience-ratings', submitBody(shop.store, { score: 4 })).expect(201);
  });
});

describe('allowanceWindow', () => {
  it('counts a running trial from its start and an ended one by the calendar month', () => {
    const now = new Date('2030-03-20T12:00:00Z');
    const trialEndsAt = new Date('2030-03-25T12:00:00Z');
    expect(allowanceWindow({ subscriptionStatus: 'trialing', trialEndsAt, timeZone: 'UTC' }, now)).toEqual({
      from: '2030-03-11',
      to: '2030-03-24',
    });
    const ended = new Date('2030-03-10T12:00:00Z');
    expect(
      allowanceWindow({ subscriptionStatus: 'trialing', trialEndsAt: ended, timeZone: 'UTC' }, now),
    ).toEqual({
      from: '2030-03-01',
      to: '2030-03-31',
    });
  });

  it('slices a 12-month period into months from its billing day', () => {
    const start = new Date('2030-01-15T09:00:00Z');
    const end = new Date('2031-01-15T09:00:00Z');
    const at = (iso: string) =>
      allowanceWindow(
        { subscriptionStatus: 'active', currentPeriodStart: start, currentPeriodEnd: end, timeZone: 'UTC' },
        new Date(iso),
      );
    expect(at('2030-03-20T00:00:00Z')).toEqual({ from: '2030-03-15', to: '2030-04-14' });
    expect(at('2030-12-31T00:00:00Z')).toEqual({ from: '2030-12-15', to: '2031-01-14' });
  });
});
