// POST /plans/webhook: verifies Stripe's signature on the raw body, applies each event id once, and turns checkout,
// subscription and invoice events into forward-only lifecycle steps.
import type Stripe from 'stripe';
import mongoose from 'mongoose';
import { BILLING_MESSAGES, type TPlanId } from '@cx/contracts';
import { AppError } from '../../lib/errors';
import { logger } from '../../lib/logger';
import { BusinessModel } from '../../tenancy/business.model';
import { billing, planOfPrice } from './billing.config';
import { BillingSessionModel, StripeEventModel } from './billing.models';
import { gateway } from './gateway.select';
import { applySubscriptionState, type SubscriptionCandidate } from './subscription-state';
import {
  factsOfInvoice,
  snapshotOfSubscription,
  statusFromStripe,
  type SubscriptionSnapshot,
} from './stripe-shapes';

const badSignature = () => new AppError('BAD_SIGNATURE', BILLING_MESSAGES.badSignature, 400);

/** The lifecycle step a subscription object stands for; null while Checkout has not finished. */
export function candidateOf(
  userId: string,
  snap: SubscriptionSnapshot,
  at: number,
  planHint?: TPlanId | null,
): SubscriptionCandidate | null {
  const status = statusFromStripe(snap.stripeStatus);
  if (!status) return null;
  return {
    userId,
    status,
    subscriptionId: snap.id,
    generation: snap.startDate,
    periodStart: snap.periodStart,
    periodEnd: snap.periodEnd,
    cancelAtPeriodEnd: snap.cancelAtPeriodEnd,
    plan: planOfPrice(snap.priceId) ?? planHint ?? null,
    customer: snap.customer,
    at,
  };
}

/** The business an event is about: by its Stripe customer, else the user id we put in the metadata. */
async function userFor(customer: string | null, userIdHint: unknown): Promise<string | null> {
  if (customer) {
    const byCustomer = await BusinessModel.findOne({ stripeCustomerId: customer }).select('_id').lean();
    if (byCustomer) return String(byCustomer._id);
  }
  if (typeof userIdHint === 'string' && mongoose.isValidObjectId(userIdHint)) {
    const byId = await BusinessModel.findById(userIdHint).select('_id stripeCustomerId').lean();
    // Metadata never moves a subscription onto a business that already has another customer.
    if (byId && (!byId.stripeCustomerId || !customer || byId.stripeCustomerId === customer))
      return String(byId._id);
  }
  return null;
}

const apply = async (c: SubscriptionCandidate | null) => (c ? applySubscriptionState(c) : false);

async function onCheckoutCompleted(session: Stripe.Checkout.Session, at: number): Promise<boolean> {
  const customer = typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
  const userId = await userFor(customer, session.client_reference_id ?? session.metadata?.userId);
  await BillingSessionModel.updateOne(
    { sessionId: session.id, status: 'open' },
    { $set: { status: 'complete' } },
  );
  if (!userId || !session.subscription) return false;
  const snap =
    typeof session.subscription === 'string'
      ? await gateway().retrieveSubscription(session.subscription)
      : snapshotOfSubscription(session.subscription);
  if (!snap) return false;
  return apply(candidateOf(userId, snap, at, (session.metadata?.plan as TPlanId | undefined) ?? null));
}

async function onSubscription(sub: Stripe.Subscription, at: number): Promise<boolean> {
  const snap = snapshotOfSubscription(sub);
  const userId = await userFor(snap.customer, sub.metadata?.userId);
  if (!userId) return false;
  return apply(candidateOf(userId, snap, at, (sub.metadata?.plan as TPlanId | undefined) ?? null));
}

async function onInvoice(invoice: Stripe.Invoice, at: number, paid: boolean): Promise<boolean> {
  const facts = factsOfInvoice(invoice);
  // A trial's zero invoice is "paid" too, but it does not make the subscription active.
  if (!facts.subscriptionId || (paid && facts.amountPaid <= 0)) return false;
  const userId = await userFor(facts.customer, undefined);
  if (!userId) return false;
  return apply({
    userId,
    status: paid ? 'active' : 'past_due',
    subscriptionId: facts.subscriptionId,
    generation: facts.periodStart ?? 0,
    periodStart: facts.periodStart,
    periodEnd: facts.periodEnd,
    plan: planOfPrice(facts.priceId),
    customer: facts.customer,
    at,
  });
}

async function applyEvent(event: Stripe.Event): Promise<boolean> {
  switch (event.type) {
    case 'checkout.session.completed':
      return onCheckoutCompleted(event.data.object, event.created);
    case 'checkout.session.expired':
      await BillingSessionModel.updateOne(
        { sessionId: event.data.object.id },
        { $set: { status: 'expired' } },
      );
      return false;
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted':
      return onSubscription(event.data.object, event.created);
    case 'invoice.paid':
      return onInvoice(event.data.object, event.created, true);
    case 'invoice.payment_failed':
      return onInvoice(event.data.object, event.created, false);
    default:
      return false;
  }
}

/**
 * Verifies and applies one delivery. An event id already stored is answered without being applied again; a failure
 * while applying is not stored, so Stripe's retry gets another chance.
 */
export async function receiveWebhook(
  raw: unknown,
  signature: string | undefined,
): Promise<{ duplicate: boolean }> {
  const config = billing();
  if (!config.webhookSecret || !signature || !(Buffer.isBuffer(raw) || typeof raw === 'string'))
    throw badSignature();
  let event: Stripe.Event;
  try {
    event = config.stripe.webhooks.constructEvent(raw, signature, config.webhookSecret);
  } catch (err) {
    logger.warn({ err: (err as Error).message }, 'stripe webhook refused');
    throw badSignature();
  }
  if (await StripeEventModel.exists({ _id: event.id })) return { duplicate: true };
  const applied = await applyEvent(event);
  try {
    await StripeEventModel.create({ _id: event.id, type: event.type, applied, receivedAt: new Date() });
  } catch (err) {
    if ((err as { code?: number }).code === 11000) return { duplicate: true };
    throw err;
  }
  return { duplicate: false };
}
