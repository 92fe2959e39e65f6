// What GET /api/v1/plans answers (apps/api plans.catalog.ts), for tests that render the plans.
import type { TMySubscription, TPlan } from '@cx/contracts';

const features = [
  'All analytics features',
  'Up to 250,000 tracked visits',
  'Normal support',
  'Can increase the staff number',
];
const longer = (
  id: TPlan['id'],
  months: number,
  price: string,
  originalPrice: string,
  saving: string,
  amount: number,
): TPlan => ({
  id,
  name: `${months} Months`,
  currency: 'gbp',
  amount,
  price,
  originalPrice,
  saving,
  intervalMonths: months,
  renewal: `Renews every ${months} months`,
  features,
  trackedVisits: 250_000,
});

export const PLANS_FIXTURE: TPlan[] = [
  {
    id: 'basic-monthly',
    name: 'Basic',
    currency: 'usd',
    amount: 9900,
    price: '$99',
    originalPrice: null,
    saving: null,
    intervalMonths: 1,
    renewal: 'per month',
    features,
    trackedVisits: 250_000,
  },
  longer('three-months', 3, '£84.00', '£90.00', 'Save £16', 8400),
  longer('six-months', 6, '£158.00', '£180.00', 'Save £22', 15800),
  longer('twelve-months', 12, '£241.00', '£360.00', 'Save £119', 24100),
];

export function subscriptionFixture(overrides: Partial<TMySubscription> = {}): TMySubscription {
  return {
    status: 'trialing',
    hasAccess: true,
    plan: null,
    trialEndsAt: '2030-03-14T10:00:00.000Z',
    currentPeriodStart: null,
    currentPeriodEnd: null,
    cancelAtPeriodEnd: false,
    graceEndsAt: null,
    canManageBilling: false,
    testMode: false,
    usage: { used: 1234, cap: 250_000, from: '2030-03-01', to: '2030-03-31', atCap: false },
    ...overrides,
  };
}
