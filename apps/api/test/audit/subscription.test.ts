// Subscription changes are audited: who started a checkout and who opened the billing portal.
import request from 'supertest';
import { createApp } from '../../src/app';
import { AuditModel } from '../../src/tenancy/audit.model';
import { makeUser } from '../factories';
import { setupTestDb } from '../helpers/db';
import { startFakeStripe, WEBHOOK_SECRET, type FakeStripe } from '../helpers/fake-stripe';

setupTestDb();
let fake: FakeStripe;
let app: ReturnType<typeof createApp>;

beforeAll(async () => {
  fake = await startFakeStripe();
  const prices = {
    'basic-monthly': 'price_basic',
    'three-months': 'price_three',
    'six-months': 'price_six',
    'twelve-months': 'price_twelve',
  };
  app = createApp({ billing: { stripe: fake.stripe, webhookSecret: WEBHOOK_SECRET, prices } });
});
afterAll(() => fake.close());

it('records the owner starting a checkout and opening the portal', async () => {
  const owner = await makeUser({ fullname: 'Olivia Owner', stripeCustomerId: 'cus_1' });
  fake.on('POST /v1/customers', () => ({ body: { id: 'cus_1', object: 'customer' } }));
  fake.on('POST /v1/checkout/sessions', () => ({
    body: { id: 'cs_1', object: 'checkout.session', url: 'https://checkout.test/1' },
  }));
  fake.on('POST /v1/billing_portal/sessions', () => ({
    body: { id: 'bps_1', object: 'billing_portal.session', url: 'https://billing.test/1' },
  }));
  await request(app)
    .post('/api/v1/plans/create-checkout-session')
    .set(owner.auth)
    .send({ plan: 'three-months', idempotencyKey: 'click-12345678' })
    .expect(200);
  await request(app).post('/api/v1/plans/portal-session').set(owner.auth).expect(200);
  const entries = await AuditModel.find({ business: owner.id }).sort({ _id: 1 }).lean();
  expect(entries.map((e) => [e.kind, e.action, e.summary, e.actorName, e.actorRole])).toEqual([
    [
      'subscription',
      'subscription.checkout',
      'Started a checkout for the 3 Months plan',
      'Olivia Owner',
      'owner',
    ],
    [
      'subscription',
      'subscription.portal',
      'Opened the billing portal (payment method, plan changes, cancellation)',
      'Olivia Owner',
      'owner',
    ],
  ]);
});
