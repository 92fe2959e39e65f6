// Without Stripe keys (development, demo, tests): checkout sessions, subscriptions and invoices kept in MongoDB,
// and the events Stripe would send, shaped like Stripe's and signed with the development secret.
import { randomBytes } from 'node:crypto';
import type { TPlanId } from '@cx/contracts';
import { env } from '../../config/env';
import { billing } from './billing.config';
import { BillingSessionModel, type BillingSessionDoc } from './billing.models';
import type { BillingGateway } from './gateway';
import { planById } from './plans.catalog';
import type { SubscriptionSnapshot } from './stripe-shapes';

const rand = () => randomBytes(12).toString('hex');
export const testCheckoutUrl = (sessionId: string) =>
  `${env.PUBLIC_API_URL}/api/v1/plans/test-checkout/${encodeURIComponent(sessionId)}`;

type LocalSession = Pick<BillingSessionDoc, 'sessionId' | 'priceId' | 'customer' | 'subscription'>;

function snapshotOf(doc: LocalSession): SubscriptionSnapshot | null {
  const s = doc.subscription;
  if (!s?.id) return null;
  return {
    id: s.id,
    customer: doc.customer ?? null,
    stripeStatus: (s.status ?? 'active') as SubscriptionSnapshot['stripeStatus'],
    startDate: s.startDate ?? 0,
    periodStart: s.periodStart ?? null,
    periodEnd: s.periodEnd ?? null,
    cancelAtPeriodEnd: Boolean(s.cancelAtPeriodEnd),
    priceId: doc.priceId ?? null,
  };
}

export function localGateway(): BillingGateway {
  return {
    async createCustomer() {
      return `cus_local_${rand()}`;
    },
    async createCheckoutSession() {
      const id = `cs_test_local_${rand()}`;
      return { id, url: testCheckoutUrl(id) };
    },
    async retrieveCheckoutSession(id) {
      const doc = await BillingSessionModel.findOne({ sessionId: id, kind: 'checkout' }).lean();
      if (!doc) return null;
      return {
        id,
        complete: doc.status === 'complete',
        paid: doc.status === 'complete',
        userId: String(doc.business),
        customer: doc.customer ?? null,
        plan: (doc.plan as TPlanId | null) ?? null,
        subscription: snapshotOf(doc),
      };
    },
    async retrieveSubscription(id) {
      const doc = await BillingSessionModel.findOne({ 'subscription.id': id }).lean();
      return doc ? snapshotOf(doc) : null;
    },
    async createPortalSession(userId, customer) {
      const sessionId = `bps_local_${rand()}`;
      const url = testCheckoutUrl(sessionId);
      await BillingSessionModel.create({ business: userId, kind: 'portal', sessionId, url, customer });
      return url;
    },
    async listInvoices(customer) {
      const paid = await BillingSessionModel.find({ customer, kind: 'checkout', status: 'complete' })
        .sort({ updatedAt: -1 })
        .lean();
      return paid.map((doc) => ({
        id: `in_local_${doc.sessionId.slice(-12)}`,
        number: `LOCAL-${doc.sessionId.slice(-6).toUpperCase()}`,
        createdAt: (doc.updatedAt ?? new Date()).toISOString(),
        total: planById(doc.plan)?.price ?? '',
        status: 'paid',
        url: null,
      }));
    },
  };
}

/** A Stripe subscription object as a webhook carries it (the fields the lifecycle reads). */
export function subscriptionObject(doc: LocalSession, userId: string, plan: string | null | undefined) {
  const s = snapshotOf(doc);
  if (!s) throw new Error('local session has no subscription');
  return {
    id: s.id,
    object: 'subscription',
    customer: s.customer,
    status: s.stripeStatus,
    start_date: s.startDate,
    created: s.startDate,
    cancel_at_period_end: s.cancelAtPeriodEnd,
    metadata: { userId, plan: plan ?? null },
    items: {
      object: 'list',
      data: [
        {
          id: `si_local_${s.id.slice(-12)}`,
          object: 'subscription_item',
          current_period_start: s.periodStart,
          current_period_end: s.periodEnd,
          price: { id: s.priceId, object: 'price' },
        },
      ],
    },
  };
}

/** The paid first invoice of a local subscription. */
export function invoiceObject(doc: LocalSession, plan: TPlanId | null, created: number) {
  const s = snapshotOf(doc);
  const catalogue = planById(plan);
  return {
    id: `in_local_${doc.sessionId.slice(-12)}`,
    object: 'invoice',
    customer: doc.customer,
    created,
    currency: catalogue?.currency ?? 'usd',
    amount_paid: catalogue?.amount ?? 0,
    total: catalogue?.amount ?? 0,
    status: 'paid',
    parent: { type: 'subscription_details', subscription_details: { subscription: s?.id ?? null } },
    lines: {
      object: 'list',
      data: [
        {
          period: { start: s?.periodStart, end: s?.periodEnd },
          pricing: { price_details: { price: doc.priceId } },
        },
      ],
    },
  };
}

/** A signed event, exactly the bytes and header the webhook route receives from Stripe. */
export function signedEvent(
  type: string,
  object: unknown,
  created: number,
): { payload: string; signature: string } {
  const config = billing();
  if (!config.webhookSecret) throw new Error('no webhook secret to sign the local event with');
  const payload = JSON.stringify({
    id: `evt_local_${rand()}`,
    object: 'event',
    api_version: '2025-10-29.clover',
    created,
    livemode: false,
    pending_webhooks: 0,
    request: { id: null, idempotency_key: null },
    type,
    data: { object },
  });
  const signature = config.stripe.webhooks.generateTestHeaderString({
    payload,
    secret: config.webhookSecret,
  });
  return { payload, signature };
}
