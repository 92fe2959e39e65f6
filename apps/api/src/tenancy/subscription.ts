// The business's subscription as access sees it: the effective status (trial end and past-due grace applied) and the paywall.
import { NO_ACCESS_STATUSES, USER_MESSAGES, type TRouteAccess } from '@cx/contracts';
import { env } from '../config/env';
import { AppError } from '../lib/errors';
import { BusinessModel, type SubscriptionStatus } from './business.model';

const DAY_MS = 24 * 60 * 60 * 1000;

type SubscriptionLike = {
  subscriptionStatus?: string | null;
  trialEndsAt?: Date | null;
  pastDueSince?: Date | null;
};

/** When a past-due business loses access unless the payment succeeds (env BILLING_GRACE_DAYS after it fell due). */
export function graceEndsAt(
  business: Pick<SubscriptionLike, 'subscriptionStatus' | 'pastDueSince'>,
): Date | null {
  if (business.subscriptionStatus !== 'past_due' || !business.pastDueSince) return null;
  return new Date(business.pastDueSince.getTime() + env.BILLING_GRACE_DAYS * DAY_MS);
}

/**
 * A trial that has ended, or a past-due payment beyond its grace period, reads as expired even before any job or
 * webhook has rewritten the stored status.
 */
export function effectiveSubscriptionStatus(
  business: SubscriptionLike,
  now = new Date(),
): SubscriptionStatus {
  const status = (business.subscriptionStatus ?? 'trialing') as SubscriptionStatus;
  if (status === 'trialing' && business.trialEndsAt && business.trialEndsAt.getTime() <= now.getTime())
    return 'expired';
  const grace = graceEndsAt(business);
  if (grace && grace.getTime() <= now.getTime()) return 'expired';
  return status;
}

export const paymentRequired = () => new AppError('PAYMENT_REQUIRED', USER_MESSAGES.expiredPlan, 402);

/**
 * Routes a business without a plan still answers: account routes (profile, sign-out, business switcher) are never
 * business routes, and the billing permissions are the subscription and its checkout, portal and invoices.
 */
export function exemptFromPaywall(declared: TRouteAccess): boolean {
  if ('public' in declared) return true;
  return declared.scope === 'account' || declared.permission.startsWith('billing:');
}

/** 402 with the spec's message when the business's subscription is expired or canceled. */
export async function assertSubscribed(businessId: string, now = new Date()): Promise<void> {
  const business = await BusinessModel.findById(businessId, {
    subscriptionStatus: 1,
    trialEndsAt: 1,
    pastDueSince: 1,
  }).lean();
  if (!business) return;
  if (NO_ACCESS_STATUSES.includes(effectiveSubscriptionStatus(business, now))) throw paymentRequired();
}
