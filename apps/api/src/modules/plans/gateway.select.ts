// The gateway in use: Stripe when configured (or injected by a test), otherwise the local test checkout.
import { billing } from './billing.config';
import { stripeGateway, type BillingGateway } from './gateway';
import { localGateway } from './local-gateway';

export function gateway(): BillingGateway {
  return billing().mode === 'stripe' ? stripeGateway() : localGateway();
}
