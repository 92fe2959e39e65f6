// The caller's billing: checkout (one Stripe customer, one session per click), the success-page confirmation,
// the billing portal, invoices and the subscription summary shown on /my-subscription.
import {
  BILLING_MESSAGES,
  NO_ACCESS_STATUSES,
  type TCheckoutRequest,
  type TInvoice,
  type TMySubscription,
} from '@cx/contracts';
import { env } from '../../config/env';
import { AppError, notFound } from '../../lib/errors';
import { BusinessModel } from '../../tenancy/business.model';
import { UserModel } from '../users/user.model';
import { effectiveSubscriptionStatus, graceEndsAt } from '../../tenancy/subscription';
import { billing } from './billing.config';
import { BillingSessionModel } from './billing.models';
import { gateway } from './gateway.select';
import { planById } from './plans.catalog';
import { applySubscriptionState } from './subscription-state';
import { visitUsageOf } from './visit-usage';
import { candidateOf } from './webhook.service';

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : null);
const notConfigured = () =>
  new AppError('PAYMENTS_NOT_CONFIGURED', BILLING_MESSAGES.paymentsNotConfigured, 503);

async function loadUser(businessId: string) {
  const business = await BusinessModel.findById(businessId);
  if (!business) throw notFound('Business');
  return business;
}

/** The business's Stripe customer, created on its first checkout and stored; a race keeps the first stored one. */
async function customerOf(user: Awaited<ReturnType<typeof loadUser>>, payerId: string): Promise<string> {
  if (user.stripeCustomerId) return user.stripeCustomerId;
  // The owner who pays is Stripe's contact; the customer is the business (its id in the metadata).
  const payer = await UserModel.findById(payerId, { email: 1, fullname: 1 }).lean();
  const created = await gateway().createCustomer({
    id: String(user._id),
    email: payer?.email ?? '',
    fullname: payer?.fullname ?? user.name,
  });
  await BusinessModel.updateOne(
    { _id: user._id, stripeCustomerId: null },
    { $set: { stripeCustomerId: created } },
  );
  const stored = await BusinessModel.findById(user._id).select('stripeCustomerId').lean();
  return stored?.stripeCustomerId ?? created;
}

export async function createCheckoutSession(userId: string, input: TCheckoutRequest, payerId: string) {
  const config = billing();
  if (config.mode === 'local' && config.production) throw notConfigured();
  const priceId = config.prices[input.plan];
  if (!priceId) throw notConfigured();
  // A double click sends the same key: the session made by the first click is answered again.
  const earlier = await BillingSessionModel.findOne({
    business: userId,
    idempotencyKey: input.idempotencyKey,
  }).lean();
  if (earlier) return { id: earlier.sessionId, url: earlier.url };
  const user = await loadUser(userId);
  const customer = await customerOf(user, payerId);
  const session = await gateway().createCheckoutSession({
    userId,
    customer,
    plan: input.plan,
    priceId,
    successUrl: `${env.PUBLIC_WEB_URL}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${env.PUBLIC_WEB_URL}/payment-failed`,
    idempotencyKey: input.idempotencyKey,
  });
  try {
    await BillingSessionModel.create({
      business: userId,
      idempotencyKey: input.idempotencyKey,
      sessionId: session.id,
      url: session.url,
      plan: input.plan,
      priceId,
      customer,
    });
  } catch (err) {
    if ((err as { code?: number }).code !== 11000) throw err;
    // Both clicks reached Stripe; its idempotency key made them one session, or the first stored wins locally.
    const first = await BillingSessionModel.findOne({
      business: userId,
      idempotencyKey: input.idempotencyKey,
    }).lean();
    if (first) return { id: first.sessionId, url: first.url };
  }
  return session;
}

export async function mySubscription(userId: string, now = new Date()): Promise<TMySubscription> {
  const user = await loadUser(userId);
  const status = effectiveSubscriptionStatus(user, now);
  const config = billing();
  return {
    status,
    hasAccess: !NO_ACCESS_STATUSES.includes(status),
    plan: planById(user.plan),
    trialEndsAt: iso(user.trialEndsAt),
    currentPeriodStart: iso(user.currentPeriodStart),
    currentPeriodEnd: iso(user.currentPeriodEnd),
    cancelAtPeriodEnd: Boolean(user.cancelAtPeriodEnd),
    graceEndsAt: iso(graceEndsAt(user)),
    canManageBilling: Boolean(user.stripeCustomerId),
    testMode: config.mode === 'local',
    usage: await visitUsageOf(user._id, now),
  };
}

/**
 * /payment-success asks the server: the session is read back from Stripe and what it shows is applied through the
 * same forward-only step as the webhook, so a user who arrives before the webhook still sees the truth.
 */
export async function confirmCheckout(userId: string, sessionId: string, now = new Date()) {
  const view = await gateway().retrieveCheckoutSession(sessionId);
  const user = await loadUser(userId);
  const mine = view && (view.userId === userId || (view.customer && view.customer === user.stripeCustomerId));
  if (!view || !mine) throw new AppError('NOT_FOUND', BILLING_MESSAGES.sessionNotFound, 404);
  if (view.complete && view.subscription) {
    const candidate = candidateOf(userId, view.subscription, Math.floor(now.getTime() / 1000), view.plan);
    if (candidate) await applySubscriptionState(candidate);
  }
  return { paid: view.complete && view.paid, subscription: await mySubscription(userId, now) };
}

export async function createPortalSession(userId: string): Promise<string> {
  const config = billing();
  if (config.mode === 'local' && config.production) throw notConfigured();
  const user = await loadUser(userId);
  if (!user.stripeCustomerId)
    throw new AppError('NO_BILLING_ACCOUNT', BILLING_MESSAGES.noBillingAccount, 409);
  return gateway().createPortalSession(
    userId,
    user.stripeCustomerId,
    `${env.PUBLIC_WEB_URL}/my-subscription`,
  );
}

export async function invoicesOf(userId: string): Promise<TInvoice[]> {
  const user = await loadUser(userId);
  if (!user.stripeCustomerId) return [];
  return gateway().listInvoices(user.stripeCustomerId);
}
