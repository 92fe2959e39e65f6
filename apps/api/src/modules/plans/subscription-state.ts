// The subscription lifecycle on the user document: trialing → active → past_due → canceled/expired, applied only
// forwards. Every state carries an ordering key taken from the Stripe object itself, never from arrival order.
import type { TPlanId } from '@cx/contracts';
import { logger } from '../../lib/logger';
import { BusinessModel, type SubscriptionStatus } from '../../tenancy/business.model';

export interface SubscriptionCandidate {
  userId: string;
  status: SubscriptionStatus;
  subscriptionId: string;
  /**
   * The subscription's start (seconds): a newer subscription outranks everything about an older one. Events about
   * the stored subscription reuse its stored generation.
   */
  generation: number;
  periodStart: number | null;
  periodEnd: number | null;
  cancelAtPeriodEnd?: boolean;
  plan?: TPlanId | null;
  customer?: string | null;
  /** When Stripe produced this state (the event's created time, or the moment it was read back), in seconds. */
  at: number;
}

/** Within one moment the later lifecycle step wins; canceled is final for its subscription. */
const RANK: Record<SubscriptionStatus, number> = {
  trialing: 0,
  active: 1,
  past_due: 2,
  expired: 3,
  canceled: 4,
};
const pad = (n: number) => String(Math.max(0, Math.floor(n))).padStart(12, '0');

/**
 * Fixed-width so keys compare as strings: subscription start, period end, terminal flag, Stripe's time, rank.
 * Canceled outranks every other state of the same period (a canceled Stripe subscription never comes back);
 * otherwise the later period wins, and within a period the state Stripe produced last.
 */
export function orderKey(c: Omit<SubscriptionCandidate, 'userId'>): string {
  const terminal = c.status === 'canceled' ? 1 : 0;
  return [pad(c.generation), pad(c.periodEnd ?? 0), terminal, pad(c.at), RANK[c.status]].join('.');
}

const toDate = (s: number | null | undefined) => (typeof s === 'number' ? new Date(s * 1000) : null);

/**
 * Applies the candidate when it is newer than the stored state. One conditional single-document update guarded by
 * the previous key (optimistic concurrency, no transaction): two deliveries racing apply once.
 */
export async function applySubscriptionState(c: SubscriptionCandidate): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const user = await BusinessModel.findById(c.userId).lean();
    if (!user) return false;
    const previous = user.billingOrder ?? null;
    // One subscription keeps one generation, however its first event guessed it (an invoice only knows its period).
    const sameSubscription = previous !== null && user.stripeSubscriptionId === c.subscriptionId;
    const key = orderKey({
      ...c,
      generation: sameSubscription ? Number(previous.split('.')[0]) : c.generation,
    });
    if (previous !== null && key <= previous) return false;
    const set: Record<string, unknown> = {
      subscriptionStatus: c.status,
      stripeSubscriptionId: c.subscriptionId,
      billingOrder: key,
      pastDueSince:
        c.status === 'past_due'
          ? user.subscriptionStatus === 'past_due' && user.pastDueSince
            ? user.pastDueSince
            : toDate(c.at)
          : null,
    };
    if (c.periodStart !== null) set.currentPeriodStart = toDate(c.periodStart);
    if (c.periodEnd !== null) set.currentPeriodEnd = toDate(c.periodEnd);
    // Stripe's trial replaces the sign-up trial: its end is the period end.
    if (c.status === 'trialing' && c.periodEnd !== null) set.trialEndsAt = toDate(c.periodEnd);
    if (c.cancelAtPeriodEnd !== undefined) set.cancelAtPeriodEnd = c.cancelAtPeriodEnd;
    if (c.plan) set.plan = c.plan;
    if (c.customer && !user.stripeCustomerId) set.stripeCustomerId = c.customer;
    const res = await BusinessModel.updateOne({ _id: user._id, billingOrder: previous }, { $set: set });
    if (res.modifiedCount === 1) {
      logger.info(
        { userId: c.userId, status: c.status, subscription: c.subscriptionId },
        'subscription state',
      );
      return true;
    }
  }
  throw new Error(`subscription state of ${c.userId} kept changing under a concurrent update`);
}
