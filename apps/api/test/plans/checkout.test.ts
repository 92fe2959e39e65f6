// /plans catalogue, checkout, success-page confirmation, portal and invoices against a local fake of Stripe's API.
import request from 'supertest';
import { TRIAL_DAYS } from '../../src/modules/users/users.service';
import { createApp } from '../../src/app';
import { BusinessModel } from '../../src/tenancy/business.model';
import { makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { startFakeStripe, stripeSubscription, WEBHOOK_SECRET, type FakeStripe } from '../helpers/fake-stripe';

setupTestDb();
let fake: FakeStripe;
let app: ReturnType<typeof createApp>;
const PRICES = {
  'basic-monthly': 'price_basic',
  'three-months': 'price_three',
  'six-months': 'price_six',
  'twelve-months': 'price_twelve',
};

beforeAll(async () => {
  fake = await startFakeStripe();
  app = createApp({ billing: { stripe: fake.stripe, webhookSecret: WEBHOOK_SECRET, prices: PRICES } });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.requests.length = 0;
  let customers = 0;
  fake.on('POST /v1/customers', () => ({ body: { id: `cus_fake_${++customers}`, object: 'customer' } }));
  let sessions = 0;
  fake.on('POST /v1/checkout/sessions', () => {
    sessions += 1;
    return {
      body: {
        id: `cs_test_${sessions}`,
        object: 'checkout.session',
        url: `https://checkout.test/${sessions}`,
      },
    };
  });
});

const checkout = (
  auth: { Authorization: string },
  plan: string,
  idempotencyKey = `click-${Date.now()}-${Math.random()}`.replace('.', ''),
) => request(app).post('/api/v1/plans/create-checkout-session').set(auth).send({ plan, idempotencyKey });

describe('GET /api/v1/plans', () => {
  it('answers the spec’s plans with the exact prices, savings, renewals and the basic features, without a login', async () => {
    const res = await request(app).get('/api/v1/plans').expect(200);
    const shown = res.body.plans.map((p: Record<string, unknown>) => [
      p.id,
      p.price,
      p.originalPrice,
      p.saving,
      p.renewal,
    ]);
    expect(shown).toEqual([
      ['basic-monthly', '$99', null, null, 'per month'],
      ['three-months', '£84.00', '£90.00', 'Save £16', 'Renews every 3 months'],
      ['six-months', '£158.00', '£180.00', 'Save £22', 'Renews every 6 months'],
      ['twelve-months', '£241.00', '£360.00', 'Save £119', 'Renews every 12 months'],
    ]);
    // The home page's pricing says how long the free trial is: the same figure sign-up gives.
    expect(res.body.trialDays).toBe(TRIAL_DAYS);
    expect(res.body.plans[0].features).toEqual([
      'All analytics features',
      'Up to 250,000 tracked visits',
      'Normal support',
      'Can increase the staff number',
    ]);
    expect(res.body.plans.map((p: { intervalMonths: number }) => p.intervalMonths)).toEqual([1, 3, 6, 12]);
  });
});

describe('POST /api/v1/plans/create-checkout-session', () => {
  it('sends Stripe the plan’s price, the user’s new customer, subscription mode and the two return URLs', async () => {
    const business = await makeUser();
    const res = await checkout(business.auth, 'three-months', 'click-aaaa-1111').expect(200);
    expect(res.body).toEqual({ id: 'cs_test_1', url: 'https://checkout.test/1' });

    const [customer] = fake.calls('POST /v1/customers');
    expect(customer?.form).toMatchObject({ email: business.user.email, 'metadata[userId]': business.id });
    const [sent] = fake.calls('POST /v1/checkout/sessions');
    expect(sent?.form).toMatchObject({
      mode: 'subscription',
      customer: 'cus_fake_1',
      client_reference_id: business.id,
      'line_items[0][price]': 'price_three',
      'line_items[0][quantity]': '1',
      success_url: 'http://localhost:5173/payment-success?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:5173/payment-failed',
    });
    expect(sent?.headers['idempotency-key']).toBe(`checkout-${business.id}-click-aaaa-1111`);
    expect((await BusinessModel.findById(business.id).lean())?.stripeCustomerId).toBe('cus_fake_1');
  });

  it('creates the Stripe customer once and reuses it for later checkouts', async () => {
    const business = await makeUser();
    await checkout(business.auth, 'basic-monthly').expect(200);
    await checkout(business.auth, 'twelve-months').expect(200);
    expect(fake.calls('POST /v1/customers')).toHaveLength(1);
    const sessions = fake.calls('POST /v1/checkout/sessions');
    expect(sessions.map((r) => [r.form.customer, r.form['line_items[0][price]']])).toEqual([
      ['cus_fake_1', 'price_basic'],
      ['cus_fake_1', 'price_twelve'],
    ]);
  });

  it('answers a double click (same idempotency key) with the same session and asks Stripe once', async () => {
    const business = await makeUser();
    const [a, b] = await Promise.all([
      checkout(business.auth, 'six-months', 'double-click-1'),
      checkout(business.auth, 'six-months', 'double-click-1'),
    ]);
    expect(a.status).toBe(200);
    expect(b.status).toBe(200);
    const third = await checkout(business.auth, 'six-months', 'double-click-1').expect(200);
    expect(third.body.url).toBe(a.body.url);
    // Racing clicks may both reach Stripe, but with one idempotency key Stripe makes them one session.
    const keys = new Set(fake.calls('POST /v1/checkout/sessions').map((r) => r.headers['idempotency-key']));
    expect([...keys]).toEqual([`checkout-${business.id}-double-click-1`]);
  });

  it('returns Stripe’s error message to the caller', async () => {
    const business = await makeUser({ stripeCustomerId: 'cus_existing' });
    fake.on('POST /v1/checkout/sessions', () => ({
      status: 400,
      body: { error: { type: 'invalid_request_error', message: 'No such price: price_basic' } },
    }));
    const res = await checkout(business.auth, 'basic-monthly').expect(400);
    expect(res.body).toMatchObject({
      message: 'No such price: price_basic',
      code: 'STRIPE_INVALID_REQUEST_ERROR',
    });
  });

  it('refuses an unknown plan with a field message and an anonymous caller with 401', async () => {
    const business = await makeUser();
    const bad = await checkout(business.auth, 'lifetime').expect(400);
    expect(bad.body.fieldErrors.plan).toEqual(['Choose one of the plans']);
    await request(app)
      .post('/api/v1/plans/create-checkout-session')
      .send({ plan: 'basic-monthly' })
      .expect(401);
    expect(fake.requests).toHaveLength(0);
  });
});

describe('POST /api/v1/plans/confirm-checkout', () => {
  const now = Math.floor(Date.now() / 1000);
  const sessionWith = (business: string, status: string) => ({
    id: 'cs_test_paid',
    object: 'checkout.session',
    status: 'complete',
    payment_status: 'paid',
    customer: 'cus_paid',
    client_reference_id: business,
    metadata: { plan: 'basic-monthly' },
    subscription: stripeSubscription({
      id: 'sub_paid',
      customer: 'cus_paid',
      status: status as 'active',
      start: now,
      periodStart: now,
      periodEnd: now + 30 * 86400,
      price: 'price_basic',
    }),
  });

  it('reads the session back from Stripe and shows the active plan before any webhook arrived', async () => {
    const business = await makeUser({ subscriptionStatus: 'trialing', stripeCustomerId: 'cus_paid' });
    fake.on('GET /v1/checkout/sessions/cs_test_paid', () => ({ body: sessionWith(business.id, 'active') }));
    const res = await request(app)
      .post('/api/v1/plans/confirm-checkout')
      .set(business.auth)
      .send({ sessionId: 'cs_test_paid' })
      .expect(200);
    expect(res.body.paid).toBe(true);
    expect(res.body.subscription).toMatchObject({
      status: 'active',
      hasAccess: true,
      plan: { id: 'basic-monthly' },
    });
    expect(fake.calls('GET /v1/checkout/sessions/cs_test_paid')[0]?.query['expand[0]']).toBe('subscription');
  });

  it('answers 404 for another business’s session and changes nothing', async () => {
    const business = await makeUser({ stripeCustomerId: 'cus_paid' });
    const other = await makeUser({ subscriptionStatus: 'trialing' });
    fake.on('GET /v1/checkout/sessions/cs_test_paid', () => ({ body: sessionWith(business.id, 'active') }));
    await request(app)
      .post('/api/v1/plans/confirm-checkout')
      .set(other.auth)
      .send({ sessionId: 'cs_test_paid' })
      .expect(404);
    expect((await BusinessModel.findById(other.id).lean())?.subscriptionStatus).toBe('trialing');
  });
});

describe('POST /api/v1/plans/portal-session and GET /api/v1/plans/invoices', () => {
  it('opens Stripe’s billing portal for the stored customer, returning to /my-subscription', async () => {
    const business = await makeUser({ stripeCustomerId: 'cus_portal' });
    fake.on('POST /v1/billing_portal/sessions', () => ({
      body: { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.test/p/1' },
    }));
    const res = await request(app).post('/api/v1/plans/portal-session').set(business.auth).expect(200);
    expect(res.body).toEqual({ url: 'https://billing.test/p/1' });
    expect(fake.calls('POST /v1/billing_portal/sessions')[0]?.form).toEqual({
      customer: 'cus_portal',
      return_url: 'http://localhost:5173/my-subscription',
    });
  });

  it('answers 409 with a message when the business has no Stripe customer yet', async () => {
    const business = await makeUser();
    const res = await request(app).post('/api/v1/plans/portal-session').set(business.auth).expect(409);
    expect(res.body.message).toBe('There is no billing account yet. Choose a plan first.');
  });

  it('lists the customer’s invoices from Stripe with their totals', async () => {
    const business = await makeUser({ stripeCustomerId: 'cus_inv' });
    fake.on('GET /v1/invoices', (req) => ({
      body: {
        object: 'list',
        has_more: false,
        data:
          req.query.customer === 'cus_inv'
            ? [
                {
                  id: 'in_1',
                  object: 'invoice',
                  number: 'A-0001',
                  created: 1_700_000_000,
                  total: 9900,
                  currency: 'usd',
                  status: 'paid',
                  hosted_invoice_url: 'https://pay.test/in_1',
                },
              ]
            : [],
      },
    }));
    const res = await request(app).get('/api/v1/plans/invoices').set(business.auth).expect(200);
    expect(res.body.invoices).toEqual([
      {
        id: 'in_1',
        number: 'A-0001',
        createdAt: '2023-11-14T22:13:20.000Z',
        total: 'US$99.00',
        status: 'paid',
        url: 'https://pay.test/in_1',
      },
    ]);
  });
});
