// The local test checkout (no Stripe keys; refused in production): a page to pay or fail, and a portal page to
// cancel, each sending the events Stripe would send, signed, through the webhook's own code path.
import { randomBytes } from 'node:crypto';
import { BILLING_MESSAGES, type TPlanId } from '@cx/contracts';
import { env } from '../../config/env';
import { AppError, notFound } from '../../lib/errors';
import { BusinessModel } from '../../tenancy/business.model';
import { billing } from './billing.config';
import { BillingSessionModel } from './billing.models';
import { invoiceObject, signedEvent, subscriptionObject } from './local-gateway';
import { planById } from './plans.catalog';
import { receiveWebhook } from './webhook.service';

export type TestOutcome = 'success' | 'failure' | 'cancel-subscription';

function refuseOutsideLocal(): void {
  const config = billing();
  if (config.production) throw new AppError('FORBIDDEN', BILLING_MESSAGES.testCheckoutRefused, 403);
  if (config.mode !== 'local') throw notFound('Test checkout');
}

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[ch]!,
  );

function page(title: string, lines: string[], buttons: string, back: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f6fb;margin:0;padding:24px;color:#1a202c}
main{max-width:440px;margin:40px auto;background:#fff;border-radius:12px;padding:24px;box-shadow:0 1px 4px #0002}
button{font:inherit;width:100%;padding:12px;margin-top:12px;border-radius:8px;border:1px solid #2b4acb;cursor:pointer}
.pay{background:#2b4acb;color:#fff}.fail{background:#fff;color:#9b1c1c;border-color:#9b1c1c}
p.note{font-size:14px;color:#4a5568}a{color:#2b4acb}</style></head>
<body><main><h1>${escape(title)}</h1>${lines.map((l) => `<p>${escape(l)}</p>`).join('')}
${buttons}<p class="note">Test mode: no card is charged. <a href="${escape(back)}">Back to CX Journey</a></p></main></body></html>`;
}

const form = (action: string, outcome: TestOutcome, label: string, cls: string) =>
  `<form method="post" action="${escape(action)}"><input type="hidden" name="outcome" value="${outcome}">` +
  `<button type="submit" class="${cls}">${escape(label)}</button></form>`;

export async function testCheckoutPage(sessionId: string): Promise<string> {
  refuseOutsideLocal();
  const doc = await BillingSessionModel.findOne({ sessionId }).lean();
  if (!doc) throw notFound('Test checkout');
  const action = `/api/v1/plans/test-checkout/${encodeURIComponent(sessionId)}`;
  if (doc.kind === 'portal') {
    return page(
      'Test billing portal',
      ['Cancel the subscription as the Stripe billing portal would.'],
      form(action, 'cancel-subscription', 'Cancel subscription', 'fail'),
      `${env.PUBLIC_WEB_URL}/my-subscription`,
    );
  }
  const plan = planById(doc.plan);
  const lines = [
    `Plan: ${plan?.name ?? doc.plan ?? ''}`,
    `Price: ${plan?.price ?? ''} ${plan?.renewal ?? ''}`,
  ];
  if (doc.status !== 'open') lines.push('This checkout session is no longer open.');
  const buttons =
    doc.status === 'open'
      ? form(action, 'success', 'Pay (test card succeeds)', 'pay') +
        form(action, 'failure', 'Fail the payment', 'fail')
      : '';
  return page('Test checkout', lines, buttons, `${env.PUBLIC_WEB_URL}/my-subscription`);
}

async function send(type: string, object: unknown, created: number): Promise<void> {
  const { payload, signature } = signedEvent(type, object, created);
  await receiveWebhook(Buffer.from(payload), signature);
}

/** Completes a local session the way Stripe would, and answers where the browser goes next. */
export async function completeTestCheckout(
  sessionId: string,
  outcome: TestOutcome,
  now = new Date(),
): Promise<string> {
  refuseOutsideLocal();
  const doc = await BillingSessionModel.findOne({ sessionId }).lean();
  if (!doc) throw notFound('Test checkout');
  const t = Math.floor(now.getTime() / 1000);
  const web = env.PUBLIC_WEB_URL;
  if (doc.kind === 'portal') {
    if (outcome !== 'cancel-subscription') return `${web}/my-subscription`;
    const user = await BusinessModel.findById(doc.business).select('stripeSubscriptionId').lean();
    const paid = await BillingSessionModel.findOneAndUpdate(
      { 'subscription.id': user?.stripeSubscriptionId ?? '' },
      { $set: { 'subscription.status': 'canceled' } },
      { returnDocument: 'after' },
    ).lean();
    if (paid)
      await send('customer.subscription.deleted', subscriptionObject(paid, String(doc.business), paid.plan), t);
    return `${web}/my-subscription`;
  }
  if (outcome === 'failure') {
    const expired = await BillingSessionModel.findOneAndUpdate(
      { sessionId, status: 'open' },
      { $set: { status: 'expired' } },
      { returnDocument: 'after' },
    ).lean();
    if (expired)
      await send(
        'checkout.session.expired',
        { id: sessionId, object: 'checkout.session', status: 'expired' },
        t,
      );
    return `${web}/payment-failed`;
  }
  const months = planById(doc.plan)?.intervalMonths ?? 1;
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + months);
  const subscription = {
    id: `sub_local_${randomBytes(10).toString('hex')}`,
    status: 'active',
    startDate: t,
    periodStart: t,
    periodEnd: Math.floor(end.getTime() / 1000),
    cancelAtPeriodEnd: false,
  };
  // Only the first click on "Pay" creates a subscription; a repeat just goes on to the success page.
  const paid = await BillingSessionModel.findOneAndUpdate(
    { sessionId, status: 'open', subscription: null },
    { $set: { subscription } },
    { returnDocument: 'after' },
  ).lean();
  if (paid) {
    const business = String(doc.business);
    // The order Stripe usually sends them in; the lifecycle would reach the same state in any order.
    await send('customer.subscription.created', subscriptionObject(paid, business, paid.plan), t);
    await send('invoice.paid', invoiceObject(paid, paid.plan as TPlanId | null, t), t);
    await send(
      'checkout.session.completed',
      {
        id: sessionId,
        object: 'checkout.session',
        mode: 'subscription',
        status: 'complete',
        payment_status: 'paid',
        customer: paid.customer,
        client_reference_id: business,
        subscription: subscription.id,
        metadata: { userId: business, plan: paid.plan },
      },
      t,
    );
  }
  return `${web}/payment-success?session_id=${encodeURIComponent(sessionId)}`;
}
