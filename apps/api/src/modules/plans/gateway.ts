// The payment backend seen by the plans service: Stripe through its library, or the local test checkout (no keys).
import Stripe from 'stripe';
import type { TInvoice, TPlanId } from '@cx/contracts';
import { AppError } from '../../lib/errors';
import { billing } from './billing.config';
import { snapshotOfSubscription, type SubscriptionSnapshot } from './stripe-shapes';

export interface CheckoutRequest {
  userId: string;
  customer: string;
  plan: TPlanId;
  priceId: string;
  successUrl: string;
  cancelUrl: string;
  idempotencyKey: string;
}

/** A checkout session as far as confirming it goes. */
export interface CheckoutView {
  id: string;
  complete: boolean;
  paid: boolean;
  userId: string | null;
  customer: string | null;
  plan: TPlanId | null;
  subscription: SubscriptionSnapshot | null;
}

export interface BillingGateway {
  createCustomer(user: { id: string; email: string; fullname: string }): Promise<string>;
  createCheckoutSession(req: CheckoutRequest): Promise<{ id: string; url: string }>;
  retrieveCheckoutSession(id: string): Promise<CheckoutView | null>;
  retrieveSubscription(id: string): Promise<SubscriptionSnapshot | null>;
  createPortalSession(userId: string, customer: string, returnUrl: string): Promise<string>;
  listInvoices(customer: string): Promise<TInvoice[]>;
}

/** Stripe's own message goes back to the caller (spec §7); its outages answer 502 rather than a generic 500. */
export async function callStripe<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    const clientSide = err.statusCode !== undefined && err.statusCode >= 400 && err.statusCode < 500;
    if (err.statusCode === 404) return Promise.reject(new AppError('STRIPE_NOT_FOUND', err.message, 404));
    throw new AppError(
      `STRIPE_${(err.rawType ?? 'error').toUpperCase()}`,
      err.message,
      clientSide ? 400 : 502,
    );
  }
}

const money = (minor: number, currency: string) =>
  new Intl.NumberFormat('en-GB', { style: 'currency', currency: currency.toUpperCase() }).format(minor / 100);

export function stripeGateway(): BillingGateway {
  const stripe = () => billing().stripe;
  return {
    async createCustomer(user) {
      const customer = await callStripe(() =>
        stripe().customers.create(
          { email: user.email, name: user.fullname, metadata: { userId: user.id } },
          // Two first checkouts racing still make one customer.
          { idempotencyKey: `customer-${user.id}` },
        ),
      );
      return customer.id;
    },
    async createCheckoutSession(req) {
      const session = await callStripe(() =>
        stripe().checkout.sessions.create(
          {
            mode: 'subscription',
            customer: req.customer,
            client_reference_id: req.userId,
            line_items: [{ price: req.priceId, quantity: 1 }],
            success_url: req.successUrl,
            cancel_url: req.cancelUrl,
            metadata: { userId: req.userId, plan: req.plan },
            subscription_data: { metadata: { userId: req.userId, plan: req.plan } },
          },
          { idempotencyKey: `checkout-${req.userId}-${req.idempotencyKey}` },
        ),
      );
      if (!session.url) throw new AppError('STRIPE_NO_URL', 'Stripe did not return a checkout address', 502);
      return { id: session.id, url: session.url };
    },
    async retrieveCheckoutSession(id) {
      const session = await callStripe(() =>
        stripe().checkout.sessions.retrieve(id, { expand: ['subscription'] }),
      ).catch((err: unknown) => {
        if (err instanceof AppError && err.status === 404) return null;
        throw err;
      });
      if (!session) return null;
      const sub = session.subscription;
      return {
        id: session.id,
        complete: session.status === 'complete',
        paid: session.payment_status === 'paid' || session.payment_status === 'no_payment_required',
        userId: session.client_reference_id ?? session.metadata?.userId ?? null,
        customer: typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null),
        plan: (session.metadata?.plan as TPlanId | undefined) ?? null,
        subscription: sub && typeof sub === 'object' ? snapshotOfSubscription(sub) : null,
      };
    },
    async retrieveSubscription(id) {
      return snapshotOfSubscription(await callStripe(() => stripe().subscriptions.retrieve(id)));
    },
    async createPortalSession(_userId, customer, returnUrl) {
      const portal = await callStripe(() =>
        stripe().billingPortal.sessions.create({ customer, return_url: returnUrl }),
      );
      return portal.url;
    },
    async listInvoices(customer) {
      const list = await callStripe(() => stripe().invoices.list({ customer, limit: 24 }));
      return list.data.map((inv) => ({
        id: inv.id ?? '',
        number: inv.number ?? null,
        createdAt: new Date(inv.created * 1000).toISOString(),
        total: money(inv.total, inv.currency),
        status: inv.status ?? 'draft',
        url: inv.hosted_invoice_url ?? null,
      }));
    },
  };
}
