// Reads the parts of Stripe objects the lifecycle needs, tolerating both the current and the pre-2025 payload shapes
// (a webhook endpoint sends events in its own API version, not the library's).
import type Stripe from 'stripe';
import type { SubscriptionStatus } from '../users/user.model';

export interface SubscriptionSnapshot {
  id: string;
  customer: string | null;
  stripeStatus: Stripe.Subscription.Status;
  /** Seconds since the epoch, as Stripe sends them. */
  startDate: number;
  periodStart: number | null;
  periodEnd: number | null;
  cancelAtPeriodEnd: boolean;
  priceId: string | null;
}

type Loose = Record<string, unknown>;
const num = (v: unknown): number | null => (typeof v === 'number' ? v : null);
const idOf = (v: unknown): string | null =>
  typeof v === 'string'
    ? v
    : v && typeof v === 'object' && typeof (v as Loose).id === 'string'
      ? ((v as Loose).id as string)
      : null;

/** Our status for a Stripe status; null for `incomplete` (Checkout has not finished: nothing to change yet). */
export function statusFromStripe(status: Stripe.Subscription.Status): SubscriptionStatus | null {
  switch (status) {
    case 'trialing':
    case 'active':
    case 'past_due':
    case 'canceled':
      return status;
    case 'incomplete':
      return null;
    default:
      // unpaid, incomplete_expired, paused: no paid access.
      return 'expired';
  }
}

export function snapshotOfSubscription(sub: Stripe.Subscription): SubscriptionSnapshot {
  const loose = sub as unknown as Loose;
  const item = sub.items?.data?.[0] as (Stripe.SubscriptionItem & Loose) | undefined;
  return {
    id: sub.id,
    customer: idOf(sub.customer),
    stripeStatus: sub.status,
    startDate: num(sub.start_date) ?? num(sub.created) ?? 0,
    periodStart: num(item?.current_period_start) ?? num(loose.current_period_start),
    periodEnd: num(item?.current_period_end) ?? num(loose.current_period_end),
    cancelAtPeriodEnd: Boolean(sub.cancel_at_period_end),
    priceId: item?.price?.id ?? null,
  };
}

export interface InvoiceFacts {
  customer: string | null;
  subscriptionId: string | null;
  periodStart: number | null;
  periodEnd: number | null;
  amountPaid: number;
  priceId: string | null;
}

/** The subscription an invoice bills and the service period of its subscription line. */
export function factsOfInvoice(invoice: Stripe.Invoice): InvoiceFacts {
  const loose = invoice as unknown as Loose;
  const parent = invoice.parent?.subscription_details?.subscription;
  const line = invoice.lines?.data?.[0] as (Stripe.InvoiceLineItem & Loose) | undefined;
  const linePrice = (line?.pricing?.price_details?.price ?? (line?.price as unknown)) as unknown;
  return {
    customer: idOf(invoice.customer),
    subscriptionId: idOf(parent) ?? idOf(loose.subscription),
    periodStart: num(line?.period?.start) ?? num(invoice.period_start),
    periodEnd: num(line?.period?.end) ?? num(invoice.period_end),
    amountPaid: num(invoice.amount_paid) ?? 0,
    priceId: idOf(linePrice),
  };
}
