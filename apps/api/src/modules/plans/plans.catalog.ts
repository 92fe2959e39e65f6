// The plan catalogue (spec §3, §9): the figures GET /plans serves, each plan's Stripe price id, and the visit cap.
import type { TPlan, TPlanId } from '@cx/contracts';
import { env } from '../../config/env';

export const TRACKED_VISITS_CAP = 250_000;

const BASIC_FEATURES = [
  'All analytics features',
  'Up to 250,000 tracked visits',
  'Normal support',
  'Can increase the staff number',
];

/** Written once; the web's plans view and /my-subscription read it through GET /plans. */
export const PLANS: readonly TPlan[] = [
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
    features: BASIC_FEATURES,
    trackedVisits: TRACKED_VISITS_CAP,
  },
  {
    id: 'three-months',
    name: '3 Months',
    currency: 'gbp',
    amount: 8400,
    price: '£84.00',
    originalPrice: '£90.00',
    saving: 'Save £16',
    intervalMonths: 3,
    renewal: 'Renews every 3 months',
    features: BASIC_FEATURES,
    trackedVisits: TRACKED_VISITS_CAP,
  },
  {
    id: 'six-months',
    name: '6 Months',
    currency: 'gbp',
    amount: 15800,
    price: '£158.00',
    originalPrice: '£180.00',
    saving: 'Save £22',
    intervalMonths: 6,
    renewal: 'Renews every 6 months',
    features: BASIC_FEATURES,
    trackedVisits: TRACKED_VISITS_CAP,
  },
  {
    id: 'twelve-months',
    name: '12 Months',
    currency: 'gbp',
    amount: 24100,
    price: '£241.00',
    originalPrice: '£360.00',
    saving: 'Save £119',
    intervalMonths: 12,
    renewal: 'Renews every 12 months',
    features: BASIC_FEATURES,
    trackedVisits: TRACKED_VISITS_CAP,
  },
];

export function planById(id: string | null | undefined): TPlan | null {
  return PLANS.find((p) => p.id === id) ?? null;
}

/** Stand-in price ids of the local test checkout (no Stripe keys). */
export const LOCAL_PRICES: Record<TPlanId, string> = {
  'basic-monthly': 'price_local_basic_monthly',
  'three-months': 'price_local_three_months',
  'six-months': 'price_local_six_months',
  'twelve-months': 'price_local_twelve_months',
};

/** The configured Stripe price ids; a plan without one cannot be bought (checkout answers 503). */
export function envPrices(): Partial<Record<TPlanId, string>> {
  return {
    'basic-monthly': env.STRIPE_PRICE_BASIC_MONTHLY,
    'three-months': env.STRIPE_PRICE_THREE_MONTHS,
    'six-months': env.STRIPE_PRICE_SIX_MONTHS,
    'twelve-months': env.STRIPE_PRICE_TWELVE_MONTHS,
  };
}
