// POST /api/v1/plans/webhook: signature checks on the raw body, each event applied once, and the forward-only lifecycle.
import request from 'supertest';
import { createApp } from '../../src/app';
import { StripeEventModel } from '../../src/modules/plans/billing.models';
import { BusinessModel } from '../../src/tenancy/business.model';
import { makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import {
  signed,
  startFakeStripe,
  stripeInvoice,
  stripeSubscription,
  WEBHOOK_SECRET,
  type FakeStripe,
} from '../helpers/fake-stripe';

setupTestDb();
let fake: FakeStripe;
let app: ReturnType<typeof createApp>;
const PRICES = { 'basic-monthly': 'price_basic', 'twelve-months': 'price_twelve' };
const DAY = 86400;
const T0 = Math.floor(Date.now() / 1000) - 40 * DAY;
const P1 = T0 + 14 * DAY; // end of the Stripe trial
const P2 = P1 + 30 * DAY; // end of the first paid month

beforeAll(async () => {
  fake = await startFakeStripe();
  app = createApp({ billing: { stripe: fake.stripe, webhookSecret: WEBHOOK_SECRET, prices: PRICES } });
});
afterAll(() => fake.close());

const post = (payload: string, signature?: string) => {
  const req = request(app).post('/api/v1/plans/webhook').set('content-type', 'application/json');
  return (signature ? req.set('stripe-signature', signature) : req).send(payload);
};
const deliver = (type: string, object: unknown, created: number, opts: { id?: string } = {}) => {
  const { payload, signature } = signed(fake.stripe, type, object, created, opts);
  return post(payload, signature).expect(200);
};
const customerUser = (customer = 'cus_life') =>
  makeUser({ subscriptionStatus: 'trialing', stripeCustomerId: customer });
const state = async (id: string) => {
  const u = await BusinessModel.findById(id).lean();
  return { status: u?.subscriptionStatus, periodEnd: u?.currentPeriodEnd?.getTime(), plan: u?.plan };
};

const sub = (
  status: 'trialing' | 'active' | 'past_due' | 'canceled' | 'unpaid',
  periodStart: number,
  periodEnd: number,
  id = 'sub_life',
) =>
  stripeSubscription({
    id,
    customer: 'cus_life',
    status,
    start: T0,
    periodStart,
    periodEnd,
    price: 'price_basic',
  });
const invoice = (id: string, periodStart: number, periodEnd: number, amountPaid = 9900) =>
  stripeInvoice({
    id,
    customer: 'cus_life',
    subscription: 'sub_life',
    periodStart,
    periodEnd,
    price: 'price_basic',
    amountPaid,
  });

describe('POST /api/v1/plans/webhook signature', () => {
  it('answers 400 and changes nothing for an unsigned, a wrongly signed and a stale event', async () => {
    const business = await customerUser();
    const { payload } = signed(fake.stripe, 'customer.subscription.updated', sub('active', P1, P2), P1);
    expect((await post(payload).expect(400)).body.message).toBe('Webhook signature verification failed');
    const forged = signed(fake.stripe, 'customer.subscription.updated', sub('active', P1, P2), P1, {
      secret: 'whsec_someone_else',
    });
    await post(forged.payload, forged.signature).expect(400);
    const stale = signed(fake.stripe, 'customer.subscription.updated', sub('active', P1, P2), P1, {
      timestamp: Math.floor(Date.now() / 1000) - 600,
    });
    await post(stale.payload, stale.signature).expect(400);
    // A valid signature over different bytes (re-serialised JSON) is refused too.
    const good = signed(fake.stripe, 'customer.subscription.updated', sub('active', P1, P2), P1);
    await post(JSON.stringify(JSON.parse(good.payload), null, 2), good.signature).expect(400);
    expect(await state(business.id)).toMatchObject({ status: 'trialing' });
    expect(await StripeEventModel.countDocuments()).toBe(0);
  });
});

describe('POST /api/v1/plans/webhook lifecycle', () => {
  it('applies the same event id once, answering the repeat as a duplicate', async () => {
    const business = await customerUser();
    const first = await deliver('invoice.payment_failed', invoice('in_2', P1, P2, 0), P1 + 60, {
      id: 'evt_once',
    });
    expect(first.body).toEqual({ received: true, duplicate: false });
    const since = (await BusinessModel.findById(business.id).lean())?.pastDueSince;
    const again = await deliver('invoice.payment_failed', invoice('in_2', P1, P2, 0), P1 + 60, {
      id: 'evt_once',
    });
    expect(again.body).toEqual({ received: true, duplicate: true });
    expect(await StripeEventModel.countDocuments({ _id: 'evt_once' })).toBe(1);
    const after = await BusinessModel.findById(business.id).lean();
    expect(after?.subscriptionStatus).toBe('past_due');
    expect(after?.pastDueSince?.getTime()).toBe(since?.getTime());
  });

  it('moves trialing → active → past_due → active → canceled with the current period end', async () => {
    const business = await customerUser();
    await deliver('customer.subscription.created', sub('trialing', T0, P1), T0);
    expect(await state(business.id)).toEqual({
      status: 'trialing',
      periodEnd: P1 * 1000,
      plan: 'basic-monthly',
    });
    expect((await BusinessModel.findById(business.id).lean())?.trialEndsAt?.getTime()).toBe(P1 * 1000);

    await deliver('invoice.paid', invoice('in_1', P1, P2), P1 + 5);
    expect(await state(business.id)).toMatchObject({ status: 'active', periodEnd: P2 * 1000 });

    const P3 = P2 + 30 * DAY;
    await deliver('invoice.payment_failed', invoice('in_2', P2, P3, 0), P2 + 5);
    expect(await state(business.id)).toMatchObject({ status: 'past_due', periodEnd: P3 * 1000 });
    const me = await request(app).get('/api/v1/plans/subscription').set(business.auth).expect(200);
    expect(me.body).toMatchObject({ status: 'past_due', hasAccess: true });
    expect(Date.parse(me.body.graceEndsAt)).toBe((P2 + 5 + 7 * DAY) * 1000);

    await deliver('invoice.paid', invoice('in_2', P2, P3), P2 + 3 * DAY);
    expect(await state(business.id)).toMatchObject({ status: 'active', periodEnd: P3 * 1000 });

    await deliver('customer.subscription.deleted', sub('canceled', P2, P3), P2 + 10 * DAY);
    expect(await state(business.id)).toMatchObject({ status: 'canceled' });
    const after = await request(app).get('/api/v1/user/me').set(business.auth).expect(200);
    expect(after.body.user.subscriptionStatus).toBe('canceled');
  });

  it('reads an unpaid subscription as expired, and a past-due one beyond its grace period as expired', async () => {
    const business = await customerUser();
    await deliver('customer.subscription.updated', sub('unpaid', P1, P2), P1 + 20 * DAY);
    expect(await state(business.id)).toMatchObject({ status: 'expired' });

    const late = await customerUser('cus_late');
    await BusinessModel.updateOne(
      { _id: late.id },
      { $set: { subscriptionStatus: 'past_due', pastDueSince: new Date(Date.now() - 8 * DAY * 1000) } },
    );
    const me = await request(app).get('/api/v1/user/me').set(late.auth).expect(200);
    expect(me.body.user.subscriptionStatus).toBe('expired');
  });

  it('never moves backwards when events arrive out of order', async () => {
    const business = await customerUser();
    // The recovery arrives before the failure it recovered from: the failure is older, so it changes nothing.
    await deliver('invoice.paid', invoice('in_1', P1, P2), P1 + 2 * DAY);
    await deliver('invoice.payment_failed', invoice('in_1', P1, P2, 0), P1 + 60);
    expect(await state(business.id)).toMatchObject({ status: 'active', periodEnd: P2 * 1000 });
    // The trial's creation arrives last: an earlier period never replaces a later one.
    await deliver('customer.subscription.created', sub('trialing', T0, P1), T0);
    expect(await state(business.id)).toMatchObject({ status: 'active', periodEnd: P2 * 1000 });
    // Cancellation, then a late "updated: active" of the same period: canceled stays.
    await deliver('customer.subscription.deleted', sub('canceled', P1, P2), P1 + 20 * DAY);
    await deliver('customer.subscription.updated', sub('active', P1, P2), P1 + 25 * DAY);
    expect(await state(business.id)).toMatchObject({ status: 'canceled' });
    // A new subscription after the cancellation (a later start) is applied.
    const fresh = stripeSubscription({
      id: 'sub_new',
      customer: 'cus_life',
      status: 'active',
      start: P2,
      periodStart: P2,
      periodEnd: P2 + 365 * DAY,
      price: 'price_twelve',
    });
    await deliver('customer.subscription.created', fresh, P2);
    expect(await state(business.id)).toEqual({
      status: 'active',
      periodEnd: (P2 + 365 * DAY) * 1000,
      plan: 'twelve-months',
    });
  });

  it('applies checkout.session.completed by reading the subscription it names from Stripe', async () => {
    const business = await makeUser({ subscriptionStatus: 'trialing' });
    fake.on('GET /v1/subscriptions/sub_checkout', () => ({
      body: stripeSubscription({
        id: 'sub_checkout',
        customer: 'cus_new',
        status: 'active',
        start: P1,
        periodStart: P1,
        periodEnd: P2,
        price: 'price_basic',
      }),
    }));
    const session = {
      id: 'cs_done',
      object: 'checkout.session',
      status: 'complete',
      payment_status: 'paid',
      customer: 'cus_new',
      client_reference_id: business.id,
      subscription: 'sub_checkout',
      metadata: { userId: business.id, plan: 'basic-monthly' },
    };
    await deliver('checkout.session.completed', session, P1 + 1);
    const u = await BusinessModel.findById(business.id).lean();
    expect(u).toMatchObject({
      subscriptionStatus: 'active',
      stripeSubscriptionId: 'sub_checkout',
      stripeCustomerId: 'cus_new',
      plan: 'basic-monthly',
    });
  });

  it('acknowledges events it does not act on and events for unknown customers without changing anyone', async () => {
    const business = await customerUser();
    await deliver('customer.updated', { id: 'cus_life', object: 'customer' }, P1);
    const stranger = stripeSubscription({
      id: 'sub_x',
      customer: 'cus_unknown',
      status: 'canceled',
      start: T0,
      periodStart: P1,
      periodEnd: P2,
      price: 'price_basic',
    });
    await deliver('customer.subscription.deleted', stranger, P1);
    expect(await state(business.id)).toMatchObject({ status: 'trialing' });
    expect(await StripeEventModel.countDocuments({ applied: false })).toBe(2);
  });
});
