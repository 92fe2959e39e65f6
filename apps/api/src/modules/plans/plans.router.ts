// /api/v1/plans/*: thin handlers over the catalogue, checkout, webhook and local test checkout.
import express from 'express';
import { initServer } from '@ts-rest/express';
import { contract, TRIAL_DAYS } from '@cx/contracts';
import { env } from '../../config/env';
import { accessOf } from '../../tenancy/access';
import { recordAudit } from '../../tenancy/audit';
import { PLANS } from './plans.catalog';
import {
  confirmCheckout,
  createCheckoutSession,
  createPortalSession,
  invoicesOf,
  mySubscription,
} from './plans.service';
import { completeTestCheckout, testCheckoutPage } from './test-checkout';
import { receiveWebhook } from './webhook.service';

const s = initServer();
const planName = (id: string) => PLANS.find((p) => p.id === id)?.name ?? id;

/** Stripe signs the exact bytes: app.ts mounts this before the JSON parser for the webhook path. */
export const WEBHOOK_PATH = '/api/v1/plans/webhook';
export const webhookRawBody = express.raw({ type: '*/*', limit: '1mb' });

export const plansRouter = s.router(contract.plans, {
  list: async ({ res }) => {
    res.setHeader('cache-control', 'public, max-age=300');
    return { status: 200, body: { plans: [...PLANS], trialDays: TRIAL_DAYS } };
  },
  createCheckoutSession: async ({ req, body }) => {
    const access = accessOf(req);
    const session = await createCheckoutSession(access.businessId, body, access.userId);
    await recordAudit(access, {
      kind: 'subscription',
      action: 'subscription.checkout',
      summary: `Started a checkout for the ${planName(body.plan)} plan`,
      after: { plan: body.plan },
    });
    return { status: 200, body: session };
  },
  confirmCheckout: async ({ req, body }) => ({
    status: 200,
    body: await confirmCheckout(accessOf(req).businessId, body.sessionId),
  }),
  createPortalSession: async ({ req }) => {
    const access = accessOf(req);
    const url = await createPortalSession(access.businessId);
    await recordAudit(access, {
      kind: 'subscription',
      action: 'subscription.portal',
      summary: 'Opened the billing portal (payment method, plan changes, cancellation)',
    });
    return { status: 200, body: { url } };
  },
  mySubscription: async ({ req }) => ({ status: 200, body: await mySubscription(accessOf(req).businessId) }),
  invoices: async ({ req }) => ({ status: 200, body: { invoices: await invoicesOf(accessOf(req).businessId) } }),
  webhook: async ({ req }) => {
    const signature = req.headers['stripe-signature'];
    const result = await receiveWebhook(req.body, typeof signature === 'string' ? signature : undefined);
    return { status: 200, body: { received: true, duplicate: result.duplicate } };
  },
  testCheckoutPage: async ({ params, res }) => {
    const html = await testCheckoutPage(params.sessionId);
    res.setHeader('content-type', 'text/html; charset=utf-8');
    res.setHeader('cache-control', 'no-store');
    // The form posts here and is redirected on to the web app: Chromium checks form-action on that redirect too.
    res.setHeader(
      'content-security-policy',
      `default-src 'none'; style-src 'unsafe-inline'; form-action 'self' ${env.PUBLIC_WEB_URL}; base-uri 'none'`,
    );
    return { status: 200, body: html };
  },
  completeTestCheckout: {
    middleware: [express.urlencoded({ extended: false, limit: '2kb' })],
    handler: async ({ params, body, res }) => {
      res.setHeader('location', await completeTestCheckout(params.sessionId, body.outcome));
      return { status: 303, body: undefined };
    },
  },
});
