// Which payment backend the API talks to: Stripe (keys set, or a client injected by tests) or the local test checkout.
import Stripe from 'stripe';
import type { TPlanId } from '@cx/contracts';
import { env } from '../../config/env';
import { envPrices, LOCAL_PRICES } from './plans.catalog';

/** Signs the local test checkout's events in development and tests; never accepted in production. */
export const DEV_WEBHOOK_SECRET = 'whsec_dev_only_local_test_checkout_0123456789';

export interface BillingConfig {
  /** 'local': no Stripe keys, checkout runs on the API's test page and events are signed with the dev secret. */
  mode: 'stripe' | 'local';
  /** In local mode only the library's webhook helpers are used: no request ever leaves the machine. */
  stripe: Stripe;
  webhookSecret: string | undefined;
  prices: Partial<Record<TPlanId, string>>;
  production: boolean;
}

export interface BillingOverrides {
  /** A client pointed elsewhere (tests: a local fake of Stripe's HTTP API). */
  stripe?: Stripe;
  webhookSecret?: string;
  prices?: Partial<Record<TPlanId, string>>;
  /** Tests of the production refusals. */
  production?: boolean;
}

function fromEnv(): BillingConfig {
  const production = env.NODE_ENV === 'production';
  if (env.STRIPE_SECRET_KEY) {
    return {
      mode: 'stripe',
      stripe: new Stripe(env.STRIPE_SECRET_KEY, { maxNetworkRetries: 2, timeout: 20_000 }),
      webhookSecret: env.STRIPE_WEBHOOK_SECRET,
      prices: envPrices(),
      production,
    };
  }
  return {
    mode: 'local',
    stripe: new Stripe('sk_test_local_checkout_never_sent'),
    webhookSecret: production ? undefined : (env.STRIPE_WEBHOOK_SECRET ?? DEV_WEBHOOK_SECRET),
    prices: LOCAL_PRICES,
    production,
  };
}

let current: BillingConfig | undefined;

/** Called by createApp: the environment's backend unless a test injects a Stripe client. */
export function configureBilling(overrides: BillingOverrides = {}): BillingConfig {
  const base = fromEnv();
  current = overrides.stripe
    ? {
        mode: 'stripe',
        stripe: overrides.stripe,
        webhookSecret: overrides.webhookSecret ?? base.webhookSecret,
        prices: overrides.prices ?? envPrices(),
        production: base.production,
      }
    : { ...base, ...overrides };
  return current;
}

export function billing(): BillingConfig {
  return current ?? configureBilling();
}

/** The plan a Stripe price id stands for (webhooks name prices, not plans). */
export function planOfPrice(priceId: string | null | undefined): TPlanId | null {
  if (!priceId) return null;
  const entry = Object.entries(billing().prices).find(([, id]) => id === priceId);
  return (entry?.[0] as TPlanId | undefined) ?? null;
}
